"""Run script for expand-dot.ptx: dp4a and dp2a as the PTX manual defines
them (parts sign- or zero-extended by their types, the sum modulo 2^32),
and WARP_SZ, per thread, on random words and words of edge bytes."""

from words import MASK32 as M32, Words

WORDS = Words(0x6A09E667F3BCC909)
rand32, edge = WORDS.rand32, WORDS.edge_word


def part(word, index, bits, signed):
    v = word >> (index * bits) & ((1 << bits) - 1)
    return v - (1 << bits) if signed and v >> (bits - 1) else v


def dp4a(a, b, c, sa, sb):
    return (c + sum(part(a, i, 8, sa) * part(b, i, 8, sb) for i in range(4))) & M32


def dp2a(a, b, c, sa, sb, hi):
    first = 2 if hi else 0
    return (c + sum(part(a, i, 16, sa) * part(b, first + i, 8, sb) for i in range(2))) & M32


triples = [tuple((edge if i % 2 else rand32)() for _ in range(3)) for i in range(32)]
print("alloc src u32[96] = [%s]" % ", ".join(str(w) for t in triples for w in t))
print("alloc out u32[224]")
print("launch dot grid=1 block=32 args=(src, out)")
print("wait")
want = []
for a, b, c in triples:
    want += [dp4a(a, b, c, True, True), dp4a(a, b, c, False, False), dp4a(a, b, 7, True, False),
             dp2a(a, b, c, True, True, False), dp2a(a, b, c, False, True, True),
             dp2a(a, b, c, False, False, False), 32]
print("expect out == [%s]" % ", ".join(map(str, want)))
