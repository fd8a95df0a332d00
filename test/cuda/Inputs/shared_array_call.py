"""Run script for test/cuda/shared_array_call.cu: block sums of small
integers (exact in f32 and f64), the last block partial."""
from ref import blocks, expect_all, splitmix64

n, block = 1000, 128
vals = [float(v % 50) for v in splitmix64(51, n)]
grid = blocks(n, block)
sums = [sum(vals[b * block:(b + 1) * block]) for b in range(grid)]
for t, name in (("f32", "_Z6reduceIfEvPKT_PS0_j"), ("f64", "_Z6reduceIdEvPKT_PS0_j")):
    print("alloc in_%s %s[%d] = [%s]" % (t, t, n, ", ".join(repr(v) for v in vals)))
    print("alloc out_%s %s[%d]" % (t, t, grid))
    print("launch %s grid=%d block=%d shared=%d args=(in_%s, out_%s, %du32)"
          % (name, grid, block, block * (4 if t == "f32" else 8), t, t, n))
    print("wait")
    expect_all("out_" + t, sums)
