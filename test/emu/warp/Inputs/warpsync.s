// WARPSYNC's four cases (test/emu/warp/warpsync.simt), block=40: a full
// warp and a last warp of 8 lanes.
.target sm_35
.kernel warpsync
.param out, 8
        S2R R0, SR_TID.X
        S2R R9, SR_LANEID
        SHL R1, R0, 0x2
        IADD R20, R1, c[0x0][out]
        ISETP.LT.U32.AND P3, PT, R9, 0x8, PT
        ISETP.LT.U32.AND P4, PT, R9, 0x10, PT
// A: every lane, the whole warp named (warp 1's lanes 8..31 do not exist).
        WARPSYNC 0xffffffff
// B: per-lane masks, each lane's half of the warp.
        MOV32I R2, 0xffff0000
        @P4 MOV32I R2, 0xffff
        WARPSYNC R2
// C: lanes 0..7 only, naming the whole warp.
        @P3 WARPSYNC 0xffffffff
// D: every lane, with a mask that leaves lane 0 out.
        WARPSYNC 0xfffffffe
// The lanes go on, their registers as they were.
        IADD R3, R0, R9
        ST [R20], R3
        EXIT
.end_kernel
