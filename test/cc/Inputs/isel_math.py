"""Run script for test/cc/isel-math.ptx: inputs and the expected results of
its kernels computed here, in Python, never from the emulator.

Floats are handled as binary32 bit patterns. Python's double division and
square root of two binary32 values, rounded once more to binary32, are the
correctly rounded binary32 results (53 >= 2*24 + 2 bits: the second rounding
is innocuous), subnormals included. NaN results are the ISA's canonical
0x7fffffff.

    isel_math.py > run.simt

test/cuda/Inputs/math_ref.py imports its integer helpers.
"""
import ctypes
import math
import struct

NAN = 0x7FFFFFFF


def f(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def b(x):
    """x (a double) rounded to binary32, as bits; NaN canonical."""
    if x != x:
        return NAN
    return struct.unpack("<I", struct.pack("<f", ctypes.c_float(x).value))[0]


def flush(bits):
    return bits & 0x80000000 if bits & 0x7F800000 == 0 else bits


def fdiv(x, y):
    a, c = f(x), f(y)
    if a != a or c != c:
        return NAN
    if c == 0:
        if a == 0:
            return NAN
        return 0x7F800000 | ((x ^ y) & 0x80000000)
    if math.isinf(a) and math.isinf(c):
        return NAN
    if math.isinf(c):
        return (x ^ y) & 0x80000000
    if math.isinf(a):
        return 0x7F800000 | ((x ^ y) & 0x80000000)
    r = b(a / c)
    if r & 0x7FFFFFFF == 0:  # an underflow to zero keeps the sign
        r = (x ^ y) & 0x80000000
    return r


def fsqrt(x):
    a = f(x)
    if a != a or a < 0:
        return NAN
    if a == 0 or math.isinf(a):
        return x
    return b(math.sqrt(a))


def ftz(fn, *xs):
    r = fn(*(flush(x) for x in xs))
    return r if r == NAN else flush(r)


def s32(x):
    x &= 0xFFFFFFFF
    return x - (1 << 32) if x & 0x80000000 else x


def u32(x):
    return x & 0xFFFFFFFF


def cdiv(p, q):
    """C's truncating division of Python integers."""
    r = abs(p) // abs(q)
    return r if (p < 0) == (q < 0) else -r


def crem(p, q):
    return p - cdiv(p, q) * q


def idiv(n, d):
    """div.s32, rem.s32, div.u32, rem.u32 with the defined edge results:
    x / 0 is 0xffffffff and x % 0 is x; INT_MIN / -1 wraps."""
    if d == 0:
        return [0xFFFFFFFF, n, 0xFFFFFFFF, n]
    sn, sd = s32(n), s32(d)
    return [u32(cdiv(sn, sd)), u32(crem(sn, sd)), n // d, n % d]


def lcg(seed, count):
    out = []
    for _ in range(count):
        seed = (seed * 6364136223846793005 + 1442695040888963407) & (2**64 - 1)
        out.append(seed >> 32)
    return out


def words(xs):
    return "[%s]" % ", ".join("0x%x" % x for x in xs)


def main():
    # Integer division: edge pairs and random ones of mixed widths.
    edges = [0, 1, 2, 3, 7, 10, 0x7FFFFFFF, 0x80000000, 0x80000001, 0xFFFFFFFF,
             0xFFFFFFFE, 0xFFFFFFF9, 0x10000, 0x12345678]
    ns, ds = [], []
    for n in edges:
        for d in edges:
            ns.append(n)
            ds.append(d)
    r = lcg(14, 64)
    for k in range(0, 64, 2):
        ns.append(r[k])
        ds.append(r[k + 1] >> (r[k] % 31))
    cnt = len(ns)
    print("alloc n u32[%d] = %s" % (cnt, words(ns)))
    print("alloc d u32[%d] = %s" % (cnt, words(ds)))
    print("alloc q u32[%d]" % (cnt * 6))
    print("launch idiv grid=%d block=64 args=(n, d, q, %du32)" % ((cnt + 63) // 64, cnt))
    print("wait")
    want = []
    for n, d in zip(ns, ds):
        # by 7 and, guarded by n odd, n / d (else n unchanged)
        want += idiv(n, d) + [n // 7, n // d if n & 1 and d else
                              (0xFFFFFFFF if n & 1 else n)]
    print("expect q == %s" % words(want))

    # Correctly rounded float operations.
    fl = [0x00000000, 0x80000000, 0x00000001, 0x00000003, 0x007FFFFF, 0x00800000,
          0x3F800000, 0xBF800000, 0x40400000, 0x3DCCCCCD, 0x7F7FFFFF, 0x7F800000,
          0xFF800000, 0x7FC00000, 0x40000000, 0x3F000000, 0x0D000000, 0x72800000,
          0x3F800001, 0x3FFFFFFF, 0xC0A00000, 0x4B800000]
    xs, ys = [], []
    for x in fl:
        for y in fl:
            xs.append(x)
            ys.append(y)
    cnt = len(xs)
    print("alloc x u32[%d] = %s" % (cnt, words(xs)))
    print("alloc y u32[%d] = %s" % (cnt, words(ys)))
    print("alloc z u32[%d]" % (cnt * 5))
    print("launch fexact grid=%d block=128 args=(x, y, z, %du32)" % ((cnt + 127) // 128, cnt))
    print("wait")
    want = []
    for x, y in zip(xs, ys):
        want += [fdiv(x, y), ftz(fdiv, x, y), fdiv(0x3F800000, x), fsqrt(x), ftz(fsqrt, x)]
    print("expect z == %s" % words(want))

    # Approximate forms: within their PTX bounds of the exact values.
    vals = [0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 10.0, 0.1, 100.0, 1e-3, 7.25, 31.0]
    cnt = len(vals)
    print("alloc v f32[%d] = [%s]" % (cnt, ", ".join(repr(v) for v in vals)))
    print("alloc w f32[%d]" % (cnt * 9))
    print("launch fapprox grid=1 block=32 args=(v, w, %du32)" % cnt)
    print("wait")
    k = 0
    for v in vals:
        v = f(b(v))
        for want, tol in [(1 / v, "ulp 1"), (2 / v, "ulp 2"), (1 / math.sqrt(v), "ulp 2"),
                          (math.sqrt(v), "ulp 1"), (2 ** v, "ulp 2"),
                          (math.log2(v), "within 1e-6"), (math.sin(v), "within 1e-6"),
                          (math.cos(v), "within 1e-6"), (v / 3, "ulp 2")]:
            print("expect w[%d] ~= %r %s" % (k, f(b(want)), tol))
            k += 1

    # The .ftz forms on subnormals and zeros: all see +-0.
    subs = [0x00000001, 0x80000001, 0x007FFFFF, 0x80400000, 0x00000000, 0x80000000]
    print("alloc s u32[%d] = %s" % (len(subs), words(subs)))
    print("alloc t u32[%d]" % (7 * len(subs)))
    print("launch fftz grid=1 block=32 args=(s, t, %du32)" % len(subs))
    print("wait")
    want = []
    for x in subs:
        sign = x & 0x80000000
        inf, zero = 0x7F800000 | sign, sign
        # rcp.approx, rcp.rn, sin, ex2, div.full(x, 3), div.approx(3, x), sqrt
        want += [inf, inf, zero, 0x3F800000, zero, inf, zero]
    print("expect t == %s" % words(want))


if __name__ == "__main__":
    main()
