#!/usr/bin/env bash
# The compiler's output must not change across a refactoring:
#   scripts/compare-codegen.sh COMMIT [NEW_BUILD_DIR]
# builds simt-cc and simt-ptxas of COMMIT in build/compare-<sha>/ (its source
# from `git archive`, its build in build/compare-<sha>/build, through ccache;
# reused when already built) and of the current tree in NEW_BUILD_DIR
# (default build/), then runs both on every input of test/cc, test/cuda,
# test/opencl and test/ptxdiff:
#   - .ptx files (and the PTX that test/cc's and test/ptxdiff's generators
#     write): simt-ptxas --print-after=isel and simt-ptxas -S;
#   - .cu and .cl files: simt-cc -S --keep-ptx (its assembly and clang's
#     PTX) with each set of flags the file's simt-cc RUN lines give, then
#     the same two simt-ptxas runs on that PTX.
# Each output is compared with its exit status and diagnostics. Prints each
# difference (the first lines of a diff) and the counts; exit status 1 if
# any output differs.
set -uo pipefail
if (($# < 1 || $# > 2)); then
  sed -n '2,/^set /{/^set /d;s/^# \{0,1\}//;p}' "$0" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
sha=$(git rev-parse --short=12 "$1^{commit}") || exit 2
new_build=$(realpath -m "${2:-build}")
old_src=$root/build/compare-$sha
old_build=$old_src/build
tools=(simt-cc simt-ptxas)

configure() { # SRC BUILD
  [[ -f $2/build.ninja ]] ||
    cmake -S "$1" -B "$2" -G Ninja -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
      -DCMAKE_C_COMPILER_LAUNCHER=ccache >"$2/compare-cmake.log" 2>&1 ||
    { echo "cmake failed for $1: see $2/compare-cmake.log" >&2; return 1; }
}
build() { # SRC BUILD
  mkdir -p "$2" && configure "$1" "$2" &&
    ninja -C "$2" "${tools[@]}" >"$2/compare-ninja.log" 2>&1 ||
    { echo "build failed for $1: see $2/compare-ninja.log" >&2; return 1; }
}

# The old tree is a fixed commit: built once (the stamp says it finished).
if [[ ! -f $old_src/.built ]]; then
  rm -rf "$old_src" && mkdir -p "$old_src" &&
    git archive "$sha" | tar -x -C "$old_src" || exit 2
  echo "building $sha in $old_build ..."
  build "$old_src" "$old_build" && touch "$old_src/.built" || exit 2
fi
echo "building the current tree in $new_build ..."
build "$root" "$new_build" || exit 2

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Generated inputs, written once and given to both builds: test/cc's PTX
# generators, and the modules of each ptxdiff.py RUN line of test/ptxdiff.
mkdir -p "$tmp/gen"
python3 test/cc/Inputs/spill.py ptx >"$tmp/gen/cc-spill.ptx"
python3 test/cc/Inputs/straight_line.py 70000 >"$tmp/gen/cc-straight-line.ptx"
python3 - "$tmp/gen" test/ptxdiff/*.test <<'EOF'
import os, random, shlex, sys
sys.path.insert(0, "test/ptxdiff/Inputs")
import ptxdiff, ptxgen
for test in sys.argv[2:]:
    for line in open(test):
        words = shlex.split(line.partition("RUN:")[2].split("|")[0].split(">")[0])
        if "%S/Inputs/ptxdiff.py" not in words:
            continue
        args = ptxdiff.argparse.ArgumentParser()
        for name, default in (("--seed", 1), ("--modules", 1), ("--kernels", 50), ("--length", 14)):
            args.add_argument(name, type=int, default=default)
        args.add_argument("--features", default="mixed")
        a, _ = args.parse_known_args(words[words.index("%S/Inputs/ptxdiff.py") + 1:])
        for m in range(a.modules):  # as ptxdiff.main draws them
            rng = random.Random("%d/%s/%d" % (a.seed, a.features, m))
            names = ["k%d_%d" % (m, k) for k in range(a.kernels)]
            kernels = [ptxgen.kernel(rng, n, rng.randint(a.length // 2, a.length),
                                     ptxgen.FEATURES[a.features]) for n in names]
            out = "ptxdiff-%s-%d-%d-%d-%d.ptx" % (a.features, a.seed, a.kernels, a.length, m)
            with open(os.path.join(sys.argv[1], out), "w") as f:
                f.write(ptxgen.HEADER + "\n" + "\n\n".join(kernels) + "\n")
EOF

# The distinct flag sets of a .cu/.cl file's simt-cc RUN lines, one a line
# (an empty line: none): their words but the input, the output and -S.
cc_flag_sets() {
  sed -n 's#.*RUN: *\(not \)\{0,1\}simt-cc \([^|]*\).*#\2#p' "$1" |
    sed -e 's#%s##' -e 's#-o [^ ]*##' -e 's#\(^\| \)-S\( \|$\)# #' -e 's#2>&1##' \
        -e 's#  *# #g' -e 's#^ ##' -e 's# $##' | sort -u | grep . || echo
}

# run BIN OUT KEY CMD...: CMD's output, diagnostics and exit status in
# OUT/KEY, run in OUT so that the files it names are spelled the same.
run() {
  local bin=$1 out=$2 key=$3
  shift 3
  (cd "$out" && PATH=$bin:$PATH "$@" >"$key" 2>&1; echo "exit status $?" >>"$key")
}

ptxas_both() { # BIN OUT PTX KEY
  run "$1" "$2" "$4.isel" simt-ptxas --print-after=isel "$3"
  run "$1" "$2" "$4.s" simt-ptxas -S "$3" -o -
}

# Every input through one build's tools, into OUT.
translate_all() { # BIN OUT
  local bin=$1 out=$2 f key flags
  mkdir -p "$out"
  for f in "$tmp"/gen/*.ptx; do
    ptxas_both "$bin" "$out" "$f" "$(basename "$f" .ptx)"
  done
  for f in test/cc/*.ptx test/cc/Inputs/*.ptx; do
    key=${f//\//_}
    ptxas_both "$bin" "$out" "$root/$f" "$key"
  done
  for f in test/cc/*.cu test/cuda/*.cu test/cuda/Inputs/*.cu test/opencl/*.cl; do
    while IFS= read -r flags; do
      key=${f//\//_}${flags:+_${flags//[^A-Za-z0-9=]/}}
      # shellcheck disable=SC2086 # the flags are words
      run "$bin" "$out" "$key.cc.s" simt-cc $flags "$root/$f" --keep-ptx -S -o "$key.cc-out.s"
      if [[ -f $out/$key.cc-out.ptx ]]; then
        mv "$out/$key.cc-out.ptx" "$out/$key.clang.ptx"
        ptxas_both "$bin" "$out" "$key.clang.ptx" "$key"
      fi
    done < <(cc_flag_sets "$f")
  done
}

echo "translating with both builds ..."
translate_all "$old_build/bin" "$tmp/old" &
translate_all "$new_build/bin" "$tmp/new"
wait

files=0 differ=0
while IFS= read -r f; do
  files=$((files + 1))
  if ! cmp -s "$tmp/old/$f" "$tmp/new/$f"; then
    differ=$((differ + 1))
    echo "differs: $f"
    diff -u "$tmp/old/$f" "$tmp/new/$f" --label "$sha/$f" --label "current/$f" | sed -n '3,14p'
  fi
done < <(cd "$tmp" && { (cd old && find . -type f) ; (cd new && find . -type f); } |
  sed 's#^\./##' | sort -u)
echo "compared $files outputs of $sha and the current tree: $differ differ"
((differ == 0))
