"""Host references for the OpenCL C kernels of test/opencl: each prints a run
script whose expected values are computed here, in Python, from the inputs
the script declares (`random(SEED)` is TOOLS.md's splitmix64 sequence),
never from the emulator.

    cl_ref.py KERNEL [--m32] > run.simt
"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "cuda", "Inputs"))
from ref import alloc_list, expect_all, f32, fmt, random_f32, splitmix64  # noqa: E402

M32 = "--m32" in sys.argv


def buf(name):
    """A buffer argument: 8-byte address, or 4 bytes for -m32 kernels."""
    return name + ":32" if M32 else name


def launch(kernel, grid, block, *args):
    print("launch %s grid=%s block=%s args=(%s)" % (kernel, grid, block, ", ".join(args)))
    print("wait")


def expect_ulp(name, index, value, ulps):
    print("expect %s[%d] ~= %s ulp %d" % (name, index, fmt(value), ulps))


def vector_math():
    n, group = 300, 128
    groups = (n + group - 1) // group
    a, b = random_f32(11, n), random_f32(12, n)
    print("alloc a f32[%d] = random(11)" % n)
    print("alloc b f32[%d] = random(12)" % n)
    print("alloc out f32[%d]" % (12 * n))
    launch("vector_math", groups, group, buf("a"), buf("b"), buf("out"), "%du32" % n)
    for i in range(n):
        x, y = a[i], b[i]
        # Bounds: OpenCL 1.2 section 7.4 (full profile), libclc's accuracy.
        checks = [
            (math.exp(x), 3),
            (math.log(f32(y + 0.5)), 3),
            (math.sin(4.0 * x), 4),
            (math.cos(4.0 * y), 4),
            (math.sqrt(f32(x + y)), 3),
            (math.pow(f32(y + 0.25), x), 16),
            (math.hypot(x, y), 4),
        ]
        for k, (value, ulps) in enumerate(checks):
            expect_ulp("out", 12 * i + k, f32(value), ulps)
        print("expect out[%d] == %s" % (12 * i + 7, fmt(f32(x * y - 0.5))))  # x*y exact in f64
        print("expect out[%d] == %s" % (12 * i + 8, fmt(min(max(f32(x - y), -0.25), 0.25))))
        expect_ulp("out", 12 * i + 9, f32(x + (y - x) * 0.25), 1)
        print("expect out[%d] == %s" % (12 * i + 10, fmt(f32(x + y))))
        print("expect out[%d] == %s" % (12 * i + 11, fmt(float(i % group + 1000 * (i // group)))))


def reduce_local():
    n, groups, group = 5000, 6, 256
    data = [(v & 0xFFFF) - 0x8000 for v in splitmix64(21, n)]
    alloc_list("in", "s32", data)
    print("alloc partial s32[%d]" % groups)
    launch("group_sum", groups, group, buf("in"), buf("partial"), "%du32" % n)
    size = groups * group
    sums = [0] * groups
    for gid in range(size):
        sums[gid // group] += sum(data[gid::size])
    expect_all("partial", sums)


def local_args():
    n, groups, group = 3000, 5, 128
    data = [(v & 0xFFFF) - 0x8000 for v in splitmix64(41, n)]
    alloc_list("in", "s32", data)
    print("alloc out s32[%d]" % (2 * groups))
    # 512 bytes each: the 16-byte-aligned slices follow the 16 static bytes.
    launch("sum_and_max", groups, group, buf("in"), buf("out"), "%du32" % n,
           "local(%d)" % (4 * group), "local(%d)" % (4 * group))
    size = groups * group
    out = []
    for g in range(groups):
        mine = [v for gid in range(g * group, (g + 1) * group) for v in data[gid::size]]
        out += [sum(mine) + (g % 4) * 1000, max(mine)]
    expect_all("out", out)


PRINTF_GROUPS, PRINTF_ITEMS = 3, 8
PRINTF_VALUES = [(v & 0xFFF) - 0x800 for v in splitmix64(51, PRINTF_GROUPS * PRINTF_ITEMS)]


def printf_items():
    alloc_list("v", "s32", PRINTF_VALUES)
    launch("items", PRINTF_GROUPS, PRINTF_ITEMS, buf("v"))


def printf_items_expected():
    for i, x in enumerate(PRINTF_VALUES):
        sys.stdout.write("group %d item %u: %s %5.2f [%c] %#x\n"
                         % (i // PRINTF_ITEMS, i % PRINTF_ITEMS, "odd" if x & 1 else "even",
                            x * 0.5, chr(ord("a") + i % 26), (x * 16) & 0xFFFFFFFF))


def matmul_tiled():
    m, n, k = 37, 29, 45
    a = [float((v & 7) - 3) for v in splitmix64(31, m * k)]
    b = [float(v & 3) for v in splitmix64(32, k * n)]
    alloc_list("A", "f32", a)
    alloc_list("B", "f32", b)
    print("alloc C f32[%d]" % (m * n))
    launch("matmul_tiled", "2,3", "16,16", buf("A"), buf("B"), buf("C"),
           "%ds32" % m, "%ds32" % n, "%ds32" % k)
    expect_all("C", [sum(a[r * k + j] * b[j * n + c] for j in range(k))
                     for r in range(m) for c in range(n)])


def int_atomics():
    n, bins = 3000, 32
    data = [v & 0xFFFFF for v in splitmix64(41, n)]
    alloc_list("data", "u32", data)
    print("alloc hist u32[%d]" % bins)
    print("alloc maxval s32[1]")
    launch("histogram", 5, 64, buf("data"), buf("hist"), "%du32" % n, buf("maxval"))
    hist = [0] * bins
    for v in data:
        hist[v % bins] += 1
    expect_all("hist", hist)
    expect_all("maxval", [max(v >> 8 for v in data)])

    count = 96
    xs = [v & 0xFFFFFFFF for v in splitmix64(42, count)]
    ys = [v >> 32 for v in splitmix64(43, count)]
    xs[:4] = [0, 0xFFFFFFFF, 0x80000000, 1]
    ys[:4] = [0, 0xFFFFFFFF, 0x80000000, 33]
    alloc_list("a", "u32", xs)
    alloc_list("b", "u32", ys)
    print("alloc out u32[%d]" % (8 * count))
    launch("bits", 3, 32, buf("a"), buf("b"), buf("out"))

    def s32(v):
        return v - (1 << 32) if v & 0x80000000 else v

    out = []
    for x, y in zip(xs, ys):
        shifted = x >> (y & 31)
        r = y >> 27
        out += [
            bin(x).count("1"),
            32 - shifted.bit_length(),
            (x * y) >> 32,
            ((x << r) | (x >> (32 - r))) & 0xFFFFFFFF,
            min(x + y, 0xFFFFFFFF),
            abs(s32(x) - s32(y)),
            (max(s32(x), s32(y)) & 0xFFFFFFFF) ^ min(x, y),
            ((s32(x) * s32(y)) >> 32) & 0xFFFFFFFF,
        ]
    expect_all("out", out)




def vectors_f64():
    gx, gy, lx, ly = 8, 6, 4, 3
    count = gx * gy
    v = random_f32(51, 4 * count)
    print("alloc v f32[%d] = random(51)" % (4 * count))
    print("alloc d f64[%d]" % (2 * count))
    print("alloc info s32[%d]" % count)
    launch("vectors_f64", "%d,%d" % (gx // lx, gy // ly), "%d,%d" % (lx, ly),
           buf("v"), buf("d"), buf("info"))
    out_v, out_d = [], []
    for i in range(count):
        a = v[4 * i:4 * i + 4]
        b = [f32(f32(a[3 - k] * (k + 1.0)) + 0.5) for k in range(4)]
        out_v += b
        s = a[0] * b[1] + a[2] / 3.0  # one f64 product (exact), quotient and sum
        out_d.append(math.sqrt(s))
        out_d.append(None)
        # dot may contract to one fma: within an f32 ulp of the exact value.
        print("expect d[%d] ~= %s within 1e-6" % (2 * i + 1, fmt(a[0] * b[0] + a[1] * b[1])))
    expect_all("v", out_v)
    for i in range(count):
        print("expect d[%d] == %s" % (2 * i, fmt(out_d[2 * i])))
    expect_all("info", [2 * 100 + ly * 10 + gy // ly] * count)


KERNELS = {"vector_math": vector_math, "reduce_local": reduce_local,
           "local_args": local_args, "printf_items": printf_items,
           "printf_items_expected": printf_items_expected,
           "matmul_tiled": matmul_tiled, "int_atomics": int_atomics,
           "vectors_f64": vectors_f64}
if __name__ == "__main__":
    KERNELS[sys.argv[1]]()
