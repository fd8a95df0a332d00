"""Run script for isel-mad-carry.ptx: the 128-bit product of two 64-bit
numbers given as 32-bit words, and a madc.lo.cc chain, computed with
Python's integers, per thread."""

from words import MASK32 as M32, Words

rand32 = Words(0x2545F4914F6CDD1D).rand32

ops = [(M32, M32, M32, M32)] + [tuple(rand32() for _ in range(4)) for _ in range(31)]
print("alloc src u32[128] = [%s]" % ", ".join(str(w) for t in ops for w in t))
print("alloc out u32[256]")
print("launch wide_mul grid=1 block=32 args=(src, out)")
print("wait")
want = [0] * 256
for t, (a0, a1, b0, b1) in enumerate(ops):
    p = ((a1 << 32) | a0) * ((b1 << 32) | b0)
    for k in range(4):
        want[4 * t + k] = p >> (32 * k) & M32
    # add.cc: a0 + b0; madc.lo.cc: lo(a1 * b1) + a0 + carry; addc: the carry.
    s0 = a0 + b0
    s1 = (a1 * b1 & M32) + a0 + (s0 >> 32)
    want[128 + 4 * t: 128 + 4 * t + 3] = [s0 & M32, s1 & M32, s1 >> 32]
print("expect out == [%s]" % ", ".join(map(str, want)))
