"""Run script for split-self-loop.ptx: each thread's sum of s + d over the
rounds it does not `continue`, computed here as the kernel's loops read."""
import random

random.seed(31)
N, ROUNDS = 20, 9
a = [random.randrange(6) for _ in range(32)]
b = [random.randrange(6) for _ in range(32)]
out = []
for tid in range(32):
    x, acc = a[tid], 0
    for d in range(ROUNDS):
        if d == 0:
            t = x
        else:
            t = b[(tid + d) & 31]
            if t == 0:
                t = d + 100
            if t == x:
                continue  # the divergent `continue`
        s = 0
        if tid < N:  # the divergent skip of the strided loop
            c = tid
            while True:
                s += c * t
                c += 8
                if c >= N:
                    break
        acc += s + d
    out.append(acc & 0xFFFFFFFF)
print("alloc a u32[32] = [%s]" % ", ".join(map(str, a)))
print("alloc b u32[32] = [%s]" % ", ".join(map(str, b)))
print("alloc out u32[32]")
print("launch cont grid=1 block=32 args=(a, b, out, %du32, %du32)" % (N, ROUNDS))
print("wait")
print("expect out == [%s]" % ", ".join(map(str, out)))
