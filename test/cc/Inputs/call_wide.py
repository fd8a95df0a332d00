"""Run script of call-wide.ptx: mix(a, b, c, d, e, f, g, h) =
((a + b*c) ^ d) + 2e + (f - g)*h, with the kernel's arguments per thread t:
a = t << 33, b = t, c = t + 7, d = 0x0123456789ABCDEF, e = t, f = -3t,
g = 11, h = t + 7 (32-bit values as s32/u32, the sum modulo 2^64)."""
M64 = (1 << 64) - 1
THREADS = 32


def mix(t):
    a, b, c, d, e = t << 33, t, t + 7, 0x0123456789ABCDEF, t
    f, g, h = -3 * t, 11, t + 7
    prod32 = ((f - g) * h) & 0xFFFFFFFF  # mul.lo.s32, then sign-extended
    if prod32 >> 31:
        prod32 -= 1 << 32
    return ((((a + b * c) & M64) ^ d) + 2 * e + prod32) & M64


print("alloc out u64[%d]" % THREADS)
print("launch wide grid=1 block=%d args=(out)" % THREADS)
print("wait")
print("expect out == [%s]" % ", ".join("0x%x" % mix(t) for t in range(THREADS)))
