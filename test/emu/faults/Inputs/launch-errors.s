// A kernel with 256 bytes of static shared memory.
.kernel small
.param out, 8
.shared 256
        S2R R0, SR_TID.X
        ISCADD R3, R0, c[0x0][out], 0x2
        ST [R3], R0
        EXIT
.end_kernel
