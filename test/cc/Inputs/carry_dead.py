"""Run script for carry-dead.ptx: out[i] = (hi32 ^ lo32) of x*y + x as
128-bit integers (hi32 the low word of the high half), computed here."""
import random

random.seed(128)
M64 = (1 << 64) - 1
xs = [M64, M64 - 1, 1 << 63, 0] + [random.getrandbits(64) for _ in range(28)]
ys = [M64, 2, 3, M64] + [random.getrandbits(64) for _ in range(28)]
out = []
for x, y in zip(xs, ys):
    z = x * y + x
    out.append(((z >> 64) ^ z) & 0xFFFFFFFF)
print("alloc xs u64[32] = [%s]" % ", ".join(str(v) for v in xs))
print("alloc ys u64[32] = [%s]" % ", ".join(str(v) for v in ys))
print("alloc out u32[32]")
print("launch mix128 grid=1 block=32 args=(xs, ys, out)")
print("wait")
print("expect out == [%s]" % ", ".join(str(v) for v in out))
print("alloc across u32[1]")
print("launch chain_across grid=1 block=1 args=(across)")
print("wait")
print("expect across == [6]")
