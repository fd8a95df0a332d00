"""Run scripts for test/cuda/loop_exits.cu, expected values computed here:
`loop_exits.py` runs the three kernels on inputs without a trap,
`loop_exits.py trap` runs checked_sum on an input with one."""
import sys

from ref import expect_all, splitmix64

if sys.argv[1:] == ["trap"]:
    a = [1] * 64
    a[40], a[41] = 7, 0
    print("alloc a s32[] = [%s]" % ", ".join(map(str, a)))
    print("alloc out s32[32]")
    print("launch checked_sum grid=1 block=32 args=(a, out, 63s32)")
    print("wait")
    sys.exit()

# else_break: values around n = 20, with many 31s (the breaking arm).
n = 20
a = [31 if x % 3 == 0 else int(x >> 8) % 40 - 4 for x in splitmix64(11, 96)]
print("alloc a s32[] = [%s]" % ", ".join(map(str, a)))
print("alloc b s32[96]")
print("launch else_break grid=3 block=32 args=(a, b, %ds32)" % n)
print("wait")
expect_all("b", [0 if x == 31 else 100 + n if 0 <= x < n else n for x in a])

# first_conflict: a random graph in CSR form, 4 colours, every third
# vertex inactive.
m = 80
degrees = [x % 6 for x in splitmix64(12, m)]
rows = [0]
for d in degrees:
    rows.append(rows[-1] + d)
cols = [x % m for x in splitmix64(13, rows[-1])]
colors = [x % 4 for x in splitmix64(14, m)]
active = [0 if v % 3 == 2 else 1 for v in range(m)]
for name, values in (("rows", rows), ("cols", cols), ("colors", colors), ("active", active)):
    print("alloc %s s32[] = [%s]" % (name, ", ".join(map(str, values))))
print("alloc out s32[%d] = 5" % m)
print("launch first_conflict grid=3 block=32 args=(rows, cols, colors, active, out, %ds32)" % m)
print("wait")
expected = []
for v in range(m):
    if not active[v]:
        expected.append(5)
        continue
    hit = [o for o in range(rows[v], rows[v + 1]) if v < cols[o] and colors[v] == colors[cols[o]]]
    expected.append(hit[0] if hit else -1)
expect_all("out", expected)

# checked_sum: no 7 followed by a 0; thread t sums a[t], a[t + 32], ...
s = [x % 9 for x in splitmix64(15, 100)]
s = [1 if (i and s[i - 1] == 7 and x == 0) else x for i, x in enumerate(s)]
print("alloc s s32[] = [%s]" % ", ".join(map(str, s)))
print("alloc sums s32[32]")
print("launch checked_sum grid=1 block=32 args=(s, sums, 99s32)")
print("wait")
expect_all("sums", [sum(s[i] for i in range(t, 99, 32)) for t in range(32)])

# eight_breaks: values in [0, 200), so that about half the threads leave
# the 24 iterations early, at one of the eight breaks.
n = 24
e = [x % 200 for x in splitmix64(16, 8 * n)]
print("alloc e s32[] = [%s]" % ", ".join(map(str, e)))
print("alloc ends s32[64]")
print("launch eight_breaks grid=2 block=32 args=(e, ends, %ds32)" % n)
print("wait")
expected = []
for t in range(64):
    acc, i = 0, 0
    while i < n:
        row = e[8 * i:8 * i + 8]
        if any(row[j] == t + j for j in range(8)):
            break
        acc += row[t & 7]
        i += 1
    expected.append(acc * 64 + i)
expect_all("ends", expected)
