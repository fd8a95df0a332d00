"""Run script of test/cc/mbarrier.ptx, with the values worked out here from
the instructions' definitions."""
inp = [(37 * i + 11) % 1000 for i in range(64)]
out = [inp[(t + 1) % 64] + 100 * p for p in range(5) for t in range(64)]
print("alloc in u32[64] = [%s]" % ", ".join(map(str, inp)))
print("alloc out u32[320]")
print("launch phases grid=2 block=64 args=(in, out)")
print("wait")
print("expect out == [%s]" % ", ".join(map(str, out)))

src = [(13 * i + 5) % 997 for i in range(32)]
leader = min(t for t in range(32) if t % 3)
misc = [leader if t % 3 else 0xFFFFFFFF for t in range(32)]
misc += [1 if t == leader else 0 for t in range(32)]
misc += [src[31 - t] for t in range(32)]
misc += [0]
print("alloc src u32[32] = [%s]" % ", ".join(map(str, src)))
print("alloc misc u32[97]")
print("launch misc grid=1 block=32 args=(src, misc)")
print("wait")
print("expect misc == [%s]" % ", ".join(map(str, misc)))
