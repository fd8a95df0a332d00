"""Operands family: the source modifiers `-`, `~` and `|..|` on constant
operands c[bank][offset] (ISA.md 4, operands: they apply to a constant
wherever the form allows them on a register Sb, as on Fermi).

The models are the integer, float, double and convert families' own (the
constant is the operand they would read from a register with the same
modifier), at the edges: INT_MIN, INT_MAX, -1, NaNs, -0.0 and +0.0.
"""
from harness import Harness
from ieee import F32, F64, RN, Real, add, encode, fma, mul
from values import u32

from families.double import d
from families.float import FLOAT_A, minmax, operand, result
from families.integer import EDGE_A, add_cc

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


def _s(x):
    return x - (1 << 32) if x & 0x80000000 else x


def harnesses():
    return [const_mods()]
