"""Run script for isel-f64-approx.ptx: per input x, rcp.approx.ftz.f64's
exact results where PTX defines them (zeros, subnormals, infinities, NaN,
results below the normal range) and x * rcp(x) - 1 within 2^-20
elsewhere; rsqrt.approx.f64 and its .ftz form within 1 ulp of Python's
1/sqrt(x) (itself within an ulp), exact where defined."""
import math
import random
import struct

INF, NAN = float("inf"), float("nan")
random.seed(20261129)
finite = [random.uniform(1, 2) * 2.0 ** random.randint(-1020, 1020) for _ in range(16)]
finite += [-v for v in finite[:4]] + [1.0, 3.0, 0.1, 2.0 ** 1023 * 1.5]
special = [0.0, -0.0, INF, -INF, NAN, 5e-324, -2.5e-310]
xs = finite + special
assert len(xs) <= 32
xs += [1.0] * (32 - len(xs))


def words(values):
    return ", ".join(repr(v) if v == v else "nan" for v in values)


print("alloc src f64[32] = [%s]" % words(xs))
print("alloc out f64[160]")
print("launch approx grid=1 block=32 args=(src, out)")
print("wait")
for i, x in enumerate(xs):
    at = 5 * i
    # rcp.approx.ftz.f64
    if x == 0 or (x != 0 and abs(x) < 2.0 ** -1022):  # zero, or a subnormal flushed
        print("expect out[%d] == %s" % (at, "-inf" if math.copysign(1, x) < 0 else "inf"))
    elif x != x:
        print("expect out[%d] == nan" % at)
    elif abs(x) == INF:
        print("expect out[%d] == %s" % (at, "-0.0" if x < 0 else "0.0"))
    elif abs(x) > 2.0 ** 1022:  # 1/x below the normal range: flushed
        print("expect out[%d] == %s" % (at, "-0.0" if x < 0 else "0.0"))
    else:
        print("expect out[%d] ~= 0.0 within %r" % (at + 1, 2.0 ** -20))
    # rsqrt.approx.f64 (subnormals kept) and .ftz (flushed)
    for k, ftz in ((2, False), (3, True)):
        if x != x or (x < 0 and not (ftz and x > -2.0 ** -1022)):
            want = "nan"
        elif x == 0 or (ftz and abs(x) < 2.0 ** -1022):
            want = "-inf" if math.copysign(1, x) < 0 else "inf"
        elif x == INF:
            want = "0.0"
        else:
            print("expect out[%d] ~= %r ulp 1" % (at + k, 1 / math.sqrt(x)))
            continue
        print("expect out[%d] == %s" % (at + k, want))
