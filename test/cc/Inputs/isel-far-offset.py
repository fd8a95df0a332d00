"""Run script for isel-far-offset.ptx; expected values from the kernel's
comment, on a = iota."""
n, t = 1 << 22, 32
print("alloc a u32[%d] = iota" % n)
print("launch far grid=1 block=%d args=(a)" % t)
print("wait")
for i in range(t):
    print("expect a[%d] == %d" % (i, i + (1 << 18)))
    print("expect a[%d] == %d" % (i + (1 << 18), i + (1 << 18) + 5))
    print("expect a[%d] == %d" % (i + 3 * (1 << 20) - 1, 2 * (i + (1 << 21)) - 1))
