"""Exact IEEE-754 binary32/binary64 arithmetic for the reference models.

Operands are decoded to exact rationals (with signed zeros, infinities and
NaN), an operation is computed exactly and rounded once, in the requested
mode, to the destination format. Nothing here uses the host's float unit,
so rounding modes, fused multiply-add and denormals are exact by
construction. Results that are NaN encode as the canonical NaN of ISA.md
section 4 (0x7fffffff; for doubles its 64-bit counterpart, all ones but the
sign).
"""
from fractions import Fraction
import math

RN, RZ, RM, RP = "RN", "RZ", "RM", "RP"


class Format:
    def __init__(self, name, ebits, mbits):
        self.name = name
        self.ebits = ebits
        self.mbits = mbits
        self.width = 1 + ebits + mbits
        self.bias = (1 << (ebits - 1)) - 1
        self.emin = 1 - self.bias  # exponent of the smallest normal
        self.emax = self.bias
        self.sign_bit = 1 << (self.width - 1)
        self.exp_field = ((1 << ebits) - 1) << mbits
        self.frac_mask = (1 << mbits) - 1
        self.canonical_nan = self.sign_bit - 1
        self.inf = self.exp_field
        self.max_finite = self.exp_field - 1

    def __repr__(self):
        return self.name


F32 = Format("f32", 8, 23)
F64 = Format("f64", 11, 52)


class Real:
    """An extended real: kind 'num' (exact magnitude `mag`, possibly a signed
    zero), 'inf' or 'nan'; `neg` is the sign."""

    __slots__ = ("kind", "neg", "mag")

    def __init__(self, kind, neg=False, mag=Fraction(0)):
        self.kind = kind
        self.neg = bool(neg)
        self.mag = Fraction(mag)

    @staticmethod
    def of(value):
        """A Real from an int, Fraction or (finite, inf or nan) host float."""
        if isinstance(value, float):
            if math.isnan(value):
                return NAN
            if math.isinf(value):
                return Real("inf", value < 0)
            return Real("num", math.copysign(1.0, value) < 0, abs(Fraction(value)))
        value = Fraction(value)
        return Real("num", value < 0, abs(value))

    @property
    def is_nan(self):
        return self.kind == "nan"

    @property
    def is_inf(self):
        return self.kind == "inf"

    @property
    def is_zero(self):
        return self.kind == "num" and self.mag == 0

    def signed(self):
        """The exact value of a finite Real as a Fraction."""
        assert self.kind == "num"
        return -self.mag if self.neg else self.mag

    def __neg__(self):
        return self if self.is_nan else Real(self.kind, not self.neg, self.mag)

    def __abs__(self):
        return self if self.is_nan else Real(self.kind, False, self.mag)

    def __repr__(self):
        if self.kind == "num":
            return "Real(%s%s)" % ("-" if self.neg else "", self.mag)
        return "Real(%s%s)" % ("-" if self.neg else "", self.kind)


NAN = Real("nan")


def decode(bits, fmt):
    neg = bool(bits & fmt.sign_bit)
    e = (bits & fmt.exp_field) >> fmt.mbits
    frac = bits & fmt.frac_mask
    if e == (1 << fmt.ebits) - 1:
        return NAN if frac else Real("inf", neg)
    if e == 0:
        return Real("num", neg, Fraction(frac) * Fraction(2) ** (fmt.emin - fmt.mbits))
    return Real("num", neg, Fraction(frac | (1 << fmt.mbits)) * Fraction(2) ** (e - fmt.bias - fmt.mbits))


def is_nan_bits(bits, fmt):
    return (bits & fmt.exp_field) == fmt.exp_field and (bits & fmt.frac_mask) != 0


def flush(x, fmt):
    """.FTZ on a value: a denormal of `fmt` becomes a zero of its sign."""
    if x.kind == "num" and 0 < x.mag < Fraction(2) ** fmt.emin:
        return Real("num", x.neg)
    return x


def _round_integer(n, neg, mode):
    """Rounds the non-negative Fraction n (a magnitude with sign `neg`) to an
    integer in `mode`."""
    floor = n.numerator // n.denominator
    rem = n - floor
    if rem == 0:
        return floor
    if mode == RN:
        if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and floor % 2 == 1):
            return floor + 1
        return floor
    if mode == RZ:
        return floor
    away = (mode == RM) == neg  # RM rounds negatives away, RP positives
    return floor + 1 if away else floor


def round_int(x, mode):
    """Rounds a finite Real to an integer (a Python int) in `mode`."""
    return (-1 if x.neg else 1) * _round_integer(x.mag, x.neg, mode)


def encode(x, fmt, mode=RN, ftz=False):
    """Rounds x once to `fmt` in `mode` and returns the bits; .FTZ flushes a
    denormal result to a zero of its sign."""
    if x.is_nan:
        return fmt.canonical_nan
    sign = fmt.sign_bit if x.neg else 0
    if x.is_inf:
        return sign | fmt.inf
    if x.mag == 0:
        return sign
    e = x.mag.numerator.bit_length() - x.mag.denominator.bit_length()
    if Fraction(2) ** e > x.mag:
        e -= 1
    e = max(e, fmt.emin)
    quantum = Fraction(2) ** (e - fmt.mbits)
    n = _round_integer(x.mag / quantum, x.neg, mode)
    if n == 1 << (fmt.mbits + 1):
        n >>= 1
        e += 1
    if e > fmt.emax:
        to_inf = mode == RN or (mode == RP and not x.neg) or (mode == RM and x.neg)
        return sign | (fmt.inf if to_inf else fmt.max_finite)
    if n < (1 << fmt.mbits):  # denormal (or rounded to zero)
        if ftz:
            return sign
        return sign | n
    return sign | ((e + fmt.bias) << fmt.mbits) | (n & fmt.frac_mask)


def _zero_sum_sign(a_neg, b_neg, mode):
    """Sign of an exact zero sum (IEEE 754 6.3)."""
    if a_neg == b_neg:
        return a_neg
    return mode == RM


def add(a, b, mode=RN):
    """The exact sum a + b (a Real, not yet rounded)."""
    if a.is_nan or b.is_nan:
        return NAN
    if a.is_inf or b.is_inf:
        if a.is_inf and b.is_inf and a.neg != b.neg:
            return NAN
        return a if a.is_inf else b
    s = a.signed() + b.signed()
    if s == 0:
        if a.is_zero and b.is_zero:
            return Real("num", _zero_sum_sign(a.neg, b.neg, mode))
        return Real("num", mode == RM)
    return Real.of(s)


def mul(a, b):
    """The exact product a * b."""
    if a.is_nan or b.is_nan:
        return NAN
    neg = a.neg != b.neg
    if a.is_inf or b.is_inf:
        if a.is_zero or b.is_zero:
            return NAN
        return Real("inf", neg)
    return Real("num", neg, a.mag * b.mag)


def fma(a, b, c, mode=RN):
    """The exact a * b + c (one rounding happens in encode)."""
    return add(mul(a, b), c, mode)


def less(a, b):
    """Ordered a < b (False when either is NaN; -0 == +0)."""
    if a.is_nan or b.is_nan:
        return False
    return _key(a) < _key(b)


def equal(a, b):
    if a.is_nan or b.is_nan:
        return False
    return _key(a) == _key(b)


def _key(x):
    if x.is_inf:
        return (-1 if x.neg else 1, 0)
    return (0, x.signed())


def saturate(x):
    """.SAT: clamp to [0, 1], NaN gives +0. Returns None where ISA.md leaves
    the result open (a -0 result: its sign is not fixed)."""
    if x.is_nan:
        return Real("num")
    if x.is_zero and x.neg:
        return None
    if x.neg:
        return Real("num")
    if x.is_inf or x.mag > 1:
        return Real("num", False, 1)
    return x
