"""Run script for bfloat16.ptx: PTX's .bf16 and .bf16x2 instructions (and
cvt.rn.f16x2.f32) on 64 threads' operands, expected values computed here
exactly (Python's fractions) and rounded by each mode over the sorted list
of a format's finite values; NaN results are the canonical 0x7fff (a
16-bit value) and 0x7fffffff (a float)."""
import bisect
import math
import random
import struct
from fractions import Fraction


def f32(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def f32bits(x):
    if x != x:
        return 0x7FFFFFFF
    return struct.unpack("<I", struct.pack("<f", x))[0]


class Format:
    """A 16-bit float format: its finite values in order, its infinity."""

    def __init__(self, value, infinity):
        self.value, self.inf = value, infinity
        self.bits = {}
        for b in range(0x10000):
            v = value(b)
            if math.isfinite(v) and not (v == 0 and b & 0x8000):
                self.bits[Fraction(v)] = b
        self.values = sorted(self.bits)
        self.max = self.values[-1]
        self.ulp_top = self.max - self.values[-2]

    def is_nan(self, b):
        return (b & 0x7FFF) > self.inf

    def exact(self, b):
        v = self.value(b)
        return Fraction(v) if math.isfinite(v) else v

    def round(self, x, mode="rn", negative_zero=False):
        """The bits of x (a Fraction or an infinite float) rounded by mode."""
        if isinstance(x, float):
            if x != x:
                return 0x7FFF
            if math.isinf(x):
                return self.inf | (0x8000 if x < 0 else 0)
        if x == 0:
            return 0x8000 if negative_zero else 0
        i = bisect.bisect_left(self.values, x)
        if i < len(self.values) and self.values[i] == x:
            return self.bits[x]
        lo = self.values[i - 1] if i > 0 else None
        hi = self.values[i] if i < len(self.values) else None
        if mode == "rn":
            if hi is None:
                return self.inf if x >= self.max + self.ulp_top / 2 else self.bits[self.max]
            if lo is None:
                return self.inf | 0x8000 if x <= -self.max - self.ulp_top / 2 \
                    else self.bits[-self.max]
            dlo, dhi = x - lo, hi - x
            pick = lo if dlo < dhi else hi if dhi < dlo else \
                (lo if self.bits[lo] % 2 == 0 else hi)
        else:
            toward_zero = mode == "rz" or (mode == "rm" and x > 0) or (mode == "rp" and x < 0)
            down = (x > 0) == toward_zero
            if hi is None:
                return self.bits[self.max] if down else self.inf
            if lo is None:
                return self.inf | 0x8000 if down else self.bits[-self.max]
            pick = lo if down else hi
        b = self.bits[pick]
        return b | 0x8000 if pick == 0 and x < 0 else b


BF = Format(lambda b: f32(b << 16), 0x7F80)
HF = Format(lambda b: struct.unpack("<e", struct.pack("<H", b))[0], 0x7C00)


def from_float(fmt, bits32, mode):
    x = f32(bits32)
    if math.isfinite(x):
        return fmt.round(Fraction(x), mode, negative_zero=bits32 == 0x80000000)
    return fmt.round(x, mode)


def arith(op, *hs):
    vs = [BF.value(h) for h in hs]
    if op in ("min", "max"):  # a NaN operand gives the other one, as min.f32
        ordered = [h for h in hs if not BF.is_nan(h)]
        if len(ordered) < 2:
            return ordered[0] if ordered else 0x7FFF
        a, b = vs
        if a == b == 0:  # -0 is the smaller zero
            neg = [h for h in hs if h & 0x8000]
            pos = [h for h in hs if not h & 0x8000]
            return (neg or [hs[0]])[0] if op == "min" else (pos or [hs[0]])[0]
        return hs[0] if (a < b) == (op == "min") else hs[1]
    if any(v != v for v in vs):
        return 0x7FFF
    fn = {"add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
          "fma": lambda a, b, c: a * b + c}[op]
    if any(math.isinf(v) for v in vs):
        return BF.round(fn(*vs))
    r = fn(*[Fraction(v) for v in vs])
    if r == 0:  # IEEE's sign of an exact zero: +0 unless every term is -0
        signs = [math.copysign(1, v) for v in vs]
        if op == "mul":
            return 0x8000 if signs[0] * signs[1] < 0 else 0
        terms = signs if op == "add" else [signs[0], -signs[1]] if op == "sub" else \
            [signs[0] * signs[1], signs[2]]
        negative = all(s < 0 for s in terms) and (op != "fma" or vs[0] * vs[1] == 0)
        return 0x8000 if negative else 0
    return BF.round(r)


def canonical(b):
    return 0x7FFF if BF.is_nan(b) else b


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
