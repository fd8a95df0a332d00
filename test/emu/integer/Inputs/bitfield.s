// Generated lane harness: BFE (.U32, signed, .BREV), BFI and PRMT, following PTX bfe/bfi/prmt
.kernel bitfield
.param out, 8
.param out64, 8
.param a, 8
.param b, 8
.param ctl, 8
.param sel, 8
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        SHL R3, R0, 0x3
        IADD R2, R1, c[0x0][a]
        LD R4, [R2]
        IADD R2, R1, c[0x0][b]
        LD R5, [R2]
        IADD R2, R1, c[0x0][ctl]
        LD R6, [R2]
        IADD R2, R1, c[0x0][sel]
        LD R8, [R2]
        IADD R20, R1, c[0x0][out]
        IADD R21, R3, c[0x0][out64]
// BFE.U32 R7, R4, R6
        BFE.U32 R7, R4, R6
        ST [R20], R7
        IADD R20, R20, 0x80
// BFE R7, R4, R6 (signed)
        BFE R7, R4, R6
        ST [R20], R7
        IADD R20, R20, 0x80
// BFE.U32 R7, R4, 0x808
        BFE.U32 R7, R4, 0x808
        ST [R20], R7
        IADD R20, R20, 0x80
// BFE R7, R4, 0x1008
        BFE R7, R4, 0x1008
        ST [R20], R7
        IADD R20, R20, 0x80
// BFE.U32.BREV R7, R4, 0x2000 (bit reverse)
        BFE.U32.BREV R7, R4, 0x2000
        ST [R20], R7
        IADD R20, R20, 0x80
// BFI R7, R5, R6, R4
        BFI R7, R5, R6, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// BFI R7, R5, 0x808, RZ
        BFI R7, R5, 0x808, RZ
        ST [R20], R7
        IADD R20, R20, 0x80
// BFI R7, R4, 0x1010, R4 (insert into itself)
        BFI R7, R4, 0x1010, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// PRMT R7, R4, R8, R5
        PRMT R7, R4, R8, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// PRMT R7, R4, 0x3210, R5 (identity)
        PRMT R7, R4, 0x3210, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// PRMT R7, R4, 0x7654, R5 (Rc)
        PRMT R7, R4, 0x7654, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// PRMT R7, R4, 0x0123, RZ (byte swap)
        PRMT R7, R4, 0x123, RZ
        ST [R20], R7
        IADD R20, R20, 0x80
// PRMT R7, R4, 0x8880, RZ (sign-extend byte 0)
        PRMT R7, R4, 0x8880, RZ
        ST [R20], R7
        IADD R20, R20, 0x80
// PRMT R7, R4, 0x9910, RZ (sign-extend half 0)
        PRMT R7, R4, 0x9910, RZ
        ST [R20], R7
        IADD R20, R20, 0x80
        EXIT
.end_kernel
