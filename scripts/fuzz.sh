#!/usr/bin/env bash
# The libFuzzer targets (fuzz/): build them with clang-19 in build-fuzz and run.
#   scripts/fuzz.sh TARGET SECONDS [LIBFUZZER FLAGS...]   one target, e.g. asm 1800
#   scripts/fuzz.sh ci SECONDS        every target's regression inputs, then each for SECONDS
#                                     from a fixed libFuzzer seed (SIMT_FUZZ_SEED, default 1), so
#                                     CI replays the same input sequence every time
#   scripts/fuzz.sh repro TARGET FILE...                   run inputs once (a crash's file)
#   scripts/fuzz.sh list                                   the targets
# TARGET: asm disasm object runscript dbg emu jit ptxas modload. Seeds: fuzz/corpus/TARGET
# (committed); what a run finds goes to BUILD/fuzz/corpus/TARGET, crashes to
# BUILD/fuzz/crashes/. BUILD: $SIMT_FUZZ_BUILD, default build-fuzz (bootstrap.sh's
# test pass uses its sanitizer build, build-asan). A crash becomes a committed
# regression input in fuzz/regressions/TARGET/ (run by `ci`) with its fix and a test.
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(asm disasm object runscript dbg emu jit ptxas modload)
mode=${1:-}
build=${SIMT_FUZZ_BUILD:-build-fuzz}

usage() { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[ -n "$mode" ] || usage
if [ "$mode" = list ]; then printf '%s\n' "${targets[@]}"; exit 0; fi

configure_and_build() {
  if [ ! -f "$build/build.ninja" ]; then
    launcher=()
    command -v ccache >/dev/null && launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache
                                              -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 -DSIMT_FUZZ=ON \
      "${launcher[@]}" >/dev/null
  fi
  cmake --build "$build" -j "$(nproc)" --target fuzz-all
}

# Leaks are reported (a target must not leak per input); a failed huge
# allocation is an error the tools handle, not a report.
# With clang's shared ASan runtime (a build that also runs the test suites:
# bootstrap.sh's build-asan), libFuzzer's libstdc++ may load before it, which
# ASan would refuse; it works from there all the same.
export ASAN_OPTIONS=${ASAN_OPTIONS:-allocator_may_return_null=1:detect_leaks=1}:verify_asan_link_order=0
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

check_target() {
  for t in "${targets[@]}"; do [ "$t" = "$1" ] && return 0; done
  echo "fuzz.sh: unknown target '$1' (${targets[*]})" >&2
  exit 2
}

flags_for() { # target -> libFuzzer flags common to every run
  local t=$1 dict=$build/fuzz/dict/$1.dict
  local f=(-timeout=25 -rss_limit_mb=2048 -print_final_stats=1
           "-artifact_prefix=$build/fuzz/crashes/$t-")
  [ -f "$dict" ] && f+=("-dict=$dict")
  printf '%s\n' "${f[@]}"
}

run_target() { # target seconds [flags...]
  local t=$1 secs=$2; shift 2
  mkdir -p "$build/fuzz/corpus/$t" "$build/fuzz/crashes"
  mapfile -t common < <(flags_for "$t")
  echo "== fuzz-$t for $secs s"
  # stdin from /dev/null: an input naming /dev/stdin must not wait for a terminal.
  "$build/bin/fuzz-$t" "${common[@]}" -max_total_time="$secs" "$@" \
    "$build/fuzz/corpus/$t" "fuzz/corpus/$t" </dev/null
}

run_regressions() { # target: every committed crash input, once
  local t=$1 dir=fuzz/regressions/$1
  [ -d "$dir" ] && [ -n "$(ls -A "$dir")" ] || return 0
  echo "== fuzz-$t: regression inputs ($(ls "$dir" | wc -l))"
  "$build/bin/fuzz-$t" -runs=1 "$dir"/* </dev/null
}

case "$mode" in
ci)
  secs=${2:-60}
  configure_and_build
  for t in "${targets[@]}"; do run_regressions "$t"; done
  for t in "${targets[@]}"; do run_target "$t" "$secs" "-seed=${SIMT_FUZZ_SEED:-1}"; done
  ;;
repro)
  [ $# -ge 3 ] || usage
  check_target "$2"
  configure_and_build
  "$build/bin/fuzz-$2" "${@:3}" </dev/null
  ;;
*)
  [ $# -ge 2 ] || usage
  check_target "$mode"
  configure_and_build
  run_target "$mode" "$2" "${@:3}"
  ;;
esac
