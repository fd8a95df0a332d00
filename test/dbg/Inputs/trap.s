// trap: lane 3 executes BPT.TRAP; the debugger stops there.
.kernel trap
        S2R R0, SR_TID.X
        ISETP.EQ.AND P0, PT, R0, 0x3, PT
  @P0   BPT.TRAP 0x1
        EXIT
.end_kernel
