"""Run script of test/cc/atomics-half.ptx, with the values worked out here:
the ISA applies an atomic's lanes in ascending order (docs/ISA.md), so in
one warp lane t's atomic returns what lanes 0..t-1 left. Every value is a
multiple of 0.25 and every sum below 256, so each half-precision addition
is exact."""
import struct


def half(x):
    return struct.unpack("<H", struct.pack("<e", x))[0]


def brain(x):  # every value here is exact in bfloat16: f32's upper half
    bits = struct.unpack("<I", struct.pack("<f", x))[0]
    assert bits & 0xFFFF == 0
    return bits >> 16


def f32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def value(t):  # what thread t adds
    return (t + 1) * 0.25


# half_olds: lane t adds to out[t & 1]; out[2 + t] is the half it got back.
print("alloc olds u16[34]")
print("launch half_olds grid=1 block=32 args=(olds)")
print("wait")
for k in range(2):
    print("expect olds[%d] == %d" % (k, half(sum(value(t) for t in range(k, 32, 2)))))
for t in range(32):
    print("expect olds[%d] == %d" % (2 + t, half(sum(value(u) for u in range(t % 2, t, 2)))))

# cas16: c[0..3] end at 8 (eight swaps each), c[4] stays 0 and c[5]
# 0x1234, c[6] ends at 16 (sixteen odd lanes), c[7] goes from 0xabcd to 7
# (lane 0's swap; the others find 7).
print("alloc c u16[136] = [%s]" % ", ".join(map(str, [0, 0, 0, 0, 0, 0x1234, 0, 0xABCD] + [0] * 128)))
print("launch cas16 grid=1 block=32 args=(c)")
print("wait")
for k, v in enumerate([8, 8, 8, 8, 0, 0x1234, 16, 7]):
    print("expect c[%d] == %d" % (k, v))
for t in range(32):
    print("expect c[%d] == %d" % (8 + t, t // 4))
    print("expect c[%d] == 0" % (40 + t))
    print("expect c[%d] == %d" % (72 + t, t // 2 if t % 2 else 0xFFFF))
    print("expect c[%d] == %d" % (104 + t, 0xABCD if t == 0 else 7))

# shared_sums: both halves of sh and out[2] sum every value; out[4 + t] is
# the high half's old value in lane t; out[3] keeps 0x5555.
total = sum(value(t) for t in range(32))
print("alloc s u16[36] = [%s]" % ", ".join(map(str, [0, 0, 0, 0x5555] + [0] * 32)))
print("launch shared_sums grid=1 block=32 args=(s)")
print("wait")
for k, v in enumerate([half(total), half(total), half(total), 0x5555]):
    print("expect s[%d] == %d" % (k, v))
for t in range(32):
    print("expect s[%d] == %d" % (4 + t, half(sum(value(u) for u in range(t)))))

# brain_adds, as u32 words: the bf16 pair out[0..1] ends at (16, 32), the
# bf16x2 word at (32, 64) (low half first), the floats at 32, 64, 96, 128
# and 32, 64; lane t got back t // 2 * (1 or 2) (two lanes a word), (t, 2t),
# (t, 2t, 3t, 4t) and t.
words = [0] * 216
words[0] = brain(16.0) | brain(32.0) << 16
words[1] = brain(32.0) | brain(64.0) << 16
words[2:8] = [f32(32.0), f32(64.0), f32(96.0), f32(128.0), f32(32.0), f32(64.0)]
for t in range(32):
    old = brain(float(t // 2 * (t % 2 + 1)))
    words[8 + t // 2] |= old << (16 * (t % 2))
    words[24 + t] = brain(float(t)) | brain(float(2 * t)) << 16
    words[56 + 4 * t:60 + 4 * t] = [f32(float(k * t)) for k in (1, 2, 3, 4)]
    words[184 + t] = f32(float(t))
print("alloc b u32[216]")
print("launch brain_adds grid=1 block=32 args=(b)")
print("wait")
print("expect b == [%s]" % ", ".join(map(str, words)))

# vec_overlap: [10, 20] + [2, 1], the olds 10 and 20.
print("alloc v f32[4] = [10, 20, 0, 0]")
print("launch vec_overlap grid=1 block=1 args=(v)")
print("wait")
print("expect v == [12, 21, 10, 20]")
