// Generated lane harness: Condition codes written by .CC (ISA.md 3.1), read back with CSETP and
.kernel cc
.param out, 8
.param out64, 8
.param a, 8
.param b, 8
.param c, 8
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        SHL R3, R0, 0x3
        IADD R2, R1, c[0x0][a]
        LD R4, [R2]
        IADD R2, R1, c[0x0][b]
        LD R5, [R2]
        IADD R2, R1, c[0x0][c]
        LD R6, [R2]
        IADD R20, R1, c[0x0][out]
        IADD R21, R3, c[0x0][out64]
// IADD.CC R7, R4, R5: result
        IADD.CC R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
//   flags of IADD.CC R7, R4, R5
        IADD.CC R7, R4, R5
        CSETP.EQ.AND P0, PT, CC, PT
        CSETP.SFT.AND P1, PT, CC, PT
        CSETP.CFT.AND P2, PT, CC, PT
        CSETP.OFT.AND P3, PT, CC, PT
        P2R R7, PR, RZ, 0xf
        ST [R20], R7
        IADD R20, R20, 0x80
//   flags of IADD.CC R7, R4, -R5 (a + ~b + 1: CF = no borrow)
        IADD.CC R7, R4, -R5
        CSETP.EQ.AND P0, PT, CC, PT
        CSETP.SFT.AND P1, PT, CC, PT
        CSETP.CFT.AND P2, PT, CC, PT
        CSETP.OFT.AND P3, PT, CC, PT
        P2R R7, PR, RZ, 0xf
        ST [R20], R7
        IADD R20, R20, 0x80
//   flags of IADD32I.CC R7, R4, 0x80000000
        IADD32I.CC R7, R4, 0x80000000
        CSETP.EQ.AND P0, PT, CC, PT
        CSETP.SFT.AND P1, PT, CC, PT
        CSETP.CFT.AND P2, PT, CC, PT
        CSETP.OFT.AND P3, PT, CC, PT
        P2R R7, PR, RZ, 0xf
        ST [R20], R7
        IADD R20, R20, 0x80
//   flags of ISCADD.CC R7, R4, R5, 0x1
        ISCADD.CC R7, R4, R5, 0x1
        CSETP.EQ.AND P0, PT, CC, PT
        CSETP.SFT.AND P1, PT, CC, PT
        CSETP.CFT.AND P2, PT, CC, PT
        CSETP.OFT.AND P3, PT, CC, PT
        P2R R7, PR, RZ, 0xf
        ST [R20], R7
        IADD R20, R20, 0x80
// 64-bit add: IADD.CC R24, R4, R6; IADD.X R25, R5, R4 -> low word
        IADD.CC R24, R4, R6
        IADD.X R25, R5, R4
        MOV R7, R24
        ST [R20], R7
        IADD R20, R20, 0x80
//   high word
        IADD.CC R24, R4, R6
        IADD.X R7, R5, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// 64-bit subtract: IADD.CC R24, R4, -R6; IADD.X R7, R5, -R4 -> high word
        IADD.CC R24, R4, -R6
        IADD.X R7, R5, -R4
        ST [R20], R7
        IADD R20, R20, 0x80
//   flags after the 64-bit subtract (ZF = both words zero)
        IADD.CC R24, R4, -R6
        IADD.X.CC R7, R5, -R4
        CSETP.EQ.AND P0, PT, CC, PT
        CSETP.SFT.AND P1, PT, CC, PT
        CSETP.CFT.AND P2, PT, CC, PT
        CSETP.OFT.AND P3, PT, CC, PT
        P2R R7, PR, RZ, 0xf
        ST [R20], R7
        IADD R20, R20, 0x80
//   flags after IADD.CC R24, R4, -R4; IADD.X.CC R7, R5, -R6 (low words equal)
        IADD.CC R24, R4, -R4
        IADD.X.CC R7, R5, -R6
        CSETP.EQ.AND P0, PT, CC, PT
        CSETP.SFT.AND P1, PT, CC, PT
        CSETP.CFT.AND P2, PT, CC, PT
        CSETP.OFT.AND P3, PT, CC, PT
        P2R R7, PR, RZ, 0xf
        ST [R20], R7
        IADD R20, R20, 0x80
// IADD32I.X R7, R5, 0x0 after IADD.CC RZ, R4, R6 (adds the carry)
        IADD.CC RZ, R4, R6
        IADD32I.X R7, R5, 0x0
        ST [R20], R7
        IADD R20, R20, 0x80
// IMAD.X R7, R4, R5, R6 after IADD.CC RZ, R4, R5 (+ CF)
        IADD.CC RZ, R4, R5
        IMAD.X R7, R4, R5, R6
        ST [R20], R7
        IADD R20, R20, 0x80
//   flags of IMAD.CC R7, R4, R5, R6 (of the addition lo(Ra*Sb) + Rc)
        IMAD.CC R7, R4, R5, R6
        CSETP.EQ.AND P0, PT, CC, PT
        CSETP.SFT.AND P1, PT, CC, PT
        CSETP.CFT.AND P2, PT, CC, PT
        CSETP.OFT.AND P3, PT, CC, PT
        P2R R7, PR, RZ, 0xf
        ST [R20], R7
        IADD R20, R20, 0x80
//   flags of IMUL.CC R7, R4, R5 (ZF, SF; CF and OF clear)
        IADD.CC RZ, R4, R4
        IMUL.CC R7, R4, R5
        CSETP.EQ.AND P0, PT, CC, PT
        CSETP.SFT.AND P1, PT, CC, PT
        CSETP.CFT.AND P2, PT, CC, PT
        CSETP.OFT.AND P3, PT, CC, PT
        P2R R7, PR, RZ, 0xf
        ST [R20], R7
        IADD R20, R20, 0x80
//   flags of LOP.XOR.CC R7, R4, R5 after a carry
        IADD.CC RZ, R4, R4
        LOP.XOR.CC R7, R4, R5
        CSETP.EQ.AND P0, PT, CC, PT
        CSETP.SFT.AND P1, PT, CC, PT
        CSETP.CFT.AND P2, PT, CC, PT
        CSETP.OFT.AND P3, PT, CC, PT
        P2R R7, PR, RZ, 0xf
        ST [R20], R7
        IADD R20, R20, 0x80
//   flags of LOP32I.AND.CC R7, R4, 0x80000000
        IADD.CC RZ, R4, R4
        LOP32I.AND.CC R7, R4, 0x80000000
        CSETP.EQ.AND P0, PT, CC, PT
        CSETP.SFT.AND P1, PT, CC, PT
        CSETP.CFT.AND P2, PT, CC, PT
        CSETP.OFT.AND P3, PT, CC, PT
        P2R R7, PR, RZ, 0xf
        ST [R20], R7
        IADD R20, R20, 0x80
//   flags of SHL.CC R7, R4, R6
        IADD.CC RZ, R4, R4
        SHL.CC R7, R4, R6
        CSETP.EQ.AND P0, PT, CC, PT
        CSETP.SFT.AND P1, PT, CC, PT
        CSETP.CFT.AND P2, PT, CC, PT
        CSETP.OFT.AND P3, PT, CC, PT
        P2R R7, PR, RZ, 0xf
        ST [R20], R7
        IADD R20, R20, 0x80
//   flags of SHR.CC R7, R4, R6
        IADD.CC RZ, R4, R4
        SHR.CC R7, R4, R6
        CSETP.EQ.AND P0, PT, CC, PT
        CSETP.SFT.AND P1, PT, CC, PT
        CSETP.CFT.AND P2, PT, CC, PT
        CSETP.OFT.AND P3, PT, CC, PT
        P2R R7, PR, RZ, 0xf
        ST [R20], R7
        IADD R20, R20, 0x80
//   flags of IADD.CC RZ, R4, R5 (RZ destination still sets CC)
        IADD.CC RZ, R4, R5
        CSETP.EQ.AND P0, PT, CC, PT
        CSETP.SFT.AND P1, PT, CC, PT
        CSETP.CFT.AND P2, PT, CC, PT
        CSETP.OFT.AND P3, PT, CC, PT
        P2R R7, PR, RZ, 0xf
        ST [R20], R7
        IADD R20, R20, 0x80
//   guard false: @!PT IADD.CC leaves the flags of IADD.CC RZ, R5, R5
        IADD.CC RZ, R5, R5
        @!PT IADD.CC RZ, R4, R6
        CSETP.EQ.AND P0, PT, CC, PT
        CSETP.SFT.AND P1, PT, CC, PT
        CSETP.CFT.AND P2, PT, CC, PT
        CSETP.OFT.AND P3, PT, CC, PT
        P2R R7, PR, RZ, 0xf
        ST [R20], R7
        IADD R20, R20, 0x80
        EXIT
.end_kernel
