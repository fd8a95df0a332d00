"""Checks simt-emu's statistics JSON (the file in argv[1]): every SIMT stack
token pushed was popped, i.e. each warp ended with an empty stack. With a
second argument N (the kernel's .max_stack), also that no warp's stack got
deeper than N; the deepest is printed."""
import json
import sys

stats = json.load(open(sys.argv[1]))
sc = stats["stack_cache"]
if sc["pushes"] != sc["pops"]:
    sys.exit("SIMT stack not empty at the end: %d pushes, %d pops" % (sc["pushes"], sc["pops"]))
print("stack empty: %d pushes, %d pops" % (sc["pushes"], sc["pops"]))
if len(sys.argv) > 2:
    limit = int(sys.argv[2])
    if sc["max_depth"] > limit:
        sys.exit("SIMT stack %d deep, beyond .max_stack %d" % (sc["max_depth"], limit))
    print("deepest stack: %d of .max_stack %d" % (sc["max_depth"], limit))
