"""Run script and Python reference for test/cuda/syncthreads_reduce.cu.

block_stats: per block of 192 threads, the number of elements above the
threshold, whether all are even, whether any is negative (threads past n
count as absent). chain_labels: each block's threads are linked to the
next where link[i] is 1; the labels a run of linked threads ends with are
the index of its first thread, and the rounds are those of the Jacobi
iteration simulated here (the last round is the one that changes nothing).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from ref import expect_all, splitmix64  # noqa: E402

BLOCK, N, THRESHOLD = 192, 700, 1000
BLOCKS = (N + BLOCK - 1) // BLOCK

raw = splitmix64(11, N)
values = [int(x % 2001) - 20 for x in raw]  # -20..1980: some negatives
for i in range(BLOCK, 2 * BLOCK):  # block 1: all even, none negative
    values[i] = abs(values[i]) & ~1
for i in range(2 * BLOCK, 3 * BLOCK):  # block 2: none negative
    values[i] = abs(values[i])
values[3 * BLOCK + 100] = -7  # the tail block: one negative, an odd one
print("alloc in s32[%d] = [%s]" % (N, ", ".join(map(str, values))))
print("alloc stats s32[%d]" % (3 * BLOCKS))
print("launch block_stats grid=%d block=%d args=(in, %ds32, %ds32, stats)" %
      (BLOCKS, BLOCK, N, THRESHOLD))

LINKS = 3 * BLOCK
link = [1 if x % 10 < 8 else 0 for x in splitmix64(12, LINKS)]
link[BLOCK: 2 * BLOCK] = [1] * BLOCK  # block 1: one run of the whole block
print("alloc link u8[%d] = [%s]" % (LINKS, ", ".join(map(str, link))))
print("alloc labels s32[%d]" % LINKS)
print("alloc rounds s32[3]")
print("launch chain_labels grid=3 block=%d args=(link, labels, rounds)" % BLOCK)
print("wait")

stats = []
for b in range(BLOCKS):
    mine = values[b * BLOCK:min(N, (b + 1) * BLOCK)]
    stats += [sum(v > THRESHOLD for v in mine), int(all(v % 2 == 0 for v in mine)),
              int(any(v < 0 for v in mine))]
expect_all("stats", stats)

labels, rounds = [], []
for b in range(3):
    base = b * BLOCK
    lab = [base + t for t in range(BLOCK)]
    left = [t > 0 and link[base + t - 1] == 1 for t in range(BLOCK)]
    right = [t < BLOCK - 1 and link[base + t] == 1 for t in range(BLOCK)]
    r = 0
    while True:
        new = [min([lab[t]] + ([lab[t - 1]] if left[t] else []) + ([lab[t + 1]] if right[t] else []))
               for t in range(BLOCK)]
        r += 1
        changed = new != lab
        lab = new
        if not changed:
            break
    # Independently: each thread's label is the first index of its run.
    first = []
    for t in range(BLOCK):
        s = t
        while s > 0 and link[base + s - 1]:
            s -= 1
        first.append(base + s)
    assert lab == first
    labels += lab
    rounds.append(r)
expect_all("labels", labels)
expect_all("rounds", rounds)
