#!/usr/bin/env python3
"""The cost of generic windows: bench/programs/window_dot.cu built by
simt-nvcc at -O2 and -O0, in a module that calls dot() with global pointers
only, and in ones that also call it with a __constant__ array or a local
array (docs/cuda.md "Generic addresses"). The same launch each time; its
warp-instructions from the statistics JSON (SIMT_EMU_FLAGS="--stats-file
F", deterministic) and the ratio to the global-only module's. The program
checks its result against the host's; a wrong one stops the benchmark.

    window_dot.py BUILD [--markdown]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
VARIANTS = [("global only", []), ("+ __constant__ caller", ["-DWITH_CONST"]),
            ("+ local-array caller", ["-DWITH_LOCAL"])]


def warp_instructions(nvcc, opt, flags, tmp):
    app, stats = os.path.join(tmp, "dot"), os.path.join(tmp, "stats.json")
    subprocess.run([nvcc, opt] + flags + [os.path.join(HERE, "programs", "window_dot.cu"),
                                          "-o", app], check=True)
    r = subprocess.run([app], capture_output=True, text=True,
                       env=dict(os.environ, SIMT_EMU_FLAGS="--stats-file " + stats))
    if r.returncode != 0 or "PASSED" not in r.stdout:
        sys.exit("%s %s: %s%s" % (opt, " ".join(flags), r.stdout, r.stderr))
    return json.load(open(stats))["instructions"]["warp"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args()
    nvcc = os.path.join(a.build, "bin", "simt-nvcc")
    with tempfile.TemporaryDirectory() as tmp:
        rows = []
        for name, flags in VARIANTS:
            rows.append((name, [warp_instructions(nvcc, o, flags, tmp) for o in ("-O2", "-O0")]))
    base = rows[0][1]
    cell = lambda n, b: "{:,}".format(n) + ("" if n == b else " ({:+.0%})".format(n / b - 1))
    if a.markdown:
        print("| module | -O2 | -O0 |\n|---|---:|---:|")
        for name, counts in rows:
            print("| %s | %s |" % (name, " | ".join(cell(n, b) for n, b in zip(counts, base))))
    else:
        print("%-24s %18s %18s" % ("warp-instructions", "-O2", "-O0"))
        for name, counts in rows:
            print("%-24s %18s %18s" % ((name,) + tuple(cell(n, b) for n, b in zip(counts, base))))


if __name__ == "__main__":
    main()
