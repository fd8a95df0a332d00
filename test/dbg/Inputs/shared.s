// shared: every thread writes 3 * tid to shared[tid], waits at a barrier and
// copies its neighbour's word to out.
.kernel shmem
.param out, 8
.shared 256
        S2R R0, SR_TID.X
        SHL R3, R0, 0x2
        IMUL R2, R0, 0x3
        STS [R3], R2
        BAR.SYNC 0x0
        IADD R4, R3, 0x4
        LOP.AND R4, R4, 0xff
        LDS R5, [R4]
        IADD R6, R3, c[0x0][out]
        ST [R6], R5
        EXIT
.end_kernel
