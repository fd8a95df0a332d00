"""Predicate family: ISETP/ISET, FSETP/FSET, DSETP/DSET, CSETP/CSET,
PSETP/PSET, VSETP/VSET, P2R/R2P.

The reference model follows ISA.md section 3 (predicate-setting
instructions: Pu = cmp bop Pp', Pv = (!cmp) bop Pp'; the *SET forms write
0xffffffff/0, or 1.0f/0.0f with .BF; P2R/R2P masks) and 3.1 (CC tests,
ISETP.X). Results are read back as P0 | P1 << 1 with P2R.
"""
from harness import Harness
from ieee import F32, F64, Real, decode, equal, flush, less
from values import MASK32, sext, u32, zext

from families.integer import CC, EDGE_A, EDGE_B, EDGE_C, EDGE_D, NTID_X, add_cc, compare, sub_cc

ONE_F32 = 0x3F800000
P2_ODD = ["LOP.AND R2, R0, 0x1", "ISETP.NE.AND P2, PT, R2, RZ, PT"]
READ_P0_P1 = "P2R R7, PR, RZ, 0x3"
CLEAR_P1 = "ISETP.F.AND P1, PT, RZ, RZ, PT"

# -- Reference model ---------------------------------------------------------

BOPS = {"AND": lambda x, y: x and y, "OR": lambda x, y: x or y, "XOR": lambda x, y: x != y}


def combine(cmp, bop, p):
    """(Pu, Pv) = (cmp bop Pp', (!cmp) bop Pp')."""
    return BOPS[bop](cmp, p), BOPS[bop](not cmp, p)


def packed(pu, pv):
    return int(pu) | int(pv) << 1


def setp(cmp, bop, p):
    """P0 | P1 << 1 of a *SETP with destinations P0, P1."""
    return packed(*combine(cmp, bop, p))


def set_value(cmp, bop, p, bf=False):
    """A *SET destination: 0xffffffff/0, or 1.0f/0.0f with .BF."""
    r = BOPS[bop](cmp, p)
    return (ONE_F32 if bf else MASK32) if r else 0


def int_compare(cmp, a, b, unsigned):
    x, y = (u32(a), u32(b)) if unsigned else (sext(a, 32), sext(b, 32))
    return compare(cmp, x, y)


def cmp_on_flags(cmp, cc, unsigned):
    """ISETP.X: the comparison read from the flags of Ra + ~Sb + CF."""
    test = {"LT": "LO", "LE": "LS", "GT": "HI", "GE": "HS"}.get(cmp, cmp) if unsigned else cmp
    return cc.test(test)


def x_compare(cmp, a_lo, a_hi, b_lo, b_hi, unsigned):
    """The 64-bit comparison of IADD.CC RZ, a_lo, -b_lo; ISETP.cmp.X a_hi, b_hi."""
    _, cc_lo = sub_cc(a_lo, b_lo)
    _, cc = add_cc(a_hi, ~b_hi, cc_lo.cf, cc_lo)
    return cmp_on_flags(cmp, cc, unsigned)


def float_compare(cmp, a, b):
    """FSETP/DSETP comparisons on Reals: the ordered forms are false and the U
    forms true when a side is NaN."""
    unordered = a.is_nan or b.is_nan
    if cmp == "NUM":
        return not unordered
    if cmp == "NAN":
        return unordered
    if cmp in ("F", "T"):
        return cmp == "T"
    if unordered:
        return cmp.endswith("U")
    base = cmp[:-1] if cmp.endswith("U") else cmp
    lt, eq = less(a, b), equal(a, b)
    return {"LT": lt, "EQ": eq, "LE": lt or eq, "GT": not (lt or eq), "NE": not eq,
            "GE": not lt}[base]


def fop(bits, fmt, neg=False, absolute=False, ftz=False):
    """A float source operand with its modifiers."""
    x = decode(bits, fmt)
    if ftz:
        x = flush(x, fmt)
    if absolute:
        x = abs(x)
    return -x if neg else x


def f32(v):
    return Real.of(v)


def part(x, spec):
    """A VSETP/VSET (or video) source spelled TYPE[.SEL] ("U8.B2",
    "S16.H1", "U32.B1", "S32"): the byte (.B0-.B3) or half (.H0/.H1) the
    selector names, or without one the low part the type's width covers,
    zero- or sign-extended per the type (ISA.md 3 and 4.1)."""
    typ, _, sel = spec.partition(".")
    width = {"B": 8, "H": 16}[sel[0]] if sel else int(typ[1:])
    index = int(sel[1]) if sel else 0
    v = (x >> (width * index)) & ((1 << width) - 1)
    return sext(v, width) if typ[0] == "S" else zext(v, width)


def odd(lane):
    return lane & 1 == 1


# -- Harnesses ---------------------------------------------------------------

INT_CMPS = ["F", "LT", "EQ", "LE", "GT", "NE", "GE", "T"]
FLOAT_CMPS = ["F", "LT", "EQ", "LE", "GT", "NE", "GE", "NUM", "NAN", "LTU", "EQU", "LEU", "GTU",
              "NEU", "GEU", "T"]


def edge_inputs(h, *names):
    for name in names:
        h.input(name, 32, {"a": EDGE_A, "b": EDGE_B, "c": EDGE_C, "d": EDGE_D}[name])


def isetp():
    h = Harness("predicate", "isetp", """
ISETP: every comparison, signed and .U32, AND/OR/XOR with a negated
or plain source predicate, both destinations (P0 | P1 << 1 via P2R),
PT destinations, immediates; .X compares 64-bit values {R4, R5} and
{R6, R8} after IADD.CC RZ, R4, -R6. P2 = lane is odd.""")
    edge_inputs(h, "a", "b", "c", "d")
    h.setup(*P2_ODD)

    def B(title, model, asm=None):
        asm = [asm or title] if not isinstance(asm, list) else asm
        h.block(title, "u32", model, asm=asm + [READ_P0_P1])

    for unsigned in (False, True):
        for cmp in INT_CMPS:
            B("ISETP.%s%s.AND P0, P1, R4, R5, PT" % (cmp, ".U32" if unsigned else ""),
              lambda v, c=cmp, u=unsigned: setp(int_compare(c, v.a, v.b, u), "AND", True))
    B("ISETP.LT.OR P0, P1, R4, R5, P2", lambda v: setp(int_compare("LT", v.a, v.b, False), "OR", odd(v.lane)))
    B("ISETP.GE.U32.XOR P0, P1, R4, R5, !P2",
      lambda v: setp(int_compare("GE", v.a, v.b, True), "XOR", not odd(v.lane)))
    B("ISETP.NE.AND P0, P1, R4, R5, P2",
      lambda v: setp(int_compare("NE", v.a, v.b, False), "AND", odd(v.lane)))
    B("ISETP.EQ.AND P0, PT, R4, 0x1, PT then P1 = 0 (PT destination discarded)",
      lambda v: packed(v.a == 1, False),
      asm=["ISETP.EQ.AND P1, PT, RZ, 0x1, PT", "ISETP.EQ.AND P0, PT, R4, 0x1, PT"])
    B("ISETP.GT.AND P0, P1, R4, -0x1, PT", lambda v: setp(int_compare("GT", v.a, MASK32, False), "AND", True))
    B("ISETP.LE.U32.AND P0, P1, R4, c[0x0][0x0], PT (32)",
      lambda v: setp(int_compare("LE", v.a, NTID_X, True), "AND", True),
      asm="ISETP.LE.U32.AND P0, P1, R4, c[0x0][0x0], PT")
    B("ISETP.LT P0, R4, R5 (short form) into P0; P1 cleared first",
      lambda v: packed(int_compare("LT", v.a, v.b, False), False), asm=[CLEAR_P1, "ISETP.LT P0, R4, R5"])
    B("guard false: @!PT ISETP leaves P0, P1 of ISETP.EQ.AND P0, P1, R4, R4, PT",
      lambda v: packed(True, False),
      asm=["ISETP.EQ.AND P0, P1, R4, R4, PT", "@!PT ISETP.NE.AND P0, P1, R4, R4, PT"])
    for unsigned, cmps in ((False, ["LT", "EQ", "LE", "GT", "NE", "GE"]), (True, ["LT", "LE", "GT", "GE"])):
        for cmp in cmps:
            inst = "ISETP.%s%s.X.AND P0, P1, R5, R8, PT" % (cmp, ".U32" if unsigned else "")
            B("64-bit %s: IADD.CC RZ, R4, -R6; %s" % ("unsigned" if unsigned else "signed", inst),
              lambda v, c=cmp, u=unsigned: setp(x_compare(c, v.a, v.b, v.c, v.d, u), "AND", True),
              asm=["IADD.CC RZ, R4, -R6", inst])
    return h


def iset():
    h = Harness("predicate", "iset", """
ISET: the comparison combined with a predicate as 0xffffffff/0, or
1.0f/0.0f with .BF; .CC sets ZF and SF from that result; .X.""")
    edge_inputs(h, "a", "b", "c", "d")
    h.setup(*P2_ODD)
    B = h.block
    for cmp in INT_CMPS:
        B("ISET.%s.AND R7, R4, R5, PT" % cmp, "u32",
          lambda v, c=cmp: set_value(int_compare(c, v.a, v.b, False), "AND", True))
    B("ISET.LT.U32.AND R7, R4, R5, PT", "u32",
      lambda v: set_value(int_compare("LT", v.a, v.b, True), "AND", True))
    B("ISET.NE.AND.BF R7, R4, R5, P2 (1.0 or 0.0)", "f32",
      lambda v: set_value(int_compare("NE", v.a, v.b, False), "AND", odd(v.lane), bf=True),
      asm="ISET.NE.AND.BF R7, R4, R5, P2")
    B("ISET.GE.OR R7, R4, 0x1, !P2", "u32",
      lambda v: set_value(int_compare("GE", v.a, 1, False), "OR", not odd(v.lane)))
    B("ISET.EQ.XOR.BF R7, R4, R5, P2", "f32",
      lambda v: set_value(int_compare("EQ", v.a, v.b, False), "XOR", odd(v.lane), bf=True))

    def result_flags(r):
        """ZF | SF << 1 of a result, as ISET.CC sets them."""
        return CC(r == 0, r >> 31).packed() & 0x3

    flag_read = ["CSETP.EQ.AND P0, PT, CC, PT", "CSETP.SFT.AND P1, PT, CC, PT", READ_P0_P1]
    B("  flags (ZF | SF << 1) of ISET.GT.AND.CC R7, R4, R5, PT", "u32",
      lambda v: result_flags(set_value(int_compare("GT", v.a, v.b, False), "AND", True)),
      asm=["ISET.GT.AND.CC R7, R4, R5, PT"] + flag_read)
    B("  flags of ISET.GT.AND.BF.CC R7, R4, R5, PT", "u32",
      lambda v: result_flags(set_value(int_compare("GT", v.a, v.b, False), "AND", True, bf=True)),
      asm=["ISET.GT.AND.BF.CC R7, R4, R5, PT"] + flag_read)
    B("ISET.LT.X.AND R7, R5, R8, PT after IADD.CC RZ, R4, -R6 (64-bit)", "u32",
      lambda v: set_value(x_compare("LT", v.a, v.b, v.c, v.d, False), "AND", True),
      asm=["IADD.CC RZ, R4, -R6", "ISET.LT.X.AND R7, R5, R8, PT"])
    return h


CC_TESTS = ["F", "LT", "EQ", "LE", "GT", "NE", "GE", "LO", "LS", "HI", "HS", "OFT", "OFF", "CFT", "CFF",
            "SFT", "SFF", "T"]


def csetp():
    h = Harness("predicate", "csetp", """
CSETP/CSET: every CC test (ISA.md 3.1) on the flags of
IADD.CC RZ, R4, -R5 (a - b: signed and unsigned orderings, equality,
overflow), bops with a source predicate, .BF.""")
    edge_inputs(h, "a", "b")
    h.setup(*P2_ODD)
    SUB = "IADD.CC RZ, R4, -R5"

    def flags(v):
        return sub_cc(v.a, v.b)[1]

    def B(title, view, model, asm):
        h.block(title, view, model, asm=[SUB] + asm)

    for test in CC_TESTS:
        inst = "CSETP.%s.AND P0, P1, CC, PT" % test
        B(inst + " after " + SUB, "u32", lambda v, t=test: setp(flags(v).test(t), "AND", True),
          [inst, READ_P0_P1])
    B("CSETP.SFF.OR P0, P1, CC, !P2", "u32", lambda v: setp(flags(v).test("SFF"), "OR", not odd(v.lane)),
      ["CSETP.SFF.OR P0, P1, CC, !P2", READ_P0_P1])
    B("CSETP.NE.XOR P0, P1, CC, P2", "u32", lambda v: setp(flags(v).test("NE"), "XOR", odd(v.lane)),
      ["CSETP.NE.XOR P0, P1, CC, P2", READ_P0_P1])
    B("CSETP.LO P0, CC (short form)", "u32", lambda v: packed(flags(v).test("LO"), False),
      [CLEAR_P1, "CSETP.LO P0, CC", READ_P0_P1])
    B("CSET.GT.AND R7, CC, PT", "u32", lambda v: set_value(flags(v).test("GT"), "AND", True),
      ["CSET.GT.AND R7, CC, PT"])
    B("CSET.HI.XOR.BF R7, CC, P2", "f32",
      lambda v: set_value(flags(v).test("HI"), "XOR", odd(v.lane), bf=True),
      ["CSET.HI.XOR.BF R7, CC, P2"])
    B("CSET.LS.OR R7, CC, !P2", "u32", lambda v: set_value(flags(v).test("LS"), "OR", not odd(v.lane)),
      ["CSET.LS.OR R7, CC, !P2"])
    return h


# Float comparison operands: zeros of both signs, ones, infinities, NaNs
# (quiet, negative, signalling), denormals, near-equal values.
FSETP_A = [0x0, 0x80000000, 0x3f800000, 0x3f800000, 0xbf800000, 0x40000000, 0x7fc00000, 0x3f800000,
           0x7fc00000, 0x7f800000, 0x7f800000, 0xff800000, 0x1, 0x1, 0x7f7fffff, 0xc0000000,
           0x3dcccccd, 0xc0400000, 0x7f800000, 0xff800000, 0x3fc00000, 0x3fc00000, 0x80000001, 0xffc00000,
           0x40a00000, 0xc0a00000, 0x0, 0xda24260, 0xbf000000, 0x40e00000, 0x7f800001, 0x40400000]
FSETP_B = [0x0, 0x0, 0x3f800000, 0x40000000, 0x3f800000, 0x3f800000, 0x3f800000, 0x7fc00000,
           0x7fc00000, 0x7f800000, 0xff800000, 0x7f800000, 0x0, 0xda24260, 0x7f800000, 0xc0000000,
           0x3e4ccccd, 0xc0400000, 0x3f800000, 0x3f800000, 0xbfc00000, 0x3fc00000, 0x0, 0xbf800000,
           0xc0a00000, 0x40a00000, 0x80000000, 0xda24260, 0x3f000000, 0x40e00000, 0x3f800000, 0xc0400000]


def fsetp():
    h = Harness("predicate", "fsetp", """
FSETP: all 16 comparisons over +-0, +-1, +-inf, NaNs, denormals: the
ordered forms are false and the U forms true when a side is NaN; NUM,
NAN; .FTZ compares denormals as zero; negated/absolute sources; bops;
FSET with -1/0 and .BF 1.0/0.0.""")
    h.input("a", 32, FSETP_A)
    h.input("b", 32, FSETP_B)
    h.setup(*P2_ODD)

    def cmp(c, v, ftz=False, na=False, aa=False, nb=False, ab=False, b=None):
        x = fop(v.a, F32, na, aa, ftz)
        y = f32(b) if b is not None else fop(v.b, F32, nb, ab, ftz)
        return float_compare(c, x, y)

    def B(title, model, asm=None):
        asm = [asm or title] if not isinstance(asm, list) else asm
        h.block(title, "u32", model, asm=asm + [READ_P0_P1])

    for c in FLOAT_CMPS:
        B("FSETP.%s.AND P0, P1, R4, R5, PT" % c, lambda v, c=c: setp(cmp(c, v), "AND", True))
    B("FSETP.EQ.FTZ.AND P0, P1, R4, R5, PT", lambda v: setp(cmp("EQ", v, ftz=True), "AND", True))
    B("FSETP.LT.FTZ.OR P0, P1, R4, R5, P2", lambda v: setp(cmp("LT", v, ftz=True), "OR", odd(v.lane)))
    B("FSETP.GT.XOR P0, P1, -R4, |R5|, !P2",
      lambda v: setp(cmp("GT", v, na=True, ab=True), "XOR", not odd(v.lane)))
    B("FSETP.NEU.AND P0, P1, -|R4|, 1.0, PT",
      lambda v: setp(cmp("NEU", v, na=True, aa=True, b=1.0), "AND", True))
    B("FSETP.GEU P0, R4, -1.0 (short form; P1 cleared first)", lambda v: packed(cmp("GEU", v, b=-1.0), False),
      asm=[CLEAR_P1, "FSETP.GEU P0, R4, -1.0"])
    h.block("FSET.GT.AND R7, R4, R5, PT", "u32", lambda v: set_value(cmp("GT", v), "AND", True))
    h.block("FSET.LTU.OR.BF R7, R4, R5, P2", "f32",
            lambda v: set_value(cmp("LTU", v), "OR", odd(v.lane), bf=True))
    h.block("FSET.NAN.AND.BF R7, R4, 2.0, PT", "f32",
            lambda v: set_value(cmp("NAN", v, b=2.0), "AND", True, bf=True))
    h.block("FSET.EQ.FTZ.AND R7, -R4, |R5|, PT", "u32",
            lambda v: set_value(cmp("EQ", v, ftz=True, na=True, ab=True), "AND", True))
    return h


# The same comparisons on doubles: values as in FSETP_A/B, widened, with
# double denormals and a pair that differs below float precision (0.1).
DSETP_A = [0x0, 0x8000000000000000, 0x3ff0000000000000, 0x3ff0000000000000, 0xbff0000000000000,
           0x4000000000000000, 0x7ff8000000000000, 0x3ff0000000000000, 0x7ff8000000000000,
           0x7ff0000000000000, 0x7ff0000000000000, 0xfff0000000000000, 0x1, 0x36a0000000000000,
           0x47efffffe0000000, 0xc000000000000000, 0x3fb99999a0000000, 0xc008000000000000,
           0x7ff0000000000000, 0xfff0000000000000, 0x3ff8000000000000, 0x3ff8000000000000,
           0xb6a0000000000000, 0x7ff8000000000000, 0x4014000000000000, 0xc014000000000000, 0x0,
           0x39b4484c00000000, 0xbfe0000000000000, 0x401c000000000000, 0x7ff0000000000001,
           0x4008000000000000]
DSETP_B = [0x0, 0x0, 0x3ff0000000000000, 0x4000000000000000, 0x3ff0000000000000, 0x3ff0000000000000,
           0x3ff0000000000000, 0x7ff8000000000000, 0x7ff8000000000000, 0x7ff0000000000000,
           0xfff0000000000000, 0x7ff0000000000000, 0x0, 0x8000000000000001, 0x7ff0000000000000,
           0xc000000000000000, 0x3fb999999999999a, 0xc008000000000000, 0x3ff0000000000000,
           0x3ff0000000000000, 0xbff8000000000000, 0x3ff8000000000000, 0x0, 0xbff0000000000000,
           0xc014000000000000, 0x4014000000000000, 0x8000000000000000, 0x39b4484c00000000,
           0x3fe0000000000000, 0x401c000000000000, 0x3ff0000000000000, 0xc008000000000000]


def dsetp():
    h = Harness("predicate", "dsetp", """
DSETP: all 16 comparisons on register pairs over +-0, +-1, +-inf,
NaNs, denormals; bops, negated/absolute sources, immediates; DSET.""")
    h.input("a", 64, DSETP_A)
    h.input("b", 64, DSETP_B)
    h.setup(*P2_ODD)

    def cmp(c, v, na=False, ab=False, b=None):
        y = f32(b) if b is not None else fop(v.b, F64, absolute=ab)
        return float_compare(c, fop(v.a, F64, neg=na), y)

    def B(title, model):
        h.block(title, "u32", model, asm=[title, READ_P0_P1])

    for c in FLOAT_CMPS:
        B("DSETP.%s.AND P0, P1, R8, R10, PT" % c, lambda v, c=c: setp(cmp(c, v), "AND", True))
    B("DSETP.LT.OR P0, P1, -R8, |R10|, !P2",
      lambda v: setp(cmp("LT", v, na=True, ab=True), "OR", not odd(v.lane)))
    B("DSETP.GE.XOR P0, P1, R8, 1.5, P2", lambda v: setp(cmp("GE", v, b=1.5), "XOR", odd(v.lane)))
    h.block("DSET.EQ.AND R7, R8, R10, PT", "u32", lambda v: set_value(cmp("EQ", v), "AND", True))
    h.block("DSET.NEU.OR.BF R7, -R8, |R10|, P2", "f32",
            lambda v: set_value(cmp("NEU", v, na=True, ab=True), "OR", odd(v.lane), bf=True))
    return h


def psetp():
    h = Harness("predicate", "psetp", """
PSETP/PSET: Pu = (Pp' bop0 Pq') bop1 Pr', Pv = ((!Pp') bop0 Pq') bop1 Pr'
for every bop pair over all 8 combinations of P3, P4, P5 (lane bits 0..2
via R2P), negated sources, PT/!PT sources and PT destinations.""")
    h.setup("SHL R2, R0, 0x3", "R2P PR, R2, 0x38")

    def p(v, i):
        return (v.lane >> i) & 1 == 1  # P3, P4, P5 = lane bits 0, 1, 2

    def pset(b0, b1, pp, pq, pr):
        return (BOPS[b1](BOPS[b0](pp, pq), pr), BOPS[b1](BOPS[b0](not pp, pq), pr))

    def B(title, model, asm=None):
        asm = [asm or title] if not isinstance(asm, list) else asm
        h.block(title, "u32", model, asm=asm + [READ_P0_P1])

    for b0 in ("AND", "OR", "XOR"):
        for b1 in ("AND", "OR", "XOR"):
            B("PSETP.%s.%s P0, P1, P3, P4, P5" % (b0, b1),
              lambda v, b0=b0, b1=b1: packed(*pset(b0, b1, p(v, 0), p(v, 1), p(v, 2))))
    B("PSETP.AND.OR P0, P1, !P3, !P4, !P5",
      lambda v: packed(*pset("AND", "OR", not p(v, 0), not p(v, 1), not p(v, 2))))
    B("PSETP.XOR.AND P0, P1, P3, PT, !PT (Pu = 0, Pv = 0)",
      lambda v: packed(*pset("XOR", "AND", p(v, 0), True, False)),
      asm="PSETP.XOR.AND P0, P1, P3, PT, !PT")
    B("PSETP.OR.AND P0, P1, P3, !PT, PT (P0 = P3, P1 = !P3)",
      lambda v: packed(*pset("OR", "AND", p(v, 0), False, True)),
      asm="PSETP.OR.AND P0, P1, P3, !PT, PT")
    B("PSETP.AND.AND PT, P1, P3, P4, PT (Pu discarded)",
      lambda v: packed(pset("AND", "AND", True, True, True)[0],
                       pset("AND", "AND", p(v, 0), p(v, 1), True)[1]),
      asm=["PSETP.AND.AND P0, P1, PT, PT, PT", "PSETP.AND.AND PT, P1, P3, P4, PT"])
    h.block("source == destination: PSETP.XOR.AND P3, P4, P3, P4, PT then P2R of P3, P4", "u32",
            lambda v: packed(*pset("XOR", "AND", p(v, 0), p(v, 1), True)),
            asm=["PSETP.XOR.AND P3, P4, P3, P4, PT", "P2R R7, PR, RZ, 0x18", "SHR.U32 R7, R7, 0x3",
                 "R2P PR, R2, 0x38"])
    for b0, b1 in (("AND", "AND"), ("OR", "XOR"), ("XOR", "OR")):
        h.block("PSET.%s.%s R7, P3, !P4, P5" % (b0, b1), "u32",
                lambda v, b0=b0, b1=b1: set_value(pset(b0, b1, p(v, 0), not p(v, 1), p(v, 2))[0],
                                                  "AND", True))
    h.block("PSET.OR.AND.BF R7, P3, P4, !P5", "f32",
            lambda v: set_value(pset("OR", "AND", p(v, 0), p(v, 1), not p(v, 2))[0], "AND", True, bf=True))
    return h


# Per lane a value to move through the predicates and its complement:
# single bits, halves, patterns, then multiples of the golden ratio.
P2R_A = [0x0, 0x7f, 0xffffffff, 0x55, 0x2a, 0x7f0000, 0x550000, 0x12345678, 0xdeadbeef, 0x1, 0x40, 0x80,
         0x800000, 0x3f003f, 0xaaaaaaaa, 0xff00ff, 0x0] + [u32(k * 0x9E3779B9) for k in range(1, 16)]
P2R_B = [u32(~x) for x in P2R_A]


def read_back_with_sel():
    """R7 = P0 | P1 << 1 | ... | P6 << 6, one SEL per predicate (R22 = 1)."""
    lines = ["MOV R7, RZ"]
    for i in range(7):
        lines += ["SEL R23, R22, RZ, P%d" % i, "SHL R23, R23, %#x" % i, "LOP.OR R7, R7, R23"]
    return lines


def p2r():
    h = Harness("predicate", "p2r", """
P2R/R2P: the 7-bit mask selects predicates (bit i = Pi), other bits
come from Ra; .H1 uses bits 16..22; PT is never written; each predicate
also read back one by one with SEL (independent of P2R).""")
    h.input("a", 32, P2R_A)
    h.input("b", 32, P2R_B)
    B = h.block

    def r2p(preds, x, mask, h1=False):
        """R2P: for each bit i of mask, Pi = x[i] (x[16 + i] with .H1)."""
        preds = list(preds)
        for i in range(7):
            if mask >> i & 1:
                preds[i] = (x >> (i + (16 if h1 else 0))) & 1
        return preds

    def p2r_value(preds, x, mask, h1=False):
        bits = sum(p << i for i, p in enumerate(preds)) & mask
        shift = 16 if h1 else 0
        return u32((x & ~(mask << shift)) | (bits << shift))

    clear = [0] * 7
    B("R2P PR, R4, 0x7f; read back with SEL", "u32", lambda v: p2r_value(r2p(clear, v.a, 0x7F), 0, 0x7F),
      asm=["R2P PR, RZ, 0x7f", "MOV32I R22, 0x1", "R2P PR, R4, 0x7f"] + read_back_with_sel())
    B("R2P PR, R4, 0x7f; P2R R7, PR, RZ, 0x7f", "u32", lambda v: p2r_value(r2p(clear, v.a, 0x7F), 0, 0x7F),
      asm=["R2P PR, RZ, 0x7f", "R2P PR, R4, 0x7f", "P2R R7, PR, RZ, 0x7f"])
    B("R2P PR, R4, 0x15 (P0, P2, P4 only; others stay from R2P PR, R5, 0x7f)", "u32",
      lambda v: p2r_value(r2p(r2p(clear, v.b, 0x7F), v.a, 0x15), 0, 0x7F),
      asm=["R2P PR, R5, 0x7f", "R2P PR, R4, 0x15", "P2R R7, PR, RZ, 0x7f"])
    B("R2P.H1 PR, R4, 0x7f; read back with SEL", "u32",
      lambda v: p2r_value(r2p(clear, v.a, 0x7F, True), 0, 0x7F),
      asm=["R2P PR, RZ, 0x7f", "MOV32I R22, 0x1", "R2P.H1 PR, R4, 0x7f"] + read_back_with_sel())
    B("P2R R7, PR, R5, 0x2a (other bits from R5) after R2P PR, R4, 0x7f", "u32",
      lambda v: p2r_value(r2p(clear, v.a, 0x7F), v.b, 0x2A), asm=["R2P PR, R4, 0x7f", "P2R R7, PR, R5, 0x2a"])
    B("P2R.H1 R7, PR, R5, 0x7f after R2P PR, R4, 0x7f", "u32",
      lambda v: p2r_value(r2p(clear, v.a, 0x7F), v.b, 0x7F, True),
      asm=["R2P PR, R4, 0x7f", "P2R.H1 R7, PR, R5, 0x7f"])
    B("P2R R7, PR, R4, 0x0 (copies R4)", "u32", lambda v: v.a, asm="P2R R7, PR, R4, 0x0")
    B("PT stays true: R2P PR, RZ, 0x7f; SEL R7, R22, RZ, PT", "u32", lambda v: 1,
      asm=["R2P PR, RZ, 0x7f", "MOV32I R22, 0x1", "SEL R7, R22, RZ, PT"])
    B("source == destination: MOV R7, R4; R2P PR, R7, 0x7f; P2R R7, PR, R7, 0x7f", "u32",
      lambda v: p2r_value(r2p(clear, v.a, 0x7F), v.a, 0x7F),
      asm=["MOV R7, R4", "R2P PR, R7, 0x7f", "P2R R7, PR, R7, 0x7f"])
    return h


# Sub-word edge values: sign bits of every byte and half, equal parts
# across selectors, mixed signedness.
VSETP_A = [0x0, 0x1, 0xff, 0x80, 0x7f, 0xffffffff, 0x80000000, 0x7fffffff, 0x12345678, 0x8000ff01,
           0xff7f80, 0xfedcba98, 0x1020304, 0x7f7f8080, 0xffff0000, 0xffff, 0x80008000, 0x7fff7fff, 0x5,
           0xfffffffb, 0x10203040, 0x40302010, 0xaabbccdd, 0x11223344, 0x800080, 0xff00ff00, 0x64,
           0xffffff9c, 0xc0000000, 0x3fffffff, 0x1234abcd, 0xabcd1234]
VSETP_B = [0x0, 0xffffffff, 0x1, 0x7f, 0x80, 0x1, 0x7fffffff, 0x80000000, 0x12345678, 0x1ff0080, 0x807f00ff,
           0x98badcfe, 0x4030201, 0x80807f7f, 0xffff, 0xffff0000, 0x7fff7fff, 0x80008000, 0xfffffffb, 0x5,
           0x40302010, 0x10203040, 0xddccbbaa, 0x44332211, 0x80008000, 0xff00ff, 0xffffff9c, 0x64,
           0x3fffffff, 0xc0000000, 0xabcd1234, 0x1234abcd]


def vsetp():
    h = Harness("predicate", "vsetp", """
VSETP/VSET: a byte (.B0-.B3), half (.H0/.H1) or word of each source,
sign- or zero-extended per type (U8 S8 U16 S16 U32 S32, default U32) and
compared exactly (33-bit), so mixed signedness compares values.""")
    h.input("a", 32, VSETP_A)
    h.input("b", 32, VSETP_B)
    h.setup(*P2_ODD)

    def vcmp(cmp, v, ta, tb):
        return compare(cmp, part(v.a, ta), part(v.b, tb))

    def operand(reg, spec):
        sel = spec.partition(".")[2]
        return reg + ("." + sel if sel else "")

    def types(spec_a, spec_b):
        return spec_a.partition(".")[0] + "." + spec_b.partition(".")[0]

    forms = [("LT", "U32", "U32"), ("LT", "S32", "S32"), ("LT", "U32", "S32"), ("GT", "S32", "U32"),
             ("EQ", "U8.B0", "U8.B0"), ("LT", "U8.B0", "U8.B1"), ("LT", "S8.B2", "S8.B3"),
             ("GE", "S8.B3", "U8.B0"), ("LE", "U16.H0", "U16.H1"), ("LT", "S16.H1", "S16.H0"),
             ("NE", "S16.H0", "U16.H0"), ("GT", "U8.B1", "S16.H1"), ("LT", "S32", "U8.B2"),
             ("GE", "U16.H1", "S32"), ("F", "S8.B0", "S8.B0"), ("T", "U32", "U32")]
    for cmp, ta, tb in forms:
        inst = "VSETP.%s.AND.%s P0, P1, %s, %s, PT" % (cmp, types(ta, tb), operand("R4", ta),
                                                        operand("R5", tb))
        h.block(inst, "u32", lambda v, cmp=cmp, ta=ta, tb=tb: setp(vcmp(cmp, v, ta, tb), "AND", True),
                asm=[inst, READ_P0_P1])
    h.block("VSETP.LT.AND P0, P1, R4, R5, PT (default U32.U32)", "u32",
            lambda v: setp(vcmp("LT", v, "U32", "U32"), "AND", True),
            asm=["VSETP.LT.AND P0, P1, R4, R5, PT", READ_P0_P1])
    h.block("VSETP.EQ.OR.U8.U8 P0, P1, R4.B3, R5.B0, P2", "u32",
            lambda v: setp(vcmp("EQ", v, "U8.B3", "U8.B0"), "OR", odd(v.lane)),
            asm=["VSETP.EQ.OR.U8.U8 P0, P1, R4.B3, R5.B0, P2", READ_P0_P1])
    h.block("VSETP.GT.XOR.S16.S16 P0, P1, R4.H1, R5.H1, !P2", "u32",
            lambda v: setp(vcmp("GT", v, "S16.H1", "S16.H1"), "XOR", not odd(v.lane)),
            asm=["VSETP.GT.XOR.S16.S16 P0, P1, R4.H1, R5.H1, !P2", READ_P0_P1])
    h.block("VSET.NE.AND.U16.U16 R7, R4.H1, R5.H0, PT", "u32",
            lambda v: set_value(vcmp("NE", v, "U16.H1", "U16.H0"), "AND", True))
    h.block("VSET.LT.OR.S8.U32.BF R7, R4.B0, R5, !P2", "f32",
            lambda v: set_value(vcmp("LT", v, "S8.B0", "U32"), "OR", not odd(v.lane), bf=True))
    return h


def harnesses():
    return [isetp(), iset(), csetp(), fsetp(), dsetp(), psetp(), p2r(), vsetp()]
