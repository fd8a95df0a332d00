"""Run script for half.ptx: PTX's .f16 and .f16x2 instructions on 64
threads' operands, expected values computed here exactly (Python's
fractions) and rounded to a half by each mode over the sorted list of all
finite halves; NaN results are the canonical 0x7fff (a half) and
0x7fffffff (a float)."""
import math
import os
import random
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(__file__))
from small_floats import HALF, f32, f32bits  # noqa: E402

value = HALF.value
round_half = HALF.round
arith = HALF.arith
canonical = HALF.canonical


def rni(bits):
    """cvt.rni.f16.f16: to the nearest integer, ties to even, keeping -0."""
    v = value(bits)
    if not math.isfinite(v):
        return 0x7FFF if v != v else bits
    r = round(Fraction(v))
    return (bits & 0x8000) if r == 0 else round_half(Fraction(r))


def sat(bits):
    v = value(bits)
    if v != v or v <= 0:
        return 0
    return 0x3C00 if v >= 1 else bits


random.seed(1129)
EDGE = [0x0000, 0x8000, 0x0001, 0x03FF, 0x0400, 0x7BFF, 0xFBFF, 0x7C00, 0xFC00, 0x7E00,
        0x3C00, 0xBC00, 0x3555, 0x5640, 0x1000, 0x8001]
N = 64
hs = [(EDGE[i % 16] if i % 3 == 0 else random.getrandbits(16),
       EDGE[(i * 7) % 16] if i % 4 == 0 else random.getrandbits(16),
       random.getrandbits(16)) for i in range(N)]


def float_input(i):
    """f32 values at and around halves: ties, just off them, overflow."""
    h = random.getrandbits(15)
    while h >= 0x7C00:
        h = random.getrandbits(15)
    base = value(h) * (-1 if i % 2 else 1)
    nxt = value(h + 1) * (-1 if i % 2 else 1) if h + 1 < 0x7C00 else base * 2
    kind = i % 6
    if kind == 0:
        return f32bits((base + nxt) / 2)  # a tie
    if kind == 1:
        return f32bits(base + (nxt - base) * 0.3)
    if kind == 2:
        return f32bits(65504 + random.choice([0, 8, 15.99, 16, 31, 1000]) * (1 - 2 * (i % 4 == 2)))
    if kind == 3:
        return f32bits(random.uniform(-1, 1) * 2.0 ** random.randint(-26, -14))
    if kind == 4:
        return random.choice([0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00001, 0x80000000,
                              0x00000001])
    return random.getrandbits(32)


fs = [float_input(i) for i in range(N)]
# f64 values a tie plus (or minus) 2^-40: f32 would round them onto the tie.
ds = []
for i in range(N):
    h = random.getrandbits(14) + 0x400
    tie = (value(h) + value(h + 1)) / 2
    ds.append(tie + math.copysign(tie * 2.0 ** -40, 1 if i % 2 else -1) if i % 3 else tie)
ints = [i * 1237 - 30000 + (70000 if i % 9 == 0 else 0) for i in range(N)]

print("alloc hsrc u16[%d] = [%s]" % (3 * N, ", ".join(str(w) for t in hs for w in t)))
print("alloc fsrc u32[%d] = [%s]" % (N, ", ".join(map(str, fs))))
print("alloc dsrc f64[%d] = [%s]" % (N, ", ".join(repr(d) for d in ds)))
print("alloc isrc s32[%d] = [%s]" % (N, ", ".join(map(str, ints))))
print("alloc out16 u16[%d]" % (16 * N))
print("alloc out32 u32[%d]" % (8 * N))
print("launch halves grid=1 block=%d args=(hsrc, fsrc, dsrc, isrc, out16, out32)" % N)
print("wait")
o16, o32 = [], []
for i in range(N):
    a, b, c = hs[i]
    f, d, n = f32(fs[i]), ds[i], ints[i]
    fx = Fraction(f) if math.isfinite(f) and f != 0 else f
    o16 += [arith("add", a, b), arith("sub", a, b), arith("mul", a, b), arith("fma", a, b, c),
            canonical(a ^ 0x8000), canonical(b & 0x7FFF), sat(arith("add", a, b)),
            arith("min", a, b),
            round_half(fx, "rn"), round_half(fx, "rz"), round_half(fx, "rm"),
            round_half(fx, "rp"), round_half(Fraction(d), "rn"), round_half(Fraction(n), "rn"),
            rni(a), 2 * int(value(a) < value(c)) + int(value(b) < value(a))]
    va, vb = value(a), value(b)
    rzi = 0 if vb != vb else (2**31 - 1 if vb >= 2**31 else -2**31 if vb <= -2**31 else int(vb))
    lt = int(va < vb)
    # the f16x2 operands: x = {a, b}, y = {c, a} (low half first)
    xs, ys = (a, b), (c, a)
    add2 = [arith("add", xs[k], ys[k]) for k in range(2)]
    fma2 = [arith("fma", xs[k], ys[k], xs[k]) for k in range(2)]
    setlt = [0x3C00 if value(xs[k]) < value(ys[k]) else 0 for k in range(2)]
    ge = [int(value(xs[k]) >= value(ys[k])) for k in range(2)]
    o32 += [f32bits(va), rzi & 0xFFFFFFFF, lt, setlt[0] | setlt[1] << 16,
            add2[0] | add2[1] << 16, fma2[0] | fma2[1] << 16, ge[0] * 2 + ge[1],
            2 if n < 100 else 1]
print("expect out16 == [%s]" % ", ".join(map(str, o16)))
print("expect out32 == [%s]" % ", ".join(map(str, o32)))
