#!/usr/bin/env bash
# Assembler throughput: simt-as on a generated 100k-instruction kernel against
# llvm-mc assembling an equally long x86-64 file, in the same run.
# usage: asm_throughput.sh BIN_DIR LLVM_BIN_DIR [N]
set -euo pipefail
bin=$1; llvm=$2; n=${3:-100000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 - "$dir" "$n" <<'PY'
import random, sys
d, n = sys.argv[1], int(sys.argv[2])
r = random.Random(1)
forms = ["IADD R{a}, R{b}, R{c}", "FFMA.FTZ R{a}, -R{b}, c[0x2][0x{o:x}], R{c}",
         "@P{p} ISETP.LT.U32.AND P{p}, PT, R{a}, 0x{o:x}, !P{q}", "LD.E.64 R{e}, [R{f}+0x{o:x}]",
         "LOP.XOR R{a}, ~R{b}, R{c}", "SHL R{a}, R{b}, 0x{s:x}", "MOV32I R{a}, 0x{o:x}"]
with open(f"{d}/k.s", "w") as f:
    f.write(".kernel bench\n")
    for i in range(n):
        f.write(r.choice(forms).format(a=r.randrange(60), b=r.randrange(60), c=r.randrange(60),
                e=2 * r.randrange(30), f=2 * r.randrange(30), p=r.randrange(7), q=r.randrange(7),
                o=4 * r.randrange(1000), s=r.randrange(32)) + "\n")
    f.write("EXIT\n.end_kernel\n")
with open(f"{d}/x.s", "w") as f:
    for i in range(n + 1):
        f.write(f"addl ${r.randrange(1000)}, %e{'abcd'[i % 4]}x\n")
PY
# A failing assembler stops the script with a message (no timing of diagnostics).
t() { local s=$(date +%s.%N); "$@" >/dev/null || return 1; echo "$(date +%s.%N) - $s" | bc; }
ts=$(t "$bin/simt-as" "$dir/k.s" -o "$dir/k.o") || { echo "asm_throughput: simt-as failed" >&2; exit 1; }
tx=$(t "$llvm/llvm-mc" -triple=x86_64 -filetype=obj "$dir/x.s" -o "$dir/x.o") || { echo "asm_throughput: llvm-mc failed" >&2; exit 1; }
python3 -c "
n=$n+1; ts=$ts; tx=$tx
print(f'simt-as : {n} instructions in {ts:.3f} s = {n/ts/1e3:.0f}k instructions/s')
print(f'llvm-mc : {n} x86-64 instructions in {tx:.3f} s = {n/tx/1e3:.0f}k instructions/s')
print(f'ratio simt-as / llvm-mc throughput: {tx/ts:.2f}')"
