"""Host references for the device-function kernels of test/cuda (calls.cu,
recursion.cu, calls at -O0): each prints a run script whose expected values
are computed here, in Python, from the inputs it declares.

    calls.py KERNEL [--size N [--no-expect]] > run.simt   (as in ref.py)
"""
import struct
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from ref import splitmix64, expect_all, alloc_list, blocks, expecting, main  # noqa: E402


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def s32(x):
    x &= 0xFFFFFFFF
    return x - (1 << 32) if x >> 31 else x


def s64(x):
    x &= (1 << 64) - 1
    return x - (1 << 64) if x >> 63 else x


def steps(v):
    s = 0
    while v > 1 and s < 50:
        v = s32(3 * v + 1) if v & 1 else v >> 1
        s += 1
    return s


def calls(n=300):
    vals = [int(x % 2000) for x in splitmix64(7, n)]
    alloc_list("in", "s32", vals)
    print("alloc out s32[%d]" % n)
    print("alloc wide s64[%d]" % n)
    print("alloc fl f32[%d]" % n)
    print("launch calls grid=%d block=128 args=(in, out, wide, fl, %du32)"
          % (blocks(n, 128), n))
    print("wait")
    if not expecting():
        return
    out, wide, fl = [], [], []
    for i, v in enumerate(vals):
        a = steps(v) if v % 3 == 0 else 0
        b = 0
        for k in range(v & 7):
            b += steps(v + k) * (k + 1)
        out.append(s32(a * 7 + b))
        wide.append(s64((v << 20) * 1000003 + (i ^ 0x5BD1E995)))
        # a - b and v & 255 are small integers: every step is exact in f32.
        fl.append(f32(float(v & 255) * 2.0 + float(a - b)) if i & 1 else 0.5)
    expect_all("out", out)
    expect_all("wide", wide)
    expect_all("fl", fl)


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def tree_sum(t, node):
    if node >= len(t):
        return 0
    return t[node] + tree_sum(t, 2 * node + 1) + tree_sum(t, 2 * node + 2)


def down(n, acc):
    return acc if n == 0 else s32(3 * down(n - 1, acc + 1) + n)


def recursion():
    nthreads, tree, seg = 64, 100, 16
    t = [int(x % 1000) for x in splitmix64(11, tree)]
    data = [s32(x) % 10000 - 5000 for x in splitmix64(12, nthreads * seg)]
    alloc_list("t", "s32", t)
    alloc_list("data", "s32", data)
    print("alloc out s32[%d]" % (4 * nthreads))
    print("launch recursion grid=1 block=%d args=(t, %du32, data, out)" % (nthreads, tree))
    print("wait")
    out = []
    for i in range(nthreads):
        out += [fib(i % 16), tree_sum(t, i % 24), down(40 + i, i), 0]
    for i in range(nthreads):
        out[4 * i + 3] = s32(sum((k + 1) * v for k, v in
                                 enumerate(sorted(data[i * seg:(i + 1) * seg]))))
    expect_all("out", out)
    expect_all("data", sum((sorted(data[i * seg:(i + 1) * seg]) for i in range(nthreads)), []))


def gcd(a, b):
    return a if b == 0 else gcd(b, a % b)


def helpers():
    n = 200
    vals = [int(x % 1000) for x in splitmix64(13, n)]
    alloc_list("in", "s32", vals)
    print("alloc out s32[%d]" % (2 * n))
    print("alloc f f32[%d]" % n)
    print("launch helpers grid=2 block=128 args=(in, out, f, %du32)" % n)
    print("wait")
    out = []
    for v in vals:
        out += [min(max(v - 500, -200), 300), gcd(v, 360)]
    expect_all("out", out)
    # 1 + (5 - 1) * t / 4 with t in 0..3: exact in f32.
    expect_all("f", [1.0 + (v & 3) for v in vals])


KERNELS = {"calls": calls, "recursion": recursion, "helpers": helpers}
if __name__ == "__main__":
    main(KERNELS)
