"""The run script and the expected output of printf.cu: the kernels' values
formatted by Python's '%' operator, whose conversions are C's. Writes
BASE.simt, BASE.expected (the script's output) and BASE.expected-divergent
(simt-emu's flag form of `divergent` with k = 7 on 2 x 16 threads)."""
import struct
import sys

base = sys.argv[1]

def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]

def wrap(v, bits, signed):
    v &= (1 << bits) - 1
    if signed and v >> (bits - 1):
        v -= 1 << bits
    return v

def formats(grid, block, f, d, w):
    out = []
    for cta in range(grid):
        for ty in range(block[1]):
            for tx in range(block[0]):
                lin = tx + block[0] * (ty + block[1] * cta)
                first = ("cta %d tid %d,%d: [%5d] [%-4x] [%08.3f] [%e] [%.10g] [%c] [%s] [%.2s]\n"
                         % (cta, tx, ty, lin * 37 - 50, lin, f32(f * lin), d * lin,
                            d / (lin + 1), chr(65 + lin), "odd" if lin % 2 else "even",
                            "abcdef"))
                out.append(first)
                out.append("  %d %x %d %+i %o %X %d %d %d %d %d [%*d] [%.*f] [%#x] [%%] 0x%x r=%d\n"
                           % (lin * -3000000000, 0xdeadbeefcafe + lin, wrap(-lin, 32, False),
                              lin - 5, lin * 8 + 7, lin * 0xABC, wrap(lin * 5000, 16, True),
                              wrap(lin * 50, 8, False), lin - 2, lin * 3, lin, w, lin,
                              lin % 4, f32(f * lin), lin + 1, 0x1000 + lin, 11))
    return out

def divergent(n, k):
    out = []
    for i in range(n):
        if i % 3 == 0:
            out.append("%d: three\n" % i)
        elif i % 3 == 1:
            out.append("%d: one, %f\n" % (i, i * 0.5))
        for j in range((i * k) % 5):
            out.append("%d: loop %d of %d\n" % (i, j, (i * k) % 5))
        if i == 5:
            out.append("%d: only five (%s)\n" % (i, "done"))
    return out

with open(base + ".simt", "w") as s:
    s.write("launch formats grid=3 block=4,2 args=(1.25f32, 0.75f64, 6s32)\n")
    s.write("wait\n")
    s.write("launch divergent grid=2 block=16 args=(3s32) as second\n")
    s.write("wait second\n")
with open(base + ".expected", "w") as e:
    e.writelines(formats(3, (4, 2), 1.25, 0.75, 6) + divergent(32, 3))
with open(base + ".expected-divergent", "w") as e:
    e.writelines(divergent(32, 7))
