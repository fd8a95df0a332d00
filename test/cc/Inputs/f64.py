"""Run script for isel-f64.ptx (and, with --ptx, the kernel's body): every
thread reads doubles a, b, c and stores one result per operation below, as
64-bit words (32-bit results in the low word). References from ieee.py's
exact rationals and Python's integers, never from the emulator."""

import math
import random
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from ieee import CANON, add, b2d, bits, convert, d2b, fma, mul, round_int  # noqa: E402

MODES = ["rn", "rz", "rm", "rp"]
IRND = {"rni": "rn", "rzi": "rz", "rmi": "rm", "rpi": "rp"}
INTS = {"s8": (8, True), "u8": (8, False), "s16": (16, True), "u16": (16, False),
        "s32": (32, True), "u32": (32, False), "s64": (64, True), "u64": (64, False)}


def to_int(x, mode, ty):
    """cvt.rXi.<ty>.f64: rounded, saturated, NaN -> 0; as the register
    holds it (sub-word types sign- or zero-extended to 32 bits)."""
    width, signed = INTS[ty]
    lo, hi = (-(1 << (width - 1)), (1 << (width - 1)) - 1) if signed else (0, (1 << width) - 1)
    if x != x:
        v = 0
    elif math.isinf(x):
        v = hi if x > 0 else lo
    else:
        v = min(max(round_int(x, mode), lo), hi)
    return v & ((1 << max(width, 32)) - 1)


def round_to_integral(x, mode):
    if not math.isfinite(x):
        return x
    v = float(round_int(x, mode))
    return math.copysign(v, x) if v == 0 else v


def sat(x):
    if x != x:
        return 0.0
    return min(max(x, 0.0), 1.0) if x != 0 else 0.0


def as_s64(x):
    b = d2b(x)
    return b - (1 << 64) if b >> 63 else b


def compare(x, y, cmp):
    unordered = x != x or y != y
    base = {"eq": x == y, "ne": x != y and not unordered, "lt": x < y, "le": x <= y,
            "gt": x > y, "ge": x >= y}
    if cmp in base:
        return base[cmp]
    if cmp == "num":
        return not unordered
    if cmp == "nan":
        return unordered
    return unordered or base[cmp[:-1]] if cmp != "neu" else unordered or x != y


# Each operation: (PTX lines with {d} the result and {a} {b} {c} the inputs
# ({ai} {bi} a's and b's bits as b64, {alo} a's low word), the result's
# register class, the reference on floats a, b, c giving the stored word).
F64, B64, F32, B32 = "f64", "b64", "f32", "b32"
OPS = []
for op, fn in (("add", add), ("sub", lambda x, y, m: add(x, -y, m)), ("mul", mul)):
    for m in MODES:
        OPS.append(("%s.%s.f64 {d}, {a}, {b};" % (op, m), F64,
                    lambda a, b, c, fn=fn, m=m: bits(fn(a, b, m))))
for m in MODES:
    OPS.append(("fma.%s.f64 {d}, {a}, {b}, {c};" % m, F64,
                lambda a, b, c, m=m: bits(fma(a, b, c, m))))


def fminmax(x, y, is_min):
    if x != x:
        return y
    if y != y:
        return x
    if x == y:
        return (x if math.copysign(1, x) < 0 else y) if is_min else (x if math.copysign(1, x) > 0 else y)
    return min(x, y) if is_min else max(x, y)


OPS += [
    ("min.f64 {d}, {a}, {b};", F64, lambda a, b, c: bits(fminmax(a, b, True))),
    ("max.f64 {d}, {a}, {b};", F64, lambda a, b, c: bits(fminmax(a, b, False))),
    ("abs.f64 {d}, {a};", F64, lambda a, b, c: d2b(a) & ~(1 << 63)),
    ("neg.f64 {d}, {a};", F64, lambda a, b, c: d2b(a) ^ (1 << 63)),
    ("add.f64 {d}, {a}, 0d3FF8000000000000;", F64, lambda a, b, c: bits(add(a, 1.5))),
    ("mul.f64 {d}, {a}, 0d3FB999999999999A;", F64, lambda a, b, c: bits(mul(a, 0.1))),
    ("sub.f64 {d}, 0d4000000000000000, {a};", F64, lambda a, b, c: bits(add(2.0, -a))),
    ("mov.f64 {d}, 0dC00921FB54442D18;", F64, lambda a, b, c: d2b(-3.141592653589793)),
    ("setp.lt.f64 %p2, {a}, {b};\n\tselp.f64 {d}, {a}, {b}, %p2;", F64,
     lambda a, b, c: d2b(a if a < b else b)),
    ("setp.gt.f64 %p2, {a}, {c};\n\tsetp.lt.and.f64 %p3, {a}, {b}, %p2;\n\t"
     "selp.b64 {d}, 1, 0, %p3;", B64, lambda a, b, c: int(a > c and a < b)),
]
for cmp in ["eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu",
            "num", "nan"]:
    OPS.append(("setp.%s.f64 %%p2, {a}, {b};\n\tselp.b64 {d}, -2, 7, %%p2;" % cmp, B64,
                lambda a, b, c, cmp=cmp: (-2 & (1 << 64) - 1) if compare(a, b, cmp) else 7))
for ty, (width, _) in INTS.items():
    for r, m in IRND.items():
        OPS.append(("cvt.%s.%s.f64 {d}, {a};" % (r, ty), B64 if width == 64 else B32,
                    lambda a, b, c, m=m, ty=ty: to_int(a, m, ty)))
for r, m in IRND.items():
    OPS.append(("cvt.%s.f64.f64 {d}, {a};" % r, F64,
                lambda a, b, c, m=m: bits(round_to_integral(a, m))))
OPS.append(("cvt.sat.f64.f64 {d}, {a};", F64, lambda a, b, c: bits(sat(a))))
for m in MODES:
    OPS.append(("cvt.%s.f32.f64 {d}, {a};" % m, F32,
                lambda a, b, c, m=m: bits(convert(a, m, "f32"), "f32")))
OPS.append(("cvt.rn.sat.f32.f64 {d}, {a};", F32,
            lambda a, b, c: bits(sat(convert(a, "rn", "f32")), "f32")))
OPS.append(("cvt.rz.f32.f64 %f2, {a};\n\tcvt.f64.f32 {d}, %f2;", F64,
            lambda a, b, c: bits(convert(a, "rz", "f32"))))
for m in MODES:
    OPS.append(("cvt.%s.f64.s64 {d}, {ai};" % m, F64,
                lambda a, b, c, m=m: bits(convert(as_s64(a), m, "f64"))))
    OPS.append(("cvt.%s.f32.s64 {d}, {ai};" % m, F32,
                lambda a, b, c, m=m: bits(convert(as_s64(a), m, "f32"), "f32")))
for m in ["rn", "rm"]:
    OPS.append(("cvt.%s.f64.u64 {d}, {ai};" % m, F64,
                lambda a, b, c, m=m: bits(convert(d2b(a), m, "f64"))))
    OPS.append(("cvt.%s.f32.u64 {d}, {ai};" % m, F32,
                lambda a, b, c, m=m: bits(convert(d2b(a), m, "f32"), "f32")))
OPS.append(("cvt.rn.f64.s32 {d}, {alo};", F64,
            lambda a, b, c: bits(float((d2b(a) & 0xFFFFFFFF) - ((d2b(a) >> 31 & 1) << 32)))))
OPS.append(("cvt.rn.f64.u32 {d}, {alo};", F64, lambda a, b, c: bits(float(d2b(a) & 0xFFFFFFFF))))

REG = {F64: "%fd", B64: "%rd", F32: "%f", B32: "%r"}
STORE = {F64: "f64", B64: "u64", F32: "f32", B32: "u32"}


def ptx_body():
    lines = []
    for k, (text, cls, _) in enumerate(OPS):
        d = "%s%d" % (REG[cls], 20 + k)
        lines.append("\t" + text.format(d=d, a="%fd1", b="%fd2", c="%fd3", ai="%rd11",
                                        bi="%rd12", alo="%r11"))
        lines.append("\tst.global.%s [%%rd10+%d], %s;" % (STORE[cls], 8 * k, d))
    return "\n".join(lines)


def inputs():
    special = [0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 0.5, -0.5, 1.5, 3.5, -3.5, math.inf, -math.inf,
               math.nan, 5e-324, -5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
               -1.7976931348623157e308, 1e20, -1e20, 300.5, -129.5, 65535.5, 2.0**63,
               -2.0**63, 2.0**64, 4294967295.5, -2147483648.5, 2.0**52 + 1, 1e-40, 3.4e38,
               3.5e38, 1.401298464324817e-45, 7.006492321624085e-46, 2147483647.5, 127.5,
               -128.5, 255.5, 32767.5, 0.1, 1 / 3]
    rng = random.Random(20261123)
    triples = []
    for k in range(128):
        if k < len(special):
            a = special[k]
            b = special[(k * 7 + 3) % len(special)]
            c = special[(k * 5 + 1) % len(special)]
        else:
            a, b, c = (rng.choice([-1, 1]) * rng.random() * 2.0 ** rng.randint(-60, 70)
                       for _ in range(3))
            if k % 5 == 0:  # products and sums that cancel: fma's single rounding
                c = -mul(a, b)
            if k % 7 == 0:
                b = -a * (1 + 2.0 ** -50)
        triples.append((a, b, c))
    return triples


def main():
    if sys.argv[1:] == ["--ptx"]:
        print(ptx_body())
        return
    triples = inputs()
    n = len(triples)
    words = lambda i: ", ".join(str(d2b(t[i])) for t in triples)
    print("alloc a u64[%d] = [%s]" % (n, words(0)))
    print("alloc b u64[%d] = [%s]" % (n, words(1)))
    print("alloc c u64[%d] = [%s]" % (n, words(2)))
    print("alloc out u64[%d]" % (n * len(OPS)))
    print("launch f64ops grid=%d block=32 args=(a, b, c, out)" % (n // 32))
    print("wait")
    for t, (a, b, c) in enumerate(triples):
        for k, (text, _, ref) in enumerate(OPS):
            i = t * len(OPS) + k
            print("expect out[%d] == %d  # %s on %r, %r, %r" % (i, ref(a, b, c),
                                                               text.split("\n")[-1], a, b, c))


main()
