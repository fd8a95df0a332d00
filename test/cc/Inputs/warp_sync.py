"""Run script for isel-warp-sync.ptx: each thread's results of shfl.sync,
vote.sync, activemask, shf, match.sync and redux.sync as the PTX ISA defines
them, computed here per lane for one warp, and the cell after
atom.global.min.s64."""

M32, M64 = (1 << 32) - 1, (1 << 64) - 1
vals = [(0x9E3779B9 * (i + 3) >> 7) % 1000 for i in range(32)]


def shfl(mode, lane, b, c):
    bval, clamp, seg = b & 31, c & 31, c >> 8 & 31
    max_lane = (lane & seg) | (clamp & ~seg & 31)
    j = {"up": lane - bval, "down": lane + bval, "bfly": lane ^ bval,
         "idx": (lane & seg) | (bval & ~seg & 31)}[mode]
    ok = j >= max_lane if mode == "up" else j <= max_lane
    return (vals[j], 1) if ok else (vals[lane], 0)


def s32(x):
    return x - (1 << 32) if x >> 31 else x


def funnel(lo, hi, n, left, wrap):
    n = n & 31 if wrap else min(n, 32)
    v = hi << 32 | lo
    return (v << n) >> 32 & M32 if left else (v >> n) & M32


ballot = sum(1 << l for l in range(32) if vals[l] > 500)
out = []
for t in range(32):
    r3 = shfl("down", t, 16, 31)[0]
    r4, r5 = shfl("bfly", t, 1, 31)
    r6, r7 = shfl("up", t, 2, 0x1800)
    r10 = shfl("idx", t, t & 7, 6175)[0]
    r12 = int(ballot == M32)
    r14 = 0 if t % 2 == 0 else 0xAAAAAAAA  # the odd lanes' active mask
    r15 = funnel(vals[t], ballot, t, True, True)
    r16 = funnel(vals[t], ballot, t, False, False)
    r18 = sum(1 << l for l in range(32) if vals[l] & 3 == vals[t] & 3)
    r19 = sum(vals) & M32
    r20 = min(vals)
    r21 = max(s32(vals[l]) for l in range(32) if ballot >> l & 1) if ballot else -(1 << 31)
    r22 = 0
    for v in vals:
        r22 ^= v
    same = all(v & 3 == vals[0] & 3 for v in vals)
    out += [r3, r4, r5, r6, r7, r10, ballot, r12, r14, r15, r16, r18, r19, r20, r21 & M32, r22,
            M32 if same else 0, int(same), M32, 1, 0, 0, 0, 0]
cell = min((v * -4000000000) for v in vals) & M64
print("alloc out u32[%d]" % len(out))
print("alloc in u32[32] = [%s]" % ", ".join(map(str, vals)))
print("alloc cell u64[1] = [%d]" % ((1 << 63) - 1))
print("launch warp_sync grid=1 block=32 args=(out, in, cell)")
print("wait")
for i, v in enumerate(out):
    if i % 24 < 20:
        print("expect out[%d] == %du32" % (i, v))
print("expect cell[0] == %du64" % cell)
