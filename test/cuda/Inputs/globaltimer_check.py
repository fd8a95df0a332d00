#!/usr/bin/env python3
"""Checks globaltimer.cu's readings against a 1401 MHz clock: a timer read
after clock64() gave c is the nanoseconds of a cycle between c and the next
clock64() reading (floor(cycle * 1000 / 1401)); the words read alone lie
between the 64-bit readings around them; the spin lasted 2000 ns.
usage: globaltimer_check.py DUMP"""
import re
import sys

MHZ = 1401
WAIT_NS = 2000
out = {int(m[1]): int(m[2]) for m in re.finditer(r"out\[(\d+)\] = (\d+)", open(sys.argv[1]).read())}


def ns(cycle):
    return cycle * 1000 // MHZ


for t in range(32):
    c0, t0, c1, lo, hi, t1, c2, spins = (out[8 * t + i] for i in range(8))
    problems = []
    if not ns(c0) <= t0 <= ns(c1):
        problems.append(f"timer {t0} outside [{ns(c0)}, {ns(c1)}]")
    alone = hi << 32 | lo
    if not t0 <= alone <= t1:
        problems.append(f"hi:lo {alone} outside [{t0}, {t1}]")
    if not (t1 - t0 >= WAIT_NS and t1 <= ns(c2) and spins >= 2):
        problems.append(f"spin {t1 - t0} ns, {spins} reads, ends after clock {ns(c2)}")
    if problems:
        sys.exit(f"thread {t}: " + "; ".join(problems))
print(f"32 threads: timers agree with the clock at {MHZ} cycles/us")
print(f"high word {out[4]}; the spin of {WAIT_NS} ns took {out[6] - out[0]} cycles "
      f"(>= {WAIT_NS * MHZ // 1000})")
