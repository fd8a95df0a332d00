// nested: nested divergence with SSY/SYNC reconvergence, three levels deep
// (an if inside an if inside the then-branch of an if-else):
//
//     if (i & 1) {                  // level 0, if-else
//         r = 10;
//         if (i & 2) {              // level 1
//             r += 20;
//             if (i & 4) {          // level 2
//                 r += 400;
//                 inner[i] = active mask here;
//             }
//             r += 3;
//         }
//         r += 1000;
//     } else {
//         r = 7 * i;
//     }
//     out[i] = r; mask[i] = active mask after the join;
//
// Each level is "SSY join; @!P BRA skip; body; skip: SYNC; join:". A SYNC
// (NOP.S) parks the threads that reach it; when none are left active the warp
// pops the SIMT stack: a DIV token resumes the other side of the branch, the
// SYNC token restores the mask that was active at the SSY. The mask words
// (VOTE.ANY's ballot of PT) show the reconvergence: the full warp after the
// outer join, lanes with i % 8 == 7 inside the innermost if.
.kernel nested
.param out, 8
.param inner, 8
.param mask, 8
        S2R R0, SR_CTAID.X
        S2R R1, SR_NTID.X
        S2R R3, SR_TID.X
        IMAD R0, R0, R1, R3              // i
        SHL R9, R0, 0x2                  // byte offset of element i
        LOP.AND R1, R0, 0x1
        ISETP.NE.AND P0, PT, R1, RZ, PT  // i & 1
        LOP.AND R1, R0, 0x2
        ISETP.NE.AND P1, PT, R1, RZ, PT  // i & 2
        LOP.AND R1, R0, 0x4
        ISETP.NE.AND P2, PT, R1, RZ, PT  // i & 4

        SSY join0
  @!P0  BRA else0
        MOV R2, 0xa                      // then0: r = 10
        SSY join1
  @!P1  BRA skip1
        IADD R2, R2, 0x14                // r += 20
        SSY join2
  @!P2  BRA skip2
        IADD R2, R2, 0x190               // r += 400
        VOTE.ANY R4, PT, PT              // the active mask inside level 2
        IADD R5, R9, c[0x0][inner]
        ST [R5], R4
skip2:  SYNC
join2:  IADD R2, R2, 0x3                 // r += 3 (level 1 body after the inner if)
skip1:  SYNC
join1:  IADD R2, R2, 0x3e8               // r += 1000 (then0 after the level-1 if)
        SYNC
else0:  IMUL R2, R0, 0x7                 // else0: r = 7 * i
        SYNC
join0:  VOTE.ANY R4, PT, PT              // reconverged: every live lane
        IADD R5, R9, c[0x0][mask]
        ST [R5], R4
        IADD R5, R9, c[0x0][out]
        ST [R5], R2
        EXIT
.end_kernel
