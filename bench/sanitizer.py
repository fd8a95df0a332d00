#!/usr/bin/env python3
"""The sanitizer's cost on CUDA corpus programs (test/cuda), in one run:
each program's CPU time (user + system, so that other work on a shared
host weighs less than in wall time) plainly and under memcheck, initcheck, synccheck
and racecheck (SIMT_EMU_FLAGS=--sanitize=TOOL), runs alternating, the best
of --runs each, and the ratios to the plain run. With --baseline BUILD (a
build of the tree before the sanitizer, or any other), the plain runs also
alternate with the same program on that build's libcudart.so
(LD_PRELOAD: it satisfies the program's libcudart.so before its RPATH is
searched): the sanitizer off
must cost nothing.

    sanitizer.py BUILD [--runs N] [--baseline OTHER_BUILD] [--markdown]
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile

SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "cuda")
# Programs that run long enough (0.1 s and more plainly) to time.
PROGRAMS = ["hotspot", "srad", "histogram_shared", "backprop", "device_heap", "lud",
            "particle_filter", "saxpy"]
TOOLS = ["memcheck", "initcheck", "synccheck", "racecheck"]


def timed(argv, env):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    elapsed = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if r.returncode != 0:
        sys.exit(f"{argv[0]} failed ({r.returncode}): {r.stderr.decode()[-500:]}")
    return elapsed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--baseline")
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args()
    nvcc = os.path.join(a.build, "bin", "simt-nvcc")
    work = tempfile.mkdtemp(prefix="simt-sanitizer-bench-")
    base = dict(os.environ)
    base.pop("SIMT_EMU_FLAGS", None)
    variants = [("plain", dict(base))]
    if a.baseline:
        variants.append(("baseline", dict(base, LD_PRELOAD=os.path.join(a.baseline, "lib64", "libcudart.so"))))
    variants += [(t, dict(base, SIMT_EMU_FLAGS=f"--sanitize={t}")) for t in TOOLS]
    rows = []
    for p in PROGRAMS:
        app = os.path.join(work, p)
        subprocess.run([nvcc, "-O2", os.path.join(SRC, p + ".cu"), "-o", app], check=True)
        best = {name: float("inf") for name, _ in variants}
        for _ in range(a.runs):
            for name, env in variants:  # alternating: the host's drift hits all alike
                best[name] = min(best[name], timed([app], env))
        rows.append((p, best))
    names = [n for n, _ in variants]
    if a.markdown:
        print("| program | plain s | " + " | ".join(f"{n} x" for n in names[1:]) + " |")
        print("|---|---|" + "---|" * (len(names) - 1))
    else:
        print(f"{'program':18} {'plain s':>8} " + " ".join(f"{n:>10}" for n in names[1:]))
    ratios = {n: [] for n in names[1:]}
    for p, best in rows:
        cells = []
        for n in names[1:]:
            r = best[n] / best["plain"]
            ratios[n].append(r)
            cells.append(f"{r:.2f}")
        if a.markdown:
            print(f"| {p} | {best['plain']:.3f} | " + " | ".join(cells) + " |")
        else:
            print(f"{p:18} {best['plain']:8.3f} " + " ".join(f"{c:>10}" for c in cells))
    med = [f"{statistics.median(ratios[n]):.2f}" for n in names[1:]]
    worst = [f"{max(ratios[n]):.2f}" for n in names[1:]]
    if a.markdown:
        print("| median | | " + " | ".join(med) + " |")
        print("| worst | | " + " | ".join(worst) + " |")
    else:
        print(f"{'median':18} {'':8} " + " ".join(f"{c:>10}" for c in med))
        print(f"{'worst':18} {'':8} " + " ".join(f"{c:>10}" for c in worst))


if __name__ == "__main__":
    main()
