// deep: six nested SSY tokens, then six pops; with a 4-entry stack cache
// (two sets of two) the oldest set spills and comes back.
.kernel deep
.param out, 8
        S2R R0, SR_TID.X
        SSY l1
        SSY l2
        SSY l3
        SSY l4
        SSY l5
        SSY l6
        SYNC
l6:     SYNC
l5:     SYNC
l4:     SYNC
l3:     SYNC
l2:     SYNC
l1:     SHL R3, R0, 0x2
        IADD R3, R3, c[0x0][out]
        ST [R3], R0
        EXIT
.end_kernel
