"""Warp family: VOTE.ALL/.ANY/.EQ over a full warp and a partial one.

The reference model follows ISA.md section 3.2: the participating threads
are the active threads whose guard is true; ballot = the participating lanes
whose Ps' is true; .ALL: Pd = (ballot == participating), .ANY: ballot != 0,
.EQ: ballot == 0 or ballot == participating; every participating thread
receives Pd and Rd = ballot. Section 1: lanes are thread index mod 32 and
the last warp of a CTA may be partial.
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


def harnesses():
    return [vote_harness()]
