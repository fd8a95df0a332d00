// Every potentially faulting instruction is guarded off (or the lanes are
// missing from the partial warp): no thread executes it, nothing faults.
.kernel quiet
.param out, 8
        S2R R0, SR_TID.X
        ISCADD R3, R0, c[0x0][out], 0x2
        ISETP.LT.U32.AND P0, PT, R0, 0x24, PT
        MOV R4, RZ
  @P0   MOV R4, R3
  @P0   ST [R4], R0
  @!P0  ST [R4], R0
  @!P0  LD.64 R6, [R3+0x4]
  @!PT  BPT.TRAP 0x1
        MOV32I R8, 0x10000
  @!P0  LDC R5, c[0x2][R8]
  @!P0  LDLK P1, R5, [R3]
  @!P0  SYNC
  @!P0  BAR.SYNC 0x3
        EXIT
.end_kernel
