"""vote.sync with a register member mask per 8-lane tile, as cooperative
groups' tiles use it (test/cc/isel-vote-sync-mask.ptx): prints the run
script with each lane's ballot, any, all and uni computed here by the PTX
ISA's rule, over the lanes of the lane's own mask only.
"""
THREADS = 64


def value(t):
    # Per warp: tile 0 all odd, tile 1 all even, tile 2 mixed, tile 3 one odd.
    lane, tile = t % 32, (t % 32) // 8
    if tile == 0:
        return 2 * t + 1
    if tile == 1:
        return 2 * t
    if tile == 2:
        return t * 7 + (t >> 2)
    return 1 if lane == 29 else 4 * t


def main():
    vals = [value(t) for t in range(THREADS)]
    out = []
    for t in range(THREADS):
        warp, lane = t // 32, t % 32
        mask = 0xFF << (lane & ~7)
        ballot = 0
        for j in range(32):
            if mask >> j & 1 and vals[warp * 32 + j] & 1:
                ballot |= 1 << j
        out += [ballot, int(ballot != 0), int(ballot == mask), int(ballot in (0, mask))]
    print("alloc in u32[%d] = [%s]" % (THREADS, ", ".join(map(str, vals))))
    print("alloc out u32[%d]" % (4 * THREADS))
    print("launch votes grid=1 block=%d args=(in, out)" % THREADS)
    print("wait")
    print("expect out == [%s]" % ", ".join(map(str, out)))


main()
