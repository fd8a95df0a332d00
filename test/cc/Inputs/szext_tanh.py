"""Run script of test/cc/szext-tanh.ptx: szext's values from PTX's
pseudo-code, tanh's from math.tanh with the instruction's relative error
bound (2^-10.987), NaN where the argument is NaN."""
import math
import random
import struct


def szext(a, b, wrap, signed):
    b1 = b & 31
    too_large = b >= 32 and not wrap
    mask = 0 if too_large else (0xFFFFFFFF << b1) & 0xFFFFFFFF
    sign = not (b1 == 0 or too_large or not signed) and (a >> ((b1 - 1) & 31)) & 1
    return (a & ~mask & 0xFFFFFFFF) | (mask if sign else 0)


random.seed(70)
N = 64
a = [random.getrandbits(32) | (0x80000000 if i % 3 == 0 else 0) for i in range(N)]
b = [i if i < 40 else random.choice([0, 31, 32, 33, 63, 64, 0xFFFFFFFF, random.getrandbits(32)])
     for i in range(N)]
out = []
for x, n in zip(a, b):
    out += [szext(x, n, False, False), szext(x, n, False, True), szext(x, n, True, False),
            szext(x, n, True, True), szext(x, 12, True, True)]
print("alloc a u32[%d] = [%s]" % (N, ", ".join(map(str, a))))
print("alloc b u32[%d] = [%s]" % (N, ", ".join(map(str, b))))
print("alloc out u32[%d]" % (5 * N))
print("launch ext grid=1 block=%d args=(a, b, out)" % N)
print("wait")
print("expect out == [%s]" % ", ".join(map(str, out)))


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


xs = [0.0, -0.0, 1e-30, -1e-7, 0.001, -0.03, 0.25, -0.4999, 0.5, -0.5001, 0.75, 1.0, -2.0,
      3.5, -5.0, 9.0, 10.0, -20.0, 88.0, 1e30, float("inf"), float("-inf")]
xs += [f32(random.uniform(-6, 6)) for _ in range(N - len(xs) - 1)] + [float("nan")]
print("alloc x f32[%d] = [%s]" % (N, ", ".join(repr(f32(v)) if v == v else "nan" for v in xs)))
print("alloc y f32[%d]" % N)
print("launch tanhs grid=1 block=%d args=(x, y)" % N)
print("wait")
for i, v in enumerate(xs):
    if v != v:
        print("expect y[%d] == nan" % i)
        continue
    if v == 0:  # the sign of a zero, bit for bit
        print("expect y[%d] == %s" % (i, "0x80000000" if math.copysign(1, v) < 0 else "0x0"))
        continue
    t = math.tanh(v)
    print("expect y[%d] ~= %r within %.9g" % (i, t, abs(t) * 2 ** -10.987))
