"""Warp family: VOTE.ALL/.ANY/.EQ over a full warp and a partial one; SHFL.

VOTE's reference model follows ISA.md section 3.2: the participating threads
are the active threads whose guard is true; ballot = the participating lanes
whose Ps' is true; .ALL: Pd = (ballot == participating), .ANY: ballot != 0,
.EQ: ballot == 0 or ballot == participating; every participating thread
receives Pd and Rd = ballot. Section 1: lanes are thread index mod 32 and
the last warp of a CTA may be partial.

SHFL's model is the pseudo-code of PTX's shfl (ISA.md 7.1): from the lane,
b (lane or offset, bits 0..4) and c (clamp lane bits 0..4, segment mask bits
8..12) the source lane j and whether it is in range; Rd = Ra of lane j when
in range, else the lane's own Ra.
"""
from harness import Harness

THREADS = 40  # a full warp and a last warp of 8 lanes
KEEP_RD, KEEP_PD = 0xEEEEEEEE, 2  # what a thread that does not vote keeps


def lane_of(tid):
    return tid % 32


def warp_of(tid):
    return range(tid - lane_of(tid), min(tid - lane_of(tid) + 32, THREADS))


def vote(mode, source, guard=lambda lane: True, active=lambda lane: True):
    """(Rd, Pd) per thread; non-participants keep KEEP_RD and KEEP_PD."""
    out = []
    for tid in range(THREADS):
        lanes = [lane_of(t) for t in warp_of(tid)]
        participating = sum(1 << l for l in lanes if active(l) and guard(l))
        ballot = sum(1 << l for l in lanes if participating >> l & 1 and source(l))
        if not participating >> lane_of(tid) & 1:
            out.append((KEEP_RD, KEEP_PD))
            continue
        pd = {"ALL": ballot == participating, "ANY": ballot != 0,
              "EQ": ballot == 0 or ballot == participating}[mode]
        out.append((ballot, int(pd)))
    return out


def odd(lane):
    return lane & 1 == 1


def below(n):
    return lambda lane: lane < n


def negate(p):
    return lambda lane: not p(lane)


def always(value):
    return lambda lane: value


# Predicates the kernel sets up: P2 = odd lane, P3 = lane < 8, P4 = lane < 4;
# R22 = 1 for the SEL readback.
SETUP = ["S2R R9, SR_LANEID", "LOP.AND R2, R9, 0x1", "ISETP.NE.AND P2, PT, R2, RZ, PT",
         "ISETP.LT.U32.AND P3, PT, R9, 0x8, PT", "ISETP.LT.U32.AND P4, PT, R9, 0x4, PT", "MOV32I R22, 0x1"]
PREDICATES = {"P2": odd, "!P2": negate(odd), "P3": below(8), "!P3": negate(below(8)), "P4": below(4),
              "PT": always(True), "!PT": always(False)}
RESET = ["MOV32I R7, 0xeeeeeeee", "MOV R8, 0x2", "ISETP.F.AND P0, PT, RZ, RZ, PT"]


def vote_harness():
    h = Harness("warp", "vote", """
VOTE.ALL/.ANY/.EQ (ISA.md 3.2) with block=40: a full warp and a
partial last warp of 8 lanes. Participating threads are the active
ones with a true guard; they receive the ballot in Rd and the vote in
Pd (read back with SEL as 1/0); the others keep 0xeeeeeeee / 2.""", lanes=THREADS)
    h.setup(*SETUP)

    def both(title, mode, source, guard=None):
        """Two blocks: Rd, then Pd read back as 1/0 (2 if the thread did not vote)."""
        prefix = "@%s " % guard if guard else ""
        inst = "%sVOTE.%s R7, P0, %s" % (prefix, mode, source)
        results = vote(mode, PREDICATES[source], PREDICATES[guard] if guard else always(True))
        h.block(title + ": Rd", "u32", [rd for rd, _ in results], asm=RESET + [inst])
        readback = ["%sSEL R8, R22, RZ, P0" % prefix] if guard else ["@P0 MOV R8, 0x1", "@!P0 MOV R8, RZ"]
        h.block("  Pd", "u32", [pd for _, pd in results], asm=RESET + [inst] + readback, result="R8")

    both("VOTE.ALL R7, P0, P2 (P2 = odd lane)", "ALL", "P2")
    both("VOTE.ANY R7, P0, P2", "ANY", "P2")
    both("VOTE.EQ R7, P0, P2", "EQ", "P2")
    both("VOTE.ALL R7, P0, PT", "ALL", "PT")
    both("VOTE.ANY R7, P0, !PT", "ANY", "!PT")
    both("VOTE.EQ R7, P0, !PT", "EQ", "!PT")
    both("VOTE.ALL R7, P0, !P3 (lane >= 8)", "ALL", "!P3")
    both("@P3 VOTE.ALL R7, P0, P3: only lanes < 8 participate, all true", "ALL", "P3", guard="P3")
    both("@P3 VOTE.EQ R7, P0, P4 (lanes < 8 participate, lanes < 4 true)", "EQ", "P4", guard="P3")
    both("@!P3 VOTE.ANY R7, P0, P4 (lanes >= 8 participate, none true)", "ANY", "P4", guard="!P3")
    both("@P2 VOTE.EQ R7, P0, P2 (odd lanes, all true)", "EQ", "P2", guard="P2")
    h.block("VOTE.ANY RZ, PT, P2 discards both results; R7 = RZ", "u32", [0] * THREADS,
            asm=["MOV32I R7, 0xeeeeeeee", "VOTE.ANY RZ, PT, P2", "MOV R7, RZ"])
    # Each side of the branch votes with only its own lanes active.
    diverged = [vote("ANY", always(True), active=lambda l, side=odd(lane_of(t)): odd(l) == side)[t][0]
                for t in range(THREADS)]
    h.block("inside divergence (odd lanes, then even lanes): VOTE.ANY R7, P0, PT = active mask", "u32",
            diverged,
            asm=["MOV32I R7, 0xeeeeeeee", "SSY vote_join", "@P2 BRA vote_odd", "VOTE.ANY R7, P0, PT", "SYNC",
                 "vote_odd: VOTE.ANY R7, P0, PT", "SYNC", "vote_join: NOP"])
    return h


def shfl(mode, lane, b, c):
    """(source lane, in range) of PTX shfl's pseudo-code for one lane."""
    bval, clamp, segmask = b & 31, c & 31, c >> 8 & 31
    max_lane = (lane & segmask) | (clamp & ~segmask & 31)
    min_lane = lane & segmask
    if mode == "UP":
        j = lane - bval
        return (j, True) if j >= max_lane else (lane, False)
    j = {"DOWN": lane + bval, "BFLY": lane ^ bval,
         "IDX": min_lane | (bval & ~segmask & 31)}[mode]
    return (j, True) if j <= max_lane else (lane, False)


SHFL_A = [(0x9e3779b9 * (l + 1)) & 0xFFFFFFFF for l in range(32)]  # distinct per lane
SHFL_SRC = [(l * 7 + 3) % 32 + (32 if l % 5 == 0 else 0) for l in range(32)]  # bits above 4 ignored


def shfl_harness():
    h = Harness("warp", "shfl", """
SHFL.IDX/.UP/.DOWN/.BFLY (sm_35) on a full warp: lane operand immediate or
per-lane register, c immediate or register, whole-warp and 8-lane segments
(c = (32 - width) << 8 | clamp, as PTX's __shfl*_sync write it), Pd read
back as 1/0, and under a guard (odd lanes only: the even source lanes do
not participate and give the value their register holds).""", target="sm_35")
    h.input("a", 32, SHFL_A)
    h.input("src", 32, SHFL_SRC)
    h.setup("S2R R9, SR_LANEID", "LOP.AND R2, R9, 0x1", "ISETP.NE.AND P2, PT, R2, RZ, PT",
            "MOV32I R22, 0x1")

    def result(mode, b, c, guard=lambda lane: True):
        """Rd per lane; a lane whose guard is false keeps 0xeeeeeeee."""
        out = []
        for lane in range(32):
            bv = b(lane) if callable(b) else b
            j, _ = shfl(mode, lane, bv, c)
            out.append(SHFL_A[j] if guard(lane) else KEEP_RD)
        return out

    def in_range(mode, b, c):
        return [int(shfl(mode, lane, b, c)[1]) for lane in range(32)]

    def block(title, mode, b, c, asm_b=None, asm_c=None, guard=None):
        text = "SHFL.%s PT, R7, R4, %s, %s" % (mode, asm_b or "%#x" % b, asm_c or "%#x" % c)
        prefix = "@P2 " if guard else ""
        h.block(title or text, "u32", result(mode, (lambda l: SHFL_SRC[l]) if asm_b == "R5" else b, c,
                                            odd if guard else (lambda lane: True)),
                asm=["MOV32I R7, 0xeeeeeeee"] + (["MOV32I R6, %#x" % c] if asm_c == "R6" else [])
                + [prefix + text])

    block(None, "IDX", 0, 0x1f, asm_b="R5")
    block(None, "IDX", 3, 0x1f)
    block(None, "IDX", 29, 0x181f)
    block(None, "UP", 1, 0x0)
    block(None, "UP", 5, 0x0)
    block(None, "UP", 2, 0x1800)
    block(None, "DOWN", 1, 0x1f)
    block(None, "DOWN", 16, 0x1f)
    block(None, "DOWN", 3, 0x181f)
    block(None, "BFLY", 1, 0x1f)
    block(None, "BFLY", 16, 0x1f)
    block(None, "BFLY", 6, 0x181f)
    block("SHFL.BFLY PT, R7, R4, 0x4, R6 (R6 = 0x1c1f: 4-lane segments)", "BFLY", 4, 0x1c1f, asm_c="R6")
    block("SHFL.DOWN PT, R7, R4, 0x2, R6 (R6 = 0x1f)", "DOWN", 2, 0x1f, asm_c="R6")
    block("@P2 SHFL.BFLY PT, R7, R4, 0x1, 0x1f (odd lanes read the even ones)", "BFLY", 1, 0x1f,
          guard=True)
    for mode, b, c in (("UP", 3, 0x0), ("DOWN", 5, 0x1f), ("IDX", 40, 0x1f), ("BFLY", 2, 0x1e1f)):
        h.block("  Pd of SHFL.%s P0, R7, R4, %#x, %#x" % (mode, b, c), "u32", in_range(mode, b, c),
                asm=["SHFL.%s P0, R7, R4, %#x, %#x" % (mode, b, c), "SEL R7, R22, RZ, P0"])
    return h


def harnesses():
    return [vote_harness(), shfl_harness()]
