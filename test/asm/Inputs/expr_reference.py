#!/usr/bin/env python3
"""simt-as parses expressions itself (SIMTAsmGuards) to bound them: its
values must be MC's. Random expressions over every operator, unary ones and
parentheses (fixed seed) go through llvm-mc (x86-64, the independent
reference) and simt-as; the .quad values must agree. Expressions llvm-mc
refuses (division by zero) are left out.

    expr_reference.py SIMT_AS LLVM_MC LLVM_OBJCOPY TMPDIR
"""
import os
import random
import re
import subprocess
import sys

simt_as, llvm_mc, objcopy, tmp = sys.argv[1:5]
ops = ["+", "-", "*", "/", "%", "<<", ">>", "|", "&", "^", "!", "==", "!=", "<>",
       "<", "<=", ">", ">=", "&&", "||"]
rng = random.Random(2)
exprs = []
for _ in range(3000):
    e = str(rng.randint(1, 9))
    for _ in range(rng.randint(1, 6)):
        unary = rng.choice(["", "", "", "-", "~", "!", "+", "- -"])
        e += " %s %s%d" % (rng.choice(ops), unary, rng.randint(1, 99))
        if rng.random() < 0.15:
            e = "(" + e + ")"
    exprs.append(e)
src = os.path.join(tmp, "exprs.s")


def mc(exprs):
    with open(src, "w") as f:
        f.write("".join(".quad %s\n" % e for e in exprs))
    r = subprocess.run([llvm_mc, "-triple=x86_64", "--filetype=obj", src,
                        "-o", os.path.join(tmp, "mc.o")], capture_output=True, text=True)
    return r.stderr


bad = {int(n) - 1 for n in re.findall(r"exprs.s:(\d+):", mc(exprs))}
exprs = [e for i, e in enumerate(exprs) if i not in bad]
if mc(exprs):
    sys.exit("llvm-mc still fails")
subprocess.run([objcopy, "-O", "binary", "--only-section=.text", os.path.join(tmp, "mc.o"),
                os.path.join(tmp, "mc.bin")], check=True)
subprocess.run([simt_as, src, "--filetype=bin", "-o", os.path.join(tmp, "simt.bin")], check=True)
want = open(os.path.join(tmp, "mc.bin"), "rb").read()
got = open(os.path.join(tmp, "simt.bin"), "rb").read()
diffs = [e for i, e in enumerate(exprs) if want[8 * i:8 * i + 8] != got[8 * i:8 * i + 8]]
for e in diffs[:10]:
    print("differs:", e)
print("%d expressions, %d differ" % (len(exprs), len(diffs)))
sys.exit(1 if diffs or len(want) != len(got) else 0)
