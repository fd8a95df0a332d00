# Expected values of reconverge-uniform-continue.ptx, from its C form.
M = 0xFFFFFFFF
out = []
for t in range(64):
    acc, seed = 0, t
    for d in range(6):
        v = t
        if d != 0:
            seed = (seed * 1103515245 + 12345) & M
            v = (seed >> 16) & 31
            if v == 0:
                v = t + 3
            if v == t:
                continue
        acc ^= (v * d + 7) & M
    out.append(acc)
print("alloc out u32[64]")
print("launch pick grid=1 block=64 args=(out, 6u32)")
print("wait")
print("expect out == [%s]" % ", ".join(map(str, out)))
