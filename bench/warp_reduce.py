#!/usr/bin/env python3
"""A warp-shuffle block reduction against the same reduction through shared
memory, in one run: bench/programs/warp_reduce.cu built by simt-nvcc
-arch=sm_35, a grid-stride sum of N ints (THREADS 256, about PER_THREAD
elements a thread), each block reducing its threads' sums

  shfl       with __shfl_down_sync in each warp, then across the warps
  smem       with the classic shared-memory tree, __syncthreads() each step
  smem_tail  the same tree down to 64 values, then a warp-synchronous tail
             through volatile shared memory (correct on lockstep warps)

One kernel launch per process, the variants alternating, --runs times each:
warp-instructions from the statistics JSON (SIMT_EMU_FLAGS="--stats-file
F"; deterministic, so every run must give the same count), time the wall
clock of the launch and its cudaDeviceSynchronize (measured by the program,
best and median of the runs). Per variant: warp-instructions and
nanoseconds per element, and the ratios to shfl. Every run's sum is checked
against the host's sum of the same input (by the program, and here): a
wrong sum stops the benchmark.

    warp_reduce.py BUILD [--sizes 1048576,4194304] [--per-thread 8] [--runs 9] [--markdown]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from programs import run  # noqa: E402

VARIANTS = ["shfl", "smem", "smem_tail"]


def one_run(app, variant, n, per_thread, stats, env):
    """One process, its sum checked: (blocks, seconds, warp-instructions, SIMD efficiency)."""
    try:
        out = run([app, variant, str(n), str(per_thread)],
                  env=dict(env, SIMT_EMU_FLAGS="--stats-file " + stats)).stdout.split()
    except subprocess.CalledProcessError as e:  # the program's own check, or a fault
        sys.exit("%s n=%d: exit status %d\n%s%s" % (variant, n, e.returncode, e.stdout, e.stderr))
    f = dict(zip(out[0::2], out[1::2]))
    if f["sum"] != f["host"]:
        sys.exit("%s n=%d: wrong sum %s, host %s" % (variant, n, f["sum"], f["host"]))
    s = json.load(open(stats))
    return int(f["blocks"]), float(f["seconds"]), s["instructions"]["warp"], \
        s["simt"]["simd_efficiency"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--sizes", default="1048576,4194304")
    ap.add_argument("--per-thread", type=int, default=8)
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args()
    env = dict(os.environ)
    env.pop("SIMT_EMU_FLAGS", None)
    work = tempfile.mkdtemp(prefix="simt-warp-reduce-bench-")
    app = os.path.join(work, "warp_reduce")
    run([os.path.join(a.build, "bin", "simt-nvcc"), "-arch=sm_35", "-O2",
         os.path.join(HERE, "programs", "warp_reduce.cu"), "-o", app])
    stats = os.path.join(work, "stats.json")
    head = ("N", "blocks", "variant", "warp-ins", "warp-ins/elem", "SIMD eff",
            "ns/elem best", "ns/elem median", "warp-ins x shfl", "time x shfl")
    form = "%9s %6s %-10s %9s %13s %8s %12s %14s %15s %11s"
    if a.markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
    else:
        print(form % head)
    for n in (int(x, 0) for x in a.sizes.split(",")):
        times = {v: [] for v in VARIANTS}
        counts = {}
        for _ in range(a.runs):
            for v in VARIANTS:  # alternating: the host's drift hits all alike
                blocks, t, warp, eff = one_run(app, v, n, a.per_thread, stats, env)
                if counts.setdefault(v, (warp, eff)) != (warp, eff):
                    sys.exit("%s n=%d: warp-instructions differ between runs: %d, %d"
                             % (v, n, counts[v][0], warp))
                times[v].append(t)
        base_warp, base_t = counts["shfl"][0], min(times["shfl"])
        for v in VARIANTS:
            warp, eff = counts[v]
            vals = (n, blocks, v, warp, "%.4f" % (warp / n), "%.3f" % eff,
                    "%.2f" % (1e9 * min(times[v]) / n),
                    "%.2f" % (1e9 * statistics.median(times[v]) / n),
                    "%.2f" % (warp / base_warp), "%.2f" % (min(times[v]) / base_t))
            if a.markdown:
                print("| " + " | ".join(str(x) for x in vals) + " |")
            else:
                print(form % vals)
        sys.stdout.flush()
    print("%d runs of each variant, alternating; THREADS 256, %d elements a thread; "
          "time: wall clock of the launch and its synchronize; x shfl: the variant's "
          "figure over shfl's (time: best over best)" % (a.runs, a.per_thread))


if __name__ == "__main__":
    main()
