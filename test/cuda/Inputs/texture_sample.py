"""Run script for the texture sampling tests (test/cc/tex2d.ptx,
test/cuda/texture_2d.cu), expected values computed here from the CUDA C
Programming Guide's "Texture Fetching" appendix, independently of the
emulator:

- a coordinate x (times the size N when normalized) samples texel floor(x)
  (point), or, with linear filtering, texels i = floor(x - 0.5) and i + 1
  weighted 1 - a and a, a = frac(x - 0.5) in 9-bit fixed point with 8
  fractional bits; 2-D and 3-D take the products of the dimensions' weights;
- each texel index is addressed by its dimension's mode: clamp to [0, N-1],
  border (0 outside), wrap (modulo N), mirror (reflected every N);
- 8-bit channels read as floats are normalized: v / 255, or max(v / 127, -1)
  signed.

    texture_sample.py KERNEL MODE

KERNEL is the kernel's launch name. MODE is one of the configurations below
(filter, address modes, normalized coordinates). Coordinates are multiples of
1/1024 (exact in binary32, and x * N and x - 0.5 too), none a tie of the
8-bit fraction's rounding, so the reference and the texture path agree on
every index and weight; values differ at most by binary32 rounding.
"""
import math
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from ref import alloc_list, splitmix64  # noqa: E402

MODES = {
    "point-clamp": ("point", ["clamp"] * 3, False),
    "linear-clamp": ("linear", ["clamp"] * 3, False),
    "linear-border": ("linear", ["border"] * 3, False),
    "point-wrap": ("point", ["wrap"] * 3, True),
    "linear-mirror": ("linear", ["mirror"] * 3, True),
    "linear-mixed": ("linear", ["wrap", "clamp", "mirror"], True),
}

THREADS = 64


def address(i, n, mode):
    if mode == "clamp":
        return min(max(i, 0), n - 1)
    if mode == "border":
        return i if 0 <= i < n else None
    if mode == "wrap":
        return i % n
    m = i % (2 * n)  # mirror
    return m if m < n else 2 * n - 1 - m


def sample(fetch, channels, sizes, coords, filt, modes, normalized):
    """fetch(index tuple) -> channel list; the weighted sum of the taps."""
    taps = []
    for x, n, mode in zip(coords, sizes, modes):
        x = x * n if normalized else x
        if filt == "linear":
            xb = x - 0.5
            i = math.floor(xb)
            a = round((xb - i) * 256) / 256.0
            taps.append([(address(i, n, mode), 1.0 - a), (address(i + 1, n, mode), a)])
        else:
            taps.append([(address(math.floor(x), n, mode), 1.0)])
    total = [0.0] * channels
    for combo in _product(taps):
        index = tuple(i for i, _ in combo)
        if None in index:  # border: 0
            continue
        weight = math.prod(w for _, w in combo)
        total = [t + weight * v for t, v in zip(total, fetch(index))]
    return total


def _product(lists):
    if not lists:
        yield []
        return
    for head in lists[0]:
        for rest in _product(lists[1:]):
            yield [head] + rest


def coordinates(seed):
    """THREADS values in [-0.5, 1.5), multiples of 1/1024 not 2 mod 4: times
    an odd size (or 4) no 8-bit fraction is a tie."""
    out = [k / 1024.0 for k in (v % 2048 - 512 for v in splitmix64(seed, 4 * THREADS))
           if k % 4 != 2]
    return out[:THREADS]


def main():
    kernel, mode = sys.argv[1], sys.argv[2]
    filt, modes, normalized = MODES[mode]
    w1, (w2, h2, pitch2), (w3, h3, d3), (wb, hb), (wn, hn) = 37, (7, 5, 9), (4, 3, 3), (5, 4), (5, 7)
    # The kernel's coordinates: normalized, or in texels (8 x: past the
    # edges of the small textures, inside the 1-D one).
    span = 1.0 if normalized else 8.0
    cx, cy, cz = ([c * span for c in coordinates(s)] for s in (11, 12, 13))

    v1 = [float(v % 64) / 8 for v in splitmix64(1, w1)]
    v2 = [float(v % 64) / 8 for v in splitmix64(2, h2 * pitch2 * 2)]  # float2 rows, padded
    v3 = [float(v % 64) / 8 for v in splitmix64(3, w3 * h3 * d3)]
    vb = [v % 256 for v in splitmix64(4, wb * hb * 4)]  # uchar4
    vn = [v % 256 - 128 for v in splitmix64(5, wn * hn)]  # signed char, normalized

    alloc_list("v1", "f32", v1)
    alloc_list("v2", "f32", v2)
    alloc_list("v3", "f32", v3)
    alloc_list("vb", "u8", vb)
    alloc_list("vn", "s8", vn)
    alloc_list("xs", "f32", cx)
    alloc_list("ys", "f32", cy)
    alloc_list("zs", "f32", cz)
    for name, count in (("o1", 1), ("o2", 2), ("o3", 1), ("ob", 4), ("on", 1)):
        print("alloc %s %s[%d]" % (name, "u32" if name == "ob" else "f32", count * THREADS))
    sampling = "address=%s%s" % (",".join(modes), " normalized" if normalized else "")
    print("bind t1 v1 width=%d filter=%s %s" % (w1, filt, sampling))
    print("bind t2 v2 channels=2 width=%d height=%d pitch=%d filter=%s %s"
          % (w2, h2, pitch2 * 8, filt, sampling))
    print("bind t3 v3 width=%d height=%d depth=%d filter=%s %s" % (w3, h3, d3, filt, sampling))
    print("bind tb vb channels=4 width=%d height=%d filter=point %s" % (wb, hb, sampling))
    print("bind tn vn width=%d height=%d filter=%s %s" % (wn, hn, filt, sampling))
    print("launch %s grid=1 block=%d args=(xs, ys, zs, o1, o2, o3, ob, on)" % (kernel, THREADS))
    print("wait")

    eps = 1e-4
    for t in range(THREADS):
        at = (cx[t], cy[t], cz[t])
        r1 = sample(lambda i: [v1[i[0]]], 1, (w1,), at, filt, modes, normalized)
        r2 = sample(lambda i: v2[(i[1] * pitch2 + i[0]) * 2:][:2], 2, (w2, h2), at, filt, modes,
                    normalized)
        r3 = sample(lambda i: [v3[(i[2] * h3 + i[1]) * w3 + i[0]]], 1, (w3, h3, d3), at, filt,
                    modes, normalized)
        rb = sample(lambda i: vb[(i[1] * wb + i[0]) * 4:][:4], 4, (wb, hb), at, "point", modes,
                    normalized)
        rn = sample(lambda i: [max(vn[i[1] * wn + i[0]] / 127.0, -1.0)], 1, (wn, hn), at, filt,
                    modes, normalized)
        print("expect o1[%d] ~= %r within %g" % (t, r1[0], eps))
        for c in range(2):
            print("expect o2[%d] ~= %r within %g" % (2 * t + c, r2[c], eps))
        print("expect o3[%d] ~= %r within %g" % (t, r3[0], eps))
        for c in range(4):
            print("expect ob[%d] == %d" % (4 * t + c, rb[c]))
        print("expect on[%d] ~= %r within %g" % (t, rn[0], eps))


if __name__ == "__main__":
    main()
