"""Run script for expand-fns.ptx: fns as the PTX manual's pseudo-code
defines it, per thread, on random masks, sparse masks and edge masks,
every base and offsets from -33 to 33."""
import random

M32 = (1 << 32) - 1


def fns(mask, base, offset):
    if offset == 0:
        return base if mask >> base & 1 else M32
    pos, count, step = base, abs(offset) - 1, 1 if offset > 0 else -1
    while 0 <= pos < 32:
        if mask >> pos & 1:
            if count == 0:
                return pos
            count -= 1
        pos += step
    return M32


random.seed(2911)
rows = []
for i in range(64):
    kind = i % 4
    if kind == 0:
        mask = random.getrandbits(32)
    elif kind == 1:
        mask = sum(1 << random.randrange(32) for _ in range(3))
    elif kind == 2:
        mask = random.choice([0, M32, 1, 1 << 31, 0x80000001, 0x55555555])
    else:
        mask = random.getrandbits(32) & random.getrandbits(32)
    rows.append((mask, random.randrange(32), random.randint(-33, 33)))
print("alloc src u32[%d] = [%s]" % (3 * len(rows),
                                    ", ".join(str(v & M32) for r in rows for v in r)))
print("alloc out u32[%d]" % (4 * len(rows)))
print("launch nth grid=1 block=%d args=(src, out)" % len(rows))
print("wait")
want = []
for mask, base, offset in rows:
    want += [fns(mask, base, offset), fns(mask, 0, 1), fns(mask, 31, -2),
             2 if offset < 0 else 1]
print("expect out == [%s]" % ", ".join(map(str, want)))
