#!/usr/bin/env python3
"""Fill in CHECK lines of test/asm and test/disasm files from the tools' output
(like LLVM's utils/update_mc_test_checks.py). Review the diff before keeping
it: the output is what the tools do today, not necessarily what ISA.md says.

  update_checks.py --bin build/bin FILE...

Per file kind, by the RUN line:
  * `simt-as %s --show-encoding | FileCheck`: after every instruction line,
    one `// CHECK: <text> // encoding: [...]` line.
  * `not simt-as %s ... | FileCheck`: before every line with errors, one
    `// CHECK: [[@LINE+n]]:col: error: message` per error.
  * `simt-as %s -o %t.o && simt-objdump -d %t.o | FileCheck`: after every
    `.quad` line (and instruction line) the disassembled line.
Old `// CHECK...:` lines (with the default prefix) are dropped first;
lines marked `// KEEP` are kept.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def is_statement(line):
    s = line.split("//")[0].strip()
    if not s or s.startswith(".") or s.endswith(":") or s.startswith("#"):
        return False
    return True


def strip_checks(lines):
    return [l for l in lines
            if not re.match(r"\s*// CHECK(-NEXT|-SAME|-DAG|-NOT|-EMPTY)?:", l) or "KEEP" in l]


def run(cmd):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def flags_of(lines):
    for l in lines:
        m = re.search(r"RUN:.*simt-as (.*?)%s", l)
        if m:
            return m.group(1).split()
    return []


def update_encoding(path, lines, tools):
    src = "".join(l + "\n" for l in lines)
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write(src)
    p = run([os.path.join(tools, "simt-as"), *flags_of(lines), f.name, "--show-encoding"])
    os.unlink(f.name)
    if p.returncode:
        sys.exit("%s: %s" % (path, p.stderr))
    outs = [l for l in p.stdout.splitlines() if "// encoding:" in l]
    out, k = [], 0
    for l in lines:
        out.append(l)
        if is_statement(l) and "RUN:" not in l:
            for _ in range(max(1, l.split("//")[0].count(";") + 1)):
                if k >= len(outs):
                    sys.exit("%s: more statements than output lines" % path)
                text = re.sub(r"\s+", " ", outs[k].strip())
                out.append("// CHECK: " + text)
                k += 1
    if k != len(outs):
        sys.exit("%s: %d output lines, %d used" % (path, len(outs), k))
    return out


def update_errors(path, lines, tools):
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write("".join(l + "\n" for l in lines))
    p = run([os.path.join(tools, "simt-as"), *flags_of(lines), f.name, "-o", os.devnull])
    os.unlink(f.name)
    errs = {}
    for m in re.finditer(r"^[^\n]*?:(\d+):(\d+): error: (.*)$", p.stderr, re.M):
        errs.setdefault(int(m.group(1)), []).append((int(m.group(2)), m.group(3)))
    out = []
    for i, l in enumerate(lines, 1):
        e = errs.get(i, [])
        for j, (col, msg) in enumerate(e):
            out.append("// CHECK: [[@LINE+%d]]:%d: error: %s" % (len(e) - j, col, msg))
        out.append(l)
    return out


def update_disasm(path, lines, tools):
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "in.s")
        obj = os.path.join(d, "in.o")
        with open(src, "w") as f:
            f.write("".join(l + "\n" for l in lines))
        p = run([os.path.join(tools, "simt-as"), *flags_of(lines), src, "-o", obj])
        if p.returncode:
            sys.exit("%s: %s" % (path, p.stderr))
        p = run([os.path.join(tools, "simt-objdump"), "-d", obj])
    outs = [re.sub(r"\s+", " ", l.strip()) for l in p.stdout.splitlines()
            if re.match(r"\s+/\*[0-9a-f]+\*/", l)]
    out, k = [], 0
    for l in lines:
        out.append(l)
        s = l.split("//")[0].strip()
        if (s.startswith(".quad") or is_statement(l)) and "RUN:" not in l:
            out.append("// CHECK: " + outs[k])
            k += 1
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True, help="directory of simt-as and simt-objdump")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    for path in a.files:
        with open(path) as f:
            lines = strip_checks(f.read().splitlines())
        run_lines = " ".join(l for l in lines if "RUN:" in l)
        if "not simt-as" in run_lines:
            lines = update_errors(path, lines, a.bin)
        elif "--show-encoding" in run_lines:
            lines = update_encoding(path, lines, a.bin)
        elif "simt-objdump -d" in run_lines:
            lines = update_disasm(path, lines, a.bin)
        else:
            lines = update_encoding(path, lines, a.bin)
        with open(path, "w") as f:
            f.write("".join(l + "\n" for l in lines))


if __name__ == "__main__":
    main()
