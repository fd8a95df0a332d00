#!/usr/bin/env python3
"""A/B of the emulator's plain run: two simt-bench binaries, alternately.

  python3 bench/emu_ab.py OLD/simt-bench NEW/simt-bench [--rounds N] [--only K,...]
  python3 bench/emu_ab.py "build/bin/simt-bench --jit off" "build/bin/simt-bench --jit auto"

Runs the two builds' simt-bench in turn, --rounds times each (so that the
machine's load falls on both alike), keeps each kernel's best emulator CPU
time per binary and prints new / old per kernel and their geometric mean. A
plain run means no subscriber on the device: what every run without --trace,
--sanitize, a profile or a debugger pays.
"""

import argparse
import math
import re
import shlex
import subprocess
import sys

ROW = re.compile(r"^(\S+)\s+\S+\s+\S+\s+([0-9.]+)s\s")


def emu_seconds(binary, only, reps):
    out = subprocess.run(shlex.split(binary) + ["--only", only, "--reps", str(reps)], check=True,
                         capture_output=True, text=True).stdout
    times = {}
    for line in out.splitlines():
        m = ROW.match(line)
        if m and m.group(1) != "kernel":
            times[m.group(1)] = float(m.group(2))
    return times


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old", help="a simt-bench binary, with arguments if any (one word for the shell)")
    ap.add_argument("new", help="the same for the other side")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--only", default="alu,vecadd,matmul,diverge,recurse")
    args = ap.parse_args()
    best = {"old": {}, "new": {}}
    for _ in range(args.rounds):
        for which in ("old", "new"):
            for k, t in emu_seconds(getattr(args, which), args.only, args.reps).items():
                best[which][k] = min(best[which].get(k, t), t)
    ratios = []
    print(f"{'kernel':<14} {'old s':>8} {'new s':>8} {'new/old':>8}")
    for k, old in best["old"].items():
        new = best["new"].get(k)
        if new is None or old <= 0:
            continue
        ratios.append(new / old)
        print(f"{k:<14} {old:8.4f} {new:8.4f} {new / old:8.3f}")
    if not ratios:
        sys.exit("no kernel rows read")
    print(f"{'geomean':<14} {'':>8} {'':>8} {math.exp(sum(map(math.log, ratios)) / len(ratios)):8.3f}")


if __name__ == "__main__":
    main()
