#!/usr/bin/env python3
"""Fill in the CHECK lines of test/dbg/*.dbg sessions from simt-dbg's output.

A .dbg test is both the debugger's command file (`-x %s`; lines starting with
`#` are comments to simt-dbg) and the FileCheck file. This script runs the
session with a marker after every command and writes, under each command,
`# CHECK:` for its first output line and `# CHECK-NEXT:` for the others.
Review the diff before keeping it: the output is what the debugger does
today, not necessarily what it should do. Lines marked `# KEEP` and checks
with another prefix are kept; old `# CHECK...:` lines are dropped. A command
followed by `# NOCHECK` gets no checks (long tables).

  update_dbg_checks.py --bin build/bin test/dbg/FILE.dbg...
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

MARK = "@@@ command "


def escape(line):
    out = re.sub(r"\{\{|\[\[", lambda m: "{{\\" + m.group(0)[0] + "\\" + m.group(0)[0] + "}}", line)
    return out.rstrip()


def run_lines(path):
    runs = []
    for line in open(path):
        m = re.search(r"RUN:\s*(.*)$", line)
        if m:
            runs.append(m.group(1).strip())
    return runs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    env = dict(os.environ)
    env["PATH"] = os.path.abspath(args.bin) + os.pathsep + env.get("PATH", "")
    for path in args.files:
        src_dir = os.path.dirname(os.path.abspath(path))
        lines = open(path).read().split("\n")
        kept = [l for l in lines if not re.match(r"\s*#\s*CHECK(-NEXT|-EMPTY)?:", l) or "KEEP" in l]
        with tempfile.TemporaryDirectory() as tmp:
            t = os.path.join(tmp, "t")
            cmds = os.path.join(tmp, "cmds")
            index = []  # kept-line index of each command
            with open(cmds, "w") as f:
                for i, l in enumerate(kept):
                    f.write(l + "\n")
                    if l.strip() and not l.lstrip().startswith("#"):
                        f.write("echo %s%d\\n\n" % (MARK, len(index)))
                        index.append(i)
            dbg = None
            for r in run_lines(path):
                r = r.replace("%S", src_dir).replace("%t", t).replace("%s", cmds)
                r = r.replace("%examples", os.path.join(src_dir, "..", "..", "examples"))
                if r.startswith("simt-dbg") and "--check-prefix" not in r:
                    dbg = r.split("|")[0].split(">")[0]
                elif r.startswith("simt-as") or r.startswith("sed "):
                    subprocess.run(r, shell=True, check=True, env=env, cwd=tmp)
            if dbg is None:
                print("%s: no `simt-dbg ... | FileCheck` RUN line" % path, file=sys.stderr)
                continue
            out = subprocess.run(dbg, shell=True, env=env, cwd=tmp, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, text=True).stdout
        # The output of command n comes before marker n.
        outputs = [[]]
        for l in out.split("\n"):
            if l.startswith(MARK):
                outputs.append([])
            else:
                outputs[-1].append(l)
        result = []
        at = {idx: n for n, idx in enumerate(index)}
        for i, l in enumerate(kept):
            result.append(l)
            if i in at:
                n = at[i]
                if "# NOCHECK" in l or n >= len(outputs):
                    continue
                body = outputs[n]
                while body and body[-1] == "":
                    body.pop()
                for j, o in enumerate(body):
                    if o == "":
                        result.append("# CHECK-EMPTY:")
                    else:
                        result.append("# %s %s" % ("CHECK:" if j == 0 else "CHECK-NEXT:", escape(o)))
        open(path, "w").write("\n".join(result))


if __name__ == "__main__":
    main()
