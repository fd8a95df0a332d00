"""Run script for video.ptx: PTX's scalar and SIMD video instructions as the
PTX ISA manual's pseudo-code defines them, per thread, on 64 (a, b, c)
triples: random words, and words of edge bytes (0, 1, 0x7f, 0x80, 0xff)."""

from words import MASK32 as MASK, Words


def sext(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def part(word, typ, sel):
    """partSelectSignExtend: the selected byte/halfword/word, extended."""
    if sel is None:
        pos, bits = 0, 32
    else:
        pos, bits = (8 * int(sel[1]), 8) if sel[0] == "b" else (16 * int(sel[1]), 16)
    v = word >> pos & ((1 << bits) - 1)
    return sext(v, bits) if typ == "s32" else v


def clamp(v, lo, hi):
    return max(lo, min(hi, v))


def scalar(op, dtype, atype, btype, a, b, c=None, asel=None, bsel=None, sat=False,
           op2=None, mode=None):
    ta, tb = part(a, atype, asel), part(b, btype, bsel)
    if op == "vadd":
        t = ta + tb
    elif op == "vsub":
        t = ta - tb
    elif op == "vabsdiff":
        t = abs(ta - tb)
    elif op == "vmin":
        t = min(ta, tb)
    elif op == "vmax":
        t = max(ta, tb)
    else:  # shifts: the amount clamped to 32 or taken modulo 32
        n = tb & 31 if mode == "wrap" else min(tb, 32)
        t = ta << n if op == "vshl" else ta >> n
    if sat:
        t = clamp(t, -(1 << 31), (1 << 31) - 1) if dtype == "s32" else clamp(t, 0, MASK)
    if op2 == "add":
        t = t + c
    elif op2 in ("min", "max"):
        cv = sext(c, 32) if dtype == "s32" else c
        t = min(t, cv) if op2 == "min" else max(t, cv)
    return t & MASK


def compare(cmp, x, y):
    return {"eq": x == y, "ne": x != y, "lt": x < y, "le": x <= y, "gt": x > y,
            "ge": x >= y}[cmp]


def vset(atype, btype, cmp, a, b, c=None, asel=None, bsel=None, add=False):
    t = int(compare(cmp, part(a, atype, asel), part(b, btype, bsel)))
    return (t + c) & MASK if add else t


def simd(op, n, dtype, atype, btype, a, b, c, mask=None, asel=None, bsel=None, sat=False,
         add=False, cmp=None):
    """vop2 (n = 2, halfwords) and vop4 (n = 4, bytes) over {b, a}."""
    bits = 32 // n
    pair = (b << 32) | a

    def elems(sel, default, typ):
        sel = sel or default
        idx = [int(ch) for ch in reversed(sel[1:])]
        return [part(pair >> (bits * i) & ((1 << bits) - 1), typ, None) if typ == "u32"
                else sext(pair >> (bits * i), bits) for i in idx]

    va = elems(asel, "b3210" if n == 4 else "h10", atype)
    vb = elems(bsel, "b7654" if n == 4 else "h32", btype)
    keep = set(range(n)) if mask is None else {int(ch) for ch in mask[1:]}
    out = []
    for i in range(n):
        x, y = va[i], vb[i]
        if op == "vadd":
            t = x + y
        elif op == "vsub":
            t = x - y
        elif op == "vavrg":
            s = x + y
            t = (s + 1) >> 1 if s >= 0 else s >> 1
        elif op == "vabsdiff":
            t = abs(x - y)
        elif op == "vmin":
            t = min(x, y)
        elif op == "vset":
            t = int(compare(cmp, x, y))
        else:
            t = max(x, y)
        if sat:
            if dtype == "s32":
                t = clamp(t, -(1 << (bits - 1)), (1 << (bits - 1)) - 1)
            else:
                t = clamp(t, 0, (1 << bits) - 1)
        out.append(t)
    if add:
        return (c + sum(out[i] for i in keep)) & MASK
    d = 0
    for i in range(n):
        v = out[i] if i in keep else c >> (bits * i)
        d |= (v & ((1 << bits) - 1)) << (bits * i)
    return d


def results(a, b, c):
    return [
        scalar("vadd", "s32", "s32", "s32", a, b),
        scalar("vadd", "u32", "u32", "u32", a, b, sat=True),
        scalar("vsub", "s32", "s32", "u32", a, b, asel="b1", bsel="h1", sat=True),
        scalar("vabsdiff", "u32", "s32", "s32", a, b, c, asel="b3", bsel="b0", op2="add"),
        scalar("vmin", "s32", "s32", "s32", a, b, c, asel="h0", bsel="h1", op2="max"),
        scalar("vmax", "u32", "u32", "u32", a, b, c, op2="min"),
        scalar("vshl", "u32", "u32", "u32", a, b, mode="wrap"),
        scalar("vshr", "s32", "s32", "u32", a, b, bsel="b0", mode="clamp"),
        simd("vabsdiff", 4, "u32", "u32", "u32", a, b, c),
        simd("vabsdiff", 4, "u32", "u32", "u32", a, b, c, add=True),
        simd("vabsdiff", 2, "u32", "s32", "s32", a, b, c, add=True),
        simd("vadd", 4, "u32", "u32", "u32", a, b, c, sat=True),
        simd("vadd", 4, "s32", "s32", "s32", a, b, c, sat=True),
        simd("vsub", 2, "s32", "s32", "s32", a, b, c),
        simd("vavrg", 4, "s32", "s32", "s32", a, b, c),
        simd("vavrg", 2, "u32", "u32", "u32", a, b, c),
        simd("vmin", 4, "s32", "s32", "s32", a, b, c, mask="b20"),
        simd("vmax", 2, "u32", "u32", "u32", a, b, c, mask="h1", asel="h21", bsel="h30"),
        simd("vmax", 4, "s32", "s32", "s32", a, b, c, asel="b7410", bsel="b0123"),
        simd("vadd", 4, "s32", "u32", "s32", a, b, c, add=True),
        simd("vavrg", 4, "u32", "u32", "u32", a, b, c, add=True),
        vset("u32", "s32", "lt", a, b, asel="b2", bsel="h0"),
        vset("s32", "s32", "ne", a, b, c, add=True),
        simd("vset", 4, None, "u32", "u32", a, b, c, cmp="eq"),
        simd("vset", 4, None, "s32", "s32", a, b, c, cmp="lt", add=True),
        simd("vset", 2, None, "u32", "s32", a, b, c, mask="h1", bsel="h10", cmp="ge"),
    ]


WORDS = Words(0x853C49E6748FEA9B)
rand32, edge_word = WORDS.rand32, WORDS.edge_word


triples = []
for i in range(64):
    pick = edge_word if i % 2 else rand32
    triples.append((pick(), pick(), rand32() if i % 3 else edge_word()))
flat = [w for t in triples for w in t]
print("alloc src u32[%d] = [%s]" % (len(flat), ", ".join(map(str, flat))))
print("alloc out u32[%d]" % (64 * 26))
print("launch video grid=1 block=64 args=(src, out)")
print("wait")
expected = [r for t in triples for r in results(*t)]
print("expect out == [%s]" % ", ".join(map(str, expected)))
