"""Run script for test/cuda/mathlib.cu: inputs and expected values from
Python's math module (double precision, rounded to binary32), each checked
within the function's OpenCL 1.2 single-precision ulp bound (the bounds are
listed in mathlib.cu).

    mathlib_ref.py [--m32] > run.simt      (--m32: 4-byte pointers)
"""
import math
import struct
import sys

N = 200


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def lcg_unit(seed, count):
    """count floats in [0, 1), exact in binary32, from a 32-bit LCG."""
    state, out = seed, []
    for _ in range(count):
        state = (state * 1664525 + 1013904223) & 0xFFFFFFFF
        out.append((state >> 8) * 2.0**-24)
    return out


def spread(seed, lo, hi):
    """N binary32 values spread over [lo, hi)."""
    return [f32(lo + (hi - lo) * u) for u in lcg_unit(seed, N)]


def logspread(seed, lo, hi, signed=False):
    """N binary32 values with exponents spread over [lo, hi) (powers of 2)."""
    us, ss = lcg_unit(seed, N), lcg_unit(seed + 1, N)
    return [f32((-1 if signed and s < 0.5 else 1) * 2.0**(lo + (hi - lo) * u))
            for u, s in zip(us, ss)]


def round_half_away(v):
    return math.floor(v + 0.5) if v >= 0 else -math.floor(-v + 0.5)


def sinpi(v):
    # Exact argument reduction: v - 2k is exact in double for binary32 v.
    r = math.fmod(v, 2.0)
    return math.sin(math.pi * r)


def cospi(v):
    return math.cos(math.pi * math.fmod(v, 2.0))


# (name, function of (a, b), inputs a, inputs b, ulp bound)
ONE = [1.0] * N
CASES = [
    ("expf", lambda a, b: math.exp(a), spread(1, -87.0, 88.0), ONE, 3),
    ("exp2f", lambda a, b: 2.0**a, spread(2, -125.0, 127.0), ONE, 3),
    ("sinf", lambda a, b: math.sin(a), logspread(3, -10, 20, True), ONE, 4),
    ("cosf", lambda a, b: math.cos(a), logspread(4, -10, 20, True), ONE, 4),
    ("tanf", lambda a, b: math.tan(a), logspread(5, -10, 12, True), ONE, 5),
    ("asinf", lambda a, b: math.asin(a), spread(6, -1.0, 1.0), ONE, 4),
    ("acosf", lambda a, b: math.acos(a), spread(7, -1.0, 1.0), ONE, 4),
    ("atanf", lambda a, b: math.atan(a), logspread(8, -20, 40, True), ONE, 5),
    ("atan2f", lambda a, b: math.atan2(a, b), spread(9, -100.0, 100.0),
     spread(10, -100.0, 100.0), 6),
    ("tanhf", lambda a, b: math.tanh(a), spread(11, -12.0, 12.0), ONE, 5),
    ("erff", lambda a, b: math.erf(a), spread(12, -5.0, 5.0), ONE, 16),
    ("erfcf", lambda a, b: math.erfc(a), spread(13, -3.0, 7.5), ONE, 16),
    ("sinpif", lambda a, b: sinpi(a), spread(14, -50.0, 50.0), ONE, 4),
    ("cospif", lambda a, b: cospi(a), spread(15, -50.0, 50.0), ONE, 4),
    ("hypotf", lambda a, b: math.hypot(a, b), logspread(16, -60, 60, True),
     logspread(18, -60, 60, True), 4),
    ("fmodf", lambda a, b: math.fmod(a, b), spread(20, -1000.0, 1000.0),
     spread(21, 0.5, 30.0), 0),
    ("floorf", lambda a, b: math.floor(a), spread(22, -1e4, 1e4), ONE, 0),
    ("truncf", lambda a, b: float(math.trunc(a)), spread(23, -1e4, 1e4), ONE, 0),
    ("roundf", lambda a, b: round_half_away(a), spread(24, -20.0, 20.0), ONE, 0),
    ("ceilf", lambda a, b: math.ceil(a), spread(25, -1e4, 1e4), ONE, 0),
    ("sincosf (sin)", lambda a, b: math.sin(a), logspread(26, -10, 20, True), ONE, 4),
    ("sincosf (cos)", lambda a, b: math.cos(a), logspread(27, -10, 20, True), ONE, 4),
    ("logf", lambda a, b: math.log(a), logspread(30, -120, 120), ONE, 3),
    ("log2f", lambda a, b: math.log2(a), logspread(31, -120, 120), ONE, 3),
    ("log10f", lambda a, b: math.log10(a), logspread(32, -120, 120), ONE, 3),
    ("log1pf", lambda a, b: math.log1p(a), spread(33, -0.99, 100.0), ONE, 2),
    ("powf", lambda a, b: math.pow(a, b), logspread(34, -10, 10), spread(35, -8.0, 8.0), 16),
    ("exp10f", lambda a, b: 10.0**a, spread(36, -37.0, 38.0), ONE, 3),
    ("expm1f", lambda a, b: math.expm1(a), spread(37, -10.0, 10.0), ONE, 3),
    ("sinhf", lambda a, b: math.sinh(a), spread(38, -20.0, 20.0), ONE, 4),
    ("coshf", lambda a, b: math.cosh(a), spread(39, -20.0, 20.0), ONE, 4),
    ("asinhf", lambda a, b: math.asinh(a), logspread(40, -20, 20, True), ONE, 4),
    ("acoshf", lambda a, b: math.acosh(a), spread(41, 1.0, 1e4), ONE, 4),
    ("atanhf", lambda a, b: math.atanh(a), spread(42, -0.999, 0.999), ONE, 5),
    ("cbrtf", lambda a, b: math.copysign(abs(a) ** (1.0 / 3.0), a), logspread(43, -120, 120, True),
     ONE, 2),
]
# Exact cases that must come out right: halves for roundf, -0.5 for the
# sign of a zero result, integers and values past 2^23 for the roundings.
CASES[18][2][:6] = [0.5, -0.5, 1.5, -2.5, 8388609.0, -0.49999997]
CASES[16][2][:4] = [-0.5, 16777216.0, -3.0, 1e-40]
CASES[17][2][:3] = [-0.5, 0.0, 8388607.5]
CASES[19][2][:3] = [-0.5, 2.5, -8388607.5]


def values(row):
    return ", ".join(repr(v) for v in row)


def main():
    xs = [v for c in CASES for v in c[2]]
    ys = [v for c in CASES for v in c[3]]
    print("alloc x f32[%d] = [%s]" % (len(xs), values(xs)))
    print("alloc y f32[%d] = [%s]" % (len(ys), values(ys)))
    print("alloc out f32[%d]" % len(xs))
    ptr = ":32" if "--m32" in sys.argv[1:] else ""
    print("launch mathlib grid=%d,%d block=128 args=(x%s, y%s, out%s, %ds32)"
          % ((N + 127) // 128, len(CASES), ptr, ptr, ptr, N))
    print("wait")
    for k, (name, fn, a, b, ulp) in enumerate(CASES):
        print("# %s: %d ulp" % (name, ulp))
        for i in range(N):
            want = f32(float(fn(a[i], b[i])))
            if ulp == 0:
                print("expect out[%d] == %r" % (k * N + i, want))
            else:
                print("expect out[%d] ~= %r ulp %d" % (k * N + i, want, ulp))


main()
