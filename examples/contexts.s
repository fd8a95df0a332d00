// contexts: the job of examples/contexts.simt (patent: multiple-contexts,
// ISA.md 7). info[ctaid] = the CTA's iteration count (0xffffffff: practically
// endless). Every thread loops that many times with a CTA barrier per
// iteration, summing 0..n-1 into out[gtid]. info[64 + ctaid] = the SM the CTA
// started on, info[128 + ctaid] = the SM it ended on, info[192 + ctaid] = the
// iterations done so far (updated every pass).
.kernel work
.param out, 8
.param info, 8
.regs 16
        S2R R0, SR_TID.X
        S2R R5, SR_CTAID.X
        S2R R6, SR_NTID.X
        IMAD R7, R5, R6, R0
        SHL R12, R5, 0x2
        IADD R8, R12, c[0x0][info]
        LD R4, [R8]
        S2R R13, SR_SMID
        ST [R8+0x100], R13
        MOV32I R9, 0x0
        MOV32I R10, 0x0
loop:
        BAR.SYNC 0x0
        IADD R10, R10, R9
        IADD R9, R9, 0x1
        ST [R8+0x300], R9
        ISETP.LT.U32.AND P1, PT, R9, R4, PT
  @P1   BRA loop
        S2R R13, SR_SMID
        ST [R8+0x200], R13
        SHL R12, R7, 0x2
        IADD R11, R12, c[0x0][out]
        ST [R11], R10
        EXIT
.end_kernel
