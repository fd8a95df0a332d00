"""Host reference for test/cuda/big_params.cu: prints a run script with the
inputs of its five kernels and the values computed here. The float inputs
are small integers (or halves), so every sum is exact in any order.

    big_params.py > run.simt
"""
import random


def expect_all(name, values, fmt=repr):
    print("expect %s == [%s]" % (name, ", ".join(fmt(v) for v in values)))


def floats(values):
    return "[%s]" % ", ".join(repr(float(v)) for v in values)


def ints(values):
    return "[%s]" % ", ".join(str(v) for v in values)


rng = random.Random(7)

# matmul4: 40 pairs of 4x4 matrices of small integers.
n = 40
a = [[rng.randint(-4, 4) for _ in range(16)] for _ in range(n)]
b = [[rng.randint(-4, 4) for _ in range(16)] for _ in range(n)]
print("alloc ma f32[%d] = %s" % (16 * n, floats(sum(a, []))))
print("alloc mb f32[%d] = %s" % (16 * n, floats(sum(b, []))))
print("alloc mc f32[%d] = -1.0" % (16 * n))
print("launch matmul4 grid=2 block=32 args=(ma, mb, mc, %ds32)" % n)
print("wait")
c = []
for t in range(n):
    for i in range(4):
        for j in range(4):
            c.append(sum(a[t][4 * i + k] * b[t][4 * k + j] for k in range(4)))
expect_all("mc", [float(v) for v in c])

# filter: 15 taps, 11 of them used, a gain of 0.5.
n = 100
w = [rng.randint(-3, 3) for _ in range(15)]
count, gain = 11, 0.5
x = [rng.randint(-8, 8) for _ in range(n + 15)]
print("alloc fin f32[%d] = %s" % (len(x), floats(x)))
print("alloc fout f32[%d] = -1.0" % n)
print("launch filter grid=1 block=128 args=({{%s}, %ds32, %rf64}, fin, fout, %ds32)"
      % (", ".join("%rf32" % float(v) for v in w), count, gain, n))
print("wait")
expect_all("fout", [float(sum(w[j] * x[i + j] for j in range(count)) * gain)
                    for i in range(n)])

# blend16: eight floats and eight ints, reversed in odd threads.
n = 64
xs = [rng.randint(-6, 6) / 2 for _ in range(n + 8)]
ys = [rng.randint(-5, 5) for _ in range(n + 8)]
print("alloc bx f32[%d] = %s" % (len(xs), floats(xs)))
print("alloc by s32[%d] = %s" % (len(ys), ints(ys)))
print("alloc bout f32[%d] = -1.0" % n)
print("launch blend16 grid=1 block=64 args=(bx, by, bout, %ds32)" % n)
print("wait")
out = []
for i in range(n):
    idx = list(range(i, i + 8))
    if i & 1:
        idx.reverse()
    out.append(float(sum((-1) ** k * xs[idx[k]] * ys[idx[k]] for k in range(8))))
expect_all("bout", out)

# mix4: uchar4 by value, byte arithmetic modulo 256.
n = 50
p = [[rng.randint(0, 255) for _ in range(4)] for _ in range(n)]
print("alloc mp u8[%d] = %s" % (4 * n, ints(sum(p, []))))
print("alloc mq u8[%d] = 0" % (4 * n))
print("launch mix4 grid=1 block=64 args=(mp, mq, %ds32)" % n)
print("wait")
q = []
for i in range(n):
    u, v = p[i], p[(i + 1) % n]
    q += [(u[0] + v[3]) % 256, u[1] ^ v[2], (u[2] - v[1]) % 256, u[3] | v[0]]
expect_all("mq", q, str)

# walks: a 60-byte struct through 14 levels of recursion.
n = 96
steps = [rng.randint(-100, 100) for _ in range(14)]
print("alloc wout s32[%d] = -1" % n)
print("launch walks grid=1 block=96 args=({{%s}, 14s32}, wout, %ds32)"
      % (", ".join("%ds32" % v for v in steps), n))
print("wait")
expect_all("wout", [sum(steps[: i % 15]) for i in range(n)], str)
