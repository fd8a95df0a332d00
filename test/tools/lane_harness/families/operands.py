"""Operands family: the source modifiers `-`, `~` and `|..|` on constant
operands c[bank][offset] (ISA.md 4, operands: they apply to a constant
wherever the form allows them on a register Sb, as on Fermi); the constant
as the third source (Fermi's `IMAD Rd, Ra, Rb, c[bank][offset]` form).

The models are the integer, float, double and convert families' own (the
constant is the operand they would read from a register with the same
modifier), at the edges: INT_MIN, INT_MAX, -1, NaNs, -0.0 and +0.0.
"""
from harness import Harness
from ieee import F32, F64, RN, Real, add, encode, fma, mul
from values import u32

from families.double import DOUBLE_B, d
from families.float import FLOAT_A, FLOAT_B, MODES, minmax, operand, result
from families.integer import EDGE_A, EDGE_B, FLAGS, add_cc, bfi, icmp, mul_hi, prmt

# c[0x2][offset]: the constants read, as their bits.
CONSTS = {0x0: 0x80000000,   # INT_MIN, -0.0f
          0x4: 0x7fffffff,   # INT_MAX, a NaN
          0x8: 0xffffffff,   # -1, a negative NaN
          0xc: 0xbfc00000,   # -1.5f
          0x10: 0x7fc00000,  # the quiet NaN
          0x14: 0x0,         # 0, +0.0f
          0x18: 0x0, 0x1c: 0x80000000,   # -0.0 as a double (low word first)
          0x20: 0x0, 0x24: 0x7ff80000}   # a double NaN
DOUBLE_A = [0x0, 0x8000000000000000, 0x3ff0000000000000, 0xbff0000000000000, 0x7ff0000000000000,
            0xfff0000000000000, 0x7ff8000000000000, 0x1, 0x8000000000000001, 0x7fefffffffffffff,
            0x4000000000000000, 0xc008000000000000, 0x3fe0000000000000, 0x10000000000000,
            0x800fffffffffffff, 0x4059000000000000] * 2


def word(offset):
    return CONSTS[offset]


def double(offset):
    return CONSTS[offset] | CONSTS[offset + 4] << 32


def const_mods():
    h = Harness("operands", "const-mods", """
-c[bank][offset], ~c[..] and |c[..]| (also -|c[..]|) as Sb of the integer,
float, double and conversion instructions that allow the modifier on a
register Sb, at INT_MIN, INT_MAX, -1, NaNs, -0.0 and +0.0 (ISA.md 4,
operands). NaN results are the canonical 0x7fffffff (checked as raw bits).""")
    h.input("a", 32, EDGE_A)    # R4
    h.input("f", 32, FLOAT_A)   # R5
    h.input("x", 64, DOUBLE_A)  # R8:R9
    for off in sorted(CONSTS):
        h.const("const 2 0x%x u32 0x%x" % (off, CONSTS[off]))
    B = h.block
    A = operand

    for off in (0x0, 0x4, 0x8, 0x14):
        c = word(off)
        B("IADD R7, R4, -c[0x2][0x%x]" % off, "u32", lambda v, c=c: u32(v.a - c))
        B("ISUB R7, R4, c[0x2][0x%x]" % off, "u32", lambda v, c=c: u32(v.a - c))
        B("IADD.CC R7, R4, -c[0x2][0x%x]: CF of a + ~c + 1" % off, "u32",
          lambda v, c=c: add_cc(v.a, u32(~c), 1)[1].cf,
          asm=["IADD.CC R7, R4, -c[0x2][0x%x]" % off, "CSETP.CFT.AND P0, PT, CC, PT",
               "P2R R7, PR, RZ, 0x1"])
    B("IADD.SAT R7, R4, -c[0x2][0x0] (-INT_MIN saturates)", "s32",
      lambda v: u32(min(max(_s(v.a) + 2 ** 31, -2 ** 31), 2 ** 31 - 1)),
      asm="IADD.SAT R7, R4, -c[0x2][0x0]")
    B("ISCADD R7, R4, -c[0x2][0x8], 0x4", "u32", lambda v: u32((v.a << 4) + 1))
    B("LOP.AND R7, R4, ~c[0x2][0x0]", "u32", lambda v: v.a & 0x7fffffff)
    B("LOP.XOR R7, ~R4, ~c[0x2][0xc]", "u32", lambda v: u32(~v.a ^ ~0xbfc00000))
    B("POPC R7, R4, ~c[0x2][0x0]", "u32", lambda v: bin(v.a & 0x7fffffff).count("1"))

    for off in (0x0, 0x4, 0xc, 0x10, 0x14):
        c = word(off)
        B("FADD R7, R5, -c[0x2][0x%x]" % off, "u32",
          lambda v, c=c: result(add(A(v.f), A(c, neg=True), RN)))
        B("FADD R7, R5, |c[0x2][0x%x]|" % off, "u32",
          lambda v, c=c: result(add(A(v.f), A(c, absolute=True), RN)))
        B("FMUL R7, R5, -|c[0x2][0x%x]|" % off, "u32",
          lambda v, c=c: result(mul(A(v.f), A(c, neg=True, absolute=True))))
    B("FFMA R7, R5, -c[0x2][0xc], R5", "u32",
      lambda v: result(fma(A(v.f), A(0xbfc00000, neg=True), A(v.f), RN)))
    B("FMNMX R7, R5, -c[0x2][0x0], PT (min with +0.0)", "u32",
      lambda v: minmax(A(v.f), A(0x80000000, neg=True), True),
      asm="FMNMX R7, R5, -c[0x2][0x0], PT")
    B("I2F.F32.S32 R7, -c[0x2][0x0] (-INT_MIN is 2^31)", "f32",
      lambda v: encode(Real.of(2 ** 31), F32, RN), asm="I2F.F32.S32 R7, -c[0x2][0x0]")
    B("I2I.S32.S32 R7, |c[0x2][0x8]|", "s32", lambda v: 1)
    B("F2F.F32.F32 R7, -c[0x2][0x14] (-0.0)", "u32", lambda v: 0x80000000,
      asm="F2F.F32.F32 R7, -c[0x2][0x14]")

    B("DADD R14, R8, -c[0x2][0x18] (-(-0.0))", "u64",
      lambda v: encode(add(d(v.x), d(double(0x18), neg=True), RN), F64, RN),
      asm="DADD R14, R8, -c[0x2][0x18]")
    B("DMUL R14, R8, |c[0x2][0x18]|", "u64",
      lambda v: encode(mul(d(v.x), d(double(0x18), absolute=True)), F64, RN),
      asm="DMUL R14, R8, |c[0x2][0x18]|")
    B("DADD R14, R8, -c[0x2][0x20] (NaN)", "u64",
      lambda v: encode(add(d(v.x), d(double(0x20), neg=True), RN), F64, RN),
      asm="DADD R14, R8, -c[0x2][0x20]")
    return h


# c[0x2][offset] of the constant-third-source harness (its own bank image,
# so that const-mods keeps its inputs).
CONSTS_C = {0x0: 0x80000000,   # INT_MIN, -0.0f
            0x4: 0x7fffffff,   # INT_MAX, a NaN
            0x8: 0xffffffff,   # -1
            0xc: 0xbfc00000,   # -1.5f
            0x10: 0x7fc00000,  # the quiet NaN
            0x14: 0x3f000000,  # 0.5f
            0x18: 0x0, 0x1c: 0x3ff80000,   # 1.5 as a double (low word first)
            0x20: 0x0, 0x24: 0x80000000}   # -0.0 as a double


def const_third():
    h = Harness("operands", "const-rc", """
The constant as the third source (Fermi's form, `IMAD R8, R3, R5,
c[0x0][0x20]`): IMAD (low and .HI words, every signedness, .X, .CC, the
64-bit address idiom .CC then .HI.X), ICMP, BFI, PRMT, FFMA (modes,
.FTZ, .SAT, -c, |c|) and DFMA (-c, |c|), against the register forms'
models with Rc replaced by the constant word (or pair) of bank 2.""")
    h.input("a", 32, EDGE_A)     # R4
    h.input("b", 32, EDGE_B)     # R5
    h.input("f", 32, FLOAT_A)    # R6
    h.input("g", 32, FLOAT_B)    # R8
    h.input("x", 64, DOUBLE_A)   # R10:R11
    h.input("y", 64, DOUBLE_B)   # R12:R13
    for off in sorted(CONSTS_C):
        h.const("const 2 0x%x u32 0x%x" % (off, CONSTS_C[off]))
    B = h.block
    A = operand
    w = CONSTS_C.get

    def pair(off):
        return CONSTS_C[off] | CONSTS_C[off + 4] << 32

    for off in (0x0, 0x8):
        B("IMAD R7, R4, R5, c[0x2][0x%x]" % off, "u32",
          lambda v, c=w(off): u32(v.a * v.b + c))
    B("IMAD.HI R7, R4, R5, c[0x2][0x4]", "u32",
      lambda v: u32(mul_hi(v.a, v.b, 1, 1) + 0x7fffffff))
    B("IMAD.U32.U32.HI R7, R4, R5, c[0x2][0x8]", "u32",
      lambda v: u32(mul_hi(v.a, v.b, 0, 0) + 0xffffffff))
    B("IMAD.S32.U32.HI R7, R4, R5, c[0x2][0x0]", "u32",
      lambda v: u32(mul_hi(v.a, v.b, 1, 0) + 0x80000000))
    B("IMAD.X R7, R4, R5, c[0x2][0x8] after IADD.CC RZ, R4, R5 (+ CF)", "u32",
      lambda v: u32(v.a * v.b + 0xffffffff + add_cc(v.a, v.b)[1].cf),
      asm=["IADD.CC RZ, R4, R5", "IMAD.X R7, R4, R5, c[0x2][0x8]"])
    B("  flags of IMAD.CC R7, R4, R5, c[0x2][0x0] (of lo(Ra*Rb) + c)", "u32",
      lambda v: add_cc(u32(v.a * v.b), 0x80000000)[1].packed(),
      asm=["IMAD.CC R7, R4, R5, c[0x2][0x0]"] + FLAGS)
    # 64-bit address arithmetic as nvcc writes it for sm_20: the unsigned
    # 64-bit product of two words plus a 64-bit constant (the high word of
    # the constant from c[0x2][0x4], the low from c[0x2][0x8]).
    B("IMAD.U32.U32.CC R24, R4, R5, c[0x2][0x8]; IMAD.U32.U32.HI.X R7, R4, R5, c[0x2][0x4]"
      " (high word of a*b + 0x7fffffff_ffffffff)", "u32",
      lambda v: u32((v.a * v.b + 0x7fffffffffffffff) >> 32),
      asm=["IMAD.U32.U32.CC R24, R4, R5, c[0x2][0x8]",
           "IMAD.U32.U32.HI.X R7, R4, R5, c[0x2][0x4]"])
    B("  low word", "u32", lambda v: u32(v.a * v.b + 0x7fffffffffffffff),
      asm=["IMAD.U32.U32.CC R7, R4, R5, c[0x2][0x8]"])

    for cmp, off in (("LT", 0x0), ("GE", 0x0), ("EQ", 0x8), ("NE", 0x8), ("GT", 0x4)):
        B("ICMP.%s R7, R4, R5, c[0x2][0x%x]" % (cmp, off), "u32",
          lambda v, cmp=cmp, c=w(off): v.a if icmp(cmp, c, False) else v.b)
    B("ICMP.LT.U32 R7, R4, R5, c[0x2][0x0] (unsigned: never below 0)", "u32",
      lambda v: v.b, asm="ICMP.LT.U32 R7, R4, R5, c[0x2][0x0]")
    B("BFI R7, R4, R5, c[0x2][0x8] (field of R5 from R4 into -1)", "u32",
      lambda v: bfi(v.a, v.b, 0xffffffff), asm="BFI R7, R4, R5, c[0x2][0x8]")
    B("BFI R7, R4, R5, c[0x2][0x0]", "u32", lambda v: bfi(v.a, v.b, 0x80000000))
    B("PRMT R7, R4, R5, c[0x2][0xc] (bytes of {c, R4} by R5)", "u32",
      lambda v: prmt(v.a, v.b, 0xbfc00000), asm="PRMT R7, R4, R5, c[0x2][0xc]")

    def ffma(x, y, z, mode=RN, ftz=False, sat=False):
        return result(fma(x, y, z, mode), mode=mode, ftz=ftz, sat=sat)

    for suffix, mode in MODES:
        B("FFMA%s R7, R6, R8, c[0x2][0xc]" % suffix, "u32",
          lambda v, m=mode: ffma(A(v.f), A(v.g), A(0xbfc00000), m))
    B("FFMA R7, R6, R8, -c[0x2][0x0] (+0.0)", "u32",
      lambda v: ffma(A(v.f), A(v.g), A(0x80000000, neg=True)),
      asm="FFMA R7, R6, R8, -c[0x2][0x0]")
    B("FFMA R7, -R6, |R8|, -|c[0x2][0xc]|", "u32",
      lambda v: ffma(A(v.f, neg=True), A(v.g, absolute=True), A(0xbfc00000, neg=True, absolute=True)))
    B("FFMA R7, R6, R8, c[0x2][0x10] (NaN)", "u32",
      lambda v: ffma(A(v.f), A(v.g), A(0x7fc00000)), asm="FFMA R7, R6, R8, c[0x2][0x10]")
    B("FFMA.FTZ R7, R6, R8, c[0x2][0x14]", "u32",
      lambda v: ffma(A(v.f, ftz=True), A(v.g, ftz=True), A(0x3f000000), ftz=True))
    B("FFMA.SAT R7, R6, R8, c[0x2][0x14]", "u32",
      lambda v: ffma(A(v.f), A(v.g), A(0x3f000000), sat=True))

    for suffix, mode in MODES:
        B("DFMA%s R14, R10, R12, c[0x2][0x18]" % suffix, "u64",
          lambda v, m=mode: encode(fma(d(v.x), d(v.y), d(pair(0x18)), m), F64, m))
    B("DFMA R14, R10, R12, -c[0x2][0x20] (+0.0)", "u64",
      lambda v: encode(fma(d(v.x), d(v.y), d(pair(0x20), neg=True), RN), F64, RN),
      asm="DFMA R14, R10, R12, -c[0x2][0x20]")
    B("DFMA R14, -R10, |R12|, -|c[0x2][0x18]|", "u64",
      lambda v: encode(fma(d(v.x, neg=True), d(v.y, absolute=True),
                           d(pair(0x18), neg=True, absolute=True), RN), F64, RN))
    return h


def _s(x):
    return x - (1 << 32) if x & 0x80000000 else x


def harnesses():
    return [const_mods(), const_third()]
