#!/bin/bash
# temp-files.sh WORKDIR SOURCE (temp-files.test): runs simt-nvcc with TMPDIR
# an empty directory, on each way a run can end early, and fails if a file
# is left there.
set -u
W=$1 SRC=$(realpath "$2") KILL=$(realpath "$(dirname "$0")/kill-parent/run.sh")
rm -rf "$W" && mkdir -p "$W/tmp" "$W/kill-cc" "$W/kill-nvcc" || exit 1
ln -s "$KILL" "$W/kill-cc/clang-19" && ln -s "$KILL" "$W/kill-nvcc/clang++-19" || exit 1
export TMPDIR=$W/tmp
cd "$W" || exit 1
Failed=0
# expect CASE STATUS: the run ended with STATUS (a number, or "signal") and
# left TMPDIR empty.
expect() {
  local Status=$? Case=$1 Want=$2
  if { [ "$Want" = signal ] && [ "$Status" -le 128 ]; } ||
     { [ "$Want" != signal ] && [ "$Status" != "$Want" ]; }; then
    echo "FAIL: $Case: exit status $Status, expected $Want"
    Failed=1
  fi
  if [ -n "$(ls -A "$TMPDIR")" ]; then
    echo "FAIL: $Case: left in TMPDIR:" $(ls -A "$TMPDIR")
    Failed=1
    rm -f "$TMPDIR"/*
  fi
}
# An error in the device code: compiled alone, and compiled and linked.
simt-nvcc -c -DASM "$SRC" -o a.o 2>/dev/null; expect "error (-c)" 1
simt-nvcc -DASM "$SRC" -o a.out 2>/dev/null; expect "error (link)" 1
# A usage error after the first file's device object was made (std::exit).
simt-nvcc -c "$SRC" other.xyz 2>/dev/null; expect "usage error" 2
# clang killed with simt-cc (its PTX file) under simt-nvcc (its device object).
PATH=$W/kill-cc:$PATH simt-nvcc -c "$SRC" -o a.o 2>/dev/null; expect "simt-cc killed" 1
PATH=$W/kill-cc:$PATH simt-cc "$SRC" -o a.o 2>/dev/null; expect "simt-cc killed (alone)" signal
# The host compile killed with simt-nvcc, which holds the device object.
PATH=$W/kill-nvcc:$PATH simt-nvcc -c "$SRC" -o a.o 2>/dev/null; expect "simt-nvcc killed" signal
PATH=$W/kill-nvcc:$PATH simt-nvcc "$SRC" -o a.out 2>/dev/null; expect "simt-nvcc killed (link)" signal
exit $Failed
