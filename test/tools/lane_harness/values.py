"""Integer bit helpers and the text simt-emu prints for a value.

`dump` prints integers in decimal (signed or unsigned per view) and floats
as C++ std::to_chars does: the shortest decimal that reads back exactly, in
fixed or scientific notation, whichever is shorter (fixed on a tie);
`format_value` reproduces that text from the raw bits, so a CHECK line
states the expected bits exactly.
"""
import functools
from decimal import Decimal
from fractions import Fraction

from ieee import F32, F64, RN, Real, decode, encode

MASK32 = 0xFFFFFFFF
MASK64 = 0xFFFFFFFFFFFFFFFF


def u32(x):
    return x & MASK32


def s32(x):
    x &= MASK32
    return x - (1 << 32) if x & 0x80000000 else x


def u64(x):
    return x & MASK64


def s64(x):
    x &= MASK64
    return x - (1 << 64) if x >> 63 else x


def sext(x, bits):
    """The low `bits` of x read as a signed number."""
    x &= (1 << bits) - 1
    return x - (1 << bits) if x >> (bits - 1) else x


def zext(x, bits):
    return x & ((1 << bits) - 1)


# The views a dump can take: (buffer element bits, signed, float format).
VIEWS = {
    "u32": (32, False, None),
    "s32": (32, True, None),
    "f32": (32, False, F32),
    "u64": (64, False, None),
    "s64": (64, True, None),
    "f64": (64, False, F64),
}


def _round_trips(digits, exp10, bits, fmt):
    return encode(Real("num", False, Fraction(digits) * Fraction(10) ** exp10), fmt, RN) == bits


@functools.lru_cache(maxsize=None)
def _shortest_digits(bits, fmt):
    """(digits, exp10) of the shortest decimal digits * 10**exp10 that reads
    back as the positive finite float `bits`, the nearest one of that length
    (ties to even), as Ryu, behind std::to_chars, picks it."""
    host = float(decode(bits, fmt).mag)  # exact: a host double holds any f32/f64
    if fmt is F64:
        # repr is the shortest round-trip decimal, nearest, ties to even.
        sign, digits, exp10 = Decimal(repr(host)).as_tuple()
        text = "".join(map(str, digits))
        stripped = text.rstrip("0")
        return stripped, exp10 + len(text) - len(stripped)
    for ndigits in range(1, 18):
        mant, exp = ("%.*e" % (ndigits - 1, host)).split("e")
        nearest = int(mant.replace(".", ""))  # correctly rounded, ties to even
        exp10 = int(exp) - (ndigits - 1)
        # If the nearest candidate does not read back, a neighbour on the
        # other side of the value may (the round-trip interval is lopsided at
        # powers of two); at most one can.
        for d in (nearest, nearest - 1, nearest + 1):
            if d > 0 and _round_trips(d, exp10, bits, fmt):
                text = str(d)
                stripped = text.rstrip("0")
                return stripped, exp10 + len(text) - len(stripped)
    raise AssertionError("no shortest representation")


def format_float(bits, fmt):
    """What std::to_chars(first, last, value) writes for the float `bits`."""
    r = decode(bits, fmt)
    sign = "-" if r.neg else ""
    if r.is_nan:
        return "nan"
    if r.is_inf:
        return sign + "inf"
    if r.is_zero:
        return sign + "0"
    digits, exp10 = _shortest_digits(bits & ~fmt.sign_bit, fmt)
    # Scientific: d[.ddd]e[+-]XX.
    sci_exp = exp10 + len(digits) - 1
    mant = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
    sci = "%se%s%02d" % (mant, "-" if sci_exp < 0 else "+", abs(sci_exp))
    # Fixed: the digits placed around the decimal point; like printf's %f,
    # an integer value prints all its digits (2^31 is 2147483648, not the
    # shortest digits 21474836 padded with zeros).
    if exp10 >= 0:
        fixed = str(r.mag.numerator // r.mag.denominator)
    elif -exp10 < len(digits):
        fixed = digits[:exp10] + "." + digits[exp10:]
    else:
        fixed = "0." + "0" * (-exp10 - len(digits)) + digits
    return sign + (fixed if len(fixed) <= len(sci) else sci)


def format_value(bits, view):
    width, signed, fmt = VIEWS[view]
    bits &= (1 << width) - 1
    if fmt is not None:
        return format_float(bits, fmt)
    if signed and bits >> (width - 1):
        return str(bits - (1 << width))
    return str(bits)
