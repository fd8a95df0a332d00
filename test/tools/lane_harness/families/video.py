"""Video family: VADD, VSUB, VABSDIFF, VMNMX, VSHL, VSHR, and VSET/VSETP
against the same operand extraction.

The reference model follows ISA.md 4.1 and the PTX ISA manual's pseudo-code
for the scalar video instructions:

    ta = partSelectSignExtend(a, atype, asel)
    tb = partSelectSignExtend(b, btype, bsel)
    tmp = ta + tb | ta - tb | |ta - tb| | min/max(ta, tb) | ta << tb | ta >> tb
    tmp = optSaturate(tmp, sat, isSigned(dtype))
    d = optSecondaryOp(op2, tmp, c)

with ISA.md's choices where PTX has none: the primary result is a signed
34-bit value (a left shift keeps its low 34 bits), without .SAT its low 32
bits are kept, .ACC adds modulo 2^32, .MIN/.MAX compare with the signedness
of .dtype; shift counts are the low 32 bits of tb, modulo 32 with .W and
clamped to 32 otherwise; an immediate Sb is a 16-bit field read as a word of
btype (no selector).
"""
from harness import Harness
from values import MASK32, s32, sext, u32

from families.integer import compare
from families.predicate import P2_ODD, READ_P0_P1, odd, part, set_value, setp

# -- Reference model ---------------------------------------------------------

TYPES = ["U8", "S8", "U16", "S16", "U32", "S32"]
SELECTORS = ["B0", "B1", "B2", "B3", "H0", "H1"]
RANGE = {"S": (-(1 << 31), (1 << 31) - 1), "U": (0, MASK32)}


def shift_count(tb, wrap):
    n = tb & MASK32
    return n & 31 if wrap else min(n, 32)


PRIMARY = {
    "VADD": lambda a, b, flag: a + b,
    "VSUB": lambda a, b, flag: a - b,
    "VABSDIFF": lambda a, b, flag: abs(a - b),
    "VMNMX": lambda a, b, flag: max(a, b) if flag else min(a, b),
    "VSHL": lambda a, b, flag: sext(a << shift_count(b, flag), 34),
    "VSHR": lambda a, b, flag: a >> shift_count(b, flag),  # floor: arithmetic on signed ta
}


def video(op, ta, tb, c, dtype="S", sat=False, secop=None, flag=False):
    """The result of `op` on the extended parts ta, tb and the register c.
    `flag` is .MX for VMNMX and .W for the shifts."""
    tmp = PRIMARY[op](ta, tb, flag)
    if sat:
        lo, hi = RANGE[dtype]
        tmp = min(max(tmp, lo), hi)
    r = u32(tmp)
    if secop == "ACC":
        return u32(r + c)
    if secop in ("MIN", "MAX"):
        key = s32 if dtype == "S" else u32
        pick = min if secop == "MIN" else max
        return pick(r, c, key=key)
    return r


# -- Inputs -------------------------------------------------------------------

# Word, byte and half sign bits and their neighbours, in every byte position.
EDGE_A = [0x0, 0x1, 0x7fffffff, 0x80000000, 0xffffffff, 0x80, 0x7f, 0xff, 0x8000, 0x7fff, 0xffff,
          0x800000, 0x80808080, 0x7f7f7f7f, 0x80008000, 0x7fff7fff, 0xff00ff00, 0x00ff00ff,
          0x12345678, 0xfedcba98, 0x80000001, 0xfffffffe, 0x8000ff7f, 0x7f80807f, 0x1ff, 0xfffe0001,
          0x40000000, 0xc0000000, 0x55aa55aa, 0xaa55aa55, 0x100, 0xffffff80]
EDGE_B = [0x0, 0xffffffff, 0x80000000, 0x7fffffff, 0x1, 0x80, 0xff, 0x7f, 0x7fff, 0x8000, 0x1,
          0x80808080, 0x800000, 0x80008000, 0x7f7f7f7f, 0xffff, 0xffffffff, 0xff00ff00,
          0xedcba987, 0x12345678, 0x80000000, 0x2, 0x7f7f8080, 0x80ff7f00, 0xfffffe01, 0x1ff,
          0xc0000000, 0x40000000, 0xaa55aa55, 0x55aa55aa, 0xffffff00, 0x80]
EDGE_C = [0x0, 0x1, 0xffffffff, 0x80000000, 0x7fffffff, 0x10, 0xfffffff0, 0x12345678, 0x0, 0x7fffffff,
          0x80000000, 0xffffffff, 0x1, 0x80000001, 0xfffe, 0x10000, 0x0, 0x5, 0xfffffffb, 0x7ffffffe,
          0x80, 0xff, 0xffffff80, 0x8000, 0x7fff, 0x0, 0xc0000000, 0x3fffffff, 0x1, 0xffffffff,
          0xabcdef01, 0x100]
# Shift counts: 0, 31, 32, 33, 255 in the low byte and in the word, and
# counts whose low byte and word differ (0x100, 0x120, 0xffffffe1).
SHIFT_B = [0x0, 0x1f, 0x20, 0x21, 0xff, 0x1, 0x7, 0x8, 0xf, 0x10, 0x11, 0x18, 0x1e, 0x100, 0x120,
           0xffffffe1, 0xffffffff, 0x80000000, 0x80000001, 0x7fffffff, 0x1f1f1f1f, 0x20202020,
           0x21002100, 0xff00ff00, 0x3, 0x1f, 0x20, 0x21, 0xff, 0x0, 0x80, 0x81]


def edge_inputs(h, b=EDGE_B):
    h.input("a", 32, EDGE_A)  # R4
    h.input("b", 32, b)       # R5
    h.input("c", 32, EDGE_C)  # R6


def operand(reg, spec):
    """R4 with the selector of TYPE[.SEL], if any."""
    sel = spec.partition(".")[2]
    return reg + ("." + sel if sel else "")


def typ(spec):
    return spec.partition(".")[0]


def spelled(op, dtype, ta, tb, flag, sat, secop):
    mods = (".UD" if dtype == "U" else "") + ".%s.%s" % (typ(ta), typ(tb))
    if flag:
        mods += ".MX" if op == "VMNMX" else ".W"
    mods += (".SAT" if sat else "") + ("." + secop if secop else "")
    return op + mods


def form(h, op, ta="S32", tb="S32", dtype="S", flag=False, sat=False, secop=None, imm=None):
    """One block: OP Rd, R4[.sel], R5[.sel] (or imm), R6."""
    src_b = "0x%x" % imm if imm is not None else operand("R5", tb)
    inst = "%s R7, %s, %s, %s" % (spelled(op, dtype, ta, tb, flag, sat, secop), operand("R4", ta),
                                  src_b, "R6" if secop else "RZ")

    def expect(v):
        b = part(imm, typ(tb)) if imm is not None else part(v.b, tb)
        return video(op, part(v.a, ta), b, v.c if secop else 0, dtype, sat, secop, flag)

    h.block(inst, "u32", expect)


# -- Harnesses ---------------------------------------------------------------

def arith(op):
    """Every type pair, every selector on each side, .UD/.SD with and
    without .SAT, every secondary op, an immediate Sb."""
    h = Harness("video", op.lower(), """
%s over every atype.btype pair, the byte and half selectors on Ra and Rb,
.SAT to the .SD and .UD ranges, the secondary ops .ACC/.MIN/.MAX with Rc
(signedness of .dtype), and immediate operands, at the word, half and byte
sign-bit edges (ISA.md 4.1, PTX scalar video pseudo-code).""" % op)
    flag_forms = [False, True] if op == "VMNMX" else [False]
    edge_inputs(h)
    for ta in TYPES:
        for tb in TYPES:
            form(h, op, ta, tb)
    for sel in SELECTORS:
        form(h, op, "U32." + sel, "S32")
        form(h, op, "S32", "S32." + sel)
    form(h, op, "S8.B3", "U16.H1")
    for flag in flag_forms:
        for dtype in "SU":
            form(h, op, "S32", "S32", dtype, flag, sat=True)
            form(h, op, "U32", "U32", dtype, flag, sat=True)
            form(h, op, "U32", "S32", dtype, flag, sat=True)
            for secop in ("ACC", "MIN", "MAX"):
                form(h, op, "S32", "U32", dtype, flag, secop=secop)
                form(h, op, "U16.H1", "S8.B2", dtype, flag, sat=True, secop=secop)
        form(h, op, "U32", "U32", "U", flag, secop="ACC", imm=0xffff)
        form(h, op, "S32", "S16", "S", flag, sat=True, imm=0x8000)
        form(h, op, "U8.B1", "U8", "U", flag, secop="MAX", imm=0x1ff)
    return h


def shift(op):
    """Shift counts at 0, 31, 32, 33, 255 (clamped or, with .W, wrapped),
    every type pair (arithmetic right shifts for a signed atype; a negative
    signed count is a large one), .SAT, the secondary ops, immediate
    counts."""
    h = Harness("video", op.lower(), """
%s over every atype.btype pair, the count clamped to 32 or wrapped modulo
32 (.W), counts 0, 31, 32, 33, 255 and counts whose low byte differs from
the word; .SAT to the .SD and .UD ranges (a left shift keeps 34 bits), the
secondary ops .ACC/.MIN/.MAX, and immediate counts (ISA.md 4.1, PTX scalar
video pseudo-code).""" % op)
    edge_inputs(h, SHIFT_B)
    for ta in TYPES:
        for tb in TYPES:
            form(h, op, ta, tb)
            form(h, op, ta, tb, flag=True)
    for sel in SELECTORS:
        form(h, op, "S32." + sel, "U32", "S")
        form(h, op, "U32", "U32." + sel, "U", flag=True)
    for dtype in "SU":
        for flag in (False, True):
            form(h, op, "S32", "U32", dtype, flag, sat=True)
            form(h, op, "U32", "U32", dtype, flag, sat=True)
        for secop in ("ACC", "MIN", "MAX"):
            form(h, op, "U32", "U8", dtype, True, secop=secop)
            form(h, op, "S16.H1", "U32", dtype, False, sat=True, secop=secop)
    for count in (0x0, 0x1f, 0x20, 0x21, 0xff, 0x10):
        form(h, op, "U32", "U8", "U", True, secop="ACC", imm=count)
        form(h, op, "S32", "U32", "S", False, imm=count)
    return h


def vsetp():
    """VSET/VSETP with the video instructions' extraction of both sources:
    the selector names the part, the type its signedness."""
    h = Harness("video", "vsetp", """
VSETP/VSET against the video reference's operand extraction: a selector
picks the byte or half whatever the type's width (U32.B1, S32.H1), the type
gives the signedness; the compare is exact.""")
    edge_inputs(h)
    h.setup(*P2_ODD)
    forms = [("LT", "U32.B1", "S32.H1"), ("GT", "S32.B3", "U32.B0"), ("EQ", "U16.B2", "U16.B2"),
             ("LE", "S16.H0", "S8"), ("NE", "U8", "S16"), ("GE", "S32.H1", "S32.H0"),
             ("LT", "S32", "U32"), ("GT", "U32", "S32")]
    for cmp, ta, tb in forms:
        types = "%s.%s" % (typ(ta), typ(tb))
        inst = "VSETP.%s.AND.%s P0, P1, %s, %s, PT" % (cmp, types, operand("R4", ta), operand("R5", tb))
        h.block(inst, "u32", lambda v, cmp=cmp, ta=ta, tb=tb: setp(
            compare(cmp, part(v.a, ta), part(v.b, tb)), "AND", True), asm=[inst, READ_P0_P1])
        inst = "VSET.%s.OR.%s R7, %s, %s, P2" % (cmp, types, operand("R4", ta), operand("R5", tb))
        h.block(inst, "u32", lambda v, cmp=cmp, ta=ta, tb=tb: set_value(
            compare(cmp, part(v.a, ta), part(v.b, tb)), "OR", odd(v.lane)))
    return h


def harnesses():
    return [arith(op) for op in ("VADD", "VSUB", "VABSDIFF", "VMNMX")] + \
           [shift(op) for op in ("VSHL", "VSHR")] + [vsetp()]
