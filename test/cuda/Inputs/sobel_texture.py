"""Run script for test/cuda/sobel_texture.cu: a 3x3 Sobel magnitude on the
host, neighbours outside the image clamped to its edge (what the texture's
clamp address mode does), times 0.5, saturated to 0..255."""
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from ref import alloc_list, splitmix64  # noqa: E402

W, H, SCALE = 45, 23, 0.5
# A picture with edges: two rectangles over noise.
pixels = []
for y, v in zip(range(W * H), splitmix64(9, W * H)):
    px, py = y % W, y // W
    base = 40 + v % 32
    if 8 <= px < 30 and 4 <= py < 15:
        base += 150
    if 20 <= px < 40 and 10 <= py < 20:
        base = 255 - base // 2
    pixels.append(min(base, 255))


def at(x, y):
    return pixels[min(max(y, 0), H - 1) * W + min(max(x, 0), W - 1)]


alloc_list("img", "u8", pixels)
print("alloc out u8[%d]" % (W * H))
print("bind image img width=%d height=%d filter=point address=clamp" % (W, H))
print("launch sobel grid=3,2 block=16,16 args=(out, %ds32, %ds32, %rf32)" % (W, H, SCALE))
print("wait")
expected = []
for y in range(H):
    for x in range(W):
        ul, um, ur = at(x - 1, y - 1), at(x, y - 1), at(x + 1, y - 1)
        ml, mr = at(x - 1, y), at(x + 1, y)
        ll, lm, lr = at(x - 1, y + 1), at(x, y + 1), at(x + 1, y + 1)
        horizontal = ur + 2 * mr + lr - ul - 2 * ml - ll
        vertical = ul + 2 * um + ur - ll - 2 * lm - lr
        s = int(SCALE * (abs(horizontal) + abs(vertical)))
        expected.append(min(max(s, 0), 255))
print("expect out == [%s]" % ", ".join(str(v) for v in expected))
