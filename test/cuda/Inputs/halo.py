"""Run scripts for test/cuda/halo_memcheck.cu: `halo.py strict|page REACH`.
Thread i of 64 sums in[i - REACH], in[i] and in[i + REACH] of in = iota; an
element outside the buffer reads 0 in page mode (docs/limits.md: the guard
pages are zero-filled), which the expected values encode.
"""
import sys

mode, reach, n = sys.argv[1], int(sys.argv[2]), 64
if mode == "page":
    print("set memcheck page")
print("alloc in f32[%d] = iota" % n)
print("alloc out f32[%d]" % n)
print("launch halo grid=1 block=%d args=(in, out, %ds32, %ds32)" % (n, n, reach))
print("wait")
at = lambda j: float(j) if 0 <= j < n else 0.0
print("expect out == [%s]" % ", ".join(
    repr(at(i - reach) + at(i) + at(i + reach)) for i in range(n)))
