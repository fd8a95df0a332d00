"""Checks simt-emu's statistics JSON (the file in argv[1]): every SIMT stack
token pushed was popped, i.e. each warp ended with an empty stack."""
import json
import sys

stats = json.load(open(sys.argv[1]))
sc = stats["stack_cache"]
if sc["pushes"] != sc["pops"]:
    sys.exit("SIMT stack not empty at the end: %d pushes, %d pops" % (sc["pushes"], sc["pops"]))
print("stack empty: %d pushes, %d pops" % (sc["pushes"], sc["pops"]))
