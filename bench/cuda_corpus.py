#!/usr/bin/env python3
"""Per-kernel figures of the CUDA corpus (test/cuda/*.cu): static PTX
instructions (clang's, per .entry) against the SIMT instructions simt-cc
emits, registers, spill instructions (STL/LDL in the code) and .local bytes,
then dynamic warp-instructions, SIMD efficiency and executed spill traffic
from simt-emu --stats on the test's own run script, restricted to the
launches of that kernel (the other kernels' launches and the expects are
dropped, so each row is one kernel's work).

    cuda_corpus.py BIN_DIR [--markdown]
"""
import json
import os
import re
import subprocess
import sys
import tempfile

SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "cuda")
BIN = sys.argv[1] if len(sys.argv) > 1 else "build/bin"
MARKDOWN = "--markdown" in sys.argv

PTX_ENTRY = re.compile(r"^\.(?:visible\s+)?\.entry\s+(\w+)")
PTX_INSN = re.compile(r"^\s*(@!?%\w+\s+)?[a-z][\w.]*(\s|;)")


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, check=True, **kw)


def ptx_counts(ptx):
    """Instructions per .entry: statements in the body that are not
    declarations, labels or braces."""
    counts, cur = {}, None
    for line in ptx.splitlines():
        m = PTX_ENTRY.match(line)
        if m:
            cur = m.group(1)
            counts[cur] = 0
            continue
        s = line.strip()
        if cur and s == "}" and not line.startswith("\t"):
            cur = None
        elif cur and s and not s.startswith(("//", ".", "{", "}", "$")) and PTX_INSN.match(s):
            counts[cur] += 1
    return counts


def asm_counts(asm):
    """Per .kernel: instructions, and STL/LDL among them (spill code: the
    corpus kernels declare no local arrays)."""
    out, cur = {}, None
    for line in asm.splitlines():
        s = line.strip()
        if s.startswith(".kernel "):
            cur = s.split()[1]
            out[cur] = [0, 0]
        elif s == ".end_kernel":
            cur = None
        elif cur and s and not s.startswith((".", "//", "#")) and not s.endswith(":"):
            out[cur][0] += 1
            op = s.split()[1] if s.startswith("@") else s.split()[0]
            if op.split(".")[0] in ("STL", "LDL"):
                out[cur][1] += 1
    return out


def objdump_kernels(obj):
    rows = {}
    for line in run([os.path.join(BIN, "simt-objdump"), "--kernels", obj]).stdout.splitlines():
        f = line.split()
        if len(f) >= 6 and f[1].isdigit():
            rows[f[0]] = {"regs": int(f[1]), "shared": int(f[2]), "local": int(f[3])}
    return rows


def reference_script(cu, extra=()):
    """The run script the test generates: the `%python ... Inputs/X.py NAME`
    RUN line of the .cu file, with `extra` arguments for the generator
    (`--size N --no-expect`: bench/cuda_native.py's sizes)."""
    for line in open(cu):
        m = re.search(r"%python %S/Inputs/(\w+\.py) ([^>|]+)", line)
        # Generators that take lit substitutions (%simt_bin, %t) run the
        # emulator themselves; they do not print a script.
        if m and m.group(1) != "stack_empty.py" and "%" not in m.group(2):
            return run([sys.executable, os.path.join(SRC, "Inputs", m.group(1))]
                       + m.group(2).split() + list(extra),
                       cwd=os.path.join(SRC, "Inputs")).stdout
    return None


def only_kernel(script, kernel):
    keep = []
    for line in script.splitlines():
        if line.startswith("expect"):
            continue
        if line.startswith("launch ") and line.split()[1] != kernel:
            continue
        keep.append(line)
    return "\n".join(keep) + "\n"


def main():
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in sorted(os.listdir(SRC)):
            cu = os.path.join(SRC, name)
            if not name.endswith(".cu") or "XFAIL" in open(cu).read():
                continue
            script = reference_script(cu)
            if script is None:
                continue
            obj = os.path.join(tmp, name + ".o")
            try:
                run([os.path.join(BIN, "simt-cc"), cu, "-o", obj, "--keep-ptx"])
            except subprocess.CalledProcessError as e:
                print("%s: does not compile: %s" % (name, e.stderr.strip().splitlines()[0]))
                continue
            ptx = ptx_counts(open(os.path.join(tmp, name + ".ptx")).read())
            asm = asm_counts(run([os.path.join(BIN, "simt-cc"), cu, "-S", "-o", "-"]).stdout)
            meta = objdump_kernels(obj)
            for kernel in ptx:
                launches = [l for l in script.splitlines()
                            if l.startswith("launch ") and l.split()[1] == kernel]
                if not launches:
                    continue
                path = os.path.join(tmp, kernel + ".simt")
                with open(path, "w") as f:
                    f.write(only_kernel(script, kernel))
                stats = os.path.join(tmp, kernel + ".json")
                try:
                    run([os.path.join(BIN, "simt-emu"), obj, path, "--stats-file", stats])
                except subprocess.CalledProcessError as e:
                    # halo_memcheck's first script faults on purpose (strict
                    # mode); tests compiled with flags (-m32) take other arguments.
                    print("%s: its test's first run script stops: %s" %
                          (kernel, (e.stderr or e.stdout).strip().splitlines()[0]))
                    continue
                st = json.load(open(stats))
                ops = st["instructions"]["by_opcode"]
                if kernel not in asm or kernel not in meta:
                    print("%s: not in the -S text or objdump's table under this name" % kernel)
                    continue
                rows.append((kernel, ptx[kernel], asm[kernel][0], meta[kernel]["regs"],
                             asm[kernel][1], meta[kernel]["local"], st["instructions"]["warp"],
                             st["simt"]["simd_efficiency"],
                             ops.get("STL", 0) + ops.get("LDL", 0),
                             ops.get("MOV", 0), ops.get("NOP", 0) + ops.get("SSY", 0)))
    head = ("kernel", "PTX ins", "SIMT ins", "ratio", "regs", "spill ins", "local B",
            "warp-ins", "SIMD", "dyn spill", "dyn MOV", "dyn SSY+NOP.S")
    if MARKDOWN:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
    else:
        print("%-20s %7s %8s %5s %4s %5s %7s %9s %5s %9s %7s %8s" % head)
    for r in rows:
        vals = (r[0], r[1], r[2], "%.2f" % (r[2] / r[1]), r[3], r[4], r[5], r[6],
                "%.0f%%" % (100 * r[7]), r[8], "%.0f%%" % (100 * r[9] / r[6]),
                "%.0f%%" % (100 * r[10] / r[6]))
        if MARKDOWN:
            print("| " + " | ".join(str(v) for v in vals) + " |")
        else:
            print("%-20s %7s %8s %5s %4s %5s %7s %9s %5s %9s %7s %8s" % vals)
    total_ptx, total_simt = sum(r[1] for r in rows), sum(r[2] for r in rows)
    print("%d kernels: %d PTX instructions -> %d SIMT instructions (%.2fx)"
          % (len(rows), total_ptx, total_simt, total_simt / total_ptx))


if __name__ == "__main__":
    main()
