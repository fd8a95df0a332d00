"""Run script for test/cuda/shared_array_call.cu: block sums of small
integers (exact in f32 and f64), the last block partial, for each type and
both forms (a function, the struct's operator)."""
from ref import blocks, expect_all, splitmix64

n, block = 1000, 128
vals = [float(v % 50) for v in splitmix64(51, n)]
grid = blocks(n, block)
sums = [sum(vals[b * block:(b + 1) * block]) for b in range(grid)]
for t, code, size in (("f32", "f", 4), ("f64", "d", 8)):
    print("alloc in_%s %s[%d] = [%s]" % (t, t, n, ", ".join(repr(v) for v in vals)))
    for form in (0, 1):
        out = "out_%s_%d" % (t, form)
        print("alloc %s %s[%d]" % (out, t, grid))
        print("launch _Z6reduceI%sLb%dEEvPKT_PS0_j grid=%d block=%d shared=%d args=(in_%s, %s, %du32)"
              % (code, form, grid, block, block * size, t, out, n))
        print("wait")
        expect_all(out, sums)
