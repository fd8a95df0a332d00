"""Host references for the f64 and 64-bit integer kernels of test/cuda
(nbody_f64.cu, hash64.cu): each prints a run script whose inputs it
declares and whose expected values it computes here, in Python (doubles
are IEEE binary64, integers exact), never from the emulator.

    apps64.py KERNEL > run.simt
"""
import math
import sys

from ref import splitmix64

MASK = (1 << 64) - 1


def s64(x):
    x &= MASK
    return x - (1 << 64) if x >> 63 else x


def alloc(name, ty, values):
    print("alloc %s %s[%d] = [%s]" % (name, ty, len(values), ", ".join(map(repr, values))))


def nbody_f64():
    n, threads = 200, 64
    blocks = (n + threads - 1) // threads
    r = [x >> 11 for x in splitmix64(7, 4 * n)]
    x = [v * 2.0**-53 * 10 for v in r[:n]]
    y = [v * 2.0**-53 * 10 for v in r[n:2 * n]]
    z = [v * 2.0**-53 * 10 for v in r[2 * n:3 * n]]
    m = [1.0 + v * 2.0**-53 for v in r[3 * n:]]
    for name, vals in (("x", x), ("y", y), ("z", z), ("m", m)):
        alloc(name, "f64", vals)
    print("alloc acc f64[%d]" % (3 * n))
    print("alloc pot f64[%d]" % blocks)
    print("launch nbody_f64 grid=%d block=%d args=(x, y, z, m, acc, pot, %ds32)"
          % (blocks, threads, n))
    print("wait")
    acc, pots = [], [0.0] * blocks
    for i in range(n):
        ax = ay = az = pot = 0.0
        for j in range(n):
            if j == i:
                continue
            dx, dy, dz = x[j] - x[i], y[j] - y[i], z[j] - z[i]
            d = math.sqrt(dx * dx + dy * dy + dz * dz)
            s = m[j] / (d * d * d)
            ax, ay, az = ax + dx * s, ay + dy * s, az + dz * s
            pot -= m[i] * m[j] / d
        acc += [ax, ay, az]
        pots[i // threads] += 0.5 * pot
    # The kernel fuses multiply-adds (one rounding) and sums in a tree:
    # agreement to ~1e-12 relative, far below what any f64 error would show.
    print("expect acc ~= [%s] within %r" % (", ".join(map(repr, acc)),
                                             1e-10 * max(map(abs, acc))))
    print("expect pot ~= [%s] within %r" % (", ".join(map(repr, pots)),
                                             1e-10 * max(map(abs, pots))))


def mix(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def tdiv(a, b):
    """C's truncating division and remainder."""
    q = abs(a) // abs(b)
    q = -q if (a < 0) != (b < 0) else q
    return q, a - q * b


def hash64():
    n, threads, seed, buckets, divisor = 300, 128, 42, 1000003, -77777
    blocks = (n + threads - 1) // threads
    for name in ("hash", "bucket", "clamp", "prefix"):
        print("alloc %s u64[%d]" % (name, n))
    print("alloc quot s64[%d]" % (2 * n))
    print("launch hash64 grid=%d block=%d args=(%du64, %du64, %ds64, hash, bucket, quot, "
          "clamp, prefix, %ds32)" % (blocks, threads, seed, buckets, divisor, n))
    print("wait")
    h = [mix((seed + i * 0x9E3779B97F4A7C15) & MASK) for i in range(n)]
    quot, clamp = [], []
    for v in h:
        quot += list(tdiv(s64(v), divisor))
        c = s64(v) >> (v & 63)
        clamp.append(min(max(c, -10**12), 10**12) & MASK)
    prefix = []
    for b in range(blocks):
        total = 0
        for i in range(b * threads, min((b + 1) * threads, n)):
            total = (total + (h[i] >> 20)) & MASK
            prefix.append(total)
    print("expect hash == [%s]" % ", ".join(map(str, h)))
    print("expect bucket == [%s]" % ", ".join(str(v % buckets) for v in h))
    print("expect quot == [%s]" % ", ".join(map(str, quot)))
    print("expect clamp == [%s]" % ", ".join(map(str, clamp)))
    print("expect prefix == [%s]" % ", ".join(map(str, prefix)))


globals()[sys.argv[1]]()
