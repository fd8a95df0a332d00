"""Run script for expand-int.ptx: one warp, each thread's (a, b, c) from the
list below, 20 result words per thread from the PTX ISA's definitions of
set, slct, cnot, sad, mul24/mad24 and mad.wide."""

M32 = 0xFFFFFFFF


def s32(v):
    v &= M32
    return v - (1 << 32) if v >> 31 else v


def s24(v):
    v &= 0xFFFFFF
    return v - (1 << 24) if v >> 23 else v


def s16(v):
    v &= 0xFFFF
    return v - (1 << 16) if v >> 15 else v


def words64(v):
    v &= (1 << 64) - 1
    return [v & M32, v >> 32]


edge = [0, 1, 2, 3, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0xFFFFFFFE, 0x00FFFFFF,
        0x00800000, 0x12345678, 0xFF000005, 0x0000FFFF, 0x00010000, 1000, 0xFFFFFC18]
triples = [(edge[i % 16], edge[(7 * i + 3) % 16], edge[(5 * i + 11) % 16]) for i in range(32)]
triples[5] = (9, 9, 0xFFFFFFFF)  # equal operands
print("alloc in u32[96] = [%s]" % ", ".join(str(v) for t in triples for v in t))
print("alloc out u32[640]")
print("launch ints grid=1 block=32 args=(in, out)")
print("wait")
out = []
for a, b, c in triples:
    p1 = c & 1 != 0
    one_f32 = 0x3F800000
    mad_s = s24(a) * s24(b)
    mad_u = (a & 0xFFFFFF) * (b & 0xFFFFFF)
    res = [
        M32 if s32(a) < s32(b) else 0,                      # set.lt.u32.s32
        M32 if (a >= b) and not p1 else 0,                  # set.hs.and.s32.u32 ..., !p1
        one_f32 if a != b else 0,                           # set.ne.f32.u32
        a if s32(c) >= 0 else b,                            # slct.u32.s32
        1 if a == 0 else 0,                                 # cnot.b32
        1 if a & 0xFFFF == 0 else 0,                        # cnot.b16
        (c + abs(a - b)) & M32,                             # sad.u32
        (c + abs(s32(a) - s32(b))) & M32,                   # sad.s32
        (c + abs((a & 0xFFFF) - (b & 0xFFFF))) & 0xFFFF,    # sad.u16
        mad_u & M32,                                        # mul24.lo.u32
        (mad_u >> 16) & M32,                                # mul24.hi.u32
        mad_s & M32,                                        # mul24.lo.s32
        (mad_s >> 16) & M32,                                # mul24.hi.s32
        (mad_s + c) & M32,                                  # mad24.lo.s32
        ((((a & 0xFFFFFF) * (-3 & 0xFFFFFF)) >> 16) + c) & M32,  # mad24.hi.u32 a, -3, c
        ((a & 0xFFFF) * (b & 0xFFFF) + c) & M32,            # mad.wide.u16
    ]
    res += words64(s32(a) * s32(b) + s32(c))                # mad.wide.s32
    res += words64(a * b + c)                               # mad.wide.u32
    assert len(res) == 20
    out += res
print("expect out == [%s]" % ", ".join(map(str, out)))
