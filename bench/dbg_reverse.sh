#!/usr/bin/env bash
# reverse-stepi latency under simt-dbg: the alu workload (16 CTAs x 256
# threads, 4000 iterations) stopped after its loop, then 3 stepi, against the
# same session plus N reverse-stepi; alternating, whole-process wall time. The
# difference of the medians divided by N is the cost of one reverse-stepi
# (with checkpoints it replays only from the last stop, not the whole run).
# usage: dbg_reverse.sh BIN_DIR [ROUNDS] [N]
set -euo pipefail
bin=$1; rounds=${2:-5}; n=${3:-10}
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$bin/simt-as" "$here/kernels/alu.s" -o "$dir/alu.o"
printf 'alloc out u32[16384]\nlaunch alu grid=16 block=256 args=(out, 4000u32)\nwait\n' > "$dir/alu.simt"
# alu+0x118: the first instruction after the loop (see kernels/alu.s).
printf 'break alu+0x118\nrun\ndelete\nstepi\nstepi\nstepi\n' > "$dir/fwd.cmds"
cp "$dir/fwd.cmds" "$dir/rev.cmds"
for i in $(seq "$n"); do printf 'reverse-stepi\nstepi\n' >> "$dir/rev.cmds"; done
for i in $(seq "$rounds"); do
  for f in fwd rev; do
    /usr/bin/time -f "$f %e" -a -o "$dir/times" \
      "$bin/simt-dbg" "$dir/alu.o" "$dir/alu.simt" --batch -x "$dir/$f.cmds" >/dev/null
  done
done
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
