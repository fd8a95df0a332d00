"""Run script for isel-bfe.ptx: PTX bfe and bfi as the PTX ISA defines them, per lane,
on 32 source words and (pos, len) pairs that cover zero lengths, fields that
run past bit 31, positions past 31 and control bytes with high bits set."""

MASK = (1 << 32) - 1


def bfe(a, pos, length, signed):
    pos, length = pos & 0xFF, length & 0xFF
    msb = 31 if pos + length > 32 else pos + length - 1  # PTX: min(pos+len-1, 31)
    if length == 0:
        sbit = 0
    elif signed:
        sbit = a >> (31 if pos > 31 else msb) & 1
    else:
        sbit = 0
    d = 0
    for i in range(32):
        d |= (a >> (pos + i) & 1 if i < length and pos + i <= 31 else sbit) << i
    return d


def bfi(a, base, pos, length):
    pos, length = pos & 0xFF, length & 0xFF
    for i in range(length):
        if pos + i <= 31:
            base = base & ~(1 << (pos + i)) | (a >> i & 1) << (pos + i)
    return base


src = [(0x9E3779B9 * (i + 1)) & MASK for i in range(32)]
ctl = []
for i in range(32):
    pos, length = (i * 7) % 40, (i * 5) % 36
    if i % 8 == 3:
        pos |= 0x100  # only the low byte counts
    ctl += [pos, length]
print("alloc src u32[32] = [%s]" % ", ".join(map(str, src)))
print("alloc ctl u32[64] = [%s]" % ", ".join(map(str, ctl)))
print("alloc out u32[192]")
print("launch bfe grid=1 block=32 args=(src, ctl, out)")
print("wait")
out = []
for i, a in enumerate(src):
    pos, length = ctl[2 * i], ctl[2 * i + 1]
    r7 = bfe(a, pos, length, False)
    out += [bfe(a, 4, 4, False), bfe(a, 27, 12, True), r7, bfe(a, pos, length, True),
            bfi(a, length, 5, 7), bfi(a, r7, pos, length)]
print("expect out == [%s]" % ", ".join(str(v) for v in out))
