# Expected values of reconverge-shared-header.ptx, from the kernel's C form.
out = []
for t in range(64):
    i, acc = 0, 0
    while True:
        if i % 4 < t % 3:  # the inner loop: `continue` straight to the header
            acc += 1
            i += 1
            continue
        if i >= 20 + t % 5:
            break
        if (i + t) & 1:
            acc += 3 * i
        else:
            acc ^= i
        i += 1
    out.append((acc + i * 1000) & 0xFFFFFFFF)
print("alloc out u32[64]")
print("launch nest grid=1 block=64 args=(out)")
print("wait")
print("expect out == [%s]" % ", ".join(map(str, out)))
