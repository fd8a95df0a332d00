"""Host reference for test/cuda/device_heap.cu: prints a run script with the
values computed here.

    device_heap.py         > run.simt   the default 8 MiB heap
    device_heap.py small   > run.simt   the 64 KiB heap (-DSIMT_MALLOC_HEAP_BYTES=65536)
"""
import sys


def ints(values):
    return "[%s]" % ", ".join(str(v) for v in values)


if len(sys.argv) > 1 and sys.argv[1] == "small":
    # 1 KiB + the 16-byte header is a 2 KiB block: 32 fit in 64 KiB.
    print("alloc nulls s32[1] = 0")
    print("launch exhaust grid=1 block=64 args=(nulls)")
    print("wait")
    print("expect nulls == [32]")
    # Everything was kept: nothing is left for even the smallest block.
    print("alloc none s32[1] = 0")
    print("launch churn grid=1 block=64 args=(none, 1s32)")
    print("wait")
    print("expect none == [64]")
    sys.exit(0)

n = 100
print("alloc lists_out s32[%d] = -1" % n)
print("launch lists grid=2 block=64 args=(lists_out, %ds32)" % n)
print("wait")
out = []
for i in range(n):
    values = [10 * i + k for k in range(i % 7 + 1)]
    out.append(sum((w + 1) * v for w, v in enumerate(reversed(values))))
print("expect lists_out == %s" % ints(out))

print("alloc counters_out s32[%d] = -1" % n)
print("launch counters grid=2 block=64 args=(counters_out, %ds32)" % n)
print("wait")
print("expect counters_out == %s" % ints(
    [3 * i + i if i % 3 == 0 else (i % (i % 5 + 1)) ** 2 for i in range(n)]))

print("launch make_arrays grid=2 block=64 args=(%ds32)" % n)
print("wait")
print("alloc sums s32[%d] = -1" % n)
print("launch sum_arrays grid=2 block=64 args=(sums, %ds32)" % n)
print("wait")
print("expect sums == %s" % ints([sum(i + k for k in range(i % 9 + 1)) for i in range(n)]))

# 1500 rounds of 64 threads allocating 128-byte blocks: 12 MB in all, in a
# heap of 8 MiB; none fails, because free recycles.
print("alloc churn_nulls s32[1] = 0")
print("launch churn grid=1 block=64 args=(churn_nulls, 1500s32)")
print("wait")
print("expect churn_nulls == [0]")
