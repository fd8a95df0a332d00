// Every special register, stored per thread at out[row * 144 + gtid] with
// gtid = (ctaid.y * 2 + ctaid.x) * 36 + tid.x + 4 tid.y + 12 tid.z.
.kernel sregs
.param out, 8
        S2R R0, SR_TID.X
        S2R R1, SR_TID.Y
        S2R R2, SR_TID.Z
        S2R R3, SR_CTAID.X
        S2R R4, SR_CTAID.Y
        ISCADD R5, R4, R3, 0x1
        IMUL R5, R5, 0x24
        ISCADD R5, R1, R5, 0x2
        IMAD R5, R2, 0xc, R5
        IADD R5, R5, R0
        ISCADD R20, R5, c[0x0][out], 0x2
        S2R R6, SR_CLOCK
        S2R R8, SR_GLOBALTIMERLO
        S2R R7, SR_TID.X
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_TID.Y
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_TID.Z
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_NTID.X
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_NTID.Y
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_NTID.Z
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_CTAID.X
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_CTAID.Y
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_CTAID.Z
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_NCTAID.X
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_NCTAID.Y
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_NCTAID.Z
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_LANEID
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_WARPID
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_NWARPID
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_SMID
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_LANEMASK_EQ
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_LANEMASK_LT
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_LANEMASK_LE
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_LANEMASK_GT
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_LANEMASK_GE
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_CLOCK
        ISETP.GT.U32.AND P0, PT, R7, R6, PT
        SEL R7, R0, -0x1, P0
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_Tid_X
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_GLOBALTIMERLO
        ISETP.GT.U32.AND P0, PT, R7, R8, PT
        SEL R7, R0, -0x1, P0
        ST [R20], R7
        IADD R20, R20, 0x240
        S2R R7, SR_GLOBALTIMERHI
        ST [R20], R7
        EXIT
.end_kernel
