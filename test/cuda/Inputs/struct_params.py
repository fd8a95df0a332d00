"""Host references for test/cuda/struct_params.cu: each prints a run script
that passes structs by value as brace lists and expects the values computed
here. Every input is a small dyadic fraction, so each float operation of the
kernel is exact and the order the compiler chooses cannot matter.

    struct_params.py KERNEL > run.simt
"""
import sys


def expect_all(name, values):
    print("expect %s == [%s]" % (name, ", ".join(repr(float(v)) for v in values)))


def structs():
    n, k = 100, 10
    s, d, c = 0.5, 2.25, [1, -2, 3]
    v = [1.5, 2.0, 3.0, 0.25]
    pairs = [(1, 2), (3, 4), (5, 6), (7, 8)]
    in_a, in_d, tail = -7, 0.125, 200
    print("alloc buf f32[%d] = iota" % n)
    print("alloc out f32[128] = -1.0")
    p = "{%ds32, %rf32, buf, %rf64, {%s}}" % (n, s, d, ", ".join("%ds8" % x for x in c))
    q = "{{%s}@16, {%s}, {%ds16, %rf64}, %du8}" % (
        ", ".join("%rf32" % x for x in v),
        ", ".join("{%ds32, %ds32}" % xy for xy in pairs), in_a, in_d, tail)
    print("launch structs grid=1 block=128 args=(%s, %s, %ds32, out)" % (p, q, k))
    print("wait")
    out = []
    for i in range(128):
        if i >= n:
            out.append(-1.0)
            continue
        x = i * s + d + c[i % 3]
        x += v[0] + v[1] * v[2] - v[3]
        x += pairs[i % 4][0] - pairs[(i + 1) % 4][1] + in_a + in_d + tail + k
        out.append(x)
    expect_all("out", out)


def taps():
    n, w = 100, [0.5, -1.0, 2.0, 0.25, 1.0]
    for count in (5, 3):
        print("alloc in%d f32[%d] = iota" % (count, n + 4))
        print("alloc out%d f32[%d]" % (count, n))
        print("launch taps grid=1 block=128 args=({{%s}, %ds32}, in%d, out%d, %ds32)" % (
            ", ".join("%rf32" % x for x in w), count, count, count, n))
        print("wait")
        expect_all("out%d" % count,
                   [sum(w[j] * (i + j) for j in range(count)) for i in range(n)])


KERNELS = {"structs": structs, "taps": taps}
if __name__ == "__main__":
    KERNELS[sys.argv[1]]()
