#!/usr/bin/env bash
# A program's host side under simt-dbg (LLDB): bench/programs/host_loop.cu
# (600M host calls, about 2 s, and one kernel) run alone, under `simt-dbg -batch -ex run`,
# and the same with a never-hit host breakpoint (`break neverCalled`),
# alternating, wall time of each; then the time to the first stop in main
# (`break main`, `run`, through LLDB's start of the program), and the same
# for an IDE through `simt-dbg --dap` (bench/dap_first_stop.py). Prints each
# run's times and the medians' ratios.
# usage: dbg_host.sh BIN_DIR [ROUNDS]
set -euo pipefail
bin=$1; rounds=${2:-5}; iters=600000000
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$bin/simt-nvcc" -G -O1 "$(dirname "$0")/programs/host_loop.cu" -o "$dir/host_loop"
for i in $(seq "$rounds"); do
  /usr/bin/time -f "alone %e" -a -o "$dir/times" "$dir/host_loop" $iters >/dev/null
  /usr/bin/time -f "dbg %e" -a -o "$dir/times" \
    "$bin/simt-dbg" -batch -ex run --args "$dir/host_loop" $iters >/dev/null
  /usr/bin/time -f "break %e" -a -o "$dir/times" \
    "$bin/simt-dbg" -batch -ex 'break neverCalled' -ex run --args "$dir/host_loop" $iters >/dev/null
  /usr/bin/time -f "main %e" -a -o "$dir/times" \
    "$bin/simt-dbg" -batch -ex 'break main' -ex run --args "$dir/host_loop" $iters >/dev/null
  /usr/bin/time -f "dap %e" -a -o "$dir/times" \
    python3 "$(dirname "$0")/dap_first_stop.py" "$bin/simt-dbg" "$dir/host_loop" $iters
done
python3 - "$dir/times" <<'PY'
import statistics, sys
t = {}
for line in open(sys.argv[1]):
    k, v = line.split()
    t.setdefault(k, []).append(float(v))
m = {k: statistics.median(v) for k, v in t.items()}
for k, what in (("alone", "the program alone"), ("dbg", "simt-dbg -batch -ex run"),
                ("break", "... with break neverCalled"), ("main", "break main, run: first stop"),
                ("dap", "the same through --dap (an IDE)")):
    print(f"{what:30} wall s: {' '.join(f'{x:.2f}' for x in sorted(t[k]))}  (median {m[k]:.2f})")
print(f"under simt-dbg: {m['dbg'] / m['alone']:.2f}x the program alone; "
      f"a never-hit host breakpoint: {100 * (m['break'] / m['dbg'] - 1):+.1f}% (medians)")
print(f"time to the first stop in main: {m['main']:.2f} s; through DAP: {m['dap']:.2f} s")
PY
