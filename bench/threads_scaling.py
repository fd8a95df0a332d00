#!/usr/bin/env python3
"""Parallel epochs on host threads: kernel wall time (the statistics'
"wall_seconds", host setup excluded) of many-CTA kernels with
--epochs parallel --threads 1, 2, ... against --epochs serial, in one run,
alternating the configurations so that load drifts hit them alike; best and
median of --runs. Also checks that every thread count gives the same
statistics (cycles, instructions, L2 counts) and measures the machine's own
ceiling: the --threads 1 run as two concurrent processes against two in a
row (what two cores give two independent jobs here).

    threads_scaling.py BINDIR [--runs 5] [--threads 1,2] [--only vecadd,matmul]

Workloads: examples/vecadd.s at 4M elements (16384 CTAs of 256 threads, one
thread per element) and test/cuda/matmul.cu compiled by simt-cc at 256^2
(256 CTAs of 16x16, shared-memory tiles, barriers).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

VECADD_SCRIPT = """alloc a u32[4194304] = iota
alloc b u32[4194304] = 1000
alloc c u32[4194304]
launch vecadd grid=16384 block=256 args=(a, b, c, 4194304u32)
wait
expect c[0] == 1000
expect c[4194303] == 4195303
"""


def build(bindir, work, name):
    obj, script = os.path.join(work, name + ".o"), os.path.join(work, name + ".simt")
    if name == "vecadd":
        subprocess.run([os.path.join(bindir, "simt-as"), os.path.join(ROOT, "examples/vecadd.s"),
                        "-o", obj], check=True)
        open(script, "w").write(VECADD_SCRIPT)
    else:
        subprocess.run([os.path.join(bindir, "simt-cc"), os.path.join(ROOT, "test/cuda/matmul.cu"),
                        "-o", obj], check=True)
        with open(script, "w") as f:
            subprocess.run([sys.executable, os.path.join(ROOT, "test/cuda/Inputs/ref.py"), "matmul",
                            "--size", "256", "--no-expect"], stdout=f, check=True)
    return obj, script


def run(bindir, obj, script, flags, work):
    stats = os.path.join(work, "stats.json")
    subprocess.run([os.path.join(bindir, "simt-emu"), obj, script, "--stats-file", stats, *flags],
                   check=True, stdout=subprocess.DEVNULL)
    d = json.load(open(stats))
    wall = d.pop("wall_seconds")
    for sm in d.get("by_sm", []):
        sm.pop("wall_seconds", None)
    return wall, json.dumps(d, sort_keys=True)


def ceiling(bindir, obj, script, reps):
    """Two --threads 1 runs at once against two in a row (process wall time)."""
    cmd = [os.path.join(bindir, "simt-emu"), obj, script, "--epochs", "parallel", "--threads", "1"]
    best_seq = best_conc = float("inf")
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(2):
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        t1 = time.perf_counter()
        ps = [subprocess.Popen(cmd, stdout=subprocess.DEVNULL) for _ in range(2)]
        for p in ps:
            p.wait()
        t2 = time.perf_counter()
        best_seq, best_conc = min(best_seq, t1 - t0), min(best_conc, t2 - t1)
    return best_seq / best_conc


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bindir")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--only", default="vecadd,matmul")
    args = ap.parse_args()
    counts = [int(x) for x in args.threads.split(",")]
    configs = [("serial", ["--epochs", "serial"])] + [
        ("parallel t%d" % t, ["--epochs", "parallel", "--threads", str(t)]) for t in counts]
    print("| kernel | configuration | best s | median s | speed-up vs parallel t1 (best / median) |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as work:
        for name in args.only.split(","):
            obj, script = build(args.bindir, work, name)
            times = {c: [] for c, _ in configs}
            stats = {}
            for _ in range(args.runs):
                for c, flags in configs:
                    wall, st = run(args.bindir, obj, script, flags, work)
                    times[c].append(wall)
                    stats.setdefault(c, set()).add(st)
            par = [s for c, s in stats.items() if c != "serial"]
            same = all(len(s) == 1 for s in par) and len(set().union(*par)) == 1
            base = times["parallel t1"]
            for c, _ in configs:
                t = times[c]
                ratio = "%.2f / %.2f" % (min(base) / min(t), statistics.median(base) /
                                         statistics.median(t))
                print("| %s | %s | %.3f | %.3f | %s |" % (name, c, min(t), statistics.median(t),
                                                          ratio))
            print("| %s | statistics of every thread count | %s | | |" %
                  (name, "identical" if same else "DIFFER"))
            print("| %s | machine ceiling: 2 processes at once vs in a row | %.2fx | | |" %
                  (name, ceiling(args.bindir, obj, script, max(2, args.runs // 2))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
