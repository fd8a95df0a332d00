"""Run script for test/cuda/math_overloads.cu: inputs, and expected values
computed here with Python's math module (binary64; f32() rounds to
binary32), never from the emulator.

    math_overloads_ref.py [--m32] > run.simt      (--m32: 4-byte pointers)

Tolerances:
- exact where the device rounds once, correctly: the f64 division and square
  root (correctly rounded sequences), sqrtf, fabs, min/max, integer code.
  Inputs are chosen so that products the compiler may fuse into an FMA
  (a - 3.0 * b, a * a + 1.0, v * v) are exact, so fusing changes nothing.
- pow(int, int) is libclc's f64 pow, pow(float, int) its pown: OpenCL's
  16 ulp for both.
- The fast intrinsics are MUFU approximations, each within 2 ulp of the
  correctly rounded result (ISA.md), composed as CUDA composes them:
  __expf(v) = ex2(v * log2 e) with |v| <= 2: the rounded product moves the
  exponent by <= 2^-24 * 2.9, a relative 1.2e-7, plus 2 ulp (2.4e-7);
  __exp10f likewise with |v * log2 10| <= 6.7 (2.8e-7 + 2.4e-7);
  __powf(2, i) = ex2(i * lg2(2)) with |i| <= 7: lg2(2) within 2 ulp of 1
  moves the exponent by <= 1.7e-6 (relative 1.2e-6), plus 2 ulp;
  __fdividef: a reciprocal within 2 ulp and a rounded product, 3 ulp.
  Each is given twice to four times that, as a relative bound: 4e-6.
  The logarithms of |v| + 0.5 in [0.5, 2.5] are lg2 (2 ulp of a value
  <= 1.33) times a rounded constant: absolute 1e-6. __sinf, __cosf of
  |v| <= 2 and __tanf (sin / cos by an approximate division) of |v| <= 0.5,
  all bounded by 1: absolute 2e-6.
"""
import math
import struct
import sys

T = 8
MASK32 = (1 << 32) - 1

KO = [5.4, 4.0, 140.0, 10.8, 0.5, 1000.0, 2.7, 54.0]
A = [0.75, -2.5, 1.5, 0.0, -0.25, 3.0, -1.75, 10.5]
B = [0.5, 1.25, -2.0, 0.125, 4.0, -0.75, 1.0, 2.5]
N = [-7, 0, 3, 5, 12, -2, 9, 100]
U = [0, 1, 2, 5, 0x80000000, 0xFFFFFFFF, 7, 3]
X = [-2.0, -1.25, -0.5, 0.0, 0.25, 0.75, 1.5, 2.0]


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def c_rem(a, b):
    """C's % (truncating division)."""
    return int(math.fmod(a, b))


def values(vs):
    return ", ".join(repr(v) for v in vs)


def exact(name, index, want):
    print("expect %s[%d] == %r" % (name, index, want))


def near(name, index, want, eps):
    print("expect %s[%d] ~= %r within %r" % (name, index, want, eps))


def doubles():
    for t in range(T):
        ko, a, b, n = KO[t], A[t], B[t], N[t]
        base = 7 * t
        exact("dout", base + 0, math.sqrt(ko / 5.4))
        exact("dout", base + 1, math.sqrt(abs(n)))
        exact("dout", base + 2, abs(a - 3.0 * b))
        exact("dout", base + 3, float(max(n, 2) + n))
        exact("dout", base + 4, math.sqrt(a * a + 1.0))
        exact("dout", base + 5, max(a, b) + abs(b))
        print("expect dout[%d] ~= %r ulp 16" % (base + 6, float(n) ** 2))


def integers():
    for t in range(T):
        n, u = N[t], U[t]
        base = 6 * t
        exact("uout", base + 0, max(1, u))
        exact("uout", base + 1, min(MASK32, u))
        exact("uout", base + 2, max(n, -5) & MASK32)
        exact("uout", base + 3, abs(n) & MASK32)
        exact("uout", base + 4, (max(n * 1000000, 7000000) // 1000) & MASK32)
        exact("uout", base + 5, min(u, 3))


def floats():
    for t in range(T):
        v, i = X[t], c_rem(N[t], 8)
        y = abs(v) + 0.5
        base = 16 * t
        rel = [2.0**i, math.exp(v), v / 3.0, None, None, None, 10.0**v]
        for k, want in enumerate(rel):
            if want is not None:
                near("fout", base + k, f32(want), 4e-6 * abs(want))
        near("fout", base + 3, f32(math.log(y)), 1e-6)
        near("fout", base + 4, f32(math.log2(y)), 1e-6)
        near("fout", base + 5, f32(math.log10(y)), 1e-6)
        near("fout", base + 7, f32(math.sin(v)), 2e-6)
        near("fout", base + 8, f32(math.cos(v)), 2e-6)
        near("fout", base + 9, f32(math.tan(v * 0.25)), 2e-6)
        exact("fout", base + 10, min(max(v, 0.0), 1.0))
        exact("fout", base + 11, f32(math.sqrt(abs(v))))
        print("expect fout[%d] ~= %r ulp 16" % (base + 12, f32(v**3)))
        exact("fout", base + 13, abs(v))
        exact("fout", base + 14, min(v, 0.25))
        exact("fout", base + 15, max(v, 0.5))


def main():
    m32 = "--m32" in sys.argv[1:]
    ptr = ":32" if m32 else ""
    d = [x for t in range(T) for x in (KO[t], A[t], B[t])]
    print("alloc d f64[%d] = [%s]" % (len(d), values(d)))
    print("alloc n s32[%d] = [%s]" % (T, values(N)))
    print("alloc u u32[%d] = [%s]" % (T, values(U)))
    print("alloc x f32[%d] = [%s]" % (T, values(X)))
    print("alloc dout f64[%d]" % (7 * T))
    print("alloc uout u32[%d]" % (6 * T))
    print("alloc fout f32[%d]" % (16 * T))
    print("launch doubles grid=1 block=%d args=(d%s, n%s, dout%s)" % (T, ptr, ptr, ptr))
    print("launch integers grid=1 block=%d args=(n%s, u%s, uout%s)" % (T, ptr, ptr, ptr))
    print("launch floats grid=1 block=%d args=(x%s, n%s, fout%s)" % (T, ptr, ptr, ptr))
    print("wait")
    doubles()
    integers()
    floats()


main()
