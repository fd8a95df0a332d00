"""Host references for the kernels of test/cuda that use module variables
(constant_filter.cu, device_vars.cu): each prints a run script whose inputs
it declares and whose expected values it computes here, never from the
emulator. Inputs are small integers stored as floats, so every sum is exact
whatever the order.

    module_vars.py KERNEL [--m32] > run.simt
"""
import sys

from ref import alloc_list, expect_all, splitmix64

M32 = "--m32" in sys.argv[2:]
PTR = ":32" if M32 else ""


def small_ints(seed, count, modulus):
    return [float(x % modulus) for x in splitmix64(seed, count)]


def constant_filter():
    n, radius = 300, 3
    x = small_ints(31, n, 16)
    weights = [float(i - radius) for i in range(2 * radius + 1)]
    alloc_list("x", "f32", x)
    print("alloc y f32[%d]" % n)
    # cudaMemcpyToSymbol(c_weights, ...) of the host program.
    print("const c_weights:f32 = [%s]" % ", ".join(repr(v) for v in weights))

    def conv1d(wts):
        return [sum(wts[k + radius] * x[i + k] for k in range(-radius, radius + 1)
                    if 0 <= i + k < n) for i in range(n)]

    print("launch conv1d_const grid=%d block=128 args=(x%s, y%s, %du32)"
          % ((n + 127) // 128, PTR, PTR, n))
    print("wait")
    expect_all("y", conv1d(weights))
    # A new constants version: only launches after it see the new weight.
    weights[0] = 10.0
    print("const c_weights:f32[0] = 10.0")
    print("launch conv1d_const grid=%d block=128 args=(x%s, y%s, %du32)"
          % ((n + 127) // 128, PTR, PTR, n))
    print("wait")
    expect_all("y", conv1d(weights))

    w, h, mk = 29, 19, 5
    mask = [[1, 0, -1, 0, 1], [2, 1, 0, -1, -2], [0, 3, 4, 3, 0], [-2, -1, 0, 1, 2],
            [1, 0, -1, 0, 1]]
    img = small_ints(32, w * h, 8)
    alloc_list("img", "f32", img)
    print("alloc out f32[%d]" % (w * h))
    print("launch conv2d_const grid=2,2 block=16,16 args=(img%s, out%s, %du32, %du32)"
          % (PTR, PTR, w, h))
    print("wait")

    def clamp(v, hi):
        return min(max(v, 0), hi)

    out = []
    for py in range(h):
        for px in range(w):
            acc = 0.0
            for r in range(mk):
                my = (r + (px & 1)) % mk
                for mx in range(mk):
                    acc += mask[my][mx] * img[clamp(py + my - 2, h - 1) * w +
                                              clamp(px + mx - 2, w - 1)]
            out.append(acc)
    expect_all("out", out)


def device_vars():
    n, block, max_blocks = 900, 64, 16
    blocks = (n + block - 1) // block
    x = small_ints(33, n, 32)
    alloc_list("x", "f32", x)
    print("alloc out f32[%d]" % (max_blocks + 2))
    partial = [0.5 * sum(x[b * block:(b + 1) * block]) for b in range(blocks)]
    for launches in (1, 2):
        print("launch block_sums grid=%d block=%d args=(x%s, %du32)" % (blocks, block, PTR, n))
        print("wait")
        print("launch finish grid=1 block=32 args=(out%s, %du32)" % (PTR, blocks))
        print("wait")
        expect_all("out", partial + [0.0] * (max_blocks - blocks) +
                   [sum(partial), float(launches)])


globals()[sys.argv[1]]()
