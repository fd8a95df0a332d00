"""The run script of loop-exits.ptx: each kernel on 64 threads (two warps),
every thread's result from Python's copy of its loops."""
THREADS = 64


def first_pair(n, t):
    def a(k):
        return (37 * k) % 61 - (70 if k % 29 == 0 else 0)
    for i in range(n):
        if a(i) < 0:
            continue
        for j in range(i + 1, n):
            if a(j) < 0:
                break
            if a(i) + a(j) == t:
                return i * 1000 + j
            if a(i) + a(j) > 3 * t:
                return -3
    return -1


def deep(t):
    lim, k = 20 + t * t, t % 7
    s = a = b = c = 0

    def result():
        return s + 1000 * a + 100 * b + 10 * c
    while a < 6:
        b = 0
        while b < 6:
            c = 0
            while c < 6:
                s += a * b + c
                if s > lim:
                    return result()
                c += 1
            if a + b == k:
                break
            b += 1
        a += 1
    return result()


def tokens(t):
    def code(i):
        return (7 * t + 5 * i + i // 3) % 12
    i = count = 0
    while i < 24:
        c = code(i)
        if c <= 7:
            if c < 2:
                count += 100
                i += 1
                continue
            if c < 4:
                i += 1
                continue
            if c == 4:
                return count + 1
        if c in (5, 8, 9):
            while i < 24 and code(i) in (5, 8, 9):
                i += 1
            count += 10
        else:
            while i < 24 and code(i) >= 5:
                i += 1
            count += 1
    return count


for kernel, ref in (("pairs", lambda t: first_pair(40, t % 50)), ("deep", deep),
                    ("tokens", tokens)):
    print("alloc %s_out u32[%d]" % (kernel, THREADS))
    print("launch %s grid=1 block=%d args=(%s_out)" % (kernel, THREADS, kernel))
    print("wait")
    for t in range(THREADS):
        print("expect %s_out[%d] == %du32" % (kernel, t, ref(t) & 0xFFFFFFFF))
