#!/usr/bin/env bash
# A never-hit breakpoint under simt-dbg: the same alu workload (16 CTAs x 256
# threads, 16000 iterations) run by `simt-dbg --batch` without breakpoints and
# with `break never` (bench/kernels/alu.s: a label after the EXIT, never
# reached), alternating; prints each run's user time (whole process, startup
# included) and the overhead of the medians.
# usage: dbg_break.sh BIN_DIR [ROUNDS]
set -euo pipefail
bin=$1; rounds=${2:-6}
source "$(dirname "$0")/dbg_session.sh"
alu_session "$bin" 16000
printf 'run\n' > "$dir/plain.cmds"
printf 'break never\nrun\n' > "$dir/break.cmds"
time_sessions "$bin" "$rounds" %U plain break
python3 - "$dir/times" <<'PY'
import statistics, sys
t = {"plain": [], "break": []}
for line in open(sys.argv[1]):
    k, v = line.split()
    t[k].append(float(v))
for k in ("plain", "break"):
    print(f"{k:6} user s: {' '.join(f'{x:.2f}' for x in sorted(t[k]))}"
          f"  (median {statistics.median(t[k]):.3f})")
p, b = statistics.median(t["plain"]), statistics.median(t["break"])
print(f"never-hit breakpoint: {100 * (b / p - 1):+.1f}% user time (medians)")
PY
