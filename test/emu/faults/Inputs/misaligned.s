// Misaligned accesses by lane 9 of warp 1 in CTA 1 (gid 105).
.kernel mis_ld
.param out, 8
        S2R R0, SR_TID.X
        S2R R1, SR_CTAID.X
        S2R R9, SR_LANEID
        IMAD R2, R1, c[0x0][0x0], R0
        ISCADD R3, R2, c[0x0][out], 0x2
        ISETP.EQ.AND P0, PT, R2, 0x69, PT
        MOV R4, c[0x0][out]
  @P0   LD R5, [R4+0x2]
        EXIT
.end_kernel

.kernel mis_ld64
.param out, 8
        S2R R0, SR_TID.X
        S2R R1, SR_CTAID.X
        S2R R9, SR_LANEID
        IMAD R2, R1, c[0x0][0x0], R0
        ISCADD R3, R2, c[0x0][out], 0x2
        ISETP.EQ.AND P0, PT, R2, 0x69, PT
        MOV R4, c[0x0][out]
  @P0   LD.64 R6, [R4+0xc]
        EXIT
.end_kernel

.kernel mis_sts
.param out, 8
.shared 64
        S2R R0, SR_TID.X
        S2R R1, SR_CTAID.X
        S2R R9, SR_LANEID
        IMAD R2, R1, c[0x0][0x0], R0
        ISCADD R3, R2, c[0x0][out], 0x2
        ISETP.EQ.AND P0, PT, R2, 0x69, PT
  @P0   STS.U16 [0x11], R2
        EXIT
.end_kernel

.kernel mis_stl
.param out, 8
.local 64
        S2R R0, SR_TID.X
        S2R R1, SR_CTAID.X
        S2R R9, SR_LANEID
        IMAD R2, R1, c[0x0][0x0], R0
        ISCADD R3, R2, c[0x0][out], 0x2
        ISETP.EQ.AND P0, PT, R2, 0x69, PT
  @P0   STL.128 [0x18], R4
        EXIT
.end_kernel

.kernel mis_ldc
.param out, 8
        S2R R0, SR_TID.X
        S2R R1, SR_CTAID.X
        S2R R9, SR_LANEID
        IMAD R2, R1, c[0x0][0x0], R0
        ISCADD R3, R2, c[0x0][out], 0x2
        ISETP.EQ.AND P0, PT, R2, 0x69, PT
        MOV R4, 0xa
  @P0   LDC.64 R6, c[0x3][R4+0x4]
        EXIT
.end_kernel

.kernel mis_atom
.param out, 8
        S2R R0, SR_TID.X
        S2R R1, SR_CTAID.X
        S2R R9, SR_LANEID
        IMAD R2, R1, c[0x0][0x0], R0
        ISCADD R3, R2, c[0x0][out], 0x2
        ISETP.EQ.AND P0, PT, R2, 0x69, PT
        MOV R4, c[0x0][out]
  @P0   ATOM.ADD R5, [R4+0x6], R2
        EXIT
.end_kernel
