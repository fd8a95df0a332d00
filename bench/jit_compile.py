#!/usr/bin/env python3
"""The warp JIT's compile time against a kernel's length.

  python3 bench/jit_compile.py BINDIR [--lengths 16,64,256,1000] [--reps 3]

For each length N, assembles a kernel of N straight-line ALU instructions
(integer, logic, shift, float, compare and select forms in a fixed rotation
over 16 registers, between two S2Rs and an EXIT: one run, compiled in pieces
of 64), runs it on one warp with `simt-emu --jit on --stats` and prints the
compile's CPU seconds (best of --reps), its optimizer and code-generator
shares, and the seconds per 1,000 instructions (docs/jit.md).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

# The rotation: each line one compilable form (emu/core/FastForms.h).
FORMS = [
    "IADD R{d}, R{a}, R{b}",
    "IMAD R{d}, R{a}, R{b}, R{c}",
    "LOP.XOR R{d}, R{a}, R{b}",
    "SHL R{d}, R{a}, 0x3",
    "IADD32I R{d}, R{a}, 0x1234",
    "FFMA R{d}, R{a}, R{b}, R{c}",
    "FADD R{d}, R{a}, R{b}",
    "ISETP.LT.AND P0, PT, R{a}, R{b}, PT",
    "SEL R{d}, R{a}, R{b}, P0",
    "MOV32I R{d}, 0x3f800000",
]


def kernel(n):
    lines = [".kernel straight", "        S2R R1, SR_TID.X", "        S2R R2, SR_CTAID.X"]
    for i in range(n):
        d, a, b, c = 1 + i % 16, 1 + (i + 3) % 16, 1 + (i + 7) % 16, 1 + (i + 11) % 16
        lines.append("        " + FORMS[i % len(FORMS)].format(d=d, a=a, b=b, c=c))
    lines += ["        EXIT", ".end_kernel", ""]
    return "\n".join(lines)


def compile_seconds(bindir, work, n):
    src, obj = os.path.join(work, "k.s"), os.path.join(work, "k.o")
    script = os.path.join(work, "k.simt")
    with open(src, "w") as f:
        f.write(kernel(n))
    with open(script, "w") as f:
        f.write("launch straight grid=1 block=32\nwait\n")
    subprocess.run([os.path.join(bindir, "simt-as"), src, "-o", obj], check=True)
    out = subprocess.run([os.path.join(bindir, "simt-emu"), obj, script, "--jit", "on", "--stats"],
                         check=True, capture_output=True, text=True)
    text = out.stderr if '"jit"' in out.stderr else out.stdout
    jit = json.loads(text[text.index("{"):])["jit"]
    if jit["instructions"] != n:
        sys.exit("expected %d instructions compiled, got %d" % (n, jit["instructions"]))
    return jit["compile_seconds"], jit["optimize_seconds"], jit["codegen_seconds"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bindir")
    ap.add_argument("--lengths", default="16,64,256,1000")
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    print("%12s %10s %10s %10s %16s" % ("instructions", "compile s", "optimize", "codegen",
                                         "s per 1,000"))
    with tempfile.TemporaryDirectory() as work:
        for n in (int(x) for x in args.lengths.split(",")):
            best = min((compile_seconds(args.bindir, work, n) for _ in range(args.reps)),
                       key=lambda t: t[0])
            print("%12d %10.3f %9.0f%% %9.0f%% %16.2f" %
                  (n, best[0], 100 * best[1] / best[0], 100 * best[2] / best[0],
                   1000 * best[0] / n))


if __name__ == "__main__":
    main()
