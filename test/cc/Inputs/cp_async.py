"""Run script of test/cc/cp-async.ptx, with the values worked out here from
cp.async's definition: a copy of the source's bytes, zeros past a source
size below the copy's, zeros where ignore-src is true."""
import struct

N = 32
src = [(7 * i + 3) % 256 for i in range(16 * N)]
part = [(5 * i + 1) % 256 | 0x80 for i in range(16 * 31 + 14)]


def words(bs):
    return [struct.unpack("<I", bytes(bs[i:i + 4]))[0] for i in range(0, len(bs), 4)]


tile = [0] * 1024
tile[0:512] = src[0:512]
for t in range(N):
    size = t % 17
    chunk = [part[16 * t + k] if k < size else 0 for k in range(16)]
    tile[512 + 16 * t:528 + 16 * t] = chunk
out = words(tile)
out2 = []
for t in range(N):
    c = 0 if t % 2 else words(src[4 * t:4 * t + 4])[0]
    d = words(src[8 * t:8 * t + 3] + [0] * 5)
    e = words(src[4 * t:4 * t + 4])[0] if t < 20 else 0xDDDDDDDD
    out2 += [c, d[0], d[1], e]
print("alloc src u8[%d] = [%s]" % (len(src), ", ".join(map(str, src))))
print("alloc part u8[%d] = [%s]" % (len(part), ", ".join(map(str, part))))
print("alloc out u32[256]")
print("alloc out2 u32[128]")
print("launch copies grid=1 block=%d args=(src, part, out, out2)" % N)
print("wait")
print("expect out == [%s]" % ", ".join(map(str, out)))
print("expect out2 == [%s]" % ", ".join(map(str, out2)))
