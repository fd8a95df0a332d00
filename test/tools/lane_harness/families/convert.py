"""Convert family: F2F, F2I, I2F, I2I between U8 S8 U16 S16 U32 S32 U64 S64
F32 F64.

The reference model follows ISA.md section 4 (conversions): destination type
first; F2I rounds with .TRUNC (default) .FLOOR .CEIL .ROUND (to nearest
even), saturates out-of-range values and gives 0 for NaN; I2F and F2F round
.RN by default; sub-word sources take the low bits extended by their
signedness; sub-word results are held sign- or zero-extended in the
register; I2I wraps to the destination width, or clamps with .SAT. Float
rounding is exact (ieee.py).
"""
from harness import Harness
from ieee import F32, F64, RM, RN, RP, RZ, Real, decode, encode, round_int
from values import sext, u32, u64, zext

from families.float import MODES, operand, result

# -- Reference model ---------------------------------------------------------

INT_TYPES = {"U8": (8, False), "S8": (8, True), "U16": (16, False), "S16": (16, True),
             "U32": (32, False), "S32": (32, True), "U64": (64, False), "S64": (64, True)}
F2I_MODES = {"": RZ, ".TRUNC": RZ, ".FLOOR": RM, ".CEIL": RP, ".ROUND": RN}


def int_range(typ):
    bits, signed = INT_TYPES[typ]
    return (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)


def int_source(x, typ):
    """The value of an integer source: its low bits, extended by signedness."""
    bits, signed = INT_TYPES[typ]
    return sext(x, bits) if signed else zext(x, bits)


def held(value, typ):
    """An integer result as the destination register (pair) holds it: wrapped
    to the type's width, sub-word types sign- or zero-extended to 32 bits."""
    bits, signed = INT_TYPES[typ]
    v = int_source(value, typ)
    return u64(v) if bits == 64 else u32(v)


def clamp(value, typ):
    lo, hi = int_range(typ)
    return max(lo, min(hi, value))


def f2i(x, typ, mode=""):
    """F2I of the Real x: rounded in the mode, saturated, NaN gives 0."""
    if x.is_nan:
        return 0
    lo, hi = int_range(typ)
    if x.is_inf:
        return held(lo if x.neg else hi, typ)
    return held(clamp(round_int(x, F2I_MODES[mode]), typ), typ)


def i2f(value, fmt, mode=RN):
    return encode(Real.of(value), fmt, mode)


def i2i(value, typ, sat=False):
    return held(clamp(value, typ) if sat else value, typ)


# -- Harnesses ---------------------------------------------------------------

# F64 sources: zeros, 1, +-0.1 (inexact in every mode), values beyond the
# float range, double values that are float denormals or round into them,
# float midpoints and near-midpoints, the largest float and its overflow
# boundary, infinities and NaNs.
F2F_D = [0x0, 0x8000000000000000, 0x3ff0000000000000, 0x3fb999999999999a, 0xbfb999999999999a,
         0x7e37e43c8800759c, 0xfe37e43c8800759c, 0x1a56e1fc2f8f359, 0x81a56e1fc2f8f359, 0x7ff0000000000000,
         0xfff0000000000000, 0x7ff8000000000000, 0x7ff0000000000001, 0x36a0000000000000, 0x36a8000000000000,
         0x3690000000000000, 0x4170000010000000, 0x4170000030000000, 0xc170000010000000, 0x47effffff0000000,
         0x47efffffefffffff, 0x47effffff514a7bc, 0x380ffffffff80000, 0x3810000000000000, 0x3fe0000000000000,
         0x3ff8000000000000, 0x400000000d6bf94d, 0xbfe8000000000000, 0x3fd5555555555555, 0xbfe5555555555555,
         0x40effc0000000000, 0x37a16c262777579c]


def f2f():
    h = Harness("convert", "f2f", """
F2F: F64 to F32 in every rounding mode (overflow to inf or the
largest float per mode, denormal results, NaN gives 0x7fffffff), .FTZ,
.SAT, negated/absolute sources; F32 to F64 (exact); F32 to F32 and
F64 to F64 with modifiers.""")
    h.input("d", 64, F2F_D)
    h.setup("F2F.F32.F64 R4, R8")
    B = h.block

    def d(v, **mods):
        return operand(v.d, F64, **mods)

    def f(v, **mods):
        """R4 = F2F.F32.F64 R8."""
        return operand(encode(d(v), F32), F32, **mods)

    for suffix, mode in MODES:
        B("F2F.F32.F64%s R7, R8" % suffix, "f32", lambda v, m=mode: result(d(v), F32, m))
    B("F2F.F32.F64 R7, R8 as raw bits (canonical NaN)", "u32", lambda v: result(d(v), F32),
      asm="F2F.F32.F64 R7, R8")
    B("F2F.F32.F64.FTZ R7, R8", "f32", lambda v: result(d(v), F32, ftz=True))
    B("F2F.F32.F64.SAT R7, R8", "f32", lambda v: result(d(v), F32, sat=True))
    B("F2F.F32.F64.RM R7, -|R8|", "f32", lambda v: result(d(v, neg=True, absolute=True), F32, RM))
    B("F2F.F64.F32 R14, R4 (R4 = F2F.F32.F64 R8)", "f64", lambda v: result(f(v), F64),
      asm="F2F.F64.F32 R14, R4")
    B("F2F.F64.F32.FTZ R14, -R4", "f64", lambda v: result(f(v, neg=True, ftz=True), F64))
    B("F2F.F32.F32 R7, -R4", "f32", lambda v: result(f(v, neg=True), F32))
    B("F2F.F32.F32.SAT R7, R4", "f32", lambda v: result(f(v), F32, sat=True))
    B("F2F.F32.F32.FTZ R7, |R4|", "f32", lambda v: result(f(v, absolute=True, ftz=True), F32, ftz=True))
    B("F2F.F64.F64 R14, -R8", "f64", lambda v: result(d(v, neg=True), F64))
    return h


# F32 sources: zeros, +-1, +-0.5, +-1.5, +-2.5 (ties), values just below and
# at the 32-bit limits, beyond every range, infinities, NaNs, denormals,
# sub-word limits and their neighbours.
F2I_F = [0x0, 0x80000000, 0x3f800000, 0xbf800000, 0x3f000000, 0xbf000000, 0x3fc00000, 0xbfc00000, 0x40200000,
         0xc0200000, 0x3effffff, 0x4effffff, 0x4f000000, 0xcf000000, 0xcf000001, 0x4f7fffff, 0x4f800000,
         0x60ad78ec, 0xe0ad78ec, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x1, 0x80000001, 0x42ffcccd,
         0x43000000, 0xc3008000, 0xc3010000, 0x437f8000, 0x477fffb3, 0xc70000e6]


def f2i_harness():
    h = Harness("convert", "f2i", """
F2I to every integer type with .TRUNC (default), .FLOOR, .CEIL,
.ROUND (to nearest even); out-of-range values and infinities saturate,
NaN gives 0; .FTZ flushes denormal sources (CEIL of 1e-45 is 1, but 0
with .FTZ); F64 sources from pairs, 64-bit results to pairs.
Sub-word results are held sign- (S8, S16) or zero-extended (U8, U16).""")
    h.input("f", 32, F2I_F)
    h.setup("F2F.F64.F32 R8, R4")
    B = h.block

    def f(v, **mods):
        return operand(v.f, F32, **mods)

    def d(v, **mods):
        """R8 = F2F.F64.F32 R4 (exact)."""
        return operand(encode(decode(v.f, F32), F64), F64, **mods)

    for typ, view in (("S32", "s32"), ("U32", "u32")):
        for mode in ("", ".FLOOR", ".CEIL", ".ROUND"):
            B("F2I.%s.F32%s R7, R4" % (typ, mode), view, lambda v, t=typ, m=mode: f2i(f(v), t, m))
    for typ in ("U8", "S8", "U16", "S16"):
        B("F2I.%s.F32 R7, R4" % typ, "s32", lambda v, t=typ: f2i(f(v), t))
    B("F2I.S32.F32.CEIL.FTZ R7, R4", "s32", lambda v: f2i(f(v, ftz=True), "S32", ".CEIL"),
      asm="F2I.S32.F32.FTZ.CEIL R7, R4")
    B("F2I.S32.F32.FLOOR.FTZ R7, R4", "s32", lambda v: f2i(f(v, ftz=True), "S32", ".FLOOR"),
      asm="F2I.S32.F32.FTZ.FLOOR R7, R4")
    B("F2I.S32.F32 R7, -R4", "s32", lambda v: f2i(f(v, neg=True), "S32"))
    B("F2I.S32.F32.FLOOR R7, |R4|", "s32", lambda v: f2i(f(v, absolute=True), "S32", ".FLOOR"))
    B("F2I.S32.F32 R7, R7 after MOV R7, R4 (source == destination)", "s32", lambda v: f2i(f(v), "S32"),
      asm=["MOV R7, R4", "F2I.S32.F32 R7, R7"])
    B("F2I.S32.F64.ROUND R7, R8 (after F2F.F64.F32 R8, R4)", "s32", lambda v: f2i(d(v), "S32", ".ROUND"),
      asm="F2I.S32.F64.ROUND R7, R8")
    B("F2I.U32.F64.CEIL R7, R8", "u32", lambda v: f2i(d(v), "U32", ".CEIL"))
    B("F2I.S64.F32 R14, R4", "s64", lambda v: f2i(f(v), "S64"))
    B("F2I.U64.F32.CEIL R14, R4", "u64", lambda v: f2i(f(v), "U64", ".CEIL"))
    B("F2I.S64.F64.FLOOR R14, R8", "s64", lambda v: f2i(d(v), "S64", ".FLOOR"))
    B("F2I.U64.F64 R14, -R8", "u64", lambda v: f2i(d(v, neg=True), "U64"))
    return h


# Integer sources: limits of every width, values one past the 24-bit float
# mantissa (rounding per mode), sub-word limits and their neighbours.
CONVERT_A = [0x0, 0x1, 0xffffffff, 0x80000000, 0x7fffffff, 0x1000001, 0xfeffffff, 0x1000000, 0x7fffffc0,
             0x7fffffbf, 0xffffffff, 0x80000001, 0xff, 0x100, 0x7f, 0x80, 0xffffff80, 0xffffff7f, 0x1ff,
             0x12345678, 0xdeadbeef, 0xffff, 0x10000, 0x7fff, 0xffff8000, 0xffff7fff, 0x89abcdef, 0x2000003,
             0xfdfffffd, 0x64, 0x3b9aca07, 0x40000001]
# 64-bit sources: limits, values one past the 53-bit double mantissa and the
# 24-bit float one, 32-bit limits widened.
CONVERT_W = [0x0, 0x1, 0xffffffffffffffff, 0x8000000000000000, 0x7fffffffffffffff, 0x20000000000001,
             0xffdfffffffffffff, 0x1000001, 0xffffffff, 0x100000000, 0xffffffff00000000, 0x123456789abcdef0,
             0xfedcba9876543210, 0x4000004000000001, 0xffffffffff, 0xffffff0000000001, 0xffffff8000000000,
             0x80000000, 0xffffffff80000000, 0x7fffffff, 0x20000000000000, 0x1fffffffffffff,
             0x8000000000000001,
             0x7ffffe0000000000, 0x7ffffe8000000000, 0x7fffff8000000000, 0xffffff8000000000, 0x1000003, 0x3,
             0xfffffffffffffffd, 0x1000001000000000, 0xe8d4a51000]
INT_MIN = 0x80000000


def i2f_harness():
    h = Harness("convert", "i2f", """
I2F from every integer source type (sub-word sources take the low
bits, sign- or zero-extended) to F32 and F64, in every rounding mode,
with negated/absolute sources and immediates; 64-bit sources from
register pairs. Values straddle the 24-bit and 53-bit mantissas.""")
    h.input("a", 32, CONVERT_A)
    h.input("w", 64, CONVERT_W)
    B = h.block

    def src(v, typ):
        return int_source(v.w if INT_TYPES[typ][0] == 64 else v.a, typ)

    for suffix, mode in MODES:
        B("I2F.F32.S32%s R7, R4" % suffix, "f32", lambda v, m=mode: i2f(src(v, "S32"), F32, m))
    for suffix, mode in MODES[:2]:
        B("I2F.F32.U32%s R7, R4" % suffix, "f32", lambda v, m=mode: i2f(src(v, "U32"), F32, m))
    for typ in ("U8", "S8", "U16", "S16"):
        B("I2F.F32.%s R7, R4" % typ, "f32", lambda v, t=typ: i2f(src(v, t), F32))
    # Negating or taking |INT_MIN| overflows: ISA.md does not fix the result.
    B("I2F.F32.S32 R7, -R4 (INT_MIN lane unchecked)", "f32",
      lambda v: None if v.a == INT_MIN else i2f(-src(v, "S32"), F32), asm="I2F.F32.S32 R7, -R4")
    B("I2F.F32.S32 R7, |R4| (INT_MIN lane unchecked)", "f32",
      lambda v: None if v.a == INT_MIN else i2f(abs(src(v, "S32")), F32), asm="I2F.F32.S32 R7, |R4|")
    B("I2F.F32.S32 R7, 0x10", "f32", lambda v: i2f(0x10, F32))
    B("I2F.F32.S32 R7, -0x1", "f32", lambda v: i2f(-1, F32))
    B("I2F.F32.S32 R7, R7 after MOV R7, R4 (source == destination)", "f32", lambda v: i2f(src(v, "S32"), F32),
      asm=["MOV R7, R4", "I2F.F32.S32 R7, R7"])
    for suffix, mode in MODES:
        B("I2F.F32.S64%s R7, R8" % suffix, "f32", lambda v, m=mode: i2f(src(v, "S64"), F32, m))
    B("I2F.F32.U64 R7, R8", "f32", lambda v: i2f(src(v, "U64"), F32))
    for typ in ("S32", "U32", "S16"):
        B("I2F.F64.%s R14, R4" % typ, "f64", lambda v, t=typ: i2f(src(v, t), F64))
    for suffix, mode in MODES:
        B("I2F.F64.S64%s R14, R8" % suffix, "f64", lambda v, m=mode: i2f(src(v, "S64"), F64, m))
    B("I2F.F64.U64 R14, R8", "f64", lambda v: i2f(src(v, "U64"), F64))
    B("I2F.F64.U64.RP R14, R8", "f64", lambda v: i2f(src(v, "U64"), F64, RP))
    return h


def i2i_harness():
    h = Harness("convert", "i2i", """
I2I between integer types: sub-word sources take the low bits and
extend by their signedness; without .SAT the value wraps to the
destination width (held sign- or zero-extended), with .SAT it clamps
to the destination range; 64-bit sources and destinations in pairs.""")
    h.input("a", 32, CONVERT_A)
    h.input("w", 64, CONVERT_W)
    B = h.block

    def src(v, typ):
        return int_source(v.w if INT_TYPES[typ][0] == 64 else v.a, typ)

    def conv(dst, s, sat=False, view="s32"):
        B("I2I.%s.%s%s R7, R4" % (dst, s, ".SAT" if sat else ""), view,
          lambda v: i2i(src(v, s), dst, sat))

    for dst, s in (("S32", "S8"), ("U32", "U8"), ("S32", "S16"), ("U32", "U16"), ("U16", "S32"),
                   ("S8", "S32"), ("U8", "S32"), ("S16", "U32")):
        conv(dst, s)
    for dst, s in (("S8", "S32"), ("U8", "S32"), ("S16", "S32"), ("U16", "S32"), ("U32", "S32"),
                   ("S32", "U32"), ("S8", "U32"), ("U8", "S8")):
        conv(dst, s, sat=True)
    conv("S16", "S8")
    conv("S32", "S32")
    B("I2I.S32.S32 R7, -R4 (INT_MIN lane unchecked)", "s32",
      lambda v: None if v.a == INT_MIN else i2i(-src(v, "S32"), "S32"), asm="I2I.S32.S32 R7, -R4")
    B("I2I.S16.S8 R7, -R4", "s32", lambda v: i2i(-src(v, "S8"), "S16"))
    B("I2I.U8.U16.SAT R7, |R4|", "s32", lambda v: i2i(abs(src(v, "U16")), "U8", sat=True))
    B("I2I.U16.S16 R7, 0x7fff", "s32", lambda v: i2i(0x7FFF, "U16"))
    B("I2I.S32.S64 R7, R8 (low word)", "s32", lambda v: i2i(src(v, "S64"), "S32"), asm="I2I.S32.S64 R7, R8")
    B("I2I.S32.S64.SAT R7, R8", "s32", lambda v: i2i(src(v, "S64"), "S32", sat=True))
    B("I2I.U32.U64.SAT R7, R8", "u32", lambda v: i2i(src(v, "U64"), "U32", sat=True))
    B("I2I.S64.S32 R14, R4", "s64", lambda v: i2i(src(v, "S32"), "S64"))
    B("I2I.U64.U32 R14, R4", "u64", lambda v: i2i(src(v, "U32"), "U64"))
    B("I2I.S64.S16 R14, R4", "s64", lambda v: i2i(src(v, "S16"), "S64"))
    B("I2I.U64.S64.SAT R14, R8", "u64", lambda v: i2i(src(v, "S64"), "U64", sat=True))
    B("I2I.S64.U64.SAT R14, R8", "s64", lambda v: i2i(src(v, "U64"), "S64", sat=True))
    return h


def harnesses():
    return [f2f(), f2i_harness(), i2f_harness(), i2i_harness()]
