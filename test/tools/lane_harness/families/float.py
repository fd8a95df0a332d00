"""Float family: FADD, FMUL, FFMA (rounding modes, .FTZ, .SAT, source
modifiers), FADD32I, FMUL32I, FMNMX, MUFU.

The reference model follows ISA.md section 4 (float instructions, operands,
canonical NaN 0x7fffffff, FMNMX returning the non-NaN operand) and section 3
(a true predicate selects the minimum). Arithmetic is exact IEEE 754
(ieee.py): one rounding per instruction, FFMA included. MUFU is only
"within 2 ulp of the correctly rounded result": mufu-special checks the
results that bound fixes exactly (special operands, exact powers of two),
mufu-ulp checks the others with a 2-ulp tolerance against values computed in
double precision and rounded to float.
"""
import math
from fractions import Fraction

from harness import Harness
from ieee import F32, NAN, RM, RN, RP, RZ, Real, add, decode, encode, flush, fma, less, mul, saturate

from families.integer import odd

# Operands: zeros of both signs, ones, values whose sum or product rounds
# differently per mode, the largest float, infinities, NaNs (quiet,
# negative, signalling), denormals and the smallest normal.
FLOAT_A = [0x0, 0x80000000, 0x80000000, 0x3f800000, 0x3f800000, 0x3dcccccd, 0x3f800000, 0x3f800000,
           0xbf800000, 0x7f7fffff, 0x7f7fffff, 0x7f800000, 0x7f800000, 0xff800000, 0x7fc00000, 0x3f800000,
           0xffc00000, 0x1, 0x7fffff, 0x800000, 0x1, 0x3f000000, 0x7149f2ca, 0xda24260,
           0x40400000, 0x4b800000, 0xbfc00000, 0x800001, 0x40000000, 0xc0000000, 0x3fc00000, 0x3f7fffff]
FLOAT_B = [0x0, 0x0, 0x80000000, 0x3f800000, 0xbf800000, 0x3e4ccccd, 0x33800000, 0x33c00000,
           0xb3800000, 0x7f7fffff, 0xff7fffff, 0xff800000, 0x3f800000, 0x7f800000, 0x3f800000, 0x7f800001,
           0x7fc00000, 0x1, 0x1, 0x80000001, 0x0, 0x3f000000, 0x7149f2ca, 0xda24260,
           0x3eaaaaab, 0x3f800000, 0x40200000, 0x3f000000, 0x3f400000, 0xbe800000, 0xff800000, 0x3f800001]
FLOAT_C = [0x0, 0x80000000, 0x0, 0x3f800000, 0x0, 0x3e99999a, 0xbf800000, 0x80000000,
           0x3f800000, 0xff7fffff, 0x3f800000, 0x3f800000, 0xff800000, 0x7f800000, 0x3f800000, 0x40000000,
           0x3f800000, 0x1, 0x80000001, 0x800000, 0x3f800000, 0xbe800000, 0x7f800000, 0x0,
           0xbf800000, 0x3f800000, 0x3f400000, 0x1, 0xbfc00000, 0xbf000000, 0x40000000, 0xbf800000]
CONST_2_0 = 2.5  # c[0x2][0x0]

# -- Reference model ---------------------------------------------------------


def operand(x, fmt=F32, neg=False, absolute=False, ftz=False):
    """A source: bits (or a host float for an immediate) with its modifiers;
    .FTZ flushes a denormal source to a zero of its sign."""
    r = decode(x, fmt) if isinstance(x, int) else Real.of(x)
    if ftz:
        r = flush(r, fmt)
    if absolute:
        r = abs(r)
    return -r if neg else r


def result(exact, fmt=F32, mode=RN, ftz=False, sat=False):
    """Rounds once; .SAT clamps the rounded value to [0, 1] (NaN gives 0) and
    leaves a -0 open (None)."""
    bits = encode(exact, fmt, mode, ftz)
    if not sat:
        return bits
    clamped = saturate(decode(bits, fmt))
    return None if clamped is None else encode(clamped, fmt)


def minmax(a, b, take_min, fmt=F32):
    """FMNMX/DMNMX on modified sources: the non-NaN operand when one is NaN;
    None for -0 against +0 (the order of zeros is not fixed)."""
    if a.is_nan and b.is_nan:
        return fmt.canonical_nan
    if a.is_nan or b.is_nan:
        return encode(b if a.is_nan else a, fmt)
    if a.is_zero and b.is_zero and a.neg != b.neg:
        return None
    b_wins = less(b, a) if take_min else less(a, b)
    return encode(b if b_wins else a, fmt)


# MUFU (mufu-special): special operands give what IEEE 754 gives the
# functions (rsqrt(-0) = -inf, log2(+-0) = -inf, sin(-0) = -0, ...); an
# ordinary operand is checked exactly where the exact result is a nonzero
# float (powers of two), and not at all (None) otherwise: mufu-ulp checks
# those within the 2-ulp bound.

def exact_float(q):
    """The Real of the Fraction q if q is a nonzero finite float, else None."""
    if q is None or q == 0:
        return None
    r = Real.of(q)
    back = decode(encode(r, F32), F32)
    return r if not back.is_inf and back.mag == r.mag else None


def exact_sqrt(q):
    """The square root of the Fraction q if it is rational, else None."""
    n, d = math.isqrt(q.numerator), math.isqrt(q.denominator)
    return Fraction(n, d) if n * n == q.numerator and d * d == q.denominator else None


def mufu_special(fn, x):
    """The MUFU result for the Real x where ISA.md fixes it, else None."""
    if x.is_nan or (x.neg and not x.is_zero and fn in ("RSQ", "SQRT", "LG2")):
        return NAN
    if fn == "RCP":
        if x.is_zero or x.is_inf:
            return Real("num" if x.is_inf else "inf", x.neg)
        q = exact_float(1 / x.mag)
        return None if q is None else (-q if x.neg else q)
    if fn in ("RSQ", "SQRT"):
        if x.is_zero:
            return Real("inf", x.neg) if fn == "RSQ" else x
        if x.is_inf:
            return Real("num") if fn == "RSQ" else x
        root = exact_sqrt(x.mag)
        if root is None:
            return None
        return exact_float(1 / root if fn == "RSQ" else root)
    if fn == "EX2":
        if x.is_zero:
            return Real.of(1)
        if x.is_inf:
            return Real("num") if x.neg else x
        v = x.signed()
        return exact_float(Fraction(2) ** int(v)) if v.denominator == 1 else None
    if fn == "LG2":
        if x.is_zero:
            return Real("inf", True)
        if x.is_inf:
            return x
        q = x.mag
        if q.numerator & (q.numerator - 1) or q.denominator & (q.denominator - 1):
            return None  # not a power of two
        return exact_float(Fraction(q.numerator.bit_length() - q.denominator.bit_length()))
    if fn in ("SIN", "COS"):
        if x.is_inf:
            return NAN
        if x.is_zero:
            return x if fn == "SIN" else Real.of(1)
        return None
    raise ValueError(fn)


def mufu_bits(fn, x, sat=False):
    """mufu-special's expected bits (None: not checked)."""
    r = mufu_special(fn, x)
    if r is None:
        return None
    return result(r, sat=sat)


MUFU_DOUBLE = {
    "RCP": lambda x: 1.0 / x, "RSQ": lambda x: 1.0 / math.sqrt(x), "SQRT": math.sqrt,
    "EX2": lambda x: 2.0 ** x, "LG2": math.log2, "SIN": math.sin, "COS": math.cos,
}


def mufu_approx(fn, bits, neg=False, absolute=False):
    """fn in double precision, rounded to float (the 2-ulp test's centre)."""
    x = operand(bits, neg=neg, absolute=absolute)
    return encode(Real.of(MUFU_DOUBLE[fn](float(x.signed()))), F32)


# -- Harnesses ---------------------------------------------------------------

MODES = [("", RN), (".RZ", RZ), (".RM", RM), (".RP", RP)]
ODD_P0 = ["LOP.AND R2, R0, 0x1", "ISETP.NE.AND P0, PT, R2, RZ, PT"]


def float_inputs(h, *names):
    for name in names:
        h.input(name, 32, {"a": FLOAT_A, "b": FLOAT_B, "c": FLOAT_C}[name])


def arith():
    h = Harness("float", "arith", """
FADD, FMUL, FFMA over edge values (+-0, +-1, denormals, smallest
normal, largest float, +-inf, quiet/signalling/negative NaN) in every
rounding mode, with .FTZ (denormals in and out become signed zeros),
.SAT (clamp to [0, 1], NaN gives 0), negated/absolute sources and
immediates; FADD32I, FMUL32I. NaN results are the canonical 0x7fffffff
(checked as raw bits). Lanes whose .SAT result would be -0 are not
checked (ISA.md leaves the sign open).""")
    float_inputs(h, "a", "b", "c")
    h.const("const 2 0x0 f32 %s" % CONST_2_0)
    B = h.block
    A = operand

    def fadd(x, y, mode=RN, ftz=False, sat=False):
        return result(add(x, y, mode), mode=mode, ftz=ftz, sat=sat)

    def fmul(x, y, mode=RN, ftz=False, sat=False):
        return result(mul(x, y), mode=mode, ftz=ftz, sat=sat)

    def ffma(x, y, z, mode=RN, ftz=False, sat=False):
        return result(fma(x, y, z, mode), mode=mode, ftz=ftz, sat=sat)

    for suffix, mode in MODES:
        B("FADD%s R7, R4, R5" % suffix, "f32", lambda v, m=mode: fadd(A(v.a), A(v.b), m))
    B("FADD R7, R4, R5 as raw bits (canonical NaN)", "u32", lambda v: fadd(A(v.a), A(v.b)),
      asm="FADD R7, R4, R5")
    B("FADD.FTZ R7, R4, R5", "f32", lambda v: fadd(A(v.a, ftz=True), A(v.b, ftz=True), ftz=True))
    B("FADD.SAT R7, R4, R5", "f32", lambda v: fadd(A(v.a), A(v.b), sat=True))
    B("FADD R7, -R4, R5", "f32", lambda v: fadd(A(v.a, neg=True), A(v.b)))
    B("FADD R7, |R4|, -|R5|", "f32", lambda v: fadd(A(v.a, absolute=True), A(v.b, neg=True, absolute=True)))
    B("FADD R7, -|R4|, -R5", "f32", lambda v: fadd(A(v.a, neg=True, absolute=True), A(v.b, neg=True)))
    B("FADD R7, R4, 1.5", "f32", lambda v: fadd(A(v.a), A(1.5)))
    B("FADD R7, R4, -0.0", "f32", lambda v: fadd(A(v.a), A(-0.0)))
    B("FADD R7, R4, c[0x2][0x0] (2.5)", "f32", lambda v: fadd(A(v.a), A(CONST_2_0)),
      asm="FADD R7, R4, c[0x2][0x0]")
    B("FADD R7, RZ, -R4 (0 - a)", "f32", lambda v: fadd(A(0), A(v.a, neg=True)), asm="FADD R7, RZ, -R4")
    B("FADD source == destination: MOV R7, R4; FADD R7, R7, R7", "f32", lambda v: fadd(A(v.a), A(v.a)),
      asm=["MOV R7, R4", "FADD R7, R7, R7"])
    for suffix, mode in MODES:
        B("FMUL%s R7, R4, R5" % suffix, "f32", lambda v, m=mode: fmul(A(v.a), A(v.b), m))
    B("FMUL R7, R4, R5 as raw bits", "u32", lambda v: fmul(A(v.a), A(v.b)), asm="FMUL R7, R4, R5")
    B("FMUL.FTZ R7, R4, R5", "f32", lambda v: fmul(A(v.a, ftz=True), A(v.b, ftz=True), ftz=True))
    B("FMUL.SAT R7, R4, R5", "f32", lambda v: fmul(A(v.a), A(v.b), sat=True))
    B("FMUL R7, -R4, |R5|", "f32", lambda v: fmul(A(v.a, neg=True), A(v.b, absolute=True)))
    B("FMUL R7, R4, 0.5", "f32", lambda v: fmul(A(v.a), A(0.5)))
    B("FMUL R7, |R4|, -2.0", "f32", lambda v: fmul(A(v.a, absolute=True), A(-2.0)))
    for suffix, mode in MODES:
        asm = "FFMA%s R7, R4, R5, R6" % suffix
        B(asm + " (one rounding)", "f32", lambda v, m=mode: ffma(A(v.a), A(v.b), A(v.c), m), asm=asm)
    B("FFMA R7, R4, R5, R6 as raw bits", "u32", lambda v: ffma(A(v.a), A(v.b), A(v.c)),
      asm="FFMA R7, R4, R5, R6")
    B("FFMA.FTZ R7, R4, R5, R6", "f32",
      lambda v: ffma(A(v.a, ftz=True), A(v.b, ftz=True), A(v.c, ftz=True), ftz=True))
    B("FFMA.SAT R7, R4, R5, R6", "f32", lambda v: ffma(A(v.a), A(v.b), A(v.c), sat=True))
    B("FFMA R7, -R4, R5, -R6", "f32", lambda v: ffma(A(v.a, neg=True), A(v.b), A(v.c, neg=True)))
    B("FFMA R7, |R4|, 2.0, -|R6|", "f32",
      lambda v: ffma(A(v.a, absolute=True), A(2.0), A(v.c, neg=True, absolute=True)))
    B("FFMA R7, R4, R5, RZ", "f32", lambda v: ffma(A(v.a), A(v.b), A(0)))
    B("FFMA source == destination: MOV R7, R6; FFMA R7, R7, R7, R7", "f32",
      lambda v: ffma(A(v.c), A(v.c), A(v.c)),
      asm=["MOV R7, R6", "FFMA R7, R7, R7, R7"])
    # 32I immediates are whole floats, rounded to nearest from the decimal.
    imm = {text: encode(Real.of(float(text)), F32) for text in ("1.1", "1e-45", "0.1", "3.0e-5")}
    B("FADD32I R7, R4, 1.1", "f32", lambda v: fadd(A(v.a), A(imm["1.1"])))
    B("FADD32I.FTZ R7, -R4, 1e-45 (the denormal immediate is flushed too)", "f32",
      lambda v: fadd(A(v.a, neg=True, ftz=True), A(imm["1e-45"], ftz=True), ftz=True),
      asm="FADD32I.FTZ R7, -R4, 1e-45")
    B("FADD32I R7, R4, 1e-45", "f32", lambda v: fadd(A(v.a), A(imm["1e-45"])))
    B("FMUL32I R7, R4, 0.1", "f32", lambda v: fmul(A(v.a), A(imm["0.1"])))
    B("FMUL32I.SAT R7, R4, 1.1", "f32", lambda v: fmul(A(v.a), A(imm["1.1"]), sat=True))
    B("FMUL32I.FTZ R7, R4, 3.0e-5", "f32", lambda v: fmul(A(v.a, ftz=True), A(imm["3.0e-5"]), ftz=True))
    return h


def fmnmx():
    h = Harness("float", "fmnmx", """
FMNMX: a true predicate selects the minimum, a false one the maximum;
a NaN operand loses to the other one, two NaNs give the canonical NaN
0x7fffffff; negated/absolute sources, immediates, .FTZ. Lanes comparing
-0 with +0 are not checked.""")
    float_inputs(h, "a", "b")
    A = operand
    B = h.block
    B("FMNMX R7, R4, R5, PT (min)", "f32", lambda v: minmax(A(v.a), A(v.b), True), asm="FMNMX R7, R4, R5, PT")
    B("FMNMX R7, R4, R5, !PT (max)", "f32", lambda v: minmax(A(v.a), A(v.b), False),
      asm="FMNMX R7, R4, R5, !PT")
    B("FMNMX R7, R4, R5, PT as raw bits", "u32", lambda v: minmax(A(v.a), A(v.b), True),
      asm="FMNMX R7, R4, R5, PT")
    B("FMNMX R7, R4, R5, P0 (odd lanes min)", "f32", lambda v: minmax(A(v.a), A(v.b), odd(v.lane)),
      asm=ODD_P0 + ["FMNMX R7, R4, R5, P0"])
    B("FMNMX R7, -R4, |R5|, !P0", "f32",
      lambda v: minmax(A(v.a, neg=True), A(v.b, absolute=True), not odd(v.lane)),
      asm=ODD_P0 + ["FMNMX R7, -R4, |R5|, !P0"])
    B("FMNMX R7, R4, -0.5, PT", "f32", lambda v: minmax(A(v.a), A(-0.5), True))
    B("FMNMX.FTZ R7, R4, R5, !PT", "f32", lambda v: minmax(A(v.a, ftz=True), A(v.b, ftz=True), False))
    return h


MUFU_SPECIAL_INPUT = [0x0, 0x80000000, 0x3f800000, 0x40800000, 0x7f800000, 0xff800000, 0x7fc00000,
                      0xbf800000, 0x3e800000, 0x41800000, 0x1, 0xc0800000, 0x40000000, 0x3f000000,
                      0x41000000, 0xbf000000]


def mufu_special_harness():
    h = Harness("float", "mufu-special", """
MUFU on inputs whose results are exact or special: +-0, +-inf, NaN,
negative inputs of RSQ/SQRT/LG2, powers of two (RCP, RSQ, SQRT, EX2,
LG2 are exact there; a 2-ulp error bound still admits only the exact
value for these, except where marked). Results NaN are 0x7fffffff.""", lanes=16)
    h.input("a", 32, MUFU_SPECIAL_INPUT)
    A = operand
    B = h.block
    for fn in ("RCP", "RSQ", "SQRT", "EX2", "LG2", "SIN", "COS"):
        B("MUFU.%s R7, R4" % fn, "f32", lambda v, fn=fn: mufu_bits(fn, A(v.a)))
    B("MUFU.RCP R7, R4 as raw bits (canonical NaN)", "u32", lambda v: mufu_bits("RCP", A(v.a)),
      asm="MUFU.RCP R7, R4")
    B("MUFU.SQRT R7, R4 as raw bits", "u32", lambda v: mufu_bits("SQRT", A(v.a)), asm="MUFU.SQRT R7, R4")
    B("MUFU.RCP R7, -R4", "f32", lambda v: mufu_bits("RCP", A(v.a, neg=True)))
    B("MUFU.SQRT R7, |R4|", "f32", lambda v: mufu_bits("SQRT", A(v.a, absolute=True)))
    B("MUFU.RCP.SAT R7, R4", "f32", lambda v: mufu_bits("RCP", A(v.a), sat=True))
    B("MUFU.EX2 R7, R7 after MOV R7, R4 (source == destination)", "f32", lambda v: mufu_bits("EX2", A(v.a)),
      asm=["MOV R7, R4", "MUFU.EX2 R7, R7"])
    return h


# Ordinary operands per function: a for RCP/RSQ/SQRT/LG2, s (angles) for
# SIN/COS, e (exponents) for EX2.
MUFU_ULP_A = [0x3dcccccd, 0x3e99999a, 0x3f333333, 0x3fa66666, 0x40200000, 0x40400000, 0x40a00000,
              0x40f00000, 0x41200000, 0x42c80000, 0x3a83126f, 0x501502f9, 0x2edbe6ff, 0x42053333,
              0x3f666666, 0x3f8ccccd]
MUFU_ULP_S = [0x3dcccccd, 0x3e99999a, 0x3f333333, 0x3fa66666, 0x40200000, 0x40400000, 0xbf000000,
              0xbf800000, 0xc0000000, 0xc0400000, 0x3a83126f, 0x3fc00000, 0xbe800000, 0x40000000,
              0x3f666666, 0xbf8ccccd]
MUFU_ULP_E = [0x3dcccccd, 0x3e99999a, 0x3f333333, 0x3fa66666, 0x40200000, 0xc0400000, 0xbf000000,
              0xbfd9999a, 0x41200000, 0x41a40000, 0xc1240000, 0x3a83126f, 0xc2c80000, 0x40b00000,
              0x3f666666, 0xbf8ccccd]


def mufu_ulp():
    h = Harness("float", "mufu-ulp", """
MUFU.RCP/RSQ/SQRT/EX2/LG2/SIN/COS are within 2 ulp of the correctly
rounded result (ISA.md 4): expect ~= ... ulp 2 against values computed
in double precision and rounded to float.""", lanes=16, ulp=2)
    h.input("a", 32, MUFU_ULP_A)
    h.input("s", 32, MUFU_ULP_S)
    h.input("e", 32, MUFU_ULP_E)
    for fn, src, reg in (("RCP", "a", "R4"), ("RSQ", "a", "R4"), ("SQRT", "a", "R4"), ("LG2", "a", "R4"),
                         ("EX2", "e", "R6"), ("SIN", "s", "R5"), ("COS", "s", "R5")):
        h.block("MUFU.%s R7, %s" % (fn, reg), "f32", lambda v, fn=fn,
                src=src: mufu_approx(fn, getattr(v, src)))
    h.block("MUFU.RCP R7, -|R5|", "f32", lambda v: mufu_approx("RCP", v.s, neg=True, absolute=True))
    return h


def harnesses():
    return [arith(), fmnmx(), mufu_special_harness(), mufu_ulp()]
