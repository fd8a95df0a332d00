#!/usr/bin/env python3
"""CUB's radix sort and reduce on the emulator against Thrust's host backend
on the same data, in one run: bench/programs/cub_sort.cu built twice, by
simt-nvcc -arch=sm_35 (cub::DeviceRadixSort::SortKeys, cub::DeviceReduce::Sum
of 32-bit keys) and by the host compiler with -DHOST_BACKEND (thrust::sort and
thrust::reduce with THRUST_DEVICE_SYSTEM_CPP). Both programs check their
result against std::sort or a plain sum (a wrong result stops the
benchmark) and time the algorithm alone. Per size and algorithm: the best of
--runs wall times on each side, nanoseconds per key, and the ratio
emulated / host (how many times slower the emulated GPU is than one host
core running Thrust's sequential backend), with the emulator's
warp-instructions per key from its statistics.

    cub_sort.py BUILD [--sizes 1048576,16777216] [--runs 3] [--cxx clang++-19] [--markdown]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from programs import run  # noqa: E402


def best(cmd, runs, env=None, stats=None):
    """The best of `runs` timings of cmd (each checked), and the emulator's
    warp-instructions of the last run (None without stats)."""
    times = []
    for _ in range(runs):
        e = dict(env or os.environ)
        if stats:
            e["SIMT_EMU_FLAGS"] = "--stats-file " + stats
        try:
            out = run(cmd, env=e).stdout.split()
        except subprocess.CalledProcessError as err:
            sys.exit("%s: exit status %d\n%s%s" % (" ".join(cmd), err.returncode, err.stdout,
                                                   err.stderr))
        if out[-1] != "ok":
            sys.exit("%s: wrong result" % " ".join(cmd))
        times.append(float(out[1]))
    warp = json.load(open(stats))["instructions"]["warp"] if stats else None
    return min(times), warp


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--sizes", default="1048576,16777216")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cxx", default="clang++-19")
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args()
    env = dict(os.environ)
    env.pop("SIMT_EMU_FLAGS", None)
    work = tempfile.mkdtemp(prefix="simt-cub-sort-bench-")
    src = os.path.join(HERE, "programs", "cub_sort.cu")
    emulated, host = os.path.join(work, "cub_sort"), os.path.join(work, "cub_sort_host")
    run([os.path.join(a.build, "bin", "simt-nvcc"), "-arch=sm_35", "-O2", src, "-o", emulated])
    run([a.cxx, "-O2", "-std=c++17", "-x", "c++", "-DHOST_BACKEND", src, "-o", host])
    stats = os.path.join(work, "stats.json")
    head = ("N", "algorithm", "emulated s", "host s", "emulated ns/key", "host ns/key",
            "emulated / host", "warp-ins/key")
    form = "%9s %-9s %11s %9s %16s %12s %16s %13s"
    if a.markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
    else:
        print(form % head)
    for n in (int(x, 0) for x in a.sizes.split(",")):
        for algo in ("sort", "reduce"):
            e, warp = best([emulated, algo, str(n), "1"], a.runs, env, stats)
            h, _ = best([host, algo, str(n), "1"], a.runs, env)
            vals = (n, algo, "%.3f" % e, "%.4f" % h, "%.1f" % (1e9 * e / n),
                    "%.2f" % (1e9 * h / n), "%.0f" % (e / h), "%.2f" % (warp / n))
            if a.markdown:
                print("| " + " | ".join(str(x) for x in vals) + " |")
            else:
                print(form % vals)
            sys.stdout.flush()
    print("best of %d runs each; keys: 32-bit splitmix64(1); emulated: CUB on simt-emu "
          "(its default configuration), host: Thrust's CPP backend, %s -O2, one core"
          % (a.runs, a.cxx))


if __name__ == "__main__":
    main()
