"""Integer family: IADD/ISUB/INEG/IADD32I, IMUL/IMAD (.HI per signedness),
ISCADD, IABS, MOV; LOP/LOP32I, SHL/SHR, POPC, FLO; BFE/BFI/PRMT; ICMP, SEL,
IMNMX; the condition codes of .CC and .X.

The reference model follows ISA.md section 4 (integer instructions and
operands) and 3.1 (condition codes); BFE, BFI and PRMT follow the PTX ISA
manual's pseudo-code for bfe, bfi and prmt (default mode), to which ISA.md
points. The predicate family reuses the CC model and the edge values.
"""
from harness import Harness
from values import MASK32, s32, sext, u32

# Edge values shared by the integer and predicate harnesses: per lane,
# a with b covers the carries, overflows and orderings; c holds shift counts
# and field controls; d = the high word compared with b in 64-bit tests.
EDGE_A = [0x0, 0x1, 0xffffffff, 0x80000000, 0x7fffffff, 0x1, 0xffffffff, 0x80000000,
          0x7fffffff, 0x7ffffffe, 0x2, 0xfffffffe, 0x12345678, 0xdeadbeef, 0xffff, 0x10000,
          0x1f, 0x20, 0x21, 0x5, 0xfffffffb, 0x80000001, 0x64, 0x7,
          0xf0f0f0f0, 0xf0f0f0f, 0x3, 0xfffffffd, 0xaaaaaaaa, 0x55555555, 0xf4240, 0xfff0bdc0]
EDGE_B = [0x0, 0x1, 0x1, 0xffffffff, 0x1, 0xffffffff, 0xffffffff, 0x1,
          0xffffffff, 0x2, 0xfffffffe, 0x3, 0x9abcdef0, 0x1234, 0x1f, 0x20,
          0x21, 0x0, 0xfffffffb, 0x5, 0x10000, 0x7fffffff, 0xffffff9c, 0x7,
          0xff00ff0, 0xffff0000, 0x80000000, 0x80000000, 0x55555555, 0xaaaaaaaa, 0xf4240, 0xf423f]
EDGE_C = [0x0, 0x1, 0x1f, 0x20, 0x21, 0x4, 0xffffffff, 0x40, 0xff, 0x10, 0x8, 0x18, 0x3, 0xc,
          0x80000000, 0x5, 0x1, 0x0, 0x1f, 0x1e, 0x2, 0x1, 0x7, 0x6, 0x4, 0x1c, 0x1, 0x2,
          0x11, 0xf, 0x100, 0x21]
EDGE_D = [0x0, 0x2, 0x1, 0xfffffffe, 0x1, 0x0, 0xffffffff, 0x0, 0xffffffff, 0x3, 0xfffffffe,
          0x2, 0x9abcdef0, 0x1235, 0x1f, 0x1f, 0x21, 0x1, 0xfffffffb, 0x4, 0x10000, 0x80000000,
          0xffffff9c, 0x6, 0xff00ff0, 0xffff0001, 0x80000000, 0x7fffffff, 0x55555555, 0xaaaaaaab,
          0xf4240, 0xf423e]

NTID_X, NTID_Y = 32, 1  # c[0x0][0x0], c[0x0][0x4] of a grid=1 block=32 launch

# -- Reference model ---------------------------------------------------------


def imm20(x):
    """A 20-bit immediate operand, sign-extended."""
    return u32(sext(x, 20))


def bit(x, i):
    return (x >> i) & 1


class CC:
    """The condition codes of ISA.md 3.1."""

    def __init__(self, zf=0, sf=0, cf=0, of=0):
        self.zf, self.sf, self.cf, self.of = int(zf), int(sf), int(cf), int(of)

    def packed(self):
        """ZF | SF << 1 | CF << 2 | OF << 3, as the CSETP/P2R readback packs it."""
        return self.zf | self.sf << 1 | self.cf << 2 | self.of << 3

    # The CC tests (CSETP, BRA CC.test, ISETP.X).
    def test(self, name):
        z, s, c, o = self.zf, self.sf, self.cf, self.of
        return {
            "F": False, "T": True, "EQ": z == 1, "NE": z == 0,
            "LT": s != o, "LE": z == 1 or s != o, "GT": z == 0 and s == o, "GE": s == o,
            "LO": c == 0, "LS": c == 0 or z == 1, "HI": c == 1 and z == 0, "HS": c == 1,
            "OFT": o == 1, "OFF": o == 0, "CFT": c == 1, "CFF": c == 0,
            "SFT": s == 1, "SFF": s == 0,
        }[name]


def add_cc(a, b, carry_in=0, cc_in=None):
    """a + b + carry_in on 32-bit words: (result, CC). With .X (cc_in given)
    the incoming ZF is kept: ZF = ZF_in and (r == 0)."""
    full = u32(a) + u32(b) + carry_in
    r = u32(full)
    overflow = bit(a, 31) == bit(b, 31) and bit(r, 31) != bit(a, 31)
    zf = r == 0 if cc_in is None else (cc_in.zf and r == 0)
    return r, CC(zf, bit(r, 31), full >> 32, overflow)


def sub_cc(a, b, cc_in=None):
    """a - b computed as a + ~b + 1 (CF = 1 iff no borrow)."""
    return add_cc(a, ~b, 1, cc_in)


def logic_cc(r):
    """Flags of a logic op or shift: ZF and SF of the result, CF and OF clear."""
    return CC(u32(r) == 0, bit(r, 31))


def iadd_sat(a, b):
    """.SAT: the exact signed sum clamped to the signed 32-bit range."""
    return u32(max(-(1 << 31), min((1 << 31) - 1, s32(a) + s32(b))))


def iadd_sat_sub(a, b):
    return u32(max(-(1 << 31), min((1 << 31) - 1, s32(a) - s32(b))))


def mul_hi(a, b, a_signed, b_signed):
    x = s32(a) if a_signed else u32(a)
    y = s32(b) if b_signed else u32(b)
    return u32((x * y) >> 32)


def shl(x, n, wrap=False):
    n = u32(n)
    if wrap:
        n %= 32
    return 0 if n >= 32 else u32(x << n)


def shr(x, n, signed, wrap=False):
    """Counts of 32 or more give 0, or the sign for signed shifts."""
    n = u32(n)
    if wrap:
        n %= 32
    if signed:
        return u32(s32(x) >> min(n, 31))
    return 0 if n >= 32 else u32(x) >> n


def popc(x):
    return bin(u32(x)).count("1")


def flo(x, signed):
    """Index of the highest significant bit (for signed values the highest bit
    that differs from the sign), 0xffffffff if none."""
    x = u32(x)
    if signed and bit(x, 31):
        x = u32(~x)
    return x.bit_length() - 1 if x else MASK32


def brev(x):
    return int("{:032b}".format(u32(x))[::-1], 2)


def bfe(a, ctl, signed, reverse=False):
    """PTX bfe.u32/s32: position ctl[7:0], length ctl[15:8]."""
    if reverse:
        a = brev(a)
    pos, length = ctl & 0xFF, (ctl >> 8) & 0xFF
    sbit = 0 if not signed or length == 0 else bit(a, min(pos + length - 1, 31))
    d = 0
    for i in range(32):
        d |= (bit(a, pos + i) if i < length and pos + i <= 31 else sbit) << i
    return d


def bfi(a, ctl, base):
    """PTX bfi.b32: insert a's low bits into base at ctl[7:0], ctl[15:8] long."""
    pos, length = ctl & 0xFF, (ctl >> 8) & 0xFF
    f = u32(base)
    i = 0
    while i < length and pos + i <= 31:
        f = (f & ~(1 << (pos + i))) | (bit(a, i) << (pos + i))
        i += 1
    return u32(f)


def prmt(a, sel, c):
    """PTX prmt.b32 default mode: bytes of {c, a} (a = bytes 0..3) picked by
    the four selector nibbles; bit 3 of a nibble replicates the byte's sign."""
    tmp = (u32(c) << 32) | u32(a)
    d = 0
    for n in range(4):
        s = (sel >> (4 * n)) & 0xF
        byte = (tmp >> (8 * (s & 7))) & 0xFF
        if s & 8:
            byte = 0xFF if byte & 0x80 else 0
        d |= byte << (8 * n)
    return d


def compare(cmp, x, y):
    """An integer comparison of ISA.md 3 on exact values."""
    return {"F": False, "LT": x < y, "EQ": x == y, "LE": x <= y, "GT": x > y, "NE": x != y,
            "GE": x >= y, "T": True}[cmp]


def icmp(cmp, x, unsigned):
    """x cmp 0 (ICMP compares Rc with zero)."""
    return compare(cmp, u32(x) if unsigned else s32(x), 0)


def imnmx(a, b, unsigned, take_min):
    """IMNMX: a true predicate selects the minimum (ISA.md 3)."""
    key = u32 if unsigned else s32
    pick = min if take_min else max
    return u32(pick(key(a), key(b), key=lambda v: v))


def odd(lane):
    return lane & 1 == 1


# -- Harnesses ---------------------------------------------------------------

FLAGS = ["CSETP.EQ.AND P0, PT, CC, PT", "CSETP.SFT.AND P1, PT, CC, PT",
         "CSETP.CFT.AND P2, PT, CC, PT", "CSETP.OFT.AND P3, PT, CC, PT",
         "P2R R7, PR, RZ, 0xf"]
ODD_P0 = ["LOP.AND R2, R0, 0x1", "ISETP.NE.AND P0, PT, R2, RZ, PT"]


def edge_inputs(h, *names):
    for name in names:
        h.input(name, 32, {"a": EDGE_A, "b": EDGE_B, "c": EDGE_C, "d": EDGE_D}[name])


def arith():
    h = Harness("integer", "arith", """
Integer add/multiply family over edge values (0, 1, -1, INT_MIN,
INT_MAX, ...), full warp: IADD (negated operands, .SAT, immediates,
c[][] operands, RZ, source == destination), ISUB, INEG, IADD32I, IMUL
(.HI with every signedness), IMAD, ISCADD, IABS, MOV, MOV32I.""")
    edge_inputs(h, "a", "b", "c")
    B = h.block
    B("IADD R7, R4, R5", "s32", lambda v: u32(v.a + v.b))
    B("IADD R7, R4, -R5", "s32", lambda v: u32(v.a - v.b))
    B("IADD R7, -R4, R5", "s32", lambda v: u32(-v.a + v.b))
    B("IADD R7, -R4, -R5", "s32", lambda v: u32(-v.a - v.b))
    B("IADD.SAT R7, R4, R5 (clamps to the signed range)", "s32", lambda v: iadd_sat(v.a, v.b),
      asm="IADD.SAT R7, R4, R5")
    B("IADD.SAT R7, R4, -R5", "s32", lambda v: iadd_sat_sub(v.a, v.b))
    B("IADD R7, R4, 0x7ffff", "s32", lambda v: u32(v.a + imm20(0x7FFFF)))
    B("IADD R7, R4, -0x80000", "s32", lambda v: u32(v.a + imm20(0x80000)))
    B("IADD R7, R4, c[0x0][0x0] (ntid.x = 32)", "s32", lambda v: u32(v.a + NTID_X),
      asm="IADD R7, R4, c[0x0][0x0]")
    B("IADD R7, R4, RZ", "s32", lambda v: v.a)
    B("IADD R7, RZ, -R4", "s32", lambda v: u32(-v.a))
    B("IADD RZ, R4, R5 discards; MOV R7, RZ reads 0", "s32", lambda v: 0,
      asm=["IADD RZ, R4, R5", "MOV R7, RZ"])
    B("source == destination: MOV R7, R4; IADD R7, R7, R7", "s32", lambda v: u32(2 * v.a),
      asm=["MOV R7, R4", "IADD R7, R7, R7"])
    B("source == destination: MOV R7, R5; IADD R7, R4, -R7", "s32", lambda v: u32(v.a - v.b),
      asm=["MOV R7, R5", "IADD R7, R4, -R7"])
    B("ISUB R7, R4, R5 (alias of IADD R7, R4, -R5)", "s32", lambda v: u32(v.a - v.b),
      asm="ISUB R7, R4, R5")
    B("INEG R7, R4 (alias of IADD R7, RZ, -R4)", "s32", lambda v: u32(-v.a), asm="INEG R7, R4")
    B("IADD32I R7, R4, 0x12345678", "s32", lambda v: u32(v.a + 0x12345678))
    B("IADD32I R7, -R4, 0x80000000", "s32", lambda v: u32(-v.a + 0x80000000))
    B("IADD32I R7, R4, -0x1", "s32", lambda v: u32(v.a - 1))
    B("IMUL R7, R4, R5 (low word)", "s32", lambda v: u32(v.a * v.b), asm="IMUL R7, R4, R5")
    B("IMUL.U32 R7, R4, R5 (low word, same as signed)", "s32", lambda v: u32(v.a * v.b),
      asm="IMUL.U32 R7, R4, R5")
    for mods, sa, sb, note in [("HI", 1, 1, "signed x signed"), ("U32.HI", 0, 0, "unsigned x unsigned"),
                               ("U32.S32.HI", 0, 1, "unsigned Ra x signed Sb"),
                               ("S32.U32.HI", 1, 0, "signed Ra x unsigned Sb")]:
        asm = "IMUL.%s R7, R4, R5" % mods
        B("%s (%s)" % (asm, note), "u32", lambda v, sa=sa, sb=sb: mul_hi(v.a, v.b, sa, sb), asm=asm)
    B("IMUL R7, R4, -0x3", "s32", lambda v: u32(v.a * -3))
    B("IMUL.HI R7, R4, -0x3", "u32", lambda v: mul_hi(v.a, imm20(-3), 1, 1))
    B("IMAD R7, R4, R5, R6", "s32", lambda v: u32(v.a * v.b + v.c))
    B("IMAD R7, R4, 0x10, R5", "s32", lambda v: u32(v.a * 16 + v.b))
    B("IMAD.HI R7, R4, R5, R6 (high word of the signed product, plus Rc)", "u32",
      lambda v: u32(mul_hi(v.a, v.b, 1, 1) + v.c), asm="IMAD.HI R7, R4, R5, R6")
    B("IMAD.U32.HI R7, R4, R5, R6", "u32", lambda v: u32(mul_hi(v.a, v.b, 0, 0) + v.c))
    B("IMAD source == destination: MOV R7, R6; IMAD R7, R7, R7, R7", "u32",
      lambda v: u32(v.c * v.c + v.c), asm=["MOV R7, R6", "IMAD R7, R7, R7, R7"])
    for shift in (0, 5, 31):
        B("ISCADD R7, R4, R5, %#x" % shift, "s32", lambda v, s=shift: u32((v.a << s) + v.b))
    B("ISCADD R7, -R4, R5, 0x2", "s32", lambda v: u32((-v.a << 2) + v.b))
    B("ISCADD R7, R4, 0x100, 0x2", "s32", lambda v: u32((v.a << 2) + 0x100))
    B("IABS R7, R4 (IABS of INT_MIN is INT_MIN)", "s32", lambda v: u32(abs(s32(v.a))), asm="IABS R7, R4")
    B("IABS R7, -0x5", "s32", lambda v: 5)
    B("MOV R7, R5", "u32", lambda v: v.b)
    B("MOV R7, -0x80000", "s32", lambda v: imm20(0x80000))
    B("MOV R7, 0x7ffff", "s32", lambda v: 0x7FFFF)
    B("MOV R7, c[0x0][0x4] (ntid.y = 1)", "s32", lambda v: NTID_Y, asm="MOV R7, c[0x0][0x4]")
    B("MOV32I R7, 0xdeadbeef", "u32", lambda v: 0xDEADBEEF)
    B("MOV32I R7, -0x1", "u32", lambda v: MASK32)
    return h


def logic():
    h = Harness("integer", "logic", """
LOP/LOP32I (every op, inverted operands), SHL/SHR (counts 0..255,
0x80000000 and -1: counts >= 32 give 0 or the sign, .W wraps), POPC
(and its one-operand alias) and FLO (.U32, signed; .SH in flo-sh.simt)
over edge values.""")
    edge_inputs(h, "a", "b", "c")
    B = h.block
    ops = {"AND": lambda x, y: x & y, "OR": lambda x, y: x | y, "XOR": lambda x, y: x ^ y,
           "PASS_B": lambda x, y: y}
    for op in ("AND", "OR", "XOR", "PASS_B"):
        B("LOP.%s R7, R4, R5" % op, "u32", lambda v, f=ops[op]: f(v.a, v.b))
    B("LOP.AND R7, ~R4, R5", "u32", lambda v: u32(~v.a & v.b))
    B("LOP.OR R7, R4, ~R5", "u32", lambda v: u32(v.a | ~v.b))
    B("LOP.XOR R7, ~R4, ~R5", "u32", lambda v: u32(~v.a ^ ~v.b))
    B("LOP.PASS_B R7, RZ, ~R5 (NOT)", "u32", lambda v: u32(~v.b), asm="LOP.PASS_B R7, RZ, ~R5")
    B("LOP.AND R7, R4, 0x7ffff", "u32", lambda v: v.a & imm20(0x7FFFF))
    B("LOP.AND R7, R4, -0x80000 (sign-extended 20-bit immediate)", "u32",
      lambda v: v.a & imm20(0x80000), asm="LOP.AND R7, R4, -0x80000")
    B("LOP.XOR R7, R7, R7 after MOV R7, R4 (source == destination)", "u32", lambda v: 0,
      asm=["MOV R7, R4", "LOP.XOR R7, R7, R7"])
    B("LOP32I.AND R7, R4, 0xf0f0f0f0", "u32", lambda v: v.a & 0xF0F0F0F0)
    B("LOP32I.OR R7, R4, 0x80000000", "u32", lambda v: v.a | 0x80000000)
    B("LOP32I.XOR R7, ~R4, 0x12345678", "u32", lambda v: u32(~v.a ^ 0x12345678))
    B("LOP32I.PASS_B R7, R4, 0xcafef00d", "u32", lambda v: 0xCAFEF00D)
    B("SHL R7, R4, R6", "u32", lambda v: shl(v.a, v.c))
    B("SHL.W R7, R4, R6", "u32", lambda v: shl(v.a, v.c, wrap=True))
    B("SHL R7, R4, 0x1f", "u32", lambda v: shl(v.a, 31))
    B("SHL R7, R4, 0x20", "u32", lambda v: shl(v.a, 32))
    B("SHR R7, R4, R6 (arithmetic)", "s32", lambda v: shr(v.a, v.c, True), asm="SHR R7, R4, R6")
    B("SHR.U32 R7, R4, R6", "u32", lambda v: shr(v.a, v.c, False))
    B("SHR.W R7, R4, R6", "s32", lambda v: shr(v.a, v.c, True, wrap=True))
    B("SHR.U32.W R7, R4, R6", "u32", lambda v: shr(v.a, v.c, False, wrap=True))
    B("SHR R7, R4, 0x21 (sign)", "s32", lambda v: shr(v.a, 33, True), asm="SHR R7, R4, 0x21")
    B("SHR.U32 R7, R4, 0x1", "u32", lambda v: shr(v.a, 1, False))
    B("SHL source == destination: MOV R7, R6; SHL R7, R7, R7", "u32", lambda v: shl(v.c, v.c),
      asm=["MOV R7, R6", "SHL R7, R7, R7"])
    B("POPC R7, R4, R5", "u32", lambda v: popc(v.a & v.b))
    B("POPC R7, ~R4, R5", "u32", lambda v: popc(~v.a & v.b))
    B("POPC R7, R4, ~R5", "u32", lambda v: popc(v.a & ~v.b))
    B("POPC R7, R4 (alias of POPC R7, R4, R4)", "u32", lambda v: popc(v.a), asm="POPC R7, R4")
    B("POPC R7, R4, 0xff", "u32", lambda v: popc(v.a & 0xFF))
    B("POPC R7, RZ, R4", "u32", lambda v: 0)
    B("FLO.U32 R7, R4 (0xffffffff when no bit is set)", "u32", lambda v: flo(v.a, False),
      asm="FLO.U32 R7, R4")
    B("FLO R7, R4 (signed: highest bit that differs from the sign)", "u32", lambda v: flo(v.a, True),
      asm="FLO R7, R4")
    B("FLO.U32 R7, ~R4", "u32", lambda v: flo(~v.a, False))
    B("FLO.U32 R7, 0x100", "u32", lambda v: flo(0x100, False))
    return h


FLO_SH_INPUT = [0x1, 0x2, 0x3, 0x80000000, 0x7fffffff, 0x10000, 0x12345678, 0xffff, 0x5, 0x40,
                0x20000000, 0xfffffffe, 0xffff0000, 0x100, 0x8000, 0x80000001]


def flo_sh():
    h = Harness("integer", "flo-sh", """
FLO.SH and FLO.U32.SH (shift amount 31 - index) on inputs with a
significant bit (the no-bit case is not fixed by ISA.md).""", lanes=16)
    h.input("a", 32, FLO_SH_INPUT)
    h.block("FLO.U32.SH R7, R4", "u32", lambda v: 31 - flo(v.a, False))
    h.block("FLO.SH R7, R4", "u32", lambda v: 31 - flo(v.a, True))
    return h


BFE_CTL = [0x0, 0x2000, 0x800, 0x808, 0x418, 0x101c, 0x120, 0xc14, 0x1010, 0xf00, 0x801, 0x2001,
           0x1f01, 0xff00, 0xff, 0x8ff, 0x404, 0x1808, 0x210, 0x11f, 0x101f, 0xc00, 0x2004, 0x100,
           0x600, 0xd03, 0x1e02, 0xb15, 0x830, 0x12345f08, 0x907, 0x410]
PRMT_SEL = [0x3210, 0x7654, 0x123, 0x4567, 0x1111, 0x8888, 0xba98, 0xfedc, 0x3276, 0x0, 0x7777,
            0x9b3f, 0x5140, 0x6273, 0x808, 0xc0c0, 0x3210, 0x7654, 0x89ab, 0x1032, 0x2301, 0x4321,
            0x8765, 0xff, 0x3210, 0x7531, 0x6420, 0xcdef, 0x1357, 0x246, 0x3210, 0xffff]


def bitfield():
    h = Harness("integer", "bitfield", """
BFE (.U32, signed, .BREV), BFI and PRMT, following PTX bfe/bfi/prmt
at the edges: length 0, length 32, position + length beyond 32,
position beyond 31; PRMT selectors with sign replication (bit 3).""")
    edge_inputs(h, "a", "b")
    h.input("ctl", 32, BFE_CTL)
    h.input("sel", 32, PRMT_SEL)
    B = h.block
    B("BFE.U32 R7, R4, R6", "u32", lambda v: bfe(v.a, v.ctl, False))
    B("BFE R7, R4, R6 (signed)", "u32", lambda v: bfe(v.a, v.ctl, True), asm="BFE R7, R4, R6")
    B("BFE.U32 R7, R4, 0x808", "u32", lambda v: bfe(v.a, 0x808, False))
    B("BFE R7, R4, 0x1008", "u32", lambda v: bfe(v.a, 0x1008, True))
    B("BFE.U32.BREV R7, R4, 0x2000 (bit reverse)", "u32", lambda v: bfe(v.a, 0x2000, False, True),
      asm="BFE.U32.BREV R7, R4, 0x2000")
    B("BFI R7, R5, R6, R4", "u32", lambda v: bfi(v.b, v.ctl, v.a))
    B("BFI R7, R5, 0x808, RZ", "u32", lambda v: bfi(v.b, 0x808, 0))
    B("BFI R7, R4, 0x1010, R4 (insert into itself)", "u32", lambda v: bfi(v.a, 0x1010, v.a),
      asm="BFI R7, R4, 0x1010, R4")
    B("PRMT R7, R4, R8, R5", "u32", lambda v: prmt(v.a, v.sel, v.b))
    B("PRMT R7, R4, 0x3210, R5 (identity)", "u32", lambda v: prmt(v.a, 0x3210, v.b),
      asm="PRMT R7, R4, 0x3210, R5")
    B("PRMT R7, R4, 0x7654, R5 (Rc)", "u32", lambda v: prmt(v.a, 0x7654, v.b), asm="PRMT R7, R4, 0x7654, R5")
    B("PRMT R7, R4, 0x0123, RZ (byte swap)", "u32", lambda v: prmt(v.a, 0x0123, 0),
      asm="PRMT R7, R4, 0x123, RZ")
    B("PRMT R7, R4, 0x8880, RZ (sign-extend byte 0)", "u32", lambda v: prmt(v.a, 0x8880, 0),
      asm="PRMT R7, R4, 0x8880, RZ")
    B("PRMT R7, R4, 0x9910, RZ (sign-extend half 0)", "u32", lambda v: prmt(v.a, 0x9910, 0),
      asm="PRMT R7, R4, 0x9910, RZ")
    return h


def funnel(lo, hi, n, left, wrap):
    """PTX shf: hi:lo shifted by n (mod 32 with .wrap, else clamped to 32)."""
    n = n & 31 if wrap else min(n, 32)
    v = hi << 32 | lo
    return (v << n) >> 32 & 0xFFFFFFFF if left else (v >> n) & 0xFFFFFFFF


def shf():
    h = Harness("integer", "shf", """
SHF.L/.R (sm_35, PTX shf): the funnel shift of Rc:Ra (Ra the low word)
by Sb, clamped to 32, or modulo 32 with .W; shift amounts 0, 31, 32 and
above from a register, and immediates.""", target="sm_35")
    edge_inputs(h, "a", "b")
    h.input("n", 32, [0, 1, 4, 8, 16, 31, 32, 33, 63, 64, 100, 0xFFFFFFFF, 5, 12, 20, 27,
                      2, 3, 7, 9, 15, 17, 23, 24, 30, 34, 40, 48, 31, 1, 0x80000000, 6])
    B = h.block
    B("SHF.L R7, R4, R6, R5", "u32", lambda v: funnel(v.a, v.b, v.n, True, False))
    B("SHF.L.W R7, R4, R6, R5", "u32", lambda v: funnel(v.a, v.b, v.n, True, True))
    B("SHF.R R7, R4, R6, R5", "u32", lambda v: funnel(v.a, v.b, v.n, False, False))
    B("SHF.R.W R7, R4, R6, R5", "u32", lambda v: funnel(v.a, v.b, v.n, False, True))
    B("SHF.L R7, R4, 0x8, R5", "u32", lambda v: funnel(v.a, v.b, 8, True, False))
    B("SHF.R.W R7, R4, 0x24, R5", "u32", lambda v: funnel(v.a, v.b, 0x24, False, True))
    B("SHF.R R7, R4, 0x24, RZ", "u32", lambda v: funnel(v.a, 0, 0x24, False, False))
    return h


def select():
    h = Harness("integer", "select", """
ICMP (every comparison, signed and .U32, against zero), SEL and IMNMX
(predicate true selects the minimum, as on Fermi) with P, !P, PT, !PT.""")
    edge_inputs(h, "a", "b", "c")
    B = h.block
    for cmp in ("F", "LT", "EQ", "LE", "GT", "NE", "GE", "T"):
        asm = "ICMP.%s R7, R5, R6, R4" % cmp
        B("%s: R4 %s 0 ? R5 : R6" % (asm, cmp), "u32",
          lambda v, cmp=cmp: v.b if icmp(cmp, v.a, False) else v.c, asm=asm)
    for cmp in ("LT", "LE", "GT", "GE", "NE"):
        B("ICMP.%s.U32 R7, R5, R6, R4" % cmp, "u32",
          lambda v, cmp=cmp: v.b if icmp(cmp, v.a, True) else v.c)
    B("ICMP.EQ R7, R5, 0x77, RZ", "u32", lambda v: v.b)
    B("ICMP.NE R7, R5, 0x77, RZ", "u32", lambda v: 0x77)
    B("SEL R7, R4, R5, P0 (P0 = odd lane)", "u32", lambda v: v.a if odd(v.lane) else v.b,
      asm=ODD_P0 + ["SEL R7, R4, R5, P0"])
    B("SEL R7, R4, R5, !P0", "u32", lambda v: v.b if odd(v.lane) else v.a,
      asm=ODD_P0 + ["SEL R7, R4, R5, !P0"])
    B("SEL R7, R4, 0x1, PT", "u32", lambda v: v.a)
    B("SEL R7, R4, 0x1, !PT", "u32", lambda v: 1)
    B("SEL R7, R4, c[0x0][0x0], !PT", "u32", lambda v: NTID_X)
    B("IMNMX R7, R4, R5, PT (signed min)", "s32", lambda v: imnmx(v.a, v.b, False, True),
      asm="IMNMX R7, R4, R5, PT")
    B("IMNMX R7, R4, R5, !PT (signed max)", "s32", lambda v: imnmx(v.a, v.b, False, False),
      asm="IMNMX R7, R4, R5, !PT")
    B("IMNMX.U32 R7, R4, R5, PT (unsigned min)", "u32", lambda v: imnmx(v.a, v.b, True, True),
      asm="IMNMX.U32 R7, R4, R5, PT")
    B("IMNMX.U32 R7, R4, R5, !PT (unsigned max)", "u32", lambda v: imnmx(v.a, v.b, True, False),
      asm="IMNMX.U32 R7, R4, R5, !PT")
    B("IMNMX.U32 R7, R4, 0x1f, PT (clamp to 31)", "u32", lambda v: imnmx(v.a, 0x1F, True, True),
      asm="IMNMX.U32 R7, R4, 0x1f, PT")
    B("IMNMX R7, R4, -0x1, !PT (max with -1)", "s32", lambda v: imnmx(v.a, MASK32, False, False),
      asm="IMNMX R7, R4, -0x1, !PT")
    B("IMNMX R7, R4, R5, P0 (odd lanes min, even lanes max)", "s32",
      lambda v: imnmx(v.a, v.b, False, odd(v.lane)), asm=ODD_P0 + ["IMNMX R7, R4, R5, P0"])
    return h


def cc():
    h = Harness("integer", "cc", """
Condition codes written by .CC (ISA.md 3.1), read back with CSETP and
P2R as ZF | SF << 1 | CF << 2 | OF << 3; .X carries: 64-bit add and
subtract whose ZF covers both words; IMAD.X; IMUL.CC (ZF, SF only);
logic ops and shifts clear CF and OF.""")
    edge_inputs(h, "a", "b", "c")
    B = h.block

    def flags(title, asm, model):
        """A block reading back the CC that `asm` leaves, packed."""
        B(title, "u32", lambda v: model(v).packed(), asm=asm + FLAGS)

    B("IADD.CC R7, R4, R5: result", "s32", lambda v: add_cc(v.a, v.b)[0], asm="IADD.CC R7, R4, R5")
    flags("  flags of IADD.CC R7, R4, R5", ["IADD.CC R7, R4, R5"], lambda v: add_cc(v.a, v.b)[1])
    flags("  flags of IADD.CC R7, R4, -R5 (a + ~b + 1: CF = no borrow)", ["IADD.CC R7, R4, -R5"],
          lambda v: sub_cc(v.a, v.b)[1])
    flags("  flags of IADD32I.CC R7, R4, 0x80000000", ["IADD32I.CC R7, R4, 0x80000000"],
          lambda v: add_cc(v.a, 0x80000000)[1])
    flags("  flags of ISCADD.CC R7, R4, R5, 0x1", ["ISCADD.CC R7, R4, R5, 0x1"],
          lambda v: add_cc(u32(v.a << 1), v.b)[1])

    def add64(v):
        lo, cc_lo = add_cc(v.a, v.c)
        hi, _ = add_cc(v.b, v.a, cc_lo.cf, cc_lo)
        return lo, hi

    def sub64(v, a_lo, b_lo, a_hi, b_hi):
        lo, cc_lo = sub_cc(a_lo, b_lo)
        return add_cc(a_hi, ~b_hi, cc_lo.cf, cc_lo)

    B("64-bit add: IADD.CC R24, R4, R6; IADD.X R25, R5, R4 -> low word", "u32", lambda v: add64(v)[0],
      asm=["IADD.CC R24, R4, R6", "IADD.X R25, R5, R4", "MOV R7, R24"])
    B("  high word", "u32", lambda v: add64(v)[1], asm=["IADD.CC R24, R4, R6", "IADD.X R7, R5, R4"])
    B("64-bit subtract: IADD.CC R24, R4, -R6; IADD.X R7, R5, -R4 -> high word", "u32",
      lambda v: sub64(v, v.a, v.c, v.b, v.a)[0], asm=["IADD.CC R24, R4, -R6", "IADD.X R7, R5, -R4"])
    flags("  flags after the 64-bit subtract (ZF = both words zero)",
          ["IADD.CC R24, R4, -R6", "IADD.X.CC R7, R5, -R4"], lambda v: sub64(v, v.a, v.c, v.b, v.a)[1])
    flags("  flags after IADD.CC R24, R4, -R4; IADD.X.CC R7, R5, -R6 (low words equal)",
          ["IADD.CC R24, R4, -R4", "IADD.X.CC R7, R5, -R6"], lambda v: sub64(v, v.a, v.a, v.b, v.c)[1])
    B("IADD32I.X R7, R5, 0x0 after IADD.CC RZ, R4, R6 (adds the carry)", "u32",
      lambda v: u32(v.b + add_cc(v.a, v.c)[1].cf), asm=["IADD.CC RZ, R4, R6", "IADD32I.X R7, R5, 0x0"])
    B("IMAD.X R7, R4, R5, R6 after IADD.CC RZ, R4, R5 (+ CF)", "u32",
      lambda v: u32(v.a * v.b + v.c + add_cc(v.a, v.b)[1].cf),
      asm=["IADD.CC RZ, R4, R5", "IMAD.X R7, R4, R5, R6"])
    flags("  flags of IMAD.CC R7, R4, R5, R6 (of the addition lo(Ra*Sb) + Rc)", ["IMAD.CC R7, R4, R5, R6"],
          lambda v: add_cc(u32(v.a * v.b), v.c)[1])
    # A carry is set first, so that clearing CF is observable.
    flags("  flags of IMUL.CC R7, R4, R5 (ZF, SF; CF and OF clear)",
          ["IADD.CC RZ, R4, R4", "IMUL.CC R7, R4, R5"],
          lambda v: logic_cc(u32(v.a * v.b)))
    flags("  flags of LOP.XOR.CC R7, R4, R5 after a carry", ["IADD.CC RZ, R4, R4", "LOP.XOR.CC R7, R4, R5"],
          lambda v: logic_cc(v.a ^ v.b))
    flags("  flags of LOP32I.AND.CC R7, R4, 0x80000000",
          ["IADD.CC RZ, R4, R4", "LOP32I.AND.CC R7, R4, 0x80000000"],
          lambda v: logic_cc(v.a & 0x80000000))
    flags("  flags of SHL.CC R7, R4, R6", ["IADD.CC RZ, R4, R4", "SHL.CC R7, R4, R6"],
          lambda v: logic_cc(shl(v.a, v.c)))
    flags("  flags of SHR.CC R7, R4, R6", ["IADD.CC RZ, R4, R4", "SHR.CC R7, R4, R6"],
          lambda v: logic_cc(shr(v.a, v.c, True)))
    flags("  flags of IADD.CC RZ, R4, R5 (RZ destination still sets CC)", ["IADD.CC RZ, R4, R5"],
          lambda v: add_cc(v.a, v.b)[1])
    flags("  guard false: @!PT IADD.CC leaves the flags of IADD.CC RZ, R5, R5",
          ["IADD.CC RZ, R5, R5", "@!PT IADD.CC RZ, R4, R6"], lambda v: add_cc(v.b, v.b)[1])
    return h


def harnesses():
    return [arith(), logic(), flo_sh(), bitfield(), shf(), select(), cc()]
