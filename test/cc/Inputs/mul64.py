"""Run script for isel-mul64.ptx: 64-bit products modulo 2^64 in Python, on
words chosen to carry across the 32-bit halves (and negative values)."""

MASK = (1 << 64) - 1
a = [(0x9E3779B97F4A7C15 * (i + 1) >> (i % 40)) & MASK for i in range(32)]
b = [(0xC2B2AE3D27D4EB4F * (i + 3) >> (63 - i)) & MASK for i in range(32)]
a[0], b[0] = MASK, MASK  # -1 * -1
a[1], b[1] = 1 << 32, (1 << 32) - 1
print("alloc a u64[32] = [%s]" % ", ".join(map(str, a)))
print("alloc b u64[32] = [%s]" % ", ".join(map(str, b)))
print("alloc out u64[128]")
print("launch mul64 grid=1 block=32 args=(a, b, out)")
print("wait")
out = []
for x, y in zip(a, b):
    out += [x * 132 & MASK, x * (MASK - 2) & MASK, x * y & MASK, x * y & MASK]
print("expect out == [%s]" % ", ".join(map(str, out)))
