// resident: thread 0 of each CTA records in out[2 + ctaid.x] whether CTA 0
// had finished when the CTA started (CTA 0 sets out[0] when it is done,
// after a uniform loop of `spin` iterations that keeps it resident).
.target sm_35
.kernel resident
.param out, 8
.param spin, 4
.regs 8
        S2R R1, SR_CTAID.X
        S2R R4, SR_TID.X
        ISETP.EQ.U32.AND P1, PT, R4, RZ, PT
        MOV R6, c[0x0][out]
  @P1   LD R5, [R6]
        SHL R3, R1, 0x2
        IADD R3, R3, R6
  @P1   ST [R3+0x8], R5
        MOV R0, RZ
top:    IADD R0, R0, 0x1
        ISETP.LT.U32.AND P0, PT, R0, c[0x0][spin], PT
  @P0   BRA top
        MOV R2, 0x1
  @P1   ST [R3], R2
        EXIT
.end_kernel
