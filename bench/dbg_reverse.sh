#!/usr/bin/env bash
# reverse-stepi latency under simt-dbg: the alu workload (16 CTAs x 256
# threads, 4000 iterations) stopped after its loop, then 3 stepi, against the
# same session plus N reverse-stepi; alternating, whole-process wall time. The
# difference of the medians divided by N is the cost of one reverse-stepi
# (with checkpoints it replays only from the last stop, not the whole run).
# usage: dbg_reverse.sh BIN_DIR [ROUNDS] [N]
set -euo pipefail
bin=$1; rounds=${2:-5}; n=${3:-10}
source "$(dirname "$0")/dbg_session.sh"
alu_session "$bin" 4000
# alu+0x118: the first instruction after the loop (see kernels/alu.s).
printf 'break alu+0x118\nrun\ndelete\nstepi\nstepi\nstepi\n' > "$dir/fwd.cmds"
cp "$dir/fwd.cmds" "$dir/rev.cmds"
for i in $(seq "$n"); do printf 'reverse-stepi\nstepi\n' >> "$dir/rev.cmds"; done
time_sessions "$bin" "$rounds" %e fwd rev
python3 - "$dir/times" "$n" <<'PY'
import statistics, sys
t = {"fwd": [], "rev": []}
for line in open(sys.argv[1]):
    k, v = line.split()
    t[k].append(float(v))
n = int(sys.argv[2])
f, r = statistics.median(t["fwd"]), statistics.median(t["rev"])
print(f"session without reverse steps: {f:.3f} s; with {n} x (reverse-stepi, stepi): {r:.3f} s (medians)")
print(f"one reverse-stepi + stepi pair: {1000 * (r - f) / n:.1f} ms")
PY
