// local: each thread keeps 10 * tid in its local window, then reads it back.
.kernel local
.param out, 8
.local 16
        S2R R0, SR_TID.X
        IMUL R2, R0, 0xa
        STL [RZ+0x4], R2
        LDL R4, [RZ+0x4]
        SHL R3, R0, 0x2
        IADD R3, R3, c[0x0][out]
        ST [R3], R4
        EXIT
.end_kernel
