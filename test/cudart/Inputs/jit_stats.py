# Compares the two statistics files of test/cudart/jit.cu: all but wall_seconds
# and the JIT's own object must be equal; prints how much ran compiled.
import json
import sys

off, on = (json.load(open(p)) for p in sys.argv[1:3])
for d in (off, on):
    d.pop("wall_seconds", None)
jit = on.pop("jit")
print("statistics %s, %d warp-instructions compiled" %
      ("identical" if off == on else "DIFFER", jit["warp_instructions"]))
