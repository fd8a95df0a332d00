// pattern: a fixed sequence of user-constant accesses whose cache counts can
// be worked out by hand (hits-misses.simt). Per warp, in program order, with
// 64-byte lines (line n = bytes 64n .. 64n+63 of bank 2):
//   MOV   c[0x2][0x0]              line 0                    1 access
//   MOV   c[0x2][0x4]              line 0 again              1 access
//   LDC   c[0x2][tid*4]            warp 0: lines 0, 1;
//                                  warp 1: lines 2, 3        2 accesses
//   LDC   c[0x2][(tid&7)*64]       lines 0..7                8 accesses
//   @P0 MOV c[0x2][0x800]          P0 false in every lane    0 accesses
//   @P1 MOV c[0x2][0x200]          P1 = tid < 16: warp 0     1 access
//                                  only (line 8)
// out[tid] = sum of what it read (so nothing is dead code).
.kernel pattern
.param out, 8
        S2R R0, SR_TID.X
        MOV R1, c[0x2][0x0]
        MOV R2, c[0x2][0x4]
        SHL R6, R0, 0x2
        LDC R3, c[0x2][R6]
        LOP.AND R7, R0, 0x7
        SHL R7, R7, 0x6
        LDC R4, c[0x2][R7]
        ISETP.GE.U32.AND P0, PT, R0, 0x400, PT
        ISETP.LT.U32.AND P1, PT, R0, 0x10, PT
        MOV R5, RZ
  @P0   MOV R5, c[0x2][0x800]
  @P1   MOV R5, c[0x2][0x200]
        IADD R1, R1, R2
        IADD R1, R1, R3
        IADD R1, R1, R4
        IADD R1, R1, R5
        SHL R6, R0, 0x2
        IADD R6, R6, c[0x0][out]
        ST [R6], R1
        EXIT
.end_kernel
