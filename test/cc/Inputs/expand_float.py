"""Run script for expand-float.ptx: one warp; thread t reads the f32 x and
y and the f64 z and w below and writes 24 words, computed from the PTX ISA's
definitions on the bits (Python's floats for the comparisons)."""
import math
import struct


def f32(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def f64(bits):
    return struct.unpack("<d", struct.pack("<Q", bits))[0]


def bits32(v):
    return struct.unpack("<I", struct.pack("<f", v))[0]


def classes(bits, width):
    """finite, infinite, number, notanumber, normal, subnormal (zeros are normal)."""
    exp_bits, man_bits = (8, 23) if width == 32 else (11, 52)
    mag = bits & ((1 << (width - 1)) - 1)
    exp, man = mag >> man_bits, mag & ((1 << man_bits) - 1)
    top = (1 << exp_bits) - 1
    nan = exp == top and man != 0
    inf = exp == top and man == 0
    sub = exp == 0 and man != 0
    return [int(exp != top), int(inf), int(not nan), int(nan), int(exp != top and not sub), int(sub)]


def ftz32(bits):
    return bits & 0x80000000 if (bits >> 23) & 0xFF == 0 else bits


def sat(bits):
    v = f32(bits)
    if math.isnan(v) or v <= 0:
        return 0  # +0.0: NaN, negatives and -0.0 (the interval is [+0.0, 1.0])
    return 0x3F800000 if v >= 1 else bits


xs = [0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x00000001, 0x80000001, 0x007FFFFF,
      0x00800000, 0x7F7FFFFF, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00001, 0x3F000000,
      0x3FC00000, 0x3F200000, 0xBF200000, 0x40490FDB, 0x3EAAAAAB, 0x3F7FFFFF, 0x80400000,
      0x4B000001, 0x3F400000, 0xC0000000, 0x3E800000, 0x7F000000, 0x00400000, 0xBEFFFFFF,
      0x3F800001, 0x7F800001, 0x12345678, 0xC1200000]
zs = [0, 1 << 63, 0x3FF0000000000000, 0xBFF0000000000000, 1, 0x8000000000000001,
      0x000FFFFFFFFFFFFF, 0x0010000000000000, 0x7FEFFFFFFFFFFFFF, 0x7FF0000000000000,
      0xFFF0000000000000, 0x7FF8000000000000, 0xFFF0000000000001, 0x3FE0000000000000]
rows = []
for t in range(32):
    x, y = xs[t], xs[(t * 7 + 5) % 32]
    z, w = zs[t % len(zs)], zs[(t * 5 + 3) % len(zs)]
    rows.append((x, y, z, w))
print("alloc in u32[192] = [%s]" % ", ".join(
    "%d, %d, %d, %d, %d, %d" % (x, y, z & 0xFFFFFFFF, z >> 32, w & 0xFFFFFFFF, w >> 32)
    for x, y, z, w in rows))
print("alloc out u32[768]")
print("launch floats grid=1 block=32 args=(in, out)")
print("wait")
out = []
for t, (x, y, z, w) in enumerate(rows):
    fx, fy, fz, fw = f32(x), f32(y), f64(z), f64(w)
    fxz, fyz = f32(ftz32(x)), f32(ftz32(y))
    res = [7 if fx >= 0 else 9,                              # slct.u32.f32 (NaN, -x: 9)
           7 if fxz >= 0 else 9,                             # slct.ftz: -subnormal is -0
           (x & 0x80000000) | (y & 0x7FFFFFFF)]              # copysign.f32
    res += classes(x, 32)                                    # testp.*.f32
    res += [0xFFFFFFFF if not (fx <= fy) else 0,             # set.gtu: greater or unordered
            0x3F800000 if fxz < fyz else 0,                  # set.lt.ftz.f32.f32
            sat(x),                                          # cvt.sat.f32.f32
            sat(bits32(float(round(fx))) if math.isfinite(fx) else x),  # cvt.rni.sat
            sat(ftz32(x))]                                   # cvt.ftz.sat
    cs = (z & (1 << 63)) | (w & ((1 << 63) - 1))             # copysign.f64
    res += [cs & 0xFFFFFFFF, cs >> 32]
    res += classes(z, 64)                                    # testp.*.f64
    res += [0xFFFFFFFF if fz <= fw else 0,                   # set.le.s32.f64
            t if fy >= 0 else 0xFFFFFFFF]                    # slct.s32.f32 %tid.x, -1, y
    assert len(res) == 24
    out += res
print("expect out == [%s]" % ", ".join(map(str, out)))
