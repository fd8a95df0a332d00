"""Run script and Python reference for test/cuda/coop_groups.cu: per-block
sums (wrapping to s32) and each 8-thread tile's ballot of odd values, any
(its rank-3 thread's value has bit 1) and all (no value is 12345)."""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from ref import expect_all, splitmix64  # noqa: E402

THREADS, BLOCKS = 128, 2
v = [x & 0xFFFFFFFF for x in splitmix64(5, THREADS * BLOCKS)]
v = [x - (1 << 32) if x >> 31 else x for x in v]
v[THREADS + 9] = 12345  # tile 1 of block 1: not all
print("alloc in s32[%d] = [%s]" % (len(v), ", ".join(map(str, v))))
print("alloc out s32[%d]" % BLOCKS)
print("alloc votes u32[%d]" % (BLOCKS * THREADS // 8))
print("launch block_sum_cg grid=%d block=%d args=(in, out, votes)" % (BLOCKS, THREADS))
print("wait")
wrap = [(sum(v[b * THREADS:(b + 1) * THREADS]) + 2**31) % 2**32 - 2**31 for b in range(BLOCKS)]
expect_all("out", wrap)
votes = []
for g in range(BLOCKS * THREADS // 8):
    tile = v[8 * g:8 * g + 8]
    ballot = sum((x & 1) << i for i, x in enumerate(tile))
    votes.append(ballot | (1 if tile[3] & 2 else 0) << 8 | (0 if 12345 in tile else 1) << 9)
expect_all("votes", votes)
