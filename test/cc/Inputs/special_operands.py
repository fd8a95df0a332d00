"""Run script for special-operands.ptx: 3 CTAs of 5 threads; each thread
writes 9 words at out + 48 * (ctaid * ntid + tid) (12-word records),
computed here from the PTX's definitions."""

GRID, BLOCK = 3, 5
print("alloc out u32[%d]" % (12 * GRID * BLOCK))
print("launch sregs grid=%d block=%d args=(out)" % (GRID, BLOCK))
print("wait")
out = []
for c in range(GRID):
    for t in range(BLOCK):
        lane = t  # one warp per CTA
        r8 = 100 - lane if t < 3 else 7  # @%p1 sub.u32 %r8, 100, %laneid
        out += [t,                        # cvt.u32.u16 of %tid.x
                c * BLOCK,                # mul.wide.u16 %ctaid.x, %ntid.x
                c * BLOCK + t,            # their sum
                t,                        # cvt.s32.u32 of %tid.x
                c, 0,                     # cvt.u64.u32 of %ctaid.x: low and high words
                10 if t < 3 else 20,      # selp on setp.lt.u32 %tid.x, 3
                BLOCK + GRID,             # add.u32 %ntid.x, %nctaid.x
                t * BLOCK + c + r8,       # mad.lo.u32 %tid.x, %ntid.x, %ctaid.x, plus %r8
                0, 0, 0]
print("expect out == [%s]" % ", ".join(map(str, out)))
