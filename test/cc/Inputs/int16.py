"""Run script for isel-int16.ptx: each lane reads an s16 and a u16 and
compares, shifts and multiplies them as PTX defines for 16-bit types, in Python."""


def s16(v):
    v &= 0xFFFF
    return v - 0x10000 if v & 0x8000 else v


words = [0x0001, 0x8000, 0xFFFF, 0x7FFF, 0xFFFD, 0x0003, 0x1234, 0x1234, 0x0000, 0xFFFF,
         0x8001, 0x0002, 0xF000, 0x0FFF, 0x0005, 0xFFFE]
pairs = [(words[i % 16], words[(5 * i + 3) % 16]) for i in range(32)]
print("alloc src u16[64] = [%s]" % ", ".join(str(v) for p in pairs for v in p))
print("alloc out s32[384]")
print("launch int16 grid=1 block=32 args=(src, out)")
print("wait")
out = []
for a, b in pairs:
    rs6 = ~((a ^ b) | 4096) & 0xFFFF
    n = len(out) // 12 & 15  # the lane's shift count
    out += [int(a & 1 == 1), int(s16(a) < s16(b)), int(a < b), int(s16(a) > -3),
            int(rs6 != 0), rs6, (a << 3) & 0xFFFF, a >> 5, s16(a) >> n,
            s16((s16(a) * s16(b)) >> 16), a * b,
            (max(s16(a), s16(b)) + 3 * a - b) & 0xFFFF]  # 12 words per lane
print("expect out == [%s]" % ", ".join(map(str, out)))
