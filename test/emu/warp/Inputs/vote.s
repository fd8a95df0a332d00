// Generated lane harness: VOTE.ALL/.ANY/.EQ (ISA.md 3.2) with block=40: a full warp and a
.kernel vote
.param out, 8
.param out64, 8
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        SHL R3, R0, 0x3
        IADD R20, R1, c[0x0][out]
        IADD R21, R3, c[0x0][out64]
        S2R R9, SR_LANEID
        LOP.AND R2, R9, 0x1
        ISETP.NE.AND P2, PT, R2, RZ, PT
        ISETP.LT.U32.AND P3, PT, R9, 0x8, PT
        ISETP.LT.U32.AND P4, PT, R9, 0x4, PT
        MOV32I R22, 0x1
// VOTE.ALL R7, P0, P2 (P2 = odd lane): Rd
        MOV32I R7, 0xeeeeeeee
        MOV R8, 0x2
        ISETP.F.AND P0, PT, RZ, RZ, PT
        VOTE.ALL R7, P0, P2
        ST [R20], R7
        IADD R20, R20, 0xa0
//   Pd
        MOV32I R7, 0xeeeeeeee
        MOV R8, 0x2
        ISETP.F.AND P0, PT, RZ, RZ, PT
        VOTE.ALL R7, P0, P2
        @P0 MOV R8, 0x1
        @!P0 MOV R8, RZ
        ST [R20], R8
        IADD R20, R20, 0xa0
// VOTE.ANY R7, P0, P2: Rd
        MOV32I R7, 0xeeeeeeee
        MOV R8, 0x2
        ISETP.F.AND P0, PT, RZ, RZ, PT
        VOTE.ANY R7, P0, P2
        ST [R20], R7
        IADD R20, R20, 0xa0
//   Pd
        MOV32I R7, 0xeeeeeeee
        MOV R8, 0x2
        ISETP.F.AND P0, PT, RZ, RZ, PT
        VOTE.ANY R7, P0, P2
        @P0 MOV R8, 0x1
        @!P0 MOV R8, RZ
        ST [R20], R8
        IADD R20, R20, 0xa0
// VOTE.EQ R7, P0, P2: Rd
        MOV32I R7, 0xeeeeeeee
        MOV R8, 0x2
        ISETP.F.AND P0, PT, RZ, RZ, PT
        VOTE.EQ R7, P0, P2
        ST [R20], R7
        IADD R20, R20, 0xa0
//   Pd
        MOV32I R7, 0xeeeeeeee
        MOV R8, 0x2
        ISETP.F.AND P0, PT, RZ, RZ, PT
        VOTE.EQ R7, P0, P2
        @P0 MOV R8, 0x1
        @!P0 MOV R8, RZ
        ST [R20], R8
        IADD R20, R20, 0xa0
// VOTE.ALL R7, P0, PT: Rd
        MOV32I R7, 0xeeeeeeee
        MOV R8, 0x2
        ISETP.F.AND P0, PT, RZ, RZ, PT
        VOTE.ALL R7, P0, PT
        ST [R20], R7
        IADD R20, R20, 0xa0
//   Pd
        MOV32I R7, 0xeeeeeeee
        MOV R8, 0x2
        ISETP.F.AND P0, PT, RZ, RZ, PT
        VOTE.ALL R7, P0, PT
        @P0 MOV R8, 0x1
        @!P0 MOV R8, RZ
        ST [R20], R8
        IADD R20, R20, 0xa0
// VOTE.ANY R7, P0, !PT: Rd
        MOV32I R7, 0xeeeeeeee
        MOV R8, 0x2
        ISETP.F.AND P0, PT, RZ, RZ, PT
        VOTE.ANY R7, P0, !PT
        ST [R20], R7
        IADD R20, R20, 0xa0
//   Pd
        MOV32I R7, 0xeeeeeeee
        MOV R8, 0x2
        ISETP.F.AND P0, PT, RZ, RZ, PT
        VOTE.ANY R7, P0, !PT
        @P0 MOV R8, 0x1
        @!P0 MOV R8, RZ
        ST [R20], R8
        IADD R20, R20, 0xa0
// VOTE.EQ R7, P0, !PT: Rd
        MOV32I R7, 0xeeeeeeee
        MOV R8, 0x2
        ISETP.F.AND P0, PT, RZ, RZ, PT
        VOTE.EQ R7, P0, !PT
        ST [R20], R7
        IADD R20, R20, 0xa0
//   Pd
        MOV32I R7, 0xeeeeeeee
        MOV R8, 0x2
        ISETP.F.AND P0, PT, RZ, RZ, PT
        VOTE.EQ R7, P0, !PT
        @P0 MOV R8, 0x1
        @!P0 MOV R8, RZ
        ST [R20], R8
        IADD R20, R20, 0xa0
// VOTE.ALL R7, P0, !P3 (lane >= 8): Rd
        MOV32I R7, 0xeeeeeeee
        MOV R8, 0x2
        ISETP.F.AND P0, PT, RZ, RZ, PT
        VOTE.ALL R7, P0, !P3
        ST [R20], R7
        IADD R20, R20, 0xa0
//   Pd
        MOV32I R7, 0xeeeeeeee
        MOV R8, 0x2
        ISETP.F.AND P0, PT, RZ, RZ, PT
        VOTE.ALL R7, P0, !P3
        @P0 MOV R8, 0x1
        @!P0 MOV R8, RZ
        ST [R20], R8
        IADD R20, R20, 0xa0
// @P3 VOTE.ALL R7, P0, P3: only lanes < 8 participate, all true: Rd
        MOV32I R7, 0xeeeeeeee
        MOV R8, 0x2
        ISETP.F.AND P0, PT, RZ, RZ, PT
        @P3 VOTE.ALL R7, P0, P3
        ST [R20], R7
        IADD R20, R20, 0xa0
//   Pd
        MOV32I R7, 0xeeeeeeee
        MOV R8, 0x2
        ISETP.F.AND P0, PT, RZ, RZ, PT
        @P3 VOTE.ALL R7, P0, P3
        @P3 SEL R8, R22, RZ, P0
        ST [R20], R8
        IADD R20, R20, 0xa0
// @P3 VOTE.EQ R7, P0, P4 (lanes < 8 participate, lanes < 4 true): Rd
        MOV32I R7, 0xeeeeeeee
        MOV R8, 0x2
        ISETP.F.AND P0, PT, RZ, RZ, PT
        @P3 VOTE.EQ R7, P0, P4
        ST [R20], R7
        IADD R20, R20, 0xa0
//   Pd
        MOV32I R7, 0xeeeeeeee
        MOV R8, 0x2
        ISETP.F.AND P0, PT, RZ, RZ, PT
        @P3 VOTE.EQ R7, P0, P4
        @P3 SEL R8, R22, RZ, P0
        ST [R20], R8
        IADD R20, R20, 0xa0
// @!P3 VOTE.ANY R7, P0, P4 (lanes >= 8 participate, none true): Rd
        MOV32I R7, 0xeeeeeeee
        MOV R8, 0x2
        ISETP.F.AND P0, PT, RZ, RZ, PT
        @!P3 VOTE.ANY R7, P0, P4
        ST [R20], R7
        IADD R20, R20, 0xa0
//   Pd
        MOV32I R7, 0xeeeeeeee
        MOV R8, 0x2
        ISETP.F.AND P0, PT, RZ, RZ, PT
        @!P3 VOTE.ANY R7, P0, P4
        @!P3 SEL R8, R22, RZ, P0
        ST [R20], R8
        IADD R20, R20, 0xa0
// @P2 VOTE.EQ R7, P0, P2 (odd lanes, all true): Rd
        MOV32I R7, 0xeeeeeeee
        MOV R8, 0x2
        ISETP.F.AND P0, PT, RZ, RZ, PT
        @P2 VOTE.EQ R7, P0, P2
        ST [R20], R7
        IADD R20, R20, 0xa0
//   Pd
        MOV32I R7, 0xeeeeeeee
        MOV R8, 0x2
        ISETP.F.AND P0, PT, RZ, RZ, PT
        @P2 VOTE.EQ R7, P0, P2
        @P2 SEL R8, R22, RZ, P0
        ST [R20], R8
        IADD R20, R20, 0xa0
// VOTE.ANY RZ, PT, P2 discards both results; R7 = RZ
        MOV32I R7, 0xeeeeeeee
        VOTE.ANY RZ, PT, P2
        MOV R7, RZ
        ST [R20], R7
        IADD R20, R20, 0xa0
// inside divergence (odd lanes, then even lanes): VOTE.ANY R7, P0, PT = active mask
        MOV32I R7, 0xeeeeeeee
        SSY vote_join
        @P2 BRA vote_odd
        VOTE.ANY R7, P0, PT
        SYNC
        vote_odd: VOTE.ANY R7, P0, PT
        SYNC
        vote_join: NOP
        ST [R20], R7
        IADD R20, R20, 0xa0
        EXIT
.end_kernel
