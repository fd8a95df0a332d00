"""Host references for the kernels of test/cuda written in the style of the
Rodinia suite's applications (BFS, Gaussian elimination, LU decomposition,
particle filter, B+tree search, hotspot, SRAD, back-propagation) and a
shared-memory histogram: each prints a run script whose inputs it declares
and whose expected values it computes here, in Python, never from the
emulator.

    rodinia.py KERNEL > run.simt

Where the data allow it the results are exact (integers stored as floats,
matrices built as L*U from small integers, each binary32 rounding of a fixed
order reproduced with f32()); the stencils and the network compare with a
tolerance argued next to each check.
"""
import math
import sys
from fractions import Fraction

from apps import expect_close, launch, small_ints
from ref import alloc_list, expect_all, f32, random_f32, splitmix64


def bfs_frontier():
    n, threads = 700, 128
    blocks = (n + threads - 1) // threads
    rnd = iter(splitmix64(21, 8 * n))
    # Out-degrees 1..4, 0 for every tenth node but the source; nodes >= 650
    # get no in-edges from the rest, so they stay unreached (cost -1).
    first, count, edges = [], [], []
    for i in range(n):
        deg = 0 if i % 10 == 9 else 1 + next(rnd) % 4
        first.append(len(edges))
        count.append(deg)
        for _ in range(deg):
            edges.append(next(rnd) % (650 if i < 650 else n))
    nodes = [v for pair in zip(first, count) for v in pair]
    cost = [-1] * n
    cost[0] = 0
    frontier = [0]
    while frontier:
        nxt = []
        for u in frontier:
            for v in edges[first[u]:first[u] + count[u]]:
                if cost[v] < 0:
                    cost[v] = cost[u] + 1
                    nxt.append(v)
        frontier = nxt
    depth = max(cost)
    assert depth >= 4 and cost.count(-1) > 0, (depth, cost.count(-1))
    alloc_list("nodes", "s32", nodes)
    alloc_list("edges", "s32", edges)
    alloc_list("cost", "s32", [0] + [-1] * (n - 1))
    alloc_list("mask", "u8", [1] + [0] * (n - 1))
    alloc_list("visited", "u8", [1] + [0] * (n - 1))
    print("alloc updating u8[%d]" % n)
    print("alloc stop u8[1]")
    grid = str(blocks)
    for level in range(depth + 1):
        print("write stop[0] = 0")
        launch("bfs_expand", grid, threads, ["nodes", "edges", "mask", "updating", "visited",
                                             "cost", "%ds32" % n])
        print("wait")
        launch("bfs_update", grid, threads, ["mask", "updating", "visited", "stop", "%ds32" % n])
        print("wait")
        # The host's loop condition: every level up to the depth changes something.
        print("expect stop[0] == %d" % (1 if level < depth else 0))
    expect_all("cost", cost)
    expect_all("visited", [int(c >= 0) for c in cost])
    expect_all("mask", [0] * n)
    expect_all("updating", [0] * n)


def f32_round(q):
    """The exact rational q rounded to binary32, to nearest even (q normal)."""
    q = Fraction(q)
    if q == 0:
        return 0.0
    sign, q = (-1 if q < 0 else 1), abs(q)
    e = q.numerator.bit_length() - q.denominator.bit_length()
    if Fraction(2) ** e > q:
        e -= 1
    m = q / Fraction(2) ** (e - 23)  # in [2^23, 2^24)
    whole, rest = divmod(m.numerator, m.denominator)
    if 2 * rest > m.denominator or (2 * rest == m.denominator and whole & 1):
        whole += 1
    return sign * math.ldexp(whole, e - 23)


def lu_product(n, seed):
    """L (unit lower, entries -2..2) times U (entries -3..3, pivots +-1, +-2,
    +-4): its elimination keeps small integers, its multipliers are L's."""
    low, up = small_ints(seed, n * n, 5, 2), small_ints(seed + 1, n * n, 7, 3)
    pivots = small_ints(seed + 2, n, 6)
    lower = [[1 if i == j else (low[i * n + j] if j < i else 0) for j in range(n)]
             for i in range(n)]
    upper = [[((1 << (pivots[i] >> 1)) * (1 if pivots[i] & 1 else -1)) if i == j else
              (up[i * n + j] if j > i else 0) for j in range(n)] for i in range(n)]
    a = [[sum(lower[i][k] * upper[k][j] for k in range(n)) for j in range(n)]
         for i in range(n)]
    return lower, upper, a


def gaussian():
    n = 20
    lower, upper, a = lu_product(n, 31)
    y = small_ints(34, n, 9, 4)
    b = [sum(lower[i][k] * y[k] for k in range(n)) for i in range(n)]
    alloc_list("a", "f32", [float(v) for row in a for v in row])
    alloc_list("b", "f32", [float(v) for v in b])
    print("alloc m f32[%d]" % (n * n))
    for t in range(n - 1):
        launch("Fan1", (n + 63) // 64, 64, ["m", "a", "%ds32" % n, "%ds32" % t])
        print("wait")
        g = (n + 7) // 8
        launch("Fan2", "%d,%d" % (g, g), "8,8", ["m", "a", "b", "%ds32" % n, "%ds32" % t])
        print("wait")
    # Below the diagonal, a keeps the values of the step that zeroed the
    # pivot column: Fan2 updates columns from t on, so it writes the zeros.
    expect_all("a", [float(upper[i][j]) for i in range(n) for j in range(n)])
    expect_all("m", [float(lower[i][j]) if j < i else 0.0 for i in range(n) for j in range(n)])
    expect_all("b", [float(v) for v in y])
    assert max(abs(v) for row in a for v in row) < 1 << 20


def lud():
    n, bs = 32, 8
    lower, upper, a = lu_product(n, 41)
    assert max(abs(v) for row in a for v in row) < 1 << 20
    alloc_list("m", "f32", [float(v) for row in a for v in row])
    for offset in range(0, n - bs, bs):
        rest = (n - offset) // bs - 1
        launch("lud_diagonal", 1, bs, ["m", "%ds32" % n, "%ds32" % offset])
        print("wait")
        launch("lud_perimeter", rest, 2 * bs, ["m", "%ds32" % n, "%ds32" % offset])
        print("wait")
        launch("lud_internal", "%d,%d" % (rest, rest), "%d,%d" % (bs, bs),
               ["m", "%ds32" % n, "%ds32" % offset])
        print("wait")
    launch("lud_diagonal", 1, bs, ["m", "%ds32" % n, "%ds32" % (n - bs)])
    print("wait")
    expect_all("m", [float(lower[i][j] if j < i else upper[i][j])
                     for i in range(n) for j in range(n)])


def particle_filter():
    n, threads, width, height, frames = 256, 64, 48, 40, 2
    blocks = n // threads
    disk = [(dx, dy) for dy in range(-2, 3) for dx in range(-2, 3) if dx * dx + dy * dy <= 4]
    image = [v & 255 for v in splitmix64(51, width * height)]
    seeds = [v & 0xFFFFFFFF for v in splitmix64(52, n)]
    resample_seeds = [v & 0xFFFFFFFF for v in splitmix64(53, frames)]
    xs = [float(12 + v % 24) for v in splitmix64(54, n)]
    ys = [float(10 + v % 20) for v in splitmix64(55, n)]
    alloc_list("image", "u8", image)
    alloc_list("disk_x", "s32", [dx for dx, _ in disk])
    alloc_list("disk_y", "s32", [dy for _, dy in disk])
    alloc_list("seed", "u32", seeds)
    alloc_list("x0", "f32", xs)
    alloc_list("y0", "f32", ys)
    for name in ("x1", "y1", "cdf", "u"):
        print("alloc %s f32[%d]" % (name, n))
    print("alloc partial f32[%d]" % blocks)
    print("alloc ancestor s32[%d]" % n)
    alloc_list("weights", "f32", [1.0 / n] * n)

    def lcg(s):
        return (s * 1664525 + 1013904223) & 0xFFFFFFFF

    src, dst = ("x0", "y0"), ("x1", "y1")
    for frame in range(frames):
        launch("likelihood_kernel", blocks, threads,
               [src[0], src[1], "weights", "seed", "image", "disk_x", "disk_y",
                "%ds32" % len(disk), "%ds32" % width, "%ds32" % height, "%ds32" % n])
        print("wait")
        launch("sum_kernel", blocks, threads, ["weights", "partial", "%ds32" % n])
        print("wait")
        launch("normalize_kernel", 1, n, ["weights", "partial", "%ds32" % blocks, "cdf", "u",
                                          "%du32" % resample_seeds[frame], "%ds32" % n])
        print("wait")
        launch("find_index_bsearch", blocks, threads, ["cdf", "u", "ancestor", "%ds32" % n])
        launch("find_index_kernel", blocks, threads,
               [src[0], src[1], "cdf", "u", dst[0], dst[1], "weights", "%ds32" % n])
        print("wait")
        # The host reference of the frame.
        weights = []
        for i in range(n):
            s1 = lcg(seeds[i])
            s2 = lcg(s1)
            seeds[i] = s2
            xs[i] += (s1 >> 29) - 4
            ys[i] += (s2 >> 29) - 4
            score = sum(image[min(max(int(ys[i]) + dy, 0), height - 1) * width +
                              min(max(int(xs[i]) + dx, 0), width - 1)] for dx, dy in disk)
            weights.append(score / n)  # exact: an integer / 256
        total = sum(weights)  # exact in any order: integers / 256 below 2^24
        weights = [f32_round(Fraction(w) / Fraction(total)) for w in weights]
        cdf = [weights[0]]
        for w in weights[1:]:
            cdf.append(f32_round(Fraction(cdf[-1]) + Fraction(w)))
        u1 = (lcg(resample_seeds[frame]) >> 8) * 2.0**-24 / n  # exact
        u = [f32_round(Fraction(u1) + Fraction(i, n)) for i in range(n)]
        ancestors = [next((k for k in range(n) if cdf[k] >= u[i]), n - 1) for i in range(n)]
        xs = [xs[a] for a in ancestors]
        ys = [ys[a] for a in ancestors]
        expect_all("cdf", cdf)
        expect_all("u", u)
        expect_all("ancestor", ancestors)
        expect_all(dst[0], xs)
        expect_all(dst[1], ys)
        src, dst = dst, src
    expect_all("seed", seeds)
    expect_all("weights", [1.0 / n] * n)


def bptree64():
    order, count, threads = 8, 300, 128
    mask = (1 << 64) - 1
    rnd = iter(splitmix64(61, 4000))
    keys = sorted({(next(rnd) >> 20) - (1 << 43) for _ in range(400)})  # +-2^43
    nrec = len(keys)
    perm = list(range(nrec))
    for i in range(nrec - 1, 0, -1):  # records stored in a shuffled order
        j = next(rnd) % (i + 1)
        perm[i], perm[j] = perm[j], perm[i]
    values = [0] * nrec
    for r, k in enumerate(keys):
        values[perm[r]] = 3 * k + 7
    # Nodes: [location, (is_leaf, keys, indices)]; leaves of 3..7 keys, then
    # internal levels of 2..8 children with the children's smallest keys as
    # separators, until one root remains.
    nodes, level, lowest, i = [], [], [], 0
    while i < nrec:
        take = min(3 + next(rnd) % 5, nrec - i)
        if nrec - i - take < 3:
            take = nrec - i
        level.append(len(nodes))
        lowest.append(keys[i])
        nodes.append((True, keys[i:i + take], [perm[r] for r in range(i, i + take)]))
        i += take
    height = 1
    while len(level) > 1:
        upper, up_lowest, i = [], [], 0
        while i < len(level):
            take = min(2 + next(rnd) % 7, len(level) - i)
            if len(level) - i - take < 2:
                take = len(level) - i
            upper.append(len(nodes))
            up_lowest.append(lowest[i])
            nodes.append((False, lowest[i + 1:i + take], level[i:i + take]))
            i += take
        level, lowest, height = upper, up_lowest, height + 1
    root = level[0]
    assert height >= 3 and all(len(n[1]) <= order - 1 for n in nodes)
    words = []
    for loc, (leaf, ks, idx) in enumerate(nodes):
        words.append(loc)
        words += idx + [0] * (order + 1 - len(idx))
        words += [k & mask for k in ks] + [0] * (order + 1 - len(ks))
        words.append(int(leaf) | len(ks) << 32)  # bool is_leaf; 3 bytes; int num_keys
    alloc_list("knodes", "u64", words)
    alloc_list("records", "u64", [v & mask for v in values])
    queries = []
    for q in range(count):
        r = next(rnd)
        if q % 3 == 0:
            queries.append(r % (1 << 45) - (1 << 44))  # mostly absent, some out of range
        elif q % 3 == 1:
            queries.append(keys[r % nrec] + 1 - (r >> 63) * 2)  # a neighbour of a key
        else:
            queries.append(keys[r % nrec])
    queries[0], queries[1] = keys[0], keys[-1]
    alloc_list("queries", "u64", [v & mask for v in queries])
    print("alloc answers s64[%d]" % count)
    print("alloc leaves u64[%d]" % count)
    launch("find_k", (count + threads - 1) // threads, threads,
           ["knodes", "%du64" % root, "%ds32" % height, "records", "queries", "answers",
            "leaves", "%ds32" % count])
    print("wait")
    answers, leaves = [], []
    for key in queries:
        cur = root
        while not nodes[cur][0]:
            ks = nodes[cur][1]
            cur = nodes[cur][2][sum(1 for k in ks if key >= k)]
        leaf_keys = nodes[cur][1]
        answers.append(values[nodes[cur][2][leaf_keys.index(key)]] if key in leaf_keys else -1)
        leaves.append(cur)
    assert 0 < answers.count(-1) < count
    expect_all("answers", answers)
    expect_all("leaves", leaves)


def histogram_shared():
    words, n, blocks, threads = 1500, 2000, 3, 192
    # Skewed bytes (a small range is hit often) so that lanes of a warp
    # collide on a bin.
    data = [v & 0xFFFFFFFF for v in splitmix64(71, words)]
    data = [w & 0x0F0FFFFF if i % 2 else w for i, w in enumerate(data)]
    keys = [v % 256 if v % 4 else v % 8 for v in splitmix64(72, n)]
    weights = [float(v % 16) - 4.0 for v in splitmix64(73, n)]
    alloc_list("data", "u32", data)
    alloc_list("keys", "u8", keys)
    alloc_list("weights", "f32", weights)
    print("alloc hist u32[256]")
    print("alloc whist f32[256]")
    launch("histogram256", blocks, threads, ["data", "hist", "%ds32" % words])
    launch("weighted_histogram256", blocks, threads, ["keys", "weights", "whist", "%ds32" % n])
    print("wait")
    hist = [0] * 256
    for w in data:
        for shift in (0, 8, 16, 24):
            hist[(w >> shift) & 255] += 1
    whist = [0.0] * 256
    for k, w in zip(keys, weights):
        whist[k] += w  # small integers: exact in any order
    expect_all("hist", hist)
    expect_all("whist", whist)


def hotspot():
    rows, cols, steps = 37, 43, 4
    temp = [320.0 + 20.0 * v for v in random_f32(81, rows * cols)]  # 320..340 K
    power = [2.0 * v for v in random_f32(82, rows * cols)]
    cap, rx, ry, rz, amb = f32(0.5), f32(0.2), f32(0.15), f32(0.05), 300.0
    alloc_list("power", "f32", power)
    alloc_list("t0", "f32", temp)
    print("alloc t1 f32[%d]" % (rows * cols))
    grid = "%d,%d" % ((cols + 15) // 16, (rows + 15) // 16)
    bufs = ("t0", "t1")
    for i in range(steps):
        launch("hotspot_step", grid, "16,16",
               ["power", bufs[i & 1], bufs[1 - (i & 1)], "%ds32" % rows, "%ds32" % cols]
               + ["%rf32" % v for v in (cap, rx, ry, rz, amb)])
        print("wait")

    def step(temp):
        def at(y, x):
            return temp[min(max(y, 0), rows - 1) * cols + min(max(x, 0), cols - 1)]

        return [at(y, x) + cap * (power[y * cols + x]
                                  + (at(y + 1, x) + at(y - 1, x) - 2 * at(y, x)) * ry
                                  + (at(y, x + 1) + at(y, x - 1) - 2 * at(y, x)) * rx
                                  + (amb - at(y, x)) * rz)
                for y in range(rows) for x in range(cols)]

    initial = temp
    for _ in range(steps):
        temp = step(temp)
    # In binary64 here. Each binary32 step rounds ~10 operations on values
    # below 400 (the result) and 50 (the bracket): under 6 ulp(256) + 6
    # ulp(32) = 1.4e-4 per step. The weights of a step (0.1 per x, 0.075 per
    # y neighbour, 0.625 for the cell itself) are positive and sum to <= 1,
    # so an error never grows from step to step: under 6e-4 after 4 steps.
    # A wrong neighbour or border moves a cell by 0.075 * (temperature
    # difference, up to 20 K): far outside 1e-3.
    expect_close(bufs[steps & 1], temp, 1e-3)
    # The pyramid kernel: the same steps, 2 then 1 per launch (the host's
    # min(pyramid_height, iterations - t) for 3 steps), from the initial
    # temperatures again; 12x12 cells written per block.
    temp = initial
    alloc_list("p0", "f32", temp)
    print("alloc p1 f32[%d]" % (rows * cols))
    src = 0
    for height in (2, 1):
        small = 16 - 2 * height
        launch("hotspot_pyramid", "%d,%d" % ((cols + small - 1) // small,
                                             (rows + small - 1) // small), "16,16",
               ["%ds32" % height, "power", "p%d" % src, "p%d" % (1 - src), "%ds32" % rows,
                "%ds32" % cols] + ["%rf32" % v for v in (cap, rx, ry, rz, amb)])
        print("wait")
        src = 1 - src
        for _ in range(height):
            temp = step(temp)
    expect_close("p%d" % src, temp, 1e-3)


def srad_step(img, rows, cols, q0sqr, lam, r):
    """One SRAD iteration; r() rounds every intermediate (identity for
    binary64, f32 for a binary32 evaluation in the kernel's order)."""
    def at(i, j):
        return img[min(max(i, 0), rows - 1) * cols + min(max(j, 0), cols - 1)]

    ds, cs = [], []
    for i in range(rows):
        for j in range(cols):
            jc = at(i, j)
            n, s, w, e = (r(at(i - 1, j) - jc), r(at(i + 1, j) - jc), r(at(i, j - 1) - jc),
                          r(at(i, j + 1) - jc))
            g2 = r(r(r(r(r(n * n) + r(s * s)) + r(w * w)) + r(e * e)) / r(jc * jc))
            lap = r(r(r(r(n + s) + w) + e) / jc)
            num = r(r(0.5 * g2) - r(0.0625 * r(lap * lap)))
            den = r(1.0 + r(0.25 * lap))
            qsqr = r(num / r(den * den))
            den = r(r(qsqr - q0sqr) / r(q0sqr * r(1.0 + q0sqr)))
            c = r(1.0 / r(1.0 + den))
            ds.append((n, s, w, e))
            cs.append(min(max(c, 0.0), 1.0))
    out = []
    for i in range(rows):
        for j in range(cols):
            k = i * cols + j
            n, s, w, e = ds[k]
            c_s = cs[min(i + 1, rows - 1) * cols + j]
            c_e = cs[i * cols + min(j + 1, cols - 1)]
            d = r(r(r(r(cs[k] * n) + r(c_s * s)) + r(cs[k] * w)) + r(c_e * e))
            out.append(r(img[k] + r(r(0.25 * lam) * d)))
    return cs, out


def srad():
    rows, cols, iterations, lam = 29, 35, 2, 0.5
    img = [0.5 + v for v in random_f32(91, rows * cols)]  # speckle in [0.5, 1.5)
    alloc_list("J", "f32", img)
    for name in ("dN", "dS", "dW", "dE", "C"):
        print("alloc %s f32[%d]" % (name, rows * cols))
    grid = "%d,%d" % ((cols + 15) // 16, (rows + 15) // 16)
    exact, rounded = img, img
    for _ in range(iterations):
        # The host's statistics, here from the binary64 image; the kernel
        # and both evaluations below take the same binary32 q0^2.
        mean = sum(exact) / len(exact)
        var = sum(v * v for v in exact) / len(exact) - mean * mean
        q0sqr = f32(var / (mean * mean))
        args = ["%ds32" % rows, "%ds32" % cols]
        launch("srad_cuda_1", grid, "16,16", ["J", "dN", "dS", "dW", "dE", "C"] + args
               + ["%rf32" % q0sqr])
        print("wait")
        launch("srad_cuda_2", grid, "16,16", ["J", "dN", "dS", "dW", "dE", "C"] + args
               + ["%rf32" % lam])
        print("wait")
        c_exact, exact = srad_step(exact, rows, cols, q0sqr, lam, lambda v: v)
        c_rounded, rounded = srad_step(rounded, rows, cols, q0sqr, lam, f32)
    # The tolerance: 1 + den >= q0^2 / (1 + q0^2) (num >= G2 / 4 >= 0), so
    # c is continuous in the data, with dc/dq <= 1 / (q0^2 (1 + q0^2)) (~12
    # here) where it is not clamped; an evaluation in binary32 (every step
    # rounded, the kernel's order) stays within 2e-6 of the binary64 one on
    # this image; the kernel may contract products into fmas or compute
    # the divisions differently (fewer roundings). Ten times the binary32
    # evaluation's distance, and at least 1e-5, bounds both; a wrong
    # neighbour moves J by ~0.1.
    def tolerance(a, b):
        return max(1e-5, 10 * max(abs(x - y) for x, y in zip(a, b)))

    expect_close("C", c_exact, tolerance(c_exact, c_rounded))
    expect_close("J", exact, tolerance(exact, rounded))


def backprop():
    n_in, hid, rounds = 64, 16, 2
    blocks = n_in // 16
    inputs = [1.0] + [(v % 8) / 8.0 for v in splitmix64(101, n_in)]
    weights = [((v % 17) - 8) / 64.0 for v in splitmix64(102, (n_in + 1) * (hid + 1))]
    delta = [((v % 33) - 16) / 256.0 for v in splitmix64(103, hid + 1)]
    oldw = [0.0] * len(weights)
    alloc_list("input", "f32", inputs)
    alloc_list("w", "f32", weights)
    alloc_list("delta", "f32", delta)
    print("alloc oldw f32[%d]" % len(weights))
    print("alloc partial f32[%d]" % (blocks * hid))
    print("alloc hidden f32[%d]" % (hid + 1))
    eta = mom = f32(0.3)
    for r in range(rounds):
        # Two training steps: the second forward pass sees the adjusted
        # weights, the second adjustment the first one's momentum.
        launch("layerforward", "1,%d" % blocks, "16,16",
               ["input", "w", "partial", "%ds32" % n_in, "%ds32" % hid])
        print("wait")
        launch("hidden_activation", 1, 32, ["partial", "w", "hidden", "%ds32" % blocks,
                                            "%ds32" % hid])
        print("wait")
        launch("adjust_weights", "1,%d" % blocks, "16,16",
               ["delta", "%ds32" % hid, "input", "%ds32" % n_in, "w", "oldw"])
        print("wait")
        partial = [sum(weights[(16 * b + t + 1) * (hid + 1) + j + 1] * inputs[16 * b + t + 1]
                       for t in range(16)) for b in range(blocks) for j in range(hid)]
        sums = [weights[j + 1] + sum(partial[b * hid + j] for b in range(blocks))
                for j in range(hid)]
        hidden = [0.0] + [1.0 / (1.0 + math.exp(-x)) for x in sums]
        for row in range(n_in + 1):
            for col in range(1, hid + 1):
                k = row * (hid + 1) + col
                change = eta * delta[col] * inputs[row] + mom * oldw[k]
                weights[k] += change
                oldw[k] = change
        # Bounds: |weight| < 1/4 throughout (<= 1/8, then two changes of
        # <= 0.3/16 + 0.3 * 0.3/16), so a partial sum (16 products) is below
        # 4 and the activation's sum below 17. Round 1: weights are
        # multiples of 2^-6, inputs of 2^-3: the partial sums and the
        # activation's sums are exact. The sigmoid then rounds e^-x (expf
        # within 4 ulp, OpenCL's bound for libclc's), 1 + e and the
        # division: within 1e-6. Round 2: each weight carries <= 2 x 4
        # half-ulps(1/4) = 1.2e-7 from the updates, and a partial sum adds 15
        # roundings below 4 (3.6e-6): under 6e-6; the activation's sum,
        # 4 of them and 4 roundings below 17 (8e-6), is within 3.2e-5 and
        # the sigmoid (slope <= 1/4) within 1e-5. A missing input or weight
        # changes a partial sum by a multiple of 2^-9 = 2e-3.
        if r == 0:
            assert max(abs(x) for x in sums) < 17
            expect_all("partial", partial)
            expect_close("hidden", hidden, 1e-6)
        else:
            expect_close("partial", partial, 1e-5)
            expect_close("hidden", hidden, 1e-5)
    # The weights and the last changes: 1.2e-7 and 4 half-ulps(1/16) from
    # the exact values; a wrong input or delta changes them by >= 0.3 * 2^-11.
    expect_close("w", weights, 2e-7)
    expect_close("oldw", oldw, 1e-7)


KERNELS = {f.__name__: f for f in (bfs_frontier, gaussian, lud, particle_filter, bptree64,
                                   histogram_shared, hotspot, srad, backprop)}

if __name__ == "__main__":
    KERNELS[sys.argv[1]]()
