"""Host references for the application-style kernels of test/cuda (matrix
multiply, reductions, stencils, transposes, scans, convolutions, covariance,
dynamic programming, histogram, sorting, sparse algebra, clustering, n-body,
option pricing): each prints a run script whose inputs it declares and whose
expected values it computes here, in Python, never from the emulator.

    apps.py KERNEL [--size N [--no-expect]] > run.simt

(--size and --no-expect as in ref.py, for the kernels that take a size.)

Inputs are small integers stored as floats wherever the summation order of
the kernel could differ from a sequential one, so every sum is exact; where
rounding matters, each binary32 rounding is reproduced with f32(); the two
math-library kernels compare with a tolerance against double precision.
"""
import math

from ref import alloc_list, blocks, expect_all, expecting, f32, main, random_f32, splitmix64

MASK32 = (1 << 32) - 1


def s32(x):
    x &= MASK32
    return x - (1 << 32) if x >> 31 else x


def small_ints(seed, count, modulus, offset=0):
    return [x % modulus - offset for x in splitmix64(seed, count)]


def floats(values):
    return [float(v) for v in values]


def launch(kernel, grid, block, args, shared=None):
    extra = " shared=%d" % shared if shared is not None else ""
    print("launch %s grid=%s block=%s%s args=(%s)" % (kernel, grid, block, extra, ", ".join(args)))


def expect_close(name, values, eps):
    print("expect %s ~= [%s] within %r" % (name, ", ".join(repr(float(v)) for v in values), eps))


def gemm_naive(size=None):
    m, n, k = (size, size, size) if size else (21, 35, 13)
    a = floats(small_ints(1, m * k, 8))
    b = floats(small_ints(2, k * n, 4))
    c = floats(small_ints(3, m * n, 16))
    alloc_list("a", "f32", a)
    alloc_list("b", "f32", b)
    alloc_list("c", "f32", c)
    launch("gemm_naive", "%d,%d" % (blocks(n, 16), blocks(m, 8)), "16,8",
           ["%du32" % m, "%du32" % n, "%du32" % k, "2.0f32", "a", "b", "0.5f32", "c"])
    print("wait")
    if not expecting():
        return
    out = []
    for r in range(m):
        for col in range(n):
            s = sum(a[r * k + i] * b[i * n + col] for i in range(k))
            out.append(2.0 * s + 0.5 * c[r * n + col])
    expect_all("c", out)


def reduce_warp():
    n, blocks, threads = 5000, 6, 128
    v = small_ints(5, n, 1024)
    alloc_list("in", "s32", v)
    print("alloc partial s32[%d]" % blocks)
    launch("reduce_warp", blocks, threads, ["in", "partial", "%du32" % n])
    print("wait")
    span = 2 * threads
    expect_all("partial", [sum(v[i] for i in range(n) if (i % (span * blocks)) // span == b)
                           for b in range(blocks)])


def stencil3d(size=None):
    nx, ny, nz = (size, size, 16) if size else (19, 13, 7)
    src = random_f32(7, nx * ny * nz)
    print("alloc src f32[%d] = random(7)" % len(src))
    print("alloc dst f32[%d]" % len(src))
    launch("stencil3d", "%d,%d" % (blocks(nx, 16), blocks(ny, 8)), "16,8",
           ["src", "dst", "%du32" % nx, "%du32" % ny, "%du32" % nz, "0.25f32", "0.125f32"])
    print("wait")
    if not expecting():
        return

    def at(x, y, z):
        return src[(z * ny + y) * nx + x]

    out = [0.0] * len(src)
    for z in range(nz):
        for y in range(ny):
            for x in range(nx):
                i = (z * ny + y) * nx + x
                if z in (0, nz - 1) or x in (0, nx - 1) or y in (0, ny - 1):
                    out[i] = src[i]
                    continue
                side = f32(f32(f32(at(x - 1, y, z) + at(x + 1, y, z)) + at(x, y - 1, z))
                           + at(x, y + 1, z))
                t = f32(f32(side + at(x, y, z - 1)) + at(x, y, z + 1))
                # Both products are exact (powers of two): one rounding, with
                # or without contraction into an fma.
                out[i] = f32(0.25 * src[i] + 0.125 * t)
    expect_all("dst", out)


def transpose():
    w, h = 45, 38
    print("alloc in f32[%d] = iota" % (w * h))
    print("alloc naive f32[%d]" % (w * h))
    print("alloc tiled f32[%d]" % (w * h))
    launch("transpose_naive", "2,2", "32,8", ["naive", "in", "%du32" % w, "%du32" % h])
    launch("transpose_tiled", "2,2", "32,8", ["tiled", "in", "%du32" % w, "%du32" % h])
    print("wait")
    out = [0.0] * (w * h)
    for y in range(h):
        for x in range(w):
            out[x * h + y] = float(y * w + x)
    expect_all("naive", out)
    expect_all("tiled", out)


def scan():
    n, seg = 300, 128
    v = small_ints(8, n, 100, 50)
    alloc_list("in", "s32", v)
    print("alloc inclusive s32[%d]" % n)
    print("alloc exclusive s32[%d]" % n)
    blocks = (n + seg - 1) // seg
    print("alloc sums s32[%d]" % blocks)
    print("alloc exclusive_static s32[%d]" % n)
    print("alloc sums_static s32[%d]" % blocks)
    launch("scan_hillis_steele", blocks, seg, ["inclusive", "in", "%du32" % n])
    launch("scan_blelloch", blocks, seg // 2, ["exclusive", "in", "sums", "%du32" % n],
           shared=seg * 4)
    launch("scan_blelloch_static", blocks, seg // 2,
           ["exclusive_static", "in", "sums_static", "%du32" % n])
    print("wait")
    inc, exc, sums = [], [], []
    for b in range(blocks):
        run = 0
        for i in range(b * seg, min(n, (b + 1) * seg)):
            exc.append(run)
            run += v[i]
            inc.append(run)
        sums.append(run)
    expect_all("inclusive", inc)
    expect_all("exclusive", exc)
    expect_all("sums", sums)
    expect_all("exclusive_static", exc)
    expect_all("sums_static", sums)


def convolution():
    n, radius, block = 200, 3, 64
    x = floats(small_ints(9, n, 16))
    weights = [float(i - radius) for i in range(2 * radius + 1)]
    alloc_list("x", "f32", x)
    alloc_list("weights", "f32", weights)
    print("alloc y f32[%d]" % n)
    w, h, mk = 23, 17, 5
    img = floats(small_ints(10, w * h, 8))
    mask = [float(i % 3) for i in range(mk * mk)]
    alloc_list("img", "f32", img)
    alloc_list("mask", "f32", mask)
    print("alloc out f32[%d]" % (w * h))
    launch("conv1d", (n + block - 1) // block, block, ["x", "y", "weights", "%du32" % n])
    launch("conv2d", "2,2", "16,16", ["img", "out", "mask", "%du32" % w, "%du32" % h])
    print("wait")
    y = [sum(weights[k + radius] * x[i + k] for k in range(-radius, radius + 1)
             if 0 <= i + k < n) for i in range(n)]
    expect_all("y", y)

    def clamp(v, hi):
        return min(max(v, 0), hi)

    out = []
    for py in range(h):
        for px in range(w):
            out.append(sum(mask[my * mk + mx] * img[clamp(py + my - 2, h - 1) * w +
                                                   clamp(px + mx - 2, w - 1)]
                           for my in range(mk) for mx in range(mk)))
    expect_all("out", out)


def covariance():
    m, n = 24, 16
    data = floats(small_ints(11, n * m, 8))
    alloc_list("data", "f32", data)
    print("alloc mean f32[%d]" % m)
    print("alloc symmat f32[%d]" % (m * m))
    # Launches run concurrently unless the host waits between them (the
    # CUDA program's stream order).
    launch("mean_kernel", 1, 32, ["mean", "data", "0.0625f32"])
    print("wait")
    launch("reduce_kernel", "1,2", "32,8", ["mean", "data"])
    print("wait")
    launch("covar_kernel", 1, 32, ["symmat", "data"])
    print("wait")
    # 1/16 scaling and small integers: every value below is exact in binary32.
    mean = [sum(data[i * m + j] for i in range(n)) / n for j in range(m)]
    cent = [data[i * m + j] - mean[j] for i in range(n) for j in range(m)]
    sym = [sum(cent[i * m + j1] * cent[i * m + j2] for i in range(n))
           for j1 in range(m) for j2 in range(m)]
    expect_all("mean", mean)
    expect_all("data", cent)
    expect_all("symmat", sym)


def needle():
    n, match, mismatch, gap = 40, 2, 1, 1
    a, b = small_ints(12, n, 4), small_ints(13, n, 4)
    alloc_list("a", "s32", a)
    alloc_list("b", "s32", b)
    print("alloc score s32[%d]" % ((n + 1) * (n + 1)))
    launch("needle", 1, 32, ["score", "a", "b", "%du32" % n, "%du32" % match,
                             "%du32" % mismatch, "%du32" % gap])
    print("wait")
    s = [[0] * (n + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        s[i][0] = s[0][i] = -i * gap
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            d = s[i - 1][j - 1] + (match if a[i - 1] == b[j - 1] else -mismatch)
            s[i][j] = max(d, s[i - 1][j] - gap, s[i][j - 1] - gap)
    expect_all("score", [v for row in s for v in row])


def histogram():
    n, blocks, threads, bins = 3000, 5, 64, 16
    data = [x & MASK32 for x in splitmix64(9, n)]
    print("alloc data u32[%d] = random(9)" % n)
    print("alloc block_hist u32[%d]" % (blocks * bins))
    print("alloc hist u32[%d]" % bins)
    launch("histogram_private", blocks, threads, ["data", "block_hist", "%du32" % n])
    print("wait")
    launch("histogram_merge", 1, bins, ["block_hist", "hist", "%du32" % blocks])
    print("wait")
    per_block = [[0] * bins for _ in range(blocks)]
    for i, v in enumerate(data):
        per_block[(i % (blocks * threads)) // threads][(v >> 4) & (bins - 1)] += 1
    expect_all("block_hist", [c for row in per_block for c in row])
    expect_all("hist", [sum(row[b] for row in per_block) for b in range(bins)])


def bitonic():
    seg, segments = 256, 3
    keys = [s32(x) for x in splitmix64(11, seg * segments)]
    print("alloc keys s32[%d] = random(11)" % len(keys))
    launch("bitonic_sort", segments, seg, ["keys"])
    print("wait")
    expect_all("keys", [k for s in range(segments) for k in sorted(keys[s * seg:(s + 1) * seg])])


def spmv(rows=100):
    cols = 80
    pick = splitmix64(14, rows * cols)
    ptr, idx, val = [], [], []
    for r in range(rows):
        ptr.append(len(idx))
        for c in range(cols):
            z = pick[r * cols + c]
            if z % 10 == 0 and r % 17 != 5:  # some rows stay empty
                idx.append(c)
                val.append(float((z >> 8) % 5))
    ptr.append(len(idx))
    x = floats(small_ints(15, cols, 9))
    alloc_list("ptr", "s32", ptr)
    alloc_list("idx", "s32", idx)
    alloc_list("val", "f32", val)
    alloc_list("x", "f32", x)
    print("alloc y f32[%d]" % rows)
    launch("spmv_csr_scalar", blocks(rows, 64), 64,
           ["%du32" % rows, "ptr", "idx", "val", "x", "y"])
    print("wait")
    if not expecting():
        return
    expect_all("y", [sum(val[j] * x[idx[j]] for j in range(ptr[r], ptr[r + 1]))
                     for r in range(rows)])


def kmeans(npoints=150):
    nclusters, nfeatures = 5, 4
    feat = floats(small_ints(16, npoints * nfeatures, 16))
    centres = floats(small_ints(17, nclusters * nfeatures, 16))
    old = small_ints(18, npoints, nclusters)
    alloc_list("features", "f32", feat)
    alloc_list("clusters", "f32", centres)
    alloc_list("membership", "s32", old)
    print("alloc changed s32[%d]" % npoints)
    launch("kmeans_assign", blocks(npoints, 128), 128,
           ["features", "clusters", "membership", "changed", "%du32" % npoints,
            "%du32" % nclusters, "%du32" % nfeatures])
    print("wait")
    if not expecting():
        return
    member = []
    for p in range(npoints):
        dists = [sum((feat[f * npoints + p] - centres[c * nfeatures + f]) ** 2
                     for f in range(nfeatures)) for c in range(nclusters)]
        member.append(dists.index(min(dists)))  # the first of equal minima
    expect_all("membership", member)
    expect_all("changed", [int(a != b) for a, b in zip(old, member)])


def pathfinder():
    rows, cols = 20, 150
    wall = small_ints(19, rows * cols, 10)
    alloc_list("wall", "s32", wall)
    print("alloc result s32[%d]" % cols)
    launch("pathfinder", 1, 64, ["wall", "result", "%du32" % cols, "%du32" % rows])
    print("wait")
    cur = wall[:cols]
    for r in range(1, rows):
        cur = [min(cur[max(x - 1, 0):x + 2]) + wall[r * cols + x] for x in range(cols)]
    expect_all("result", cur)


def nbody():
    n, tile, soft = 100, 32, 0.01
    pos = random_f32(20, 4 * n)
    for i in range(n):
        pos[4 * i + 3] = 1.0 + (i % 3)  # masses
    alloc_list("pos", "f32", pos)
    print("alloc accel f32[%d]" % (4 * n))
    launch("nbody_accel", (n + tile - 1) // tile, tile, ["pos", "accel", "%du32" % n])
    print("wait")
    out = []
    for i in range(n):
        acc = [0.0, 0.0, 0.0]
        for j in range(n):
            d = [pos[4 * j + c] - pos[4 * i + c] for c in range(3)]
            inv = 1.0 / math.sqrt(d[0] ** 2 + d[1] ** 2 + d[2] ** 2 + soft)
            for c in range(3):
                acc[c] += d[c] * pos[4 * j + 3] * inv ** 3
        out += acc + [0.0]
    # rsqrt.approx and single-precision sums: relative error well below 1e-4
    # of the largest terms (|a| < 3000 here).
    expect_close("accel", out, 0.05)


def cnd(d):
    return 0.5 * math.erfc(-d / math.sqrt(2.0))


def blackscholes(n=None):
    # The test's grid strides (2 blocks for 400 options); a sized run has a
    # thread per option, as the benchmark's users launch it.
    grid = blocks(n, 128) if n else 2
    n, r, v = n or 400, 0.02, 0.30
    price = [5.0 + 25.0 * u for u in random_f32(21, n)]
    strike = [1.0 + 99.0 * u for u in random_f32(22, n)]
    years = [0.25 + 9.75 * u for u in random_f32(23, n)]
    price, strike, years = ([f32(x) for x in xs] for xs in (price, strike, years))
    alloc_list("price", "f32", price)
    alloc_list("strike", "f32", strike)
    alloc_list("years", "f32", years)
    print("alloc call f32[%d]" % n)
    print("alloc put f32[%d]" % n)
    launch("black_scholes", grid, 128, ["call", "put", "price", "strike", "years",
                                        "%rf32" % f32(r), "%rf32" % f32(v), "%du32" % n])
    print("wait")
    if not expecting():
        return
    call, put = [], []
    for s, x, t in zip(price, strike, years):
        d1 = (math.log(s / x) + (r + 0.5 * v * v) * t) / (v * math.sqrt(t))
        d2 = d1 - v * math.sqrt(t)
        e = math.exp(-r * t)
        call.append(s * cnd(d1) - x * e * cnd(d2))
        put.append(x * e * cnd(-d2) - s * cnd(-d1))
    # The kernel's polynomial CND is accurate to about 1e-7; prices below 100.
    expect_close("call", call, 2e-3)
    expect_close("put", put, 2e-3)


def stencil2d_tiled():
    w, h, steps = 37, 21, 3
    cur = random_f32(24, w * h)
    print("alloc a f32[%d] = random(24)" % (w * h))
    print("alloc b f32[%d]" % (w * h))
    bufs = ["a", "b"]
    for s in range(steps):
        launch("heat_step", "3,3", "16,8", [bufs[s & 1], bufs[(s + 1) & 1], "%du32" % w,
                                           "%du32" % h, "0.5f32", "0.125f32"])
        print("wait")

    def at(x, y):
        return cur[min(max(y, 0), h - 1) * w + min(max(x, 0), w - 1)]

    for s in range(steps):
        nxt = []
        for y in range(h):
            for x in range(w):
                side = f32(f32(f32(at(x, y - 1) + at(x, y + 1)) + at(x - 1, y)) + at(x + 1, y))
                # Both products are exact (powers of two): one rounding.
                nxt.append(f32(0.5 * at(x, y) + 0.125 * side))
        cur = nxt
    expect_all(bufs[steps & 1], cur)


KERNELS = {f.__name__: f for f in (gemm_naive, reduce_warp, stencil3d, transpose, scan,
                                   convolution, covariance, needle, histogram, bitonic, spmv,
                                   kmeans, pathfinder, nbody, blackscholes, stencil2d_tiled)}

if __name__ == "__main__":
    main(KERNELS)
