"""Run script and Python reference for test/cuda/atomics.cu: the final value
of every atomic counter (each update commutes) and the vote and bit
intrinsics of each thread, following the CUDA programming guide's
definitions."""
M32, M64 = (1 << 32) - 1, (1 << 64) - 1
N, BLOCK = 200, 64
GRID = (N + BLOCK - 1) // BLOCK
threads = range(N)


def s32(x):
    x &= M32
    return x - (1 << 32) if x >> 31 else x


ci = [0, 1000, -5, 10, 0]
cu = [0, 7, M32, 0, 0, 3]
for t in threads:
    ci[0] += t
    ci[1] = min(ci[1], 100 - t)
    ci[2] = max(ci[2], 3 * t)
    ci[3] -= 2 * t
    ci[4] = 77
    cu[0] = 0 if cu[0] >= 40 else cu[0] + 1            # atomicInc
    cu[1] = 50 if cu[1] == 0 or cu[1] > 50 else cu[1] - 1  # atomicDec
    cu[2] &= ~(1 << (t % 29)) & M32
    cu[3] |= 1 << (t % 13)
    cu[4] ^= (t * 2654435761) & M32
    cu[5] = max(cu[5], (t * 0x01000001) & M32)
cl = (sum(t << 33 for t in threads)) & M64
cf = [0.5 * N, max(t * 0.25 - 10.0 for t in threads)]


def warp_of(t):
    return t // 32


def lane_of(t):
    return t % 32


def ballot(t, pred):
    """Lanes of t's warp that are still running (t < N) with pred true."""
    w = warp_of(t)
    return sum(1 << lane_of(u) for u in range(32 * w, min(N, 32 * w + 32)) if pred(u))


def brev(x):
    return int("{:032b}".format(x & M32)[::-1], 2)


def ffs(x):
    return (x & -x).bit_length()


def clz(x):
    return 32 - (x & M32).bit_length()


def byte_perm(x, y, s):
    b = (((y & M32) << 32) | (x & M32)).to_bytes(8, "little")
    return sum(b[(s >> (4 * i)) & 7] << (8 * i) for i in range(4))


bits = []
for t in threads:
    active = lambda u: True
    all_ = int(ballot(t, lambda u: u < 1000) == ballot(t, active))
    any_ = int(ballot(t, lambda u: u % 64 == 5) != 0)
    bits += [ballot(t, lambda u: u & 1),
             (bin((t * 0x01010101) & M32).count("1") + 100 * all_ + 1000 * any_ +
              10000 * bin(((t << 40) | 0x8000000000000001) & M64).count("1")) & M32,
             brev(t) ^ ffs(t),
             (byte_perm(t, 0xAABBCCDD, 0xD9C8) + clz(t)) & M32]

print("alloc ci s32[5] = [%s]" % ", ".join(str(v) for v in [0, 1000, -5, 10, 0]))
print("alloc cu u32[6] = [0, 7, %d, 0, 0, 3]" % M32)
print("alloc cl u64[1]")
print("alloc cf f32[2] = [0.0, -100.0]")
print("alloc bits u32[%d]" % (4 * N))
print("launch atomics grid=%d block=%d args=(ci, cu, cl, cf, bits, %du32)" % (GRID, BLOCK, N))
print("wait")
print("expect ci == [%s]" % ", ".join(str(v) for v in ci))
print("expect cu == [%s]" % ", ".join(str(v) for v in cu))
print("expect cl[0] == %d" % cl)
print("expect cf == [%r, %r]" % tuple(cf))
print("expect bits == [%s]" % ", ".join(str(v) for v in bits))

# The same counters in shared memory, one block of N threads.
print("alloc si s32[5] = [%s]" % ", ".join(str(v) for v in [0, 1000, -5, 10, 0]))
print("alloc su u32[6] = [0, 7, %d, 0, 0, 3]" % M32)
print("alloc sf f32[2] = [0.0, -100.0]")
print("launch atomics_shared grid=1 block=%d args=(si, su, sf, %du32)" % (N, N))
# A histogram of 3000 values over 64 bins, 4 blocks of 96 threads.
HN = 3000
data = [(i * 2654435761 >> 7) & 0xFFFF for i in range(HN)]
print("alloc data u32[%d] = [%s]" % (HN, ", ".join(str(v) for v in data)))
print("alloc bins u32[64]")
print("launch histogram_shared grid=4 block=96 args=(data, bins, %du32)" % HN)
print("wait")
print("expect si == [%s]" % ", ".join(str(v) for v in ci))
print("expect su == [%s]" % ", ".join(str(v) for v in cu))
print("expect sf == [%r, %r]" % tuple(cf))
print("expect bins == [%s]" % ", ".join(str(sum(1 for v in data if v % 64 == b)) for b in range(64)))
