"""Host reference for test/cuda/function_pointers.cu: prints the run script
with the inputs and the values computed here. Inputs are small integers
(halves for x), so every float operation is exact.

    function_pointers.py > run.simt
"""
import random

rng = random.Random(11)
OPS = [lambda a, b: a + b, lambda a, b: a * b, lambda a, b: a - b, max]


def floats(values):
    return "[%s]" % ", ".join(repr(float(v)) for v in values)


def expect(name, values):
    print("expect %s == %s" % (name, floats(values)))


n = 100
x = [rng.randint(-12, 12) / 2 for _ in range(n)]
y = [rng.randint(-6, 6) for _ in range(n)]
which = [rng.randrange(4) for _ in range(n)]
print("alloc x f32[%d] = %s" % (n, floats(x)))
print("alloc y f32[%d] = %s" % (n, floats(y)))
print("alloc which s32[%d] = [%s]" % (n, ", ".join(map(str, which))))
print("alloc out f32[%d] = -1.0" % n)
print("launch apply grid=2 block=64 args=(x, y, which, out, %ds32)" % n)
print("wait")
expect("out", [OPS[w](a, b) for w, a, b in zip(which, x, y)])

# shapes: area - perimeter of a square, a v x (v+1) rectangle, a 3-4-5 triangle.
print("alloc sout f32[%d] = -1.0" % n)
print("launch shapes grid=2 block=64 args=(x, sout, %ds32)" % n)
print("wait")
sout = []
for i, v in enumerate(x):
    if i % 3 == 0:
        sout.append(v * v - 4 * v)
    elif i % 3 == 1:
        sout.append(v * (v + 1) - 2 * (v + v + 1))
    else:
        sout.append(0.5 * (3 * v) * (4 * v) - 12 * v)
expect("sout", sout)

# folds: block b folds ops[b % 4] over k = 0 .. n + t % 5 - 1.
blocks, threads, base = 6, 32, 7
print("alloc fout f32[%d] = -1.0" % (blocks * threads))
print("launch folds grid=%d block=%d args=(fout, %ds32)" % (blocks, threads, base))
print("wait")
fout = []
for b in range(blocks):
    for t in range(threads):
        fout.append(sum(OPS[b % 4](k, k + 1) for k in range(base + t % 5)))
expect("fout", fout)

# choose, then use_chosen, twice: the pointer lives in device memory.
for k in (1, 3):
    print("launch choose grid=1 block=1 args=(%ds32)" % k)
    print("wait")
    print("alloc cout%d f32[%d] = -1.0" % (k, n))
    print("launch use_chosen grid=2 block=64 args=(x, cout%d, %ds32)" % (k, n))
    print("wait")
    expect("cout%d" % k, [OPS[k](v, 3.0) for v in x])
