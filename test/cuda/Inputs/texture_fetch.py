"""Run script for test/cuda/texture_fetch.cu, expected values computed here:
tex1Dfetch reads element i of the bound range, 0 outside it; normalized
reads are v / 255 for unsigned 8-bit, max(v / 32767, -1) for signed 16-bit
(the CUDA programming guide's conversion), rounded to binary32."""
import struct
from fractions import Fraction

from ref import alloc_list, blocks, expect_all, fmt, splitmix64


def f32_of(q):
    """The binary32 value nearest to the rational q (ties to even)."""
    x = struct.unpack("<f", struct.pack("<f", float(q)))[0]
    bits = struct.unpack("<I", struct.pack("<f", x))[0]
    best = x
    for b in (bits - 1, bits + 1):
        y = struct.unpack("<f", struct.pack("<I", b & 0xFFFFFFFF))[0]
        if y == y and abs(Fraction(y) - q) < abs(Fraction(best) - q):
            best = y
    return best


# spmv_csr: small integers, so every sum is exact whatever the order or
# contraction; x bound to elements 2.. of its buffer (so x_tex[k] = xs[k + 2]),
# and column ids up to m + 3, past the bound range (read as 0).
n, m = 70, 40
xs = [float(v % 9) - 4.0 for v in splitmix64(21, m + 2)]
bound = xs[2:]
degrees = [v % 5 for v in splitmix64(22, n)]
rows = [0]
for d in degrees:
    rows.append(rows[-1] + d)
cols = [v % (m + 3) for v in splitmix64(23, rows[-1])]
vals = [float(v % 7) - 3.0 for v in splitmix64(24, rows[-1])]
alloc_list("rows", "s32", rows)
alloc_list("cols", "s32", cols)
alloc_list("vals", "f32", [float(v) for v in vals])
alloc_list("xs", "f32", xs)
print("alloc y f32[%d]" % n)
print("const scale:f32 = [2.0]")
print("bind x_tex xs 2..%d" % (m + 1))
print("launch _Z8spmv_csrPKiS0_PKfPfi grid=%d block=32 args=(rows, cols, vals, y, %ds32)"
      % (blocks(n, 32), n))
print("wait")
fetch = lambda k: bound[k] if 0 <= k < len(bound) else 0.0
expect_all("y", [2.0 * sum(vals[j] * fetch(cols[j]) for j in range(rows[r], rows[r + 1]))
                 for r in range(n)])

# pick: the flag, a trailing bool, chooses x_tex[i] or -x_tex[i + 1].
print("alloc picked f32[40]")
for flag in (1, 0):
    print("launch _Z4pickPfb grid=1 block=40 args=(picked, %du8)" % flag)
    print("wait")
    expect_all("picked", [fetch(i) if flag else -fetch(i + 1) for i in range(40)])

# node_sizes: 30 nodes as int2; ids up to 35. Then the texture is bound to
# the last 10 nodes only, then unbound: every read 0.
nodes = [(v % 500, (v >> 20) % 17) for v in splitmix64(25, 30)]
ids = [v % 36 for v in splitmix64(26, 64)]
alloc_list("nodes", "s32", [w for node in nodes for w in node])
alloc_list("ids", "s32", ids)
print("alloc sizes s32[64]")
launch = "launch _Z10node_sizesPKiPii grid=2 block=32 args=(ids, sizes, 64s32)"
for first in (0, 20):
    print("bind nodes_tex nodes %d.." % (2 * first))
    print(launch)
    print("wait")
    window = nodes[first:]
    expect_all("sizes", [window[k][0] * 1000 + window[k][1] if k < len(window) else 0
                         for k in ids])
print("unbind nodes_tex")
print(launch)
print("wait")
expect_all("sizes", [0] * 64)

# unpack_pixels: 48 RGBA pixels, every 8-bit value, 47 16-bit samples
# (the thread reads sample i - 1; thread 0 reads index -1: 0).
pixels = [v & 0xFF for v in splitmix64(27, 4 * 48 - 6)] + [0, 1, 127, 128, 254, 255]
samples = [(v & 0xFFFF) - 0x8000 for v in splitmix64(28, 43)] + [-32768, -32767, 32767, 0]
alloc_list("pixels", "u8", pixels)
alloc_list("samples", "s16", samples)
print("alloc rgba f32[%d]" % (4 * 48))
print("alloc levels f32[48]")
print("bind image_tex pixels")
print("bind samples_tex samples")
print("launch _Z13unpack_pixelsP6float4Pfi grid=2 block=32 args=(rgba, levels, 48s32)")
print("wait")
expect_all("rgba", [f32_of(Fraction(v, 255)) for v in pixels])
expect_all("levels", [0.0] + [max(f32_of(Fraction(v, 32767)), -1.0) for v in samples])
