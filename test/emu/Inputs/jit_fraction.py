"""Reads a statistics JSON (simt-emu --stats-file) and prints whether at
least FRACTION of its warp-instructions ran compiled ("jit" object,
docs/jit.md): "compiled: ok", or the numbers when fewer did.
    jit_fraction.py STATS.json FRACTION"""
import json
import sys

stats = json.load(open(sys.argv[1]))
total = stats["instructions"]["warp"]
compiled = stats.get("jit", {}).get("warp_instructions", 0)
if compiled >= float(sys.argv[2]) * total:
    print("compiled: ok")
else:
    print("compiled: %d of %d warp-instructions, under %s" % (compiled, total, sys.argv[2]))
