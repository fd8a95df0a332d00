"""Double family: DADD, DMUL, DFMA (rounding modes, source modifiers,
immediates, constant operands) and DMNMX on register pairs.

The reference model follows ISA.md section 4 ("rounding as for float";
DMNMX returns the non-NaN operand and, by section 3, the minimum under a
true predicate), computed exactly (ieee.py) with one rounding per
instruction. ISA.md fixes the canonical NaN's bits only for 32-bit results,
so a NaN's raw 64-bit pattern is not checked.
"""
from harness import Harness
from ieee import F64, RN, add, encode, fma, is_nan_bits, mul

from families.float import MODES, minmax, operand
from families.integer import odd

# The float edge values widened (+-0, +-1, 0.1 and 0.2, 1 + 2^-53 ties,
# the largest double, infinities, NaNs, denormals, the smallest normal).
DOUBLE_A = [0x0, 0x8000000000000000, 0x8000000000000000, 0x3ff0000000000000, 0x3ff0000000000000,
            0x3fb999999999999a, 0x3ff0000000000000, 0x3ff0000000000000, 0xbff0000000000000,
            0x7fefffffffffffff, 0x7fefffffffffffff, 0x7ff0000000000000, 0x7ff0000000000000,
            0xfff0000000000000, 0x7ff8000000000000, 0x3ff0000000000000, 0xfff8000000000000, 0x1,
            0xfffffffffffff, 0x10000000000000, 0x1, 0x3fe0000000000000, 0x7e37e43c8800759c,
            0x1a56e1fc2f8f359, 0x4008000000000000, 0x4340000000000000, 0xbff8000000000000,
            0x10000000000001, 0x4000000000000000, 0xc000000000000000, 0x3ff8000000000000,
            0x3fefffffffffffff]
DOUBLE_B = [0x0, 0x0, 0x8000000000000000, 0x3ff0000000000000, 0xbff0000000000000, 0x3fc999999999999a,
            0x3ca0000000000000, 0x3ca8000000000000, 0xbca0000000000000, 0x7fefffffffffffff,
            0xffefffffffffffff, 0xfff0000000000000, 0x3ff0000000000000, 0x7ff0000000000000,
            0x3ff0000000000000, 0x7ff0000000000001, 0x7ff8000000000000, 0x1, 0x1, 0x8000000000000001,
            0x0, 0x3fe0000000000000, 0x7e37e43c8800759c, 0x1a56e1fc2f8f359, 0x3fd5555555555555,
            0x3ff0000000000000, 0x4004000000000000, 0x3fe0000000000000, 0x3fe8000000000000,
            0xbfd0000000000000, 0xfff0000000000000, 0x3ff0000000000001]
DOUBLE_C = [0x0, 0x8000000000000000, 0x0, 0x3ff0000000000000, 0x0, 0x3fd3333333333333,
            0xbff0000000000000, 0x8000000000000000, 0x3ff0000000000000, 0xffefffffffffffff,
            0x3ff0000000000000, 0x3ff0000000000000, 0xfff0000000000000, 0x7ff0000000000000,
            0x3ff0000000000000, 0x4000000000000000, 0x3ff0000000000000, 0x1, 0x8000000000000001,
            0x10000000000000, 0x3ff0000000000000, 0xbfd0000000000000, 0x7ff0000000000000, 0x0,
            0xbff0000000000000, 0x3ff0000000000000, 0x3fe8000000000000, 0x1, 0xbff8000000000000,
            0xbfe0000000000000, 0x4000000000000000, 0xbff0000000000000]
CONST_2_8 = -0.75  # c[0x2][0x8]
ODD_P0 = ["LOP.AND R2, R0, 0x1", "ISETP.NE.AND P0, PT, R2, RZ, PT"]


def d(x, **mods):
    return operand(x, F64, **mods)


def dadd(x, y, mode=RN):
    return encode(add(x, y, mode), F64, mode)


def dmul(x, y, mode=RN):
    return encode(mul(x, y), F64, mode)


def dfma(x, y, z, mode=RN):
    return encode(fma(x, y, z, mode), F64, mode)


def arith():
    h = Harness("double", "arith", """
DADD, DMUL, DFMA on register pairs over edge values (+-0, +-1,
denormals, smallest normal, largest double, +-inf, NaNs) in every
rounding mode, negated/absolute sources, immediates and c[][] operands;
DFMA rounds once. Pairs: a = R8:R9, b = R10:R11, c = R12:R13,
results R14:R15.""")
    h.input("a", 64, DOUBLE_A)
    h.input("b", 64, DOUBLE_B)
    h.input("c", 64, DOUBLE_C)
    h.const("const 2 0x8 f64 %s" % CONST_2_8)
    B = h.block
    for suffix, mode in MODES:
        B("DADD%s R14, R8, R10" % suffix, "f64", lambda v, m=mode: dadd(d(v.a), d(v.b), m))
    B("DADD R14, -R8, |R10|", "f64", lambda v: dadd(d(v.a, neg=True), d(v.b, absolute=True)))
    B("DADD R14, -|R8|, -|R10|", "f64",
      lambda v: dadd(d(v.a, neg=True, absolute=True), d(v.b, neg=True, absolute=True)))
    B("DADD R14, R8, -2.5", "f64", lambda v: dadd(d(v.a), d(-2.5)))
    B("DADD R14, R8, c[0x2][0x8] (-0.75)", "f64", lambda v: dadd(d(v.a), d(CONST_2_8)),
      asm="DADD R14, R8, c[0x2][0x8]")
    B("DADD R14, R8, RZ (RZ reads as +0.0)", "f64", lambda v: dadd(d(v.a), d(0)), asm="DADD R14, R8, RZ")
    B("DADD source == destination: MOV R14, R8; MOV R15, R9; DADD R14, R14, R14", "f64",
      lambda v: dadd(d(v.a), d(v.a)), asm=["MOV R14, R8", "MOV R15, R9", "DADD R14, R14, R14"])
    for suffix, mode in MODES:
        B("DMUL%s R14, R8, R10" % suffix, "f64", lambda v, m=mode: dmul(d(v.a), d(v.b), m))
    B("DMUL R14, -R8, |R10|", "f64", lambda v: dmul(d(v.a, neg=True), d(v.b, absolute=True)))
    B("DMUL R14, R8, 1.5", "f64", lambda v: dmul(d(v.a), d(1.5)))
    for suffix, mode in MODES:
        B("DFMA%s R14, R8, R10, R12" % suffix, "f64", lambda v, m=mode: dfma(d(v.a), d(v.b), d(v.c), m))
    B("DFMA R14, -R8, R10, -|R12|", "f64",
      lambda v: dfma(d(v.a, neg=True), d(v.b), d(v.c, neg=True, absolute=True)))
    B("DFMA R14, R8, 2.0, R12", "f64", lambda v: dfma(d(v.a), d(2.0), d(v.c)))
    B("DFMA source == destination: MOV R14, R12; MOV R15, R13; DFMA R14, R14, R14, R14", "f64",
      lambda v: dfma(d(v.c), d(v.c), d(v.c)), asm=["MOV R14, R12", "MOV R15, R13", "DFMA R14, R14, R14, R14"])
    B("DMNMX R14, R8, R10, PT (min; NaN loses; -0 vs +0 unchecked)", "f64",
      lambda v: minmax(d(v.a), d(v.b), True, F64), asm="DMNMX R14, R8, R10, PT")
    B("DMNMX R14, R8, R10, !PT (max)", "f64", lambda v: minmax(d(v.a), d(v.b), False, F64),
      asm="DMNMX R14, R8, R10, !PT")

    def raw_min(v):
        bits = minmax(d(v.a), d(v.b), True, F64)
        return None if bits is None or is_nan_bits(bits, F64) else bits

    B("DMNMX R14, R8, R10, PT as raw bits (a NaN operand returns the other operand)", "u64", raw_min,
      asm="DMNMX R14, R8, R10, PT")
    B("DMNMX R14, -R8, |R10|, P0 (odd lanes min)", "f64",
      lambda v: minmax(d(v.a, neg=True), d(v.b, absolute=True), odd(v.lane), F64),
      asm=ODD_P0 + ["DMNMX R14, -R8, |R10|, P0"])
    B("DMNMX R14, R8, -0.5, PT", "f64", lambda v: minmax(d(v.a), d(-0.5), True, F64))
    return h


def harnesses():
    return [arith()]
