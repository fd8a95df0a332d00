"""Run script for test/cuda/mathops.cu, expected values computed here.

Integer results follow C (truncating division). Python's double division
and square root of binary32 values, rounded to binary32, are the correctly
rounded binary32 results (53 >= 2*24 + 2 bits), which div.rn.f32 and
sqrt.rn.f32 must give exactly; the fast intrinsics are checked within
their PTX bounds (plus the rounding of the kernel's own float arithmetic).

    math_ref.py > run.simt
"""
import math
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "cc",
                                "Inputs"))
from isel_math import cdiv, crem, lcg, s32  # noqa: E402

N = 1000


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def alloc(name, ty, values):
    print("alloc %s %s[%d] = [%s]" % (name, ty, len(values), ", ".join(repr(v) for v in values)))


def main():
    a = [s32(v) for v in lcg(1, N)]
    b = [s32(v) for v in lcg(2, N)]
    x = [(v >> 8) * 2.0**-24 for v in lcg(3, N)]  # exact binary32 in [0, 1)
    y = [(v >> 8) * 2.0**-24 for v in lcg(4, N)]
    alloc("a", "s32", a)
    alloc("b", "s32", b)
    alloc("x", "f32", x)
    alloc("y", "f32", y)
    print("alloc iq s32[%d]" % (3 * N))
    print("alloc uq u32[%d]" % (2 * N))
    print("alloc exact f32[%d]" % (2 * N))
    print("alloc fast f32[%d]" % (4 * N))
    print("launch mathops grid=%d block=128 args=(a, b, x, y, iq, uq, exact, fast, %ds32)"
          % ((N + 127) // 128, N))
    print("wait")
    iq, uq, exact = [], [], []
    for i in range(N):
        p, q = a[i], (b[i] >> (i & 15)) | 1
        iq += [cdiv(p, q), crem(p, q), s32(cdiv(p, 7) + crem(p, 10))]
        up, uv = p & 0xFFFFFFFF, (b[i] & 0xFFFFFFFF) >> (i & 7)
        uq += [up // uv if uv else 0, up % uv if uv else up]
        v = f32(y[i] + 0.5)
        exact += [f32(x[i] / v), f32(math.sqrt(x[i]))]
    print("expect iq == [%s]" % ", ".join(str(v) for v in iq))
    print("expect uq == [%s]" % ", ".join(str(v) for v in uq))
    print("expect exact == [%s]" % ", ".join(repr(v) for v in exact))
    for i in range(N):
        u, v = x[i], f32(y[i] + 0.5)
        checks = [(u / v, "ulp 2"),
                  (math.sin(f32(8 * u)) + math.cos(u), "within 2e-6"),
                  (math.exp(u) / math.sqrt(v), "within 4e-6"),
                  (math.log(v), "within 2e-6")]
        for k, (want, tol) in enumerate(checks):
            print("expect fast[%d] ~= %r %s" % (4 * i + k, f32(want), tol))


main()
