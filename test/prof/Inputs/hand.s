// if (tid < 12) r = 2 * tid + 7; else r = 0; out[tid] = r -- one warp of
// 32 threads: the branch splits it 12 / 20 (see ../hand-counts.test).
.kernel divif
.param out, 8
        S2R R0, SR_TID.X
        ISETP.LT.U32.AND P0, PT, R0, 0xc, PT
        MOV R2, RZ
        SSY join
  @P0   BRA then
        SYNC
then:   SHL R2, R0, 0x1
        IADD R2, R2, 0x7
        SYNC
join:   SHL R3, R0, 0x2
        IADD R3, R3, c[0x0][out]
        ST [R3], R2
        EXIT
.end_kernel

// do { ++n; } while (n <= (tid & 3)); out[tid] = n -- one warp of 32
// threads: lane L runs the loop (L & 3) + 1 times, so each trip leaves 8
// lanes behind (see ../hand-counts.test).
.kernel loopexit
.param out, 8
        S2R R0, SR_TID.X
        LOP.AND R1, R0, 0x3
        MOV R2, RZ
        SSY done
loop:   IADD R2, R2, 0x1
        ISETP.LE.U32.AND P0, PT, R2, R1, PT
  @P0   BRA loop
        SYNC
done:   SHL R3, R0, 0x2
        IADD R3, R3, c[0x0][out]
        ST [R3], R2
        EXIT
.end_kernel
