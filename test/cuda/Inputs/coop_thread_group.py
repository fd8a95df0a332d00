"""Run script and Python reference for test/cuda/coop_thread_group.cu:
coop_thread_group.py TILE prints the script of a launch whose run-time tile
size is TILE, with the sums of each block, each 32-thread and 16-thread
tile and each TILE-thread tile, and the groups' sizes. A TILE that is not a
power of two of at most 32 traps: the script then has no expectations."""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from ref import expect_all, splitmix64  # noqa: E402

THREADS, BLOCKS = 256, 2
tile = int(sys.argv[1])
v = [int(x % 2001) - 1000 for x in splitmix64(21, THREADS * BLOCKS)]
valid = 0 < tile <= 32 and tile & (tile - 1) == 0
ntiles = THREADS // tile if valid else THREADS
print("alloc data s32[%d] = [%s]" % (len(v), ", ".join(map(str, v))))
print("alloc block_sums s32[%d]" % BLOCKS)
print("alloc warp_sums s32[%d]" % (BLOCKS * THREADS // 32))
print("alloc half_sums s32[%d]" % (BLOCKS * THREADS // 16))
print("alloc tile_sums s32[%d]" % (BLOCKS * ntiles))
print("alloc sizes u32[%d]" % BLOCKS)
print("launch group_sums grid=%d block=%d args=(data, %du32, block_sums, warp_sums, "
      "half_sums, tile_sums, sizes)" % (BLOCKS, THREADS, tile))
print("wait")
if valid:
    def sums(n):
        return [sum(v[i:i + n]) for i in range(0, len(v), n)]
    expect_all("block_sums", sums(THREADS))
    expect_all("warp_sums", sums(32))
    expect_all("half_sums", sums(16))
    expect_all("tile_sums", sums(tile))
    expect_all("sizes", [THREADS | 32 << 12 | 16 << 18 | tile << 24] * BLOCKS)
