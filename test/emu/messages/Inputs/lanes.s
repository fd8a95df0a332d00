// Three instructions, none guarded: every lane of a warp takes part in each.
.kernel lanes
        S2R R0, SR_TID.X
        IADD R0, R0, 0x1
        EXIT
.end_kernel
