# Sourced by the simt-dbg benchmarks (dbg_break.sh, dbg_reverse.sh): the alu
# workload (bench/kernels/alu.s, 16 CTAs x 256 threads) as a run script in a
# temporary $dir, and alternating timed simt-dbg sessions over it.

# alu_session BIN ITERS: $dir/alu.o and $dir/alu.simt (removed on exit).
alu_session() {
  local bin=$1 iters=$2 here
  here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' EXIT
  "$bin/simt-as" "$here/kernels/alu.s" -o "$dir/alu.o"
  printf 'alloc out u32[16384]\nlaunch alu grid=16 block=256 args=(out, %su32)\nwait\n' \
    "$iters" > "$dir/alu.simt"
}

# time_sessions BIN ROUNDS FIELD NAME...: ROUNDS times, each $dir/NAME.cmds in
# turn under `simt-dbg --batch`; appends "NAME <time FIELD>" (%U user, %e
# wall) to $dir/times.
time_sessions() {
  local bin=$1 rounds=$2 field=$3 i f
  shift 3
  for i in $(seq "$rounds"); do
    for f in "$@"; do
      /usr/bin/time -f "$f $field" -a -o "$dir/times" \
        "$bin/simt-dbg" "$dir/alu.o" "$dir/alu.simt" --batch -x "$dir/$f.cmds" >/dev/null
    done
  done
}
