#!/usr/bin/env python3
"""Runs clock64.cu's kernel after idling 2^32 - k cycles, k = 0..63, so that
the clock's low word wraps at some point of the kernel, and checks every
reading: clock64() differences small and positive, readings ordered.
usage: clock64_wrap.py SIMT_EMU OBJECT"""
import re
import subprocess
import sys
import tempfile

emu, obj = sys.argv[1], sys.argv[2]
SCRIPT = """alloc elapsed s64[4]
alloc high u32[8]
alloc loops s32[4]
alloc ordered s32[4]
advance {cycles}
launch _Z6clocksPxPjPiS1_ grid=1 block=4 args=(elapsed, high, loops, ordered)
wait
dump elapsed
dump high
dump ordered
"""
changed = 0
for k in range(64):
    with tempfile.NamedTemporaryFile("w", suffix=".simt") as f:
        f.write(SCRIPT.format(cycles=(1 << 32) - k))
        f.flush()
        out = subprocess.run([emu, obj, f.name], capture_output=True, text=True, check=True).stdout
    values = {(m[1], int(m[2])): int(m[3]) for m in re.finditer(r"(\w+)\[(\d+)\] = (-?\d+)", out)}
    for t in range(4):
        if not 0 < values[("elapsed", t)] < 1000 or values[("ordered", t)] != 1:
            sys.exit(f"k={k} thread {t}: elapsed {values[('elapsed', t)]}, "
                     f"ordered {values[('ordered', t)]}\n{out}")
        if values[("high", t)] != values[("high", 4 + t)]:
            changed += 1
            break
print("64 runs, every reading ordered and close")
print(f"the high word changed inside the kernel in {changed} runs")
