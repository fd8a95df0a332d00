"""Exact references for the 16-bit float formats (half, bfloat16) of
test/cc/half.ptx, bfloat16.ptx and their kin: a format's finite values in
order, rounding of exact values (Python's fractions) by each mode, and
PTX's arithmetic on the formats' bit patterns. NaN results are the
canonical 0x7fff."""
import bisect
import math
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

    def round(self, x, mode="rn", negative_zero=False):
        """The bits of x (a Fraction, or a float: a signed zero, an
        infinity, NaN) rounded by mode."""
        if isinstance(x, float):
            if x != x:
                return 0x7FFF
            if math.isinf(x):
                return self.inf | (0x8000 if x < 0 else 0)
            negative_zero = negative_zero or (x == 0 and math.copysign(1, x) < 0)
            x = Fraction(x)
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

    def canonical(self, b):
        """neg and abs: the sign bit, and a NaN the canonical 0x7fff."""
        return 0x7FFF if self.is_nan(b) else b

    def arith(self, op, *hs):
        """PTX's add, sub, mul, fma, min, max on bit patterns."""
        vs = [self.value(h) for h in hs]
        if op in ("min", "max"):  # a NaN operand gives the other one, as min.f32
            ordered = [h for h in hs if not self.is_nan(h)]
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
            return self.round(fn(*vs))
        r = fn(*[Fraction(v) for v in vs])
        if r == 0:  # IEEE's sign of an exact zero: +0 unless every term is -0
            signs = [math.copysign(1, v) for v in vs]
            if op == "mul":
                return 0x8000 if signs[0] * signs[1] < 0 else 0
            terms = signs if op == "add" else [signs[0], -signs[1]] if op == "sub" else \
                [signs[0] * signs[1], signs[2]]
            negative = all(s < 0 for s in terms) and (op != "fma" or vs[0] * vs[1] == 0)
            return 0x8000 if negative else 0
        return self.round(r)


HALF = Format(lambda b: struct.unpack("<e", struct.pack("<H", b))[0], 0x7C00)
BFLOAT16 = Format(lambda b: f32(b << 16), 0x7F80)
