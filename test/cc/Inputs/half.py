"""Run script for half.ptx: PTX's .f16 and .f16x2 instructions on 64
threads' operands, expected values computed here exactly (Python's
fractions) and rounded to a half by each mode over the sorted list of all
finite halves; NaN results are the canonical 0x7fff (a half) and
0x7fffffff (a float)."""
import bisect
import math
import random
import struct
from fractions import Fraction

HALVES = {}  # finite value -> bits (+0 for zero)
for bits in range(0x10000):
    v = struct.unpack("<e", struct.pack("<H", bits))[0]
    if math.isfinite(v) and not (v == 0 and bits & 0x8000):
        HALVES[v] = bits
VALUES = sorted(HALVES)
MAXH = VALUES[-1]


def value(bits):
    return struct.unpack("<e", struct.pack("<H", bits))[0]


def f32(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def f32bits(x):
    if x != x:
        return 0x7FFFFFFF
    return struct.unpack("<I", struct.pack("<f", x))[0]


def is_nan(x):
    return isinstance(x, float) and x != x


def round_half(x, mode="rn"):
    """The half bits of x (a float or a Fraction) rounded by mode."""
    if is_nan(x):
        return 0x7FFF
    if isinstance(x, float) and math.isinf(x):
        return 0x7C00 if x > 0 else 0xFC00
    negative = x < 0 or (x == 0 and isinstance(x, float) and math.copysign(1, x) < 0)
    i = bisect.bisect_left(VALUES, x)
    if i < len(VALUES) and VALUES[i] == x:
        bits = HALVES[VALUES[i]]
        return bits | 0x8000 if x == 0 and negative else bits
    lo = VALUES[i - 1] if i > 0 else None  # below x
    hi = VALUES[i] if i < len(VALUES) else None  # above x
    if mode == "rn":
        if hi is None:  # above 65504: 65520 and up round to infinity
            return 0x7C00 if x >= Fraction(65520) else HALVES[MAXH]
        if lo is None:
            return 0xFC00 if x <= Fraction(-65520) else HALVES[-MAXH]
        dlo, dhi = Fraction(x) - Fraction(lo), Fraction(hi) - Fraction(x)
        pick = lo if dlo < dhi else hi if dhi < dlo else (lo if HALVES[lo] % 2 == 0 else hi)
    else:
        toward_zero = (mode == "rz") or (mode == "rm" and x > 0) or (mode == "rp" and x < 0)
        down = (x > 0) == toward_zero  # the smaller neighbour
        if hi is None:
            return HALVES[MAXH] if down else 0x7C00
        if lo is None:
            return 0xFC00 if down else HALVES[-MAXH]
        pick = lo if down else hi
    bits = HALVES[pick]
    if pick == 0 and negative:
        bits |= 0x8000
    return bits


def exact(bits):
    v = value(bits)
    return Fraction(v) if math.isfinite(v) else v


def arith(op, *hs):
    vs = [value(h) for h in hs]
    if op in ("min", "max"):  # a NaN operand gives the other one, as min.f32
        ordered = [h for h, v in zip(hs, vs) if v == v]
        if len(ordered) < 2:
            return ordered[0] if ordered else 0x7FFF
        a, b = vs
        if a == b == 0:  # -0 is the smaller zero
            neg = [h for h in hs if h & 0x8000]
            return (neg[0] if neg else hs[0]) if op == "min" else \
                ([h for h in hs if not h & 0x8000] or [hs[0]])[0]
        return hs[0] if (a < b) == (op == "min") else hs[1]
    if any(v != v for v in vs):
        return 0x7FFF
    if any(math.isinf(v) for v in vs):
        r = {"add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
             "fma": lambda a, b, c: a * b + c}[op](*vs)
        return round_half(r)
    fs = [Fraction(v) for v in vs]
    r = {"add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
         "fma": lambda a, b, c: a * b + c}[op](*fs)
    if r == 0:  # IEEE's sign of an exact zero sum: +0 unless both addends are -0
        signs = [math.copysign(1, v) for v in vs]
        if op == "mul":
            return 0x8000 if signs[0] * signs[1] < 0 else 0
        terms = signs if op == "add" else [signs[0], -signs[1]] if op == "sub" else \
            [signs[0] * signs[1], signs[2]]
        return 0x8000 if all(s < 0 for s in terms) and (op != "fma" or vs[0] * vs[1] == 0) \
            else 0
    return round_half(r)


def rni(bits):
    """cvt.rni.f16.f16: to the nearest integer, ties to even, keeping -0."""
    v = value(bits)
    if not math.isfinite(v):
        return 0x7FFF if v != v else bits
    r = round(Fraction(v))
    return (bits & 0x8000) if r == 0 else round_half(Fraction(r))


def canonical(bits):
    """neg and abs: the sign bit, and a NaN the canonical 0x7fff."""
    return 0x7FFF if value(bits) != value(bits) else bits


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
