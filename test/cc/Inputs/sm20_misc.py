"""Run script for isel-sm20-misc.ptx: 2 CTAs of 40 threads; thread g (global
index) reads v = in[g] and writes 8 words at out + 32 * g: 6 * v (six loads
of it), its CTA's count of odd values (bar.red.popc), whether all of them
are odd (bar.red.and), whether any is even (bar.red.or of the negation),
and the isspacep answers 1 (global) + 2 (shared) + 0 + 0 = 3."""

GRID, BLOCK = 2, 40
vals = [(37 * g + 11) % 101 for g in range(GRID * BLOCK)]
vals[BLOCK:] = [2 * v + 1 for v in vals[BLOCK:]]  # the second CTA's are all odd
print("alloc in u32[%d] = [%s]" % (len(vals), ", ".join(map(str, vals))))
print("alloc out u32[%d]" % (8 * GRID * BLOCK))
print("launch misc grid=%d block=%d args=(in, out)" % (GRID, BLOCK))
print("wait")
out = []
for c in range(GRID):
    cta = vals[c * BLOCK:(c + 1) * BLOCK]
    odd = [v & 1 for v in cta]
    for v in cta:
        out += [(6 * v) & 0xFFFFFFFF, sum(odd), int(all(odd)), int(not all(odd)), 3, 0, 0, 0]
print("expect out == [%s]" % ", ".join(map(str, out)))
