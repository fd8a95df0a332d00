"""Host references for the CUDA kernels of test/cuda: each prints a run script
whose expected values are computed here, in Python, from the inputs the
script declares (`random(SEED)` is TOOLS.md's splitmix64 sequence), never
from the emulator.

    ref.py KERNEL [--size N [--no-expect]] > run.simt

--size N scales the kernels that take a size (the problem size, default the
test's own) for bench/cuda_native.py, and --no-expect leaves out the expected
values, whose evaluation in Python would take minutes at a user's size (the
bench compares with the kernel's native twin instead).
"""
import struct
import sys

MASK = (1 << 64) - 1
EXPECT = True  # cleared by --no-expect


def main(kernels):
    """Runs KERNEL [--size N] [--no-expect] of the table `kernels`."""
    global EXPECT
    args = sys.argv[1:]
    EXPECT = "--no-expect" not in args
    if "--size" in args:
        kernels[args[0]](int(args[args.index("--size") + 1]))
    else:
        kernels[args[0]]()


def expecting():
    """Whether the script gets its expected values (after the launches)."""
    return EXPECT


def blocks(n, block):
    return (n + block - 1) // block


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


def vadd(n=1000):
    a, b = random_f32(1, n), random_f32(2, n)
    print("alloc a f32[%d] = random(1)" % n)
    print("alloc b f32[%d] = random(2)" % n)
    print("alloc c f32[%d]" % n)
    print("launch _Z4vaddPKfS0_Pfi grid=%d block=256 args=(a, b, c, %du32)" % (blocks(n, 256), n))
    print("wait")
    if not expecting():
        return
    expect_all("c", [f32(x + y) for x, y in zip(a, b)])


def saxpy(n=1000):
    # n is not a multiple of the block: the tail diverges; threads in
    # [n, len) write a marker on the else path.
    length = n + n // 10
    x, y = random_f32(3, length), random_f32(4, length)
    print("alloc x f32[%d] = random(3)" % length)
    print("alloc y f32[%d] = random(4)" % length)
    print("launch saxpy grid=%d block=256 args=(2.0f32, x, y, %du32, %du32)"
          % (blocks(length, 256), n, length))
    print("wait")
    if not expecting():
        return
    # 2*x + y is exact in binary64 for these inputs: one rounding, as fma.
    out = [f32(2.0 * x[i] + y[i]) if i < n else -1.0 for i in range(length)]
    expect_all("y", out)


def reduce(n=2048):
    threads = 256
    grid = n // threads
    print("alloc in f32[%d] = iota" % (grid * threads))
    print("alloc out f32[%d]" % grid)
    print("launch block_sum grid=%d block=%d args=(in, out)" % (grid, threads))
    print("wait")
    if not expecting():
        return
    # Integers below 2^24: every partial sum is exact in binary32.
    expect_all("out", [float(sum(range(b * threads, (b + 1) * threads))) for b in range(grid)])


def collatz(n=300):
    print("alloc in s32[%d] = iota" % n)
    print("alloc out s32[%d]" % n)
    print("launch collatz grid=%d block=128 args=(in, out, %du32)" % (blocks(n, 128), n))
    print("wait")
    if not expecting():
        return
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


def matmul(n=40):
    # Small integer entries: every partial sum is exact, in any order.
    a = [float(x & 7) for x in splitmix64(1, n * n)]
    b = [float(x & 3) for x in splitmix64(2, n * n)]
    alloc_list("a", "f32", a)
    alloc_list("b", "f32", b)
    print("alloc c f32[%d]" % (n * n))
    g = blocks(n, 16)
    print("launch matmul grid=%d,%d block=16,16 args=(a, b, c, %du32)" % (g, g, n))
    print("wait")
    if not expecting():
        return
    expect_all("c", [sum(a[r * n + k] * b[k * n + c] for k in range(n))
                     for r in range(n) for c in range(n)])


def stencil(size=None):
    w, h = (size, size) if size else (37, 29)
    src = random_f32(3, w * h)
    print("alloc src f32[%d] = random(3)" % (w * h))
    print("alloc dst f32[%d]" % (w * h))
    print("launch stencil grid=%d,%d block=16,16 args=(src, dst, %du32, %du32)"
          % (blocks(w, 16), blocks(h, 16), w, h))
    print("wait")
    if not expecting():
        return
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


def search(threads=128):
    n, key = 64, 5
    v = [x & 15 for x in splitmix64(4, n)]
    alloc_list("v", "s32", v)
    print("alloc found s32[%d]" % threads)
    print("launch search grid=%d block=64 args=(v, found, %du32, %du32)"
          % (blocks(threads, 64), n, key))
    print("wait")
    if not expecting():
        return
    out = []
    for i in range(threads):
        hits = [j for j in range(n) if v[(i + j) & (n - 1)] == key + (i & 3)]
        out.append(hits[0] if hits else -1)
    expect_all("found", out)


KERNELS = {"vadd": vadd, "saxpy": saxpy, "reduce": reduce, "collatz": collatz,
           "matmul": matmul, "stencil": stencil, "search": search}
if __name__ == "__main__":
    main(KERNELS)
