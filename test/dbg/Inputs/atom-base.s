// atom-base: every thread adds tid + 1 to out[tid] with an ATOM whose result
// register is also its address register: afterwards R2 holds the old value,
// no longer the address the lane wrote.
.kernel atombase
.param out, 8
        S2R R0, SR_TID.X
        SHL R3, R0, 0x2
        IADD R2, R3, c[0x0][out]
        IADD R4, R0, 0x1
        ATOM.ADD R2, [R2], R4
        EXIT
.end_kernel
