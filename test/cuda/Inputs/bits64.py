"""Run script and Python reference for test/cuda/bits64.cu: each intrinsic
from its definition in the CUDA programming guide (integer intrinsics,
type casting intrinsics) and the IEEE rounding of each mode, computed
exactly with fractions; shared atomics from their sequential meaning (each
update commutes, and the CAS chain ends at 64)."""
import math
import os
import struct
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(__file__))
from ref import alloc_list, expect_all, fmt, random_f32, splitmix64  # noqa: E402

T = 64
M32, M64 = (1 << 32) - 1, (1 << 64) - 1


def signed(x, bits):
    x &= (1 << bits) - 1
    return x - (1 << bits) if x >> (bits - 1) else x


def round_to(q, mode, mant, emin, emax):
    """The binary float nearest q (a Fraction) in `mode` (rn, rz, rd, ru),
    with `mant` significand bits and normal exponents emin..emax."""
    if q == 0:
        return 0.0
    sign = -1 if q < 0 else 1
    a = abs(q)
    e = max(math.floor(math.log2(a)), emin)
    while Fraction(2) ** e > a:
        e -= 1
    while Fraction(2) ** (e + 1) <= a:
        e += 1
    e = max(e, emin)
    ulp = Fraction(2) ** (e - mant + 1)
    low = (a / ulp).__floor__() * ulp
    high = low + ulp if low != a else low
    if mode == "rn":
        d1, d2 = a - low, high - a
        pick = low if d1 < d2 or (d1 == d2 and (low / ulp) % 2 == 0) else high
    elif mode == "rz" or (mode == "rd" and sign > 0) or (mode == "ru" and sign < 0):
        pick = low
    else:
        pick = high
    if pick >= Fraction(2) ** (emax + 1):
        return sign * math.inf
    return sign * float(pick)


def f32r(q, mode):
    return round_to(Fraction(q), mode, 24, -126, 127)


def f64r(q, mode):
    return round_to(Fraction(q), mode, 53, -1022, 1023)


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def bits_of_double(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


a = splitmix64(61, T)
b = [v >> (v & 31) for v in splitmix64(62, T)]
a[:4] = [0, 1, M64, 1 << 63]
b[:4] = [0, M64, 1 << 40, 3]
f = [x * 4.0 - 2.0 for x in random_f32(63, 2 * T)]
d = [(x - 0.5) * 1e5 / 3.0 for x in (v * 2.0**-64 for v in splitmix64(64, T))]
sa = [signed(v, 16) for v in splitmix64(65, 2 * T)]
sa[T:2 * T] = [s if s != 0 else 1 for s in sa[T:2 * T]]
sa[0], sa[T] = -32768, -1

alloc_list("a", "u64", a)
alloc_list("b", "u64", b)
print("alloc out u64[%d]" % (16 * T))
alloc_list("f", "f32", f)
alloc_list("d", "f64", d)
print("alloc fout f32[%d]" % (10 * T))
print("alloc dout f64[%d]" % (2 * T))
alloc_list("sa", "s16", sa)
print("alloc sout s16[%d]" % (2 * T))
print("alloc shared_out u64[8]")
print("launch shared_atomics64 grid=1 block=%d args=(a, b, shared_out)" % T)
print("launch int_intrinsics64 grid=1 block=%d args=(a, b, f, d, out)" % T)
print("launch rounding grid=1 block=%d args=(a, b, f, d, fout, dout, sa, sout)" % T)
print("wait")

ands, ors, xors = M64, 0, 0
for t in range(T):
    ands &= a[t] | (1 << (t % 64)) | 0x8000000000000001
    ors |= 1 << ((t * 7) % 64)
    xors ^= b[t]
expect_all("shared_out", [sum(a) & M64, T, min(a), max(b), 7, ands, ors, xors])

out = []
for t in range(T):
    x, y = a[t], b[t]
    xi, yi = signed(x, 32), signed(y, 32)
    xs, ys = signed(x, 64), signed(y, 64)
    dv = d[t]
    dbits = bits_of_double(dv)
    out += [
        64 - x.bit_length(),
        int(format(x, "064b")[::-1], 2),
        (y & -y).bit_length(),
        bin(x).count("1"),
        ((xs * ys) >> 64) & M64,
        (x * y) >> 64,
        ((xi + yi) >> 1) & M32,
        ((xi + yi + 1) >> 1) & M32,
        ((x & M32) + (y & M32)) >> 1,
        ((x & M32) + (y & M32) + 1) >> 1,
        ((x >> 40) + abs(xi - yi)) & M32,
        ((y >> 40) + abs((x & M32) - (y & M32))) & M32,
        dbits >> 32,
        dbits & M32,
        ((x >> 32) << 32) | (y & M32),
        math.floor(Fraction(f32(f[t] * 1.0e6))) & M64,
    ]
expect_all("out", out)

fout = []
for t in range(T):
    fv, gv = f[t], f[t + T]
    x, y = a[t], b[t]
    k = Fraction(f32(fv * 1000.0))
    half_even = round(k)  # Python rounds halves to even
    fout += [
        float(math.floor(k)),
        float(max(0, math.ceil(k))),
        float(half_even),
        f32r(signed(x, 64), "rz"),
        f32r(y, "ru"),
        f32r(d[t], "rd"),
        f32r(Fraction(fv) + Fraction(f32(gv * 1.0e-7)), "rz"),
        f32r(Fraction(fv) * Fraction(gv), "ru"),
        f32r(Fraction(fv) * Fraction(f32(gv + 0.5)), "rd"),
        f32r(y & M32, "rz"),
    ]
expect_all("fout", fout)
dout = []
for t in range(T):
    dout += [f64r(Fraction(d[t]) + Fraction(1e-20), "ru"), f64r(Fraction(d[t]) * Fraction(1.0 / 3.0), "rz")]
expect_all("dout", dout)

sout = []
for t in range(T):
    s, r = sa[t], sa[t + T]
    q = abs(s) // abs(r) * (1 if (s < 0) == (r < 0) else -1)  # C truncates
    sout += [signed(q, 16), signed((s & 0xFFFF) % (r & 0xFFFF), 16)]
expect_all("sout", sout)
