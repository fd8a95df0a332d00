"""Run script for bfloat16.ptx: PTX's .bf16 and .bf16x2 instructions (and
cvt.rn.f16x2.f32) on 64 threads' operands, expected values computed here
exactly (Python's fractions) and rounded by each mode over the sorted list
of a format's finite values; NaN results are the canonical 0x7fff (a
16-bit value) and 0x7fffffff (a float)."""
import math
import os
import random
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(__file__))
from small_floats import BFLOAT16 as BF, HALF as HF, f32, f32bits  # noqa: E402


def from_float(fmt, bits32, mode):
    x = f32(bits32)
    if math.isfinite(x):
        return fmt.round(Fraction(x), mode, negative_zero=bits32 == 0x80000000)
    return fmt.round(x, mode)


def arith(op, *hs):
    return BF.arith(op, *hs)


def canonical(b):
    return BF.canonical(b)


def rni(b):
    v = BF.value(b)
    assert v == v, "no NaN reaches cvt.rni here"
    if v >= 2**31:
        return 0x7FFFFFFF
    if v <= -2**31:
        return 0x80000000
    return round(Fraction(v)) & 0xFFFFFFFF


random.seed(1130)
EDGE = [0x0000, 0x8000, 0x0001, 0x007F, 0x0080, 0x7F7F, 0xFF7F, 0x7F80, 0xFF80, 0x7FC0,
        0x3F80, 0xBF80, 0x3EAB, 0x4348, 0x1000, 0x8001]
N = 64
hs = [(EDGE[i % 16] if i % 3 == 0 else random.getrandbits(16),
       EDGE[(i * 7) % 16] if i % 4 == 0 else random.getrandbits(16),
       random.getrandbits(16)) for i in range(N)]
# fma on a product that is a tie of bf16 (1.5 * (1 + 2^-7) = 1.5 + 3 * 2^-8)
# plus or minus 2^-100: an f64 sum rounds it onto the tie; and products
# near the largest finite value and the subnormals.
hs[1] = (0x3FC0, 0x3F81, 0x0D80)
hs[2] = (0x3FC0, 0x3F81, 0x8D80)
hs[4] = (0xBFC0, 0x3F81, 0x0D80)
hs[5] = (0x7F00, 0x4000, 0xFF7F)
hs[7] = (0x0081, 0x3F00, 0x8000)
hs[8] = (0x3F80, 0x3F80, 0x8000)


def float_input(i):
    """f32 values at and around bf16 values: ties, just off them, overflow."""
    h = random.getrandbits(15)
    while h >= 0x7F7F:
        h = random.getrandbits(15)
    sign = 0x80000000 if i % 2 else 0
    kind = i % 6
    if kind == 0:
        return sign | (h << 16) | 0x8000  # a tie
    if kind == 1:
        return sign | (h << 16) | random.getrandbits(15)
    if kind == 2:
        return sign | 0x7F7F0000 | random.choice([0x7FFF, 0x8000, 0x8001, 0xFFFF, 0])
    if kind == 3:
        return sign | random.getrandbits(23)  # subnormal
    if kind == 4:
        return random.choice([0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00001, 0x80000000,
                              0x00000001])
    return random.getrandbits(32)


fs = [float_input(i) for i in range(N)]
# f64 values: a bf16 tie plus or minus 2^-40 of it (f32 would keep the tie)
ds = []
for i in range(N):
    h = random.getrandbits(14) + 0x0800
    tie = (BF.value(h) + BF.value(h + 1)) / 2
    ds.append(tie + math.copysign(tie * 2.0 ** -40, 1 if i % 2 else -1) if i % 3 else tie)
ints = [(i * 2654435761) % 2**32 - 2**31 if i % 4 else i * 1237 - 30000 for i in range(N)]

print("alloc hsrc u16[%d] = [%s]" % (3 * N, ", ".join(str(w) for t in hs for w in t)))
print("alloc fsrc u32[%d] = [%s]" % (N, ", ".join(map(str, fs))))
print("alloc dsrc f64[%d] = [%s]" % (N, ", ".join(repr(d) for d in ds)))
print("alloc isrc s32[%d] = [%s]" % (N, ", ".join(map(str, ints))))
print("alloc out16 u16[%d]" % (16 * N))
print("alloc out32 u32[%d]" % (8 * N))
print("launch brains grid=1 block=%d args=(hsrc, fsrc, dsrc, isrc, out16, out32)" % N)
print("wait")
o16, o32 = [], []
for i in range(N):
    a, b, c = hs[i]
    f, g = fs[i], fs[i ^ 1]
    va, vb = BF.value(a), BF.value(b)
    o16 += [arith("add", a, b), arith("sub", a, b), arith("mul", a, b), arith("fma", a, b, c),
            canonical(a ^ 0x8000), canonical(b & 0x7FFF), arith("min", a, b),
            arith("max", a, b),
            from_float(BF, f, "rn"), from_float(BF, f, "rz"), from_float(BF, f, "rm"),
            from_float(BF, f, "rp"), BF.round(Fraction(ds[i])), BF.round(Fraction(ints[i])),
            int(va < vb), int(va >= BF.value(c))]
    # the bf16x2 operands: x = {a, b}, y = {c, a} (low half first)
    xs, ys = (a, b), (c, a)

    def pair(lo, hi):
        return lo | hi << 16
    o32 += [f32bits(va), rni(b),
            pair(*[arith("fma", xs[k], ys[k], xs[k]) for k in range(2)]),
            pair(*[arith("max", xs[k], ys[k]) for k in range(2)]),
            pair(from_float(BF, g, "rn"), from_float(BF, f, "rn")),
            pair(from_float(HF, g, "rn"), from_float(HF, f, "rn")),
            pair(*[arith("add", xs[k], ys[k]) for k in range(2)]),
            pair(from_float(BF, g, "rz"), from_float(BF, f, "rz"))]
print("expect out16 == [%s]" % ", ".join(map(str, o16)))
print("expect out32 == [%s]" % ", ".join(map(str, o32)))
