// where: out[ctaid.x] = the SM the CTA runs on (SR_SMID), after a uniform
// loop of `spin` iterations that keeps the CTA on its SM for a while.
.kernel where
.param out, 8
.param spin, 4
.regs 6
        MOV R0, RZ
top:    IADD R0, R0, 0x1
        ISETP.LT.U32.AND P0, PT, R0, c[0x0][spin], PT
  @P0   BRA top
        S2R R1, SR_CTAID.X
        S2R R2, SR_SMID
        SHL R3, R1, 0x2
        IADD R3, R3, c[0x0][out]
        ST [R3], R2
        EXIT
.end_kernel
