"""Run script for isel-int64.ptx (and, with --ptx, the kernel's body): every
thread reads 64-bit integers a and b and stores one 64-bit result per
operation below (32-bit results in the low word). References are Python's
integers modulo 2^64, never the emulator."""

import sys

M64 = (1 << 64) - 1
M32 = (1 << 32) - 1


def s64(x):
    x &= M64
    return x - (1 << 64) if x >> 63 else x


def s32(x):
    x &= M32
    return x - (1 << 32) if x >> 31 else x


def tdiv(a, b):
    if b == 0:
        return -1, a
    q = abs(a) // abs(b)
    q = -q if (a < 0) != (b < 0) else q
    return q, a - q * b


def count(b):
    return min(b & M32, 64)


def sat(v, bits, signed):
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    return min(max(v, lo), hi)


def ext(v, bits, signed):
    v &= (1 << bits) - 1
    return v - (1 << bits) if signed and v >> (bits - 1) else v


CMP = {"eq": lambda x, y: x == y, "ne": lambda x, y: x != y, "lt": lambda x, y: x < y,
       "le": lambda x, y: x <= y, "gt": lambda x, y: x > y, "ge": lambda x, y: x >= y}
UCMP = {"lo": "lt", "ls": "le", "hi": "gt", "hs": "ge"}

# (PTX with {d} the 64-bit result, {a} {b} the inputs, {bl} b's low word,
# {al} a's low word; the reference on unsigned a, b).
OPS = [
    ("add.cc.u64 %rd90, {a}, {b};\n\taddc.u64 {d}, {b}, {a};",
     lambda a, b: (a + b + ((a + b) >> 64)) & M64),
    ("sub.cc.u64 %rd90, {a}, {b};\n\tsubc.u64 {d}, {a}, {b};",
     lambda a, b: (a - b - (1 if a < b else 0)) & M64),
    ("add.cc.u32 %r90, {al}, {bl};\n\taddc.cc.u32 %r91, {al}, 7;\n\taddc.u32 %r92, 0, 0;\n\t"
     "cvt.u64.u32 %rd91, %r91;\n\tcvt.u64.u32 %rd92, %r92;\n\tshl.b64 %rd92, %rd92, 32;\n\t"
     "or.b64 {d}, %rd91, %rd92;",
     lambda a, b: (lambda c1: (lambda s: (s & M32) | (s >> 32) << 32)((a & M32) + 7 + c1))(
         ((a & M32) + (b & M32)) >> 32)),
    ("sub.cc.u32 %r90, {al}, {bl};\n\tsubc.u32 %r91, 100, 0;\n\tcvt.u64.u32 {d}, %r91;",
     lambda a, b: 100 - (1 if (a & M32) < (b & M32) else 0)),
    ("mul.hi.u64 {d}, {a}, {b};", lambda a, b: (a * b) >> 64),
    ("mul.hi.s64 {d}, {a}, {b};", lambda a, b: ((s64(a) * s64(b)) >> 64) & M64),
    ("mul.lo.u64 {d}, {a}, {b};", lambda a, b: (a * b) & M64),
    ("mad.lo.s64 {d}, {a}, {b}, {a};", lambda a, b: (a * b + a) & M64),
    ("mul.hi.u64 {d}, {a}, 1000000007;", lambda a, b: (a * 1000000007) >> 64),
    ("shl.b64 {d}, {a}, {bl};", lambda a, b: (a << count(b)) & M64),
    ("shr.u64 {d}, {a}, {bl};", lambda a, b: a >> count(b)),
    ("shr.s64 {d}, {a}, {bl};", lambda a, b: (s64(a) >> count(b)) & M64),
    ("shr.s64 {d}, {a}, 70;", lambda a, b: (s64(a) >> 64) & M64),
    ("and.b64 {d}, {a}, {b};", lambda a, b: a & b),
    ("or.b64 {d}, {a}, -4096;", lambda a, b: a | (M64 - 4095)),
    ("xor.b64 {d}, {a}, {b};", lambda a, b: a ^ b),
    ("not.b64 {d}, {a};", lambda a, b: a ^ M64),
    ("neg.s64 {d}, {a};", lambda a, b: -a & M64),
    ("abs.s64 {d}, {a};", lambda a, b: abs(s64(a)) & M64),
    ("min.s64 {d}, {a}, {b};", lambda a, b: min(s64(a), s64(b)) & M64),
    ("max.s64 {d}, {a}, {b};", lambda a, b: max(s64(a), s64(b)) & M64),
    ("min.u64 {d}, {a}, {b};", lambda a, b: min(a, b)),
    ("max.u64 {d}, {a}, {b};", lambda a, b: max(a, b)),
    ("div.u64 {d}, {a}, {b};", lambda a, b: a // b if b else M64),
    ("rem.u64 {d}, {a}, {b};", lambda a, b: a % b if b else a),
    ("div.s64 {d}, {a}, {b};", lambda a, b: tdiv(s64(a), s64(b))[0] & M64),
    ("rem.s64 {d}, {a}, {b};", lambda a, b: tdiv(s64(a), s64(b))[1] & M64),
    ("div.s64 {d}, {a}, -3;", lambda a, b: tdiv(s64(a), -3)[0] & M64),
    ("rem.u64 {d}, {a}, 10;", lambda a, b: a % 10),
    ("setp.lt.s64 %p2, {a}, {b};\n\tselp.b64 {d}, {a}, {b}, %p2;",
     lambda a, b: a if s64(a) < s64(b) else b),
    ("cvt.s64.s8 {d}, {al};", lambda a, b: ext(a, 8, True) & M64),
    ("cvt.u64.u16 {d}, {al};", lambda a, b: a & 0xFFFF),
    ("cvt.sat.s32.s64 %r90, {a};\n\tcvt.s64.s32 {d}, %r90;",
     lambda a, b: sat(s64(a), 32, True) & M64),
    ("cvt.sat.u32.s64 %r90, {a};\n\tcvt.u64.u32 {d}, %r90;", lambda a, b: sat(s64(a), 32, False)),
    ("cvt.s8.s64 %r90, {a};\n\tcvt.u64.u32 {d}, %r90;", lambda a, b: ext(a, 8, True) & M32),
    ("cvt.sat.u16.u64 %r90, {a};\n\tcvt.u64.u32 {d}, %r90;", lambda a, b: min(a, 0xFFFF)),
]
for cmp in ["eq", "ne", "lt", "le", "gt", "ge"]:
    OPS.append(("setp.%s.s64 %%p2, {a}, {b};\n\tselp.b64 {d}, 1, 0, %%p2;" % cmp,
                lambda a, b, cmp=cmp: int(CMP[cmp](s64(a), s64(b)))))
    OPS.append(("setp.%s.u64 %%p2, {a}, {b};\n\tselp.b64 {d}, 1, 0, %%p2;" % cmp,
                lambda a, b, cmp=cmp: int(CMP[cmp](a, b))))
OPS.append(("setp.ne.s64 %p3, {a}, 0;\n\tsetp.lt.and.s64 %p2, {a}, {b}, %p3;\n\t"
            "setp.ge.or.u64 %p2, {b}, 1000, %p2;\n\tselp.b64 {d}, 1, 0, %p2;",
            lambda a, b: int((s64(a) < s64(b) and a != 0) or b >= 1000)))
OPS.append(("setp.gt.u64 %p3, {a}, {b};\n\tsetp.eq.xor.s64 %p2, {a}, 7, !%p3;\n\t"
            "selp.b64 {d}, 1, 0, %p2;", lambda a, b: int((a == 7) != (not a > b))))
for cmp, base in UCMP.items():
    OPS.append(("setp.%s.s64 %%p2, {a}, {b};\n\tselp.b64 {d}, 1, 0, %%p2;" % cmp,
                lambda a, b, base=base: int(CMP[base](a, b))))
# mul.wide by powers of two (shifts) and by another constant (IMUL).
OPS += [
    ("mul.wide.s32 {d}, {al}, 16;", lambda a, b: (s32(a) * 16) & M64),
    ("mul.wide.s32 {d}, {al}, 1073741824;", lambda a, b: (s32(a) << 30) & M64),
    ("mul.wide.u32 {d}, {al}, 2;", lambda a, b: (a & M32) * 2),
    ("mul.wide.u32 {d}, {al}, 2147483648;", lambda a, b: (a & M32) << 31),
    ("mul.wide.s32 {d}, {al}, 12;", lambda a, b: (s32(a) * 12) & M64),
    # shl.b64 by a constant, of a loaded value and of a widened 32-bit one
    # (selected from the 32-bit register: SHL and SHR, the cvt then dead)
    ("shl.b64 {d}, {a}, 5;", lambda a, b: (a << 5) & M64),
    ("cvt.s64.s32 %rd93, {al};\n\tshl.b64 {d}, %rd93, 3;", lambda a, b: (s32(a) << 3) & M64),
    ("cvt.u64.u32 %rd94, {al};\n\tshl.b64 {d}, %rd94, 31;", lambda a, b: ((a & M32) << 31) & M64),
]
# setp's two destinations (`p|q`, q = !cmp bop c) on 64 bits: d = p + 2q.
OPS += [
    ("setp.lt.s64 %p2|%p3, {a}, {b};\n\tselp.b64 %rd96, 1, 0, %p2;\n\t"
     "selp.b64 {d}, 2, 0, %p3;\n\tadd.s64 {d}, {d}, %rd96;",
     lambda a, b: 1 if s64(a) < s64(b) else 2),
    ("and.b64 %rd97, {a}, 1;\n\tsetp.ne.u64 %p1, %rd97, 0;\n\t"
     "setp.ge.or.u64 %p2|%p3, {a}, {b}, %p1;\n\t"
     "selp.b64 %rd96, 1, 0, %p2;\n\tselp.b64 {d}, 2, 0, %p3;\n\tadd.s64 {d}, {d}, %rd96;",
     lambda a, b: int(a >= b or a & 1 != 0) + 2 * int(a < b or a & 1 != 0)),
    ("setp.gt.and.s64 %p2|%p3, {a}, {b}, %p1;\n\t"
     "selp.b64 %rd96, 1, 0, %p2;\n\tselp.b64 {d}, 2, 0, %p3;\n\tadd.s64 {d}, {d}, %rd96;",
     lambda a, b: int(s64(a) > s64(b) and a & 1 != 0) + 2 * int(s64(a) <= s64(b) and a & 1 != 0)),
]


def ptx_body():
    lines = []
    for k, (text, _) in enumerate(OPS):
        d = "%%rd%d" % (20 + k)
        lines.append("\t" + text.format(d=d, a="%rd11", b="%rd12", al="%r11", bl="%r12"))
        lines.append("\tst.global.u64 [%%rd10+%d], %s;" % (8 * k, d))
    return "\n".join(lines)


def splitmix64(state, count):
    out = []
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & M64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        out.append(z ^ (z >> 31))
    return out


def inputs():
    edges = [0, 1, 2, 3, 7, 63, 64, 65, M32, 1 << 32, (1 << 32) + 1, 1 << 63, (1 << 63) - 1,
             (1 << 63) + 1, M64, M64 - 1, M64 - 6, 0x5555555555555555, 0x00000000FFFFFFFE,
             0xFFFFFFFF00000000, 0x123456789ABCDEF0, 10, 1000000007, 0x8000000080000000]
    rnd = splitmix64(2026, 2 * 160)
    pairs = []
    for k in range(160):
        if k < len(edges) * 3:
            a = edges[k % len(edges)]
            b = edges[(k * 5 + k // len(edges)) % len(edges)]
        else:
            a, b = rnd[2 * k] >> (rnd[2 * k + 1] & 63), rnd[2 * k + 1] >> (rnd[2 * k] & 63)
            if k % 4 == 0:
                b = rnd[2 * k + 1] & 127  # shift counts around 64
        pairs.append((a, b))
    return pairs


def main():
    if sys.argv[1:] == ["--ptx"]:
        print(ptx_body())
        return
    pairs = inputs()
    n = len(pairs)
    print("alloc a u64[%d] = [%s]" % (n, ", ".join(str(p[0]) for p in pairs)))
    print("alloc b u64[%d] = [%s]" % (n, ", ".join(str(p[1]) for p in pairs)))
    print("alloc out u64[%d]" % (n * len(OPS)))
    print("launch int64ops grid=%d block=32 args=(a, b, out)" % (n // 32))
    print("wait")
    for t, (a, b) in enumerate(pairs):
        for k, (text, ref) in enumerate(OPS):
            print("expect out[%d] == %d  # %s on %d, %d" % (t * len(OPS) + k, ref(a, b),
                                                          text.split("\n")[0], a, b))


main()
