// gid = ctaid.x * 64 + tid.x stores out[gid]; out has 100 words, so CTA 1
// warp 1 lanes 4..31 (gid 100..127) are out of range.
.kernel oob_global
.param out, 8
        S2R R0, SR_TID.X
        S2R R1, SR_CTAID.X
        S2R R9, SR_LANEID
        IMAD R2, R1, c[0x0][0x0], R0
        ISCADD R3, R2, c[0x0][out], 0x2
        ST [R3], R2
        EXIT
.end_kernel

// Shared: .shared 256; thread t of CTA 1 loads [4 tid.x + 0x80]: warp 1 is
// out of range from lane 0 ([0x100] and up; 0x100 is the end).
.kernel oob_shared
.param out, 8
.shared 256
        S2R R0, SR_TID.X
        S2R R1, SR_CTAID.X
        S2R R9, SR_LANEID
        IMAD R2, R1, c[0x0][0x0], R0
        ISCADD R3, R2, c[0x0][out], 0x2
        ISETP.EQ.AND P0, PT, R1, 0x1, PT
        SHL R4, R0, 0x2
  @P0   LDS R5, [R4+0x80]
        EXIT
.end_kernel

// Local: .local 16; lanes >= 28 of warp 1 store beyond their window.
.kernel oob_local
.param out, 8
.local 16
        S2R R0, SR_TID.X
        S2R R1, SR_CTAID.X
        S2R R9, SR_LANEID
        IMAD R2, R1, c[0x0][0x0], R0
        ISCADD R3, R2, c[0x0][out], 0x2
        ISETP.GE.U32.AND P0, PT, R0, 0x3c, PT
        MOV R4, 0x10
  @P0   STL [R4], R2
        EXIT
.end_kernel

// 32-bit addresses wrap: [R22+0x4] with R22 = 0xfffffffc is address 0.
.kernel oob_wrap
.param out, 8
        S2R R0, SR_TID.X
        S2R R1, SR_CTAID.X
        S2R R9, SR_LANEID
        IMAD R2, R1, c[0x0][0x0], R0
        ISCADD R3, R2, c[0x0][out], 0x2
        MOV32I R22, 0xfffffffc
        ISETP.EQ.AND P0, PT, R2, 0x61, PT
  @P0   ST [R22+0x4], R2
        EXIT
.end_kernel

// Constant bank: lane 3 reads c[0x2][0x10000], past the 64 KiB bank.
.kernel oob_const
.param out, 8
        S2R R0, SR_TID.X
        S2R R1, SR_CTAID.X
        S2R R9, SR_LANEID
        IMAD R2, R1, c[0x0][0x0], R0
        ISCADD R3, R2, c[0x0][out], 0x2
        ISETP.EQ.AND P0, PT, R9, 0x3, PT
        MOV32I R4, 0xfffc
  @P0   IADD R4, R4, 0x4
        LDC R5, c[0x2][R4]
        EXIT
.end_kernel

// An 8-byte store whose last 4 bytes are past the end of out (101 words).
.kernel oob_straddle
.param out, 8
        S2R R0, SR_TID.X
        S2R R1, SR_CTAID.X
        S2R R9, SR_LANEID
        IMAD R2, R1, c[0x0][0x0], R0
        ISCADD R3, R2, c[0x0][out], 0x2
        MOV R4, c[0x0][out]
        ISETP.EQ.AND P0, PT, R2, 0x2, PT
  @P0   ST.64 [R4+0x190], R4
        EXIT
.end_kernel

// 64-bit .E address one buffer-size above out: outside every allocation.
.kernel oob_e
.param out, 8
        S2R R0, SR_TID.X
        S2R R1, SR_CTAID.X
        S2R R9, SR_LANEID
        IMAD R2, R1, c[0x0][0x0], R0
        ISCADD R3, R2, c[0x0][out], 0x2
        MOV R12, c[0x0][out]
        MOV R13, c[0x0][out+0x4]
        IADD.CC R12, R12, RZ
        IADD.X R13, R13, 0x1
        ISETP.EQ.AND P0, PT, R9, 0x7, PT
  @P0   LD.E R5, [R12]
        EXIT
.end_kernel
