"""printf-overflow.test: OUT has N lines `thread I` in increasing I (thread
order), and the dump of r says 1 for exactly those I and -1 for the rest."""
import re
import sys

text = open(sys.argv[1]).read()
n = int(sys.argv[2])
printed = [int(m) for m in re.findall(r"^thread (\d+)$", text, re.M)]
assert len(printed) == n, printed
assert printed == sorted(printed), printed
r = {int(i): int(v) for i, v in re.findall(r"^r\[(\d+)\] = (-?\d+)$", text, re.M)}
assert len(r) == 64, r
for i, v in r.items():
    assert v == (1 if i in printed else -1), (i, v)
print("ok")
