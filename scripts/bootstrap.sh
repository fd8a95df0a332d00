#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine (README's two commands):
#   scripts/bootstrap.sh example   install what is missing, build, run an example
#   scripts/bootstrap.sh test      install what is missing, build, run every test
#                                  (and again under AddressSanitizer + UBSan), then
#                                  every libFuzzer target briefly (scripts/fuzz.sh)
# Idempotent: installs only missing packages, reuses an existing build.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-example}
# Each step's header says when it starts, so that a CI log shows where the
# time goes.
started=$SECONDS
step() { echo "== $* [$((SECONDS - started)) s]"; }

packages=(build-essential cmake ninja-build python3 llvm-19-dev llvm-19-tools
          libcli11-dev libedit-dev libzstd-dev libgtest-dev libgmock-dev
          libbenchmark-dev tmux clang-19 libclc-19 libclang-rt-19-dev libomp-19-dev
          libthrust-dev libcub-dev ccache liblldb-19-dev lldb-19
          chromium) # chromium: the profiler report's browser tests (test/prof/)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  step "installing: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd=sudo
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi

jobs=$(nproc)
# ccache, with paths relative to the tree, so that a fresh clone elsewhere
# (CI's) reuses what an earlier build compiled.
launcher=()
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
# Line tables only (-g1): backtraces keep their lines, and the build takes a
# third less time than with -g (CI builds from nothing).
build() { # dir, extra cmake args...
  local dir=$1; shift
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}" \
    "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" "$@" >/dev/null
  cmake --build "$dir" -j "$jobs"
}

case "$mode" in
example)
  build build
  export PATH="$PWD/build/bin:$PATH"
  step "examples/vecadd: assemble, disassemble, run"
  simt-as examples/vecadd.s -o build/vecadd.o
  simt-objdump -d build/vecadd.o
  if command -v simt-emu >/dev/null 2>&1; then
    simt-emu build/vecadd.o examples/vecadd.simt
  fi
  step "examples/histogram2d.cu: a CUDA program, its own main, kernels on the emulator"
  simt-nvcc -O2 examples/histogram2d.cu -o build/histogram2d
  build/histogram2d
  ;;
test)
  step "build (gcc)"
  build build
  step "unit tests"
  build/bin/simt-unittests --gtest_brief=1
  build/bin/simt-semtests --gtest_brief=1
  step "conformance suite (lit)"
  python3 /usr/lib/llvm-19/build/utils/lit/lit.py -sv build/test
  # The CUDA programs with the warp JIT compiling their hot runs (docs/jit.md).
  jit_forced="--jit auto --jit-hot 64 --jit-cache 256"
  if [ "${SIMT_SKIP_SANITIZERS:-0}" = 1 ]; then
    # Without the sanitizer pass, where they run so (below), here; less the
    # two tests that pass leaves out (see there).
    step "the CUDA programs with the warp JIT forced"
    python3 /usr/lib/llvm-19/build/utils/lit/lit.py -sv \
      --filter-out 'cuda/(debug-info|thrust_examples)\.test' \
      --param emu_flags="$jit_forced" build/test/cuda build/test/cudart
  fi
  # One clang-19 build serves both passes below: AddressSanitizer + UBSan
  # everywhere, with libFuzzer's edge counters (-DSIMT_FUZZ=ON; not its
  # comparison tracing, which made the suites under ASan three times slower),
  # at -O1 with line tables only (ASan's advice; it compiles and links far
  # faster than -g).
  if [ "${SIMT_SKIP_SANITIZERS:-0}" != 1 ] || [ "${SIMT_SKIP_FUZZ:-0}" != 1 ]; then
    # (A build-asan of gcc's, from before, cannot switch compilers in place.)
    if [ -f build-asan/CMakeCache.txt ] && ! grep -q '^CMAKE_CXX_COMPILER:.*clang' build-asan/CMakeCache.txt; then
      rm -rf build-asan
    fi
    step "build-asan (clang-19, sanitizers, fuzzing coverage)"
    build build-asan -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
      -DSIMT_FUZZ=ON -DSIMT_FUZZ_COVERAGE=edges -DCMAKE_BUILD_TYPE=Debug \
      "-DCMAKE_C_FLAGS_DEBUG=-O1 -gline-tables-only" "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -gline-tables-only"
  fi
  if [ "${SIMT_SKIP_SANITIZERS:-0}" != 1 ]; then
    step "the same under AddressSanitizer + UBSan"
    # Heap, global and in-scope stack errors with ten frames of allocation
    # context; not stack use after return, which clang 15 turned on by
    # default, costing this pass 12% (no report of that kind so far).
    # Set ASAN_OPTIONS to choose otherwise.
    asan=ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:detect_stack_use_after_return=0:malloc_context_size=10}
    env "$asan" build-asan/bin/simt-unittests --gtest_brief=1
    env "$asan" build-asan/bin/simt-semtests --gtest_brief=1
    # docs/ left out: its sessions run the tools the suites above run
    # under ASan already (151 CPU seconds of this pass).
    env "$asan" python3 /usr/lib/llvm-19/build/utils/lit/lit.py -sv \
      --filter-out '^SIMT :: (docs|cuda|cudart)/' build-asan/test
    # The CUDA programs with their hot runs compiled by the warp JIT, which
    # changes nothing but speed (docs/jit.md): they must pass as they are,
    # and the JIT's compiler and its calls into the emulator run under the
    # sanitizers. (The emulator's own tests and the examples run both ways
    # in the plain pass: test/emu/jit-identity.test. Left out by their own
    # UNSUPPORTED: debug-info.test runs no kernel, thrust_examples.test is
    # mostly clang compiling Thrust, whose algorithms are CUB's kernels,
    # which cub_algorithms.cu runs.)
    step "the CUDA programs under the sanitizers with the warp JIT forced"
    env "$asan" python3 /usr/lib/llvm-19/build/utils/lit/lit.py -sv \
      --param emu_flags="$jit_forced" build-asan/test/cuda build-asan/test/cudart
  fi
  if [ "${SIMT_SKIP_FUZZ:-0}" != 1 ]; then
    # libFuzzer (libclang-rt-19-dev); SIMT_FUZZ_SECONDS per target.
    step "fuzz targets: regression inputs, then ${SIMT_FUZZ_SECONDS:-10} s each"
    SIMT_FUZZ_BUILD=build-asan bash scripts/fuzz.sh ci "${SIMT_FUZZ_SECONDS:-10}"
  fi
  step "done"
  ;;
*)
  echo "usage: $0 example|test" >&2
  exit 2
  ;;
esac
