"""Run script for test/cuda/mixed_spaces.cu, expected values computed here."""
from ref import expect_all, splitmix64

W = 32

# band_stencil: 13 rows of W, blocks of 4 rows (the last block partial:
# rows 12..15, of which only row 12 exists... its threads read past the
# band, so the band has 16 rows of input and 13 are computed).
rows, alloc_rows = 13, 16
vals = [float((v >> 3) % 17) - 8.0 for v in splitmix64(41, alloc_rows * W)]
print("alloc in f32[%d] = [%s]" % (len(vals), ", ".join(repr(v) for v in vals)))
print("alloc out f32[%d]" % (alloc_rows * W))
print("launch _Z12band_stencilPKfPfi grid=%d block=%d,4 args=(in, out, %ds32)"
      % (alloc_rows // 4, W, rows))
print("wait")
out = [0.0] * (alloc_rows * W)
for r in range(1, rows - 1):
    for x in range(1, W - 1):
        g = r * W + x
        out[g] = vals[g - W] + vals[g + W] + vals[g - 1] + vals[g + 1] - 4.0 * vals[g]
expect_all("out", out)

# split_writes: 3 blocks of 64.
blocks, threads = 3, 64
n = blocks * threads
ins = [int(v % 1000) for v in splitmix64(42, n)]
print("alloc in2 s32[%d] = [%s]" % (n, ", ".join(map(str, ins))))
print("alloc odd s32[%d] = 5" % n)
print("alloc counts s32[%d]" % (2 * blocks))
print("alloc tiles s32[%d]" % n)
print("launch _Z12split_writesPKiPiS1_S1_ grid=%d block=%d args=(in2, odd, counts, tiles)"
      % (blocks, threads))
print("wait")
expect_all("odd", [ins[i] * 3 if i % threads % 2 else 5 for i in range(n)])
expect_all("tiles", [-1 if i % threads % 2 else ins[i] * 3 for i in range(n)])
glob = [sum(ins[b * threads + t] & 7 for t in range(threads) if t % 3 == 0) for b in range(blocks)]
shar = [sum(ins[b * threads + t] & 7 for t in range(threads) if t % 3) for b in range(blocks)]
expect_all("counts", glob + shar)

# classify: threads with t & 2 point into global memory (write g[t] = t),
# the others into the shared tile.
print("alloc g s32[64] = -1")
print("alloc kinds s32[64]")
print("launch _Z8classifyPiS_ grid=1 block=64 args=(g, kinds)")
print("wait")
expect_all("g", [t if t & 2 else -1 for t in range(64)])
expect_all("kinds", [1 if t & 2 else 10 for t in range(64)])
