"""IEEE 754 binary64/binary32 arithmetic in every rounding mode, from exact
rationals (fractions.Fraction), for the f64 lit tests' references. Written
from the IEEE 754-2008 rules: a result is the exact value rounded once
(to nearest even, toward zero, -inf or +inf); overflow gives infinity or
the largest finite number as the mode says; an exact zero sum is +0 except
in round-toward-minus (-0), or the operands' common sign. NaN results are
the ISA's canonical NaN (all ones but the sign)."""

import math
import struct
from fractions import Fraction

FORMATS = {"f64": (53, -1074, 1024), "f32": (24, -149, 128)}
CANON = {"f64": 0x7FFFFFFFFFFFFFFF, "f32": 0x7FFFFFFF}


def d2b(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def b2d(b):
    return struct.unpack("<d", struct.pack("<Q", b & (1 << 64) - 1))[0]


def f2b(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def bits(x, fmt="f64"):
    """The bits of a Python float (already representable in fmt)."""
    if x != x:
        return CANON[fmt]
    return d2b(x) if fmt == "f64" else f2b(x)


def round_exact(v, mode, fmt="f64", zero_sign=1.0):
    """The float nearest v (a Fraction) in `mode` (rn rz rm rp)."""
    prec, emin, emax = FORMATS[fmt]
    if v == 0:
        return math.copysign(0.0, zero_sign)
    neg = v < 0
    a = -v if neg else v
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    q = max(e - (prec - 1), emin)
    m = a / Fraction(2) ** q
    fl = m.numerator // m.denominator
    rem = m - fl
    if mode == "rn":
        up = rem > Fraction(1, 2) or (rem == Fraction(1, 2) and fl % 2 == 1)
    elif mode == "rz":
        up = False
    elif mode == "rp":
        up = rem > 0 and not neg
    else:  # rm
        up = rem > 0 and neg
    fl += up
    r = Fraction(fl) * Fraction(2) ** q
    if r >= Fraction(2) ** emax:
        toward_inf = mode == "rn" or (mode == "rp" and not neg) or (mode == "rm" and neg)
        big = math.inf if toward_inf else float((2 - Fraction(2) ** (1 - prec)) * Fraction(2) ** (emax - 1))
        return -big if neg else big
    x = float(r)
    if fl == 0:
        return -0.0 if neg else 0.0
    return -x if neg else x


def _zero_sum_sign(x, y, mode):
    if x == 0 and y == 0 and math.copysign(1, x) == math.copysign(1, y):
        return math.copysign(1, x)
    return -1.0 if mode == "rm" else 1.0


def add(x, y, mode="rn", fmt="f64"):
    if not (math.isfinite(x) and math.isfinite(y)):
        return x + y
    return round_exact(Fraction(x) + Fraction(y), mode, fmt, _zero_sum_sign(x, y, mode))


def mul(x, y, mode="rn", fmt="f64"):
    if not (math.isfinite(x) and math.isfinite(y)):
        return x * y
    return round_exact(Fraction(x) * Fraction(y), mode, fmt,
                       math.copysign(1, x) * math.copysign(1, y))


def fma(x, y, z, mode="rn", fmt="f64"):
    if not (math.isfinite(x) and math.isfinite(y)):
        return x * y + z
    if not math.isfinite(z):
        return z
    p = Fraction(x) * Fraction(y)
    psign = math.copysign(1, x) * math.copysign(1, y)
    zs = _zero_sum_sign(math.copysign(0.0, psign) if p == 0 else 1.0, z, mode)
    return round_exact(p + Fraction(z), mode, fmt, zs)


def convert(x, mode, fmt):
    """A float (or an int) rounded to fmt."""
    if isinstance(x, float) and not math.isfinite(x):
        return x
    if x == 0:
        return x if isinstance(x, float) else 0.0
    return round_exact(Fraction(x), mode, fmt)


def round_int(x, mode):
    """x (a float or a Fraction) rounded to an integer by mode (rn rz rm rp)."""
    f = Fraction(x)
    fl = f.numerator // f.denominator
    rem = f - fl
    if mode == "rm" or rem == 0:
        return fl
    if mode == "rp":
        return fl + 1
    if mode == "rz":
        return fl + 1 if f < 0 else fl
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and fl % 2):
        return fl + 1
    return fl
