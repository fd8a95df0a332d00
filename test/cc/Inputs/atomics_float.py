"""Run script of test/cc/atomics-float.ptx, with the values worked out here:
the ISA applies an atomic's lanes in ascending order (docs/ISA.md), so in
one warp lane t's atom.add.f64 returns the sum of lanes 0..t-1's values.
Every value is a multiple of 0.25 and every sum small, so each addition is
exact and the totals do not depend on the order of the warps."""
import struct


def bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def value(t):  # what thread t adds
    return (t + 1) * 0.25


# olds: one warp; out[t] = the value atom.add.f64 returned to lane t, and
# out[32] the total.
print("alloc olds u64[33]")
print("launch warp_olds grid=1 block=32 args=(olds)")
print("wait")
for t in range(32):
    print("expect olds[%d] == %d  # %r" % (t, bits(sum(value(u) for u in range(t))), sum(value(u) for u in range(t))))
print("expect olds[32] == %d" % bits(sum(value(t) for t in range(32))))

# half_olds: one warp; lane t adds the pair (0.25 * (t + 1), 1.0) to a
# __half2 (low half first), every partial sum exact in half precision; out[t]
# is the old word it got, out[32] the total.
def half(x):
    return struct.unpack("<H", struct.pack("<e", x))[0]


def pair(lo, hi):
    return half(lo) | half(hi) << 16


print("alloc halves u32[33]")
print("launch half_olds grid=1 block=32 args=(halves)")
print("wait")
for t in range(33):
    print("expect halves[%d] == %d" % (t, pair(sum(value(u) for u in range(t)), float(t))))

# sums: three warps, two CTAs. out[0]: red.global.add.f64 of every thread;
# out[1]: red.global.add.f64 by the odd threads (a guarded site); out[2]:
# atom.add.f64 of an immediate 1.0 through a generic address, whose old
# values go to atom.max.u64 on out[3] (non-negative doubles order as their
# bits do): the largest is n - 1. out[4]: each CTA's atom.shared.add.f64
# total, added by its thread 0. out[5]: a guarded atom.add.f64 of 1.0 by
# the odd threads; out[6]: how many threads still hold the -1.0 their
# destination had (the even ones, whose guard is false), counted in its low
# word.
n = 2 * 96
print("alloc sums u64[7]")
print("launch sums grid=2 block=96 args=(sums)")
print("wait")
print("expect sums[0] == %d" % bits(sum(value(t % 96) for t in range(n))))
print("expect sums[1] == %d" % bits(sum(2 * value(t % 96) for t in range(n) if t % 2)))
print("expect sums[2] == %d" % bits(float(n)))
print("expect sums[3] == %d" % bits(float(n - 1)))
print("expect sums[4] == %d" % bits(sum(value(t % 96) for t in range(n))))
print("expect sums[5] == %d" % bits(float(n // 2)))
print("expect sums[6] == %d" % (n // 2))
