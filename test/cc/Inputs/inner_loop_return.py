# Expected values of reconverge-inner-loop-return.ptx, from its C form.
M = 0xFFFFFFFF
N, W, LIMIT_BASE, MAX = 64, 16, 30, 6
hist = [0] * (N * W)
for tid in range(N):
    for i in range(4):
        hist[tid * W + i] = i * 2 + tid % 5
init = list(hist)
size, full = [0] * N, [0] * N
for tid in range(N):
    h = tid * W
    n, t, prev = tid % 4, tid, 0
    limit = LIMIT_BASE + tid % 8
    overflow = False
    while t < limit:
        v = (t * 7 + 3) % 4
        if v != prev:
            t += v
            while n != 0 and hist[h + n - 1] >= t:
                n -= 1
            if n == 0 or hist[h + n - 1] % 4 != v:
                hist[h + n] = t
                n += 1
                if n == MAX:
                    full[tid] = 1
                    overflow = True
                    break
        prev = v
        t = t + 1 + t % 3
    if not overflow:
        hist[h + n] = M
        n += 1
    size[tid] = n
assert 0 < sum(full) < N  # both exits taken in the test's warps
print("alloc hist u32[%d] = [%s]" % (N * W, ", ".join(map(str, init))))
print("alloc size u32[%d]" % N)
print("alloc full u32[%d]" % N)
print("launch trim grid=1 block=%d args=(hist, size, full, %du32, %du32)" % (N, LIMIT_BASE, MAX))
print("wait")
print("expect size == [%s]" % ", ".join(map(str, size)))
print("expect full == [%s]" % ", ".join(map(str, full)))
print("expect hist == [%s]" % ", ".join(map(str, hist)))
