#!/usr/bin/env python3
"""Compiles every CUDA file of a directory that simt-cc translates (those
whose RUN lines do not expect `not simt-cc`) with `simt-cc -g` and checks
that llvm-dwarfdump --verify accepts the object, that its .debug_line has
rows for the source file, and that the -S text assembles to the same bytes.

llvm-dwarfdump cannot apply this machine's relocations, so every function's
code (its own section) starts at address 0 to it: two subprograms then
"overlap". That report, between two DW_TAG_subprograms, is the one error
tolerated; any other fails.

  dwarf_verify.py --tmp DIR --dir CUDA_DIR
"""
import argparse
import concurrent.futures
import glob
import os
import re
import subprocess
import sys


def run(cmd):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def verify_errors(output):
    """The errors of llvm-dwarfdump --verify's output, but for overlaps
    between two subprograms (sections it cannot relocate)."""
    errors = []
    lines = output.splitlines()
    for n, line in enumerate(lines):
        if not line.startswith("error:") or "Aggregated error counts" in line or \
                re.search(r"occurred \d+ time", line):
            continue
        if line.startswith("error: DIEs have overlapping address ranges"):
            tags = [re.match(r"0x[0-9a-f]+: (DW_TAG_\w+)", l) for l in lines[n + 1:n + 40]]
            tags = [t.group(1) for t in tags if t][:2]
            if tags == ["DW_TAG_subprogram", "DW_TAG_subprogram"]:
                continue
        errors.append(line)
    return errors


def check(src, tmp):
    """The problems of one file ([] when none), or None when simt-cc cannot
    translate it at all (that is its own test's business)."""
    base = os.path.join(tmp, os.path.splitext(os.path.basename(src))[0])
    obj, text, again = base + ".o", base + ".s", base + ".2.o"
    # --keep-ptx: the -S text below comes from the same PTX, so clang runs
    # once per file (the directory is large and CI has two cores).
    r = run(["simt-cc", "-g", src, "--keep-ptx", "-o", obj])
    if r.returncode != 0:
        if run(["simt-cc", src, "-o", base + ".nodebug.o"]).returncode != 0:
            return None
        return ["%s: simt-cc -g failed where simt-cc does not:\n%s" % (src, r.stderr)]
    problems = []
    v = run(["llvm-dwarfdump", "--verify", obj])
    if ("No errors." not in v.stdout and verify_errors(v.stdout)) or \
            ("Errors detected." not in v.stdout and v.returncode != 0):
        problems.append("%s: llvm-dwarfdump --verify:\n%s%s" % (src, v.stdout, v.stderr))
    d = run(["llvm-dwarfdump", "--debug-line", obj])
    name = os.path.basename(src)
    if "name: \"%s\"" % name not in d.stdout or "is_stmt" not in d.stdout:
        problems.append("%s: no line table rows for %s" % (src, name))
    s = run(["simt-cc", base + ".ptx", "-S", "-o", text])
    a = run(["simt-as", text, "-o", again])
    if s.returncode != 0 or a.returncode != 0:
        problems.append("%s: -S or simt-as failed:\n%s%s" % (src, s.stderr, a.stderr))
    elif open(obj, "rb").read() != open(again, "rb").read():
        problems.append("%s: the -S text assembles to other bytes" % src)
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tmp", required=True)
    ap.add_argument("--dir", required=True)
    args = ap.parse_args()
    args.sources = [f for f in sorted(glob.glob(os.path.join(args.dir, "*.cu")))
                    if "not simt-cc" not in open(f).read()]
    os.makedirs(args.tmp, exist_ok=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda src: check(src, args.tmp), args.sources))
    failures = [f for problems in results if problems for f in problems]
    skipped = [src for src, problems in zip(args.sources, results) if problems is None]
    for src in skipped:
        print("skipped (simt-cc does not translate it, with or without -g): " + src)
    for f in failures:
        print("FAIL: " + f)
    print("%d of %d objects with debug information verified" %
          (sum(1 for r in results if r == []), len(args.sources)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
