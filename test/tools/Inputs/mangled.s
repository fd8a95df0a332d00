// Kernels with the names clang gives CUDA kernels (kernel-names.test):
// gemm(float*, float*, float*) is unique, fill(float*, int) and
// fill(int*, int) share a plain name, ns::scale(float*) is in a namespace,
// and `plain` is extern "C" and calls helper().
.kernel _Z4gemmPfS_S_
.param a, 8
.param b, 8
.param c, 8
        S2R R0, SR_TID.X
        SHL R3, R0, 0x2
        IADD R3, R3, c[0x0][c]
        ST [R3], R0
        EXIT
.end_kernel
.kernel _Z4fillPfi
.param p, 8
.param n, 4
        S2R R0, SR_TID.X
        SHL R3, R0, 0x2
        IADD R3, R3, c[0x0][p]
        MOV32I R1, 0x3f800000
        ST [R3], R1
        EXIT
.end_kernel
.kernel _Z4fillPii
.param p, 8
.param n, 4
        S2R R0, SR_TID.X
        SHL R3, R0, 0x2
        IADD R3, R3, c[0x0][p]
        MOV32I R1, 0x7
        ST [R3], R1
        EXIT
.end_kernel
.kernel _ZN2ns5scaleEPf
.param p, 8
        S2R R0, SR_TID.X
        SHL R3, R0, 0x2
        IADD R3, R3, c[0x0][p]
        LD R1, [R3]
        FADD R1, R1, R1
store:
        ST [R3], R1
        EXIT
.end_kernel
.kernel plain
.param p, 8
        CAL _Z6helperv
        EXIT
.end_kernel

.func _Z6helperv
        RET
.end_func
