// vote: warp votes. Two kernels.
//
// vote_ballot: VOTE ballot + POPC. Each thread tests p = data[i] odd;
// VOTE.ANY Rd, PT, p gives every lane the warp's ballot (bit l = lane l's p).
// POPC(ballot) counts the odd elements of the warp (lane 0 stores ballot and
// count per warp), and POPC(ballot & SR_LANEMASK_LT) is each odd lane's rank
// among the odd lanes below it (stream compaction's write index); rank is -1
// for even elements.
//
// vote_search: VOTE.ANY early exit. Warp w scans its 256-element segment of
// data, 32 elements (one per lane) per step, for the first element whose low
// byte equals key. After each step VOTE.ANY tells every lane whether any lane
// matched; the lowest matching lane records the index and the number of steps
// taken, and the whole warp exits early (the vote is uniform, so the exit
// does not diverge). A warp that finds nothing records 0xffffffff after all 8
// steps.
.kernel vote_ballot
.param data, 8
.param ballot, 8
.param count, 8
.param rank, 8
        S2R R0, SR_TID.X
        S2R R1, SR_WARPID
        S2R R2, SR_LANEID
        ISCADD R3, R0, c[0x0][data], 0x2
        LD R3, [R3]
        LOP.AND R3, R3, 0x1
        ISETP.NE.AND P0, PT, R3, RZ, PT          // p = data[i] odd
        VOTE.ANY R4, PT, P0                      // R4 = ballot of p
        POPC R5, R4                              // odd elements in the warp
        S2R R6, SR_LANEMASK_LT
        LOP.AND R7, R4, R6
        POPC R7, R7                              // odd lanes below this one
        SEL R7, R7, -0x1, P0                     // rank, or -1
        ISCADD R8, R0, c[0x0][rank], 0x2
        ST [R8], R7
        ISETP.NE.AND P1, PT, R2, RZ, PT
  @P1   EXIT                                     // lane 0 stores the warp's words
        ISCADD R8, R1, c[0x0][ballot], 0x2
        ST [R8], R4
        ISCADD R8, R1, c[0x0][count], 0x2
        ST [R8], R5
        EXIT
.end_kernel

.kernel vote_search
.param data, 8
.param found, 8
.param steps, 8
.param key, 4
        S2R R1, SR_WARPID
        S2R R2, SR_LANEID
        S2R R6, SR_LANEMASK_LT
        SHL R3, R1, 0x8                          // segment start: 256 * warp
        IADD R3, R3, R2                          // index of this lane's element
        ISCADD R4, R3, c[0x0][data], 0x2         // its address
        ISCADD R12, R1, c[0x0][found], 0x2
        ISCADD R13, R1, c[0x0][steps], 0x2
        MOV R5, RZ                               // steps taken
step:   LD R7, [R4]
        IADD R5, R5, 0x1
        LOP.AND R7, R7, 0xff
        ISETP.EQ.AND P0, PT, R7, c[0x0][key], PT // this lane matches
        VOTE.ANY R8, P1, P0                      // R8 = ballot, P1 = any lane matched
        LOP.AND R9, R8, R6
        ISETP.EQ.AND P2, PT, R9, RZ, P0          // the lowest matching lane
  @P2   ST [R12], R3
  @P2   ST [R13], R5
  @P1   EXIT                                     // early exit of the whole warp
        IADD R3, R3, 0x20
        IADD R4, R4, 0x80
        ISETP.LT.U32.AND P3, PT, R5, 0x8, PT
  @P3   BRA step                                 // uniform: the same count in every lane
        ISETP.NE.AND P4, PT, R2, RZ, PT
  @P4   EXIT
        MOV32I R7, 0xffffffff                    // not found
        ST [R12], R7
        ST [R13], R5
        EXIT
.end_kernel
