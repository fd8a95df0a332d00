// last[0] = the warp that stored last: lane 0 of every warp stores the warp's
// index to the same word without synchronisation, so the result depends on
// the order the scheduler issues the warps (a deliberate race). count[0]
// counts the warps with an atomic and does not depend on the order.
.kernel race
.param last, 8
.param count, 8
        S2R R0, SR_TID.X
        SHR.U32 R2, R0, 0x5
        LOP.AND R3, R0, 0x1f
        ISETP.NE.AND P1, PT, R3, RZ, PT
        MOV R4, c[0x0][last]
        MOV R5, c[0x0][last+0x4]
  @!P1  ST.E [R4], R2
        MOV R6, c[0x0][count]
        MOV R7, c[0x0][count+0x4]
        MOV R8, 0x1
  @!P1  RED.E.ADD [R6], R8
        EXIT
.end_kernel
