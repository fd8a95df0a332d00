#!/usr/bin/env bash
# PTX translator throughput: simt-ptxas on a large PTX file made of clang's
# PTX for the CUDA corpus (test/cuda), every kernel repeated under new names
# until the file has about N lines, against simt-as on the assembly that
# simt-ptxas -S writes for the same file, in the same run.
# usage: ptxas_throughput.sh BIN_DIR [N]
set -euo pipefail
bin=$1; n=${2:-100000}
src=$(cd "$(dirname "$0")/../test/cuda" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for cu in "$src"/*.cu; do
  grep -q 'XFAIL' "$cu" && continue
  grep -q 'RUN: simt-cc %s -o' "$cu" || continue
  "$bin/simt-cc" "$cu" --keep-ptx -o "$dir/$(basename "$cu" .cu).o" 2>/dev/null || true
done
python3 - "$dir" "$n" <<'PY'
import glob, re, sys
d, target = sys.argv[1], int(sys.argv[2])
# One module: the first header, then every file's module-scope variables and
# functions with their names suffixed per copy and file (labels, registers and
# parameters are scoped to their function and keep theirs).
parts = []
name_re = r"[^\n]*?\b([A-Za-z_$][\w$]*)\s*(?:\(|\[|;|=)"
for path in sorted(glob.glob(d + "/*.ptx")):
    text = open(path).read()
    body = "\n".join(l for l in text.splitlines()
                     if not l.startswith((".version", ".target", ".address_size")))
    names = set(re.findall(r"^(?:\.visible\s+|\.extern\s+|\.weak\s+)?(?:\.entry|\.func|\.shared|\.global)"
                           + name_re, body, re.M))
    names -= set(re.findall(r"^\.extern\s+\.func[^\n]*?\b([A-Za-z_$][\w$]*)\s*\(", body, re.M))
    # Constant variables (libclc's tables) are defined once per file, in the
    # first copy: their copies would not fit the 64 KiB bank.
    consts = set(re.findall(r"^(?:\.visible\s+)?\.const" + name_re, body, re.M))
    parts.append((body, sorted(names, key=len, reverse=True), sorted(consts, key=len, reverse=True)))
out, lines, copy = [".version 4.2", ".target sm_20", ".address_size 64"], 3, 0
while lines < target:
    for index, (body, names, consts) in enumerate(parts):
        text = body
        if copy:
            text = "\n".join(l for l in text.splitlines()
                             if not re.match(r"(?:\.visible\s+)?\.const\b", l))
        for name in names:  # per copy and file: names recur across files
            text = re.sub(r"\b%s\b" % re.escape(name), "%s_c%d_%d" % (name, copy, index), text)
        for name in consts:
            text = re.sub(r"\b%s\b" % re.escape(name), "%s_%d" % (name, index), text)
        out.append(text)
        lines += text.count("\n") + 1
    copy += 1
open(d + "/big.ptx", "w").write("\n".join(out) + "\n")
PY
t() { local s=$(date +%s.%N); "$@" >/dev/null || return 1; echo "$(date +%s.%N) - $s" | bc; }
"$bin/simt-ptxas" "$dir/big.ptx" -S -o "$dir/big.s"
tp=$(t "$bin/simt-ptxas" "$dir/big.ptx" -o "$dir/big.o") || { echo "ptxas_throughput: simt-ptxas failed" >&2; exit 1; }
ta=$(t "$bin/simt-as" "$dir/big.s" -o "$dir/big2.o") || { echo "ptxas_throughput: simt-as failed" >&2; exit 1; }
cmp -s "$dir/big.o" "$dir/big2.o" || echo "note: simt-as on the -S text gave different bytes" >&2
python3 -c "
lp=$(wc -l < "$dir/big.ptx"); la=$(wc -l < "$dir/big.s"); k=$(grep -c '\.entry' "$dir/big.ptx")
tp=$tp; ta=$ta
print(f'simt-ptxas: {lp} PTX lines ({k} kernels) in {tp:.3f} s = {lp/tp/1e3:.0f}k lines/s')
print(f'simt-as   : {la} assembly lines (its -S output) in {ta:.3f} s = {la/ta/1e3:.0f}k lines/s')
print(f'ratio simt-as / simt-ptxas lines/s: {(la/ta)/(lp/tp):.1f}')"
