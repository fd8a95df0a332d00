"""Run script for test/cc/reconverge-two-latches.ptx, expected values
computed here by running the loop in Python."""
threads, n = 32, 3
out = [7] * (threads * 16)
for t in range(threads):
    a, b, o = t % 3, 0, t * 16
    while True:
        out[o] = a * 10 + b
        o += 1
        if a + 1 < n:
            a += 1
        elif b + 1 < n:
            b += 1
        else:
            break
    out[o] = -1
print("alloc out s32[%d] = 7" % len(out))
print("launch k grid=1 block=%d args=(out, %ds32)" % (threads, n))
print("wait")
print("expect out == [%s]" % ", ".join(map(str, out)))
