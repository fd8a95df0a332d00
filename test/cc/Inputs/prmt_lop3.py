"""The run script of test/cc/isel-prmt-lop3.ptx with its expected values,
from PTX's definitions of prmt's modes and of lop3 (thread t's operands
a = t * 0x9E3779B9, b = (t + 7) * 0x85EBCA6B, c = (t + 13) * 0xC2B2AE35,
modulo 2^32)."""

MODES = ['f4e', 'b4e', 'rc8', 'ecl', 'ecr', 'rc16']
IMMEDIATE = {'f4e': 1, 'b4e': 2, 'rc8': 3, 'ecl': 2, 'ecr': 1, 'rc16': 1}
LUTS = ['0x00', '0xff', '0x96', '0xe8', '0xca', '0xac', '0xf8', '0x1e', '0x80', '0x01', '0x7f', '0xfe', '0x3c', '0x5a', '0x6a', '0xb4', '0xd2', '0x2d', '0x4b', '0x87', '0x55', '0x33', '0x99', '0x66', '0x11', '0x77', '0xbb', '0xdd', '0x22', '0x44', '0x88', '0xee', '0xaa', '0xcc']
THREADS = 32
M = 0xFFFFFFFF


def prmt(mode, a, b, c):
    """{b, a} as bytes 0..7; c's two low bits pick the window or edge."""
    src = [((b << 32 | a) >> (8 * i)) & 0xFF for i in range(8)]
    c &= 3
    pick = {
        "f4e": lambda k: c + k,
        "b4e": lambda k: (c - k) % 8,
        "rc8": lambda k: c,
        "ecl": lambda k: max(k, c),
        "ecr": lambda k: min(k, c),
        "rc16": lambda k: 2 * (c & 1) + (k & 1),
    }[mode]
    return sum(src[pick(k)] << (8 * k) for k in range(4))


def lop3(lut, a, b, c):
    return sum(((lut >> ((a >> i & 1) << 2 | (b >> i & 1) << 1 | (c >> i & 1))) & 1) << i
               for i in range(32))


results = len(MODES) * 2 + len(LUTS)
print("alloc out u32[%d]" % (THREADS * results))
print("launch k grid=1 block=%d args=(out)" % THREADS)
print("wait")
for t in range(THREADS):
    a, b, c = t * 0x9E3779B9 & M, (t + 7) * 0x85EBCA6B & M, (t + 13) * 0xC2B2AE35 & M
    values = [prmt(m, a, b, c) for m in MODES]
    values += [prmt(m, a, b, IMMEDIATE[m]) for m in MODES]
    values += [lop3(int(l, 16), a, b, c) for l in LUTS]
    for k, v in enumerate(values):
        print("expect out[%d] == %du32" % (t * results + k, v))
