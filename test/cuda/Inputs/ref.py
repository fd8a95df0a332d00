"""Host references for the CUDA kernels of test/cuda: each prints a run script
whose expected values are computed here, in Python, from the inputs the
script declares (`random(SEED)` is TOOLS.md's splitmix64 sequence), never
from the emulator.

    ref.py KERNEL > run.simt
"""
import struct
import sys

MASK = (1 << 64) - 1


def splitmix64(seed, count):
    state, out = seed & MASK, []
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        out.append(z ^ (z >> 31))
    return out


def random_f32(seed, count):
    # TOOLS.md: f32 = (x_i >> 40) * 2^-24, exact in binary32.
    return [(x >> 40) * 2.0**-24 for x in splitmix64(seed, count)]


def f32(x):
    """x rounded to binary32 (x must be exact in binary64)."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def fmt(v):
    return repr(float(v)) if isinstance(v, float) else str(v)


def expect_all(name, values):
    print("expect %s == [%s]" % (name, ", ".join(fmt(v) for v in values)))


def vadd():
    n = 1000
    a, b = random_f32(1, n), random_f32(2, n)
    print("alloc a f32[%d] = random(1)" % n)
    print("alloc b f32[%d] = random(2)" % n)
    print("alloc c f32[%d]" % n)
    print("launch _Z4vaddPKfS0_Pfi grid=4 block=256 args=(a, b, c, %du32)" % n)
    print("wait")
    expect_all("c", [f32(x + y) for x, y in zip(a, b)])


def saxpy():
    # n is not a multiple of the block: the tail diverges; threads in
    # [n, len) write a marker on the else path.
    n, length = 1000, 1100
    x, y = random_f32(3, length), random_f32(4, length)
    print("alloc x f32[%d] = random(3)" % length)
    print("alloc y f32[%d] = random(4)" % length)
    print("launch saxpy grid=5 block=256 args=(2.0f32, x, y, %du32, %du32)" % (n, length))
    print("wait")
    # 2*x + y is exact in binary64 for these inputs: one rounding, as fma.
    out = [f32(2.0 * x[i] + y[i]) if i < n else -1.0 for i in range(length)]
    expect_all("y", out)


def reduce():
    blocks, threads = 8, 256
    print("alloc in f32[%d] = iota" % (blocks * threads))
    print("alloc out f32[%d]" % blocks)
    print("launch block_sum grid=%d block=%d args=(in, out)" % (blocks, threads))
    print("wait")
    # Integers below 2^24: every partial sum is exact in binary32.
    expect_all("out", [float(sum(range(b * threads, (b + 1) * threads))) for b in range(blocks)])


def collatz():
    n = 300
    print("alloc in s32[%d] = iota" % n)
    print("alloc out s32[%d]" % n)
    print("launch collatz grid=3 block=128 args=(in, out, %du32)" % n)
    print("wait")
    steps = []
    for v in range(n):
        s = 0
        while v > 1:
            v = 3 * v + 1 if v & 1 else v // 2
            s += 1
        steps.append(s)
    expect_all("out", steps)


def alloc_list(name, ty, values):
    print("alloc %s %s[%d] = [%s]" % (name, ty, len(values), ", ".join(fmt(v) for v in values)))


def matmul():
    # Small integer entries: every partial sum is exact, in any order.
    n = 40
    a = [float(x & 7) for x in splitmix64(1, n * n)]
    b = [float(x & 3) for x in splitmix64(2, n * n)]
    alloc_list("a", "f32", a)
    alloc_list("b", "f32", b)
    print("alloc c f32[%d]" % (n * n))
    print("launch matmul grid=3,3 block=16,16 args=(a, b, c, %du32)" % n)
    print("wait")
    expect_all("c", [sum(a[r * n + k] * b[k * n + c] for k in range(n))
                     for r in range(n) for c in range(n)])


def stencil():
    w, h = 37, 29
    src = random_f32(3, w * h)
    print("alloc src f32[%d] = random(3)" % (w * h))
    print("alloc dst f32[%d]" % (w * h))
    print("launch stencil grid=3,2 block=16,16 args=(src, dst, %du32, %du32)" % (w, h))
    print("wait")
    out = []
    for y in range(h):
        for x in range(w):
            c = y * w + x
            if x in (0, w - 1) or y in (0, h - 1):
                out.append(src[c])
            else:  # the kernel's order: ((l + r) + up) + down, then * 0.25
                s = f32(f32(f32(src[c - 1] + src[c + 1]) + src[c - w]) + src[c + w])
                out.append(f32(0.25 * s))
    expect_all("dst", out)


def search():
    n, threads, key = 64, 128, 5
    v = [x & 15 for x in splitmix64(4, n)]
    alloc_list("v", "s32", v)
    print("alloc found s32[%d]" % threads)
    print("launch search grid=2 block=64 args=(v, found, %du32, %du32)" % (n, key))
    print("wait")
    out = []
    for i in range(threads):
        hits = [j for j in range(n) if v[(i + j) & (n - 1)] == key + (i & 3)]
        out.append(hits[0] if hits else -1)
    expect_all("found", out)


KERNELS = {"vadd": vadd, "saxpy": saxpy, "reduce": reduce, "collatz": collatz,
           "matmul": matmul, "stencil": stencil, "search": search}
if __name__ == "__main__":
    KERNELS[sys.argv[1]]()
