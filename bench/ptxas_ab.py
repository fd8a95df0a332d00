#!/usr/bin/env python3
"""Two simt-ptxas builds on the same work: each kernel's clang PTX (from
simt-cc --keep-ptx) is translated by OLD and by NEW, both objects run on
the same simt-emu with the bench-size inputs of bench/cuda_native.py, in
alternating runs; per kernel the executed warp-instructions and the best
wall time (simt-emu --stats' wall_seconds) of each, and their ratio.

    ptxas_ab.py OLD_PTXAS BIN_DIR [--runs N] [--only vadd,saxpy,...]

BIN_DIR holds the new simt-ptxas, simt-cc and simt-emu. Build an old
simt-ptxas with `git worktree add /tmp/old COMMIT && cmake -S /tmp/old -B
/tmp/old/build -G Ninja && ninja -C /tmp/old/build simt-ptxas`.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from cuda_corpus import SRC, reference_script  # noqa: E402
from cuda_native import BENCH_SIZES  # noqa: E402

# The corpus file of each BENCH_SIZES entry.
FILES = {"vadd": "vadd", "saxpy": "saxpy", "stencil": "stencil", "gemm_naive": "gemm_naive",
         "kmeans": "kmeans", "collatz": "collatz", "search": "search", "spmv": "spmv",
         "stencil3d": "stencil3d", "blackscholes": "blackscholes", "calls": "calls",
         "matmul": "matmul", "reduce": "reduce"}


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    # Absolute: the PTX is written in a scratch directory.
    old, bin_dir = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
    only = sys.argv[sys.argv.index("--only") + 1].split(",") if "--only" in sys.argv else None
    tools = {"new": os.path.join(bin_dir, "simt-ptxas"), "old": old}
    emu = os.path.join(bin_dir, "simt-emu")
    tmp = tempfile.mkdtemp()
    speedups = []
    for key, name in FILES.items():
        if only and key not in only:
            continue
        cu = os.path.join(SRC, name + ".cu")
        subprocess.run([os.path.join(bin_dir, "simt-cc"), cu, "--keep-ptx", "-o",
                        os.path.join(tmp, name + ".o")], check=True, cwd=tmp, capture_output=True)
        objs = {}
        for tag, ptxas in tools.items():
            objs[tag] = os.path.join(tmp, "%s.%s.o" % (name, tag))
            subprocess.run([ptxas, os.path.join(tmp, name + ".ptx"), "-o", objs[tag]],
                           check=True, capture_output=True)
        script = os.path.join(tmp, name + ".simt")
        with open(script, "w") as f:
            f.write(reference_script(cu, ("--size", str(BENCH_SIZES[key]), "--no-expect")))
        best, warp = {"old": float("inf"), "new": float("inf")}, {}
        for _ in range(runs):
            for tag in ("old", "new"):
                stats = os.path.join(tmp, "stats.json")
                subprocess.run([emu, objs[tag], script, "--stats-file", stats],
                               check=True, capture_output=True)
                s = json.load(open(stats))
                best[tag] = min(best[tag], s["wall_seconds"])
                warp[tag] = s["instructions"]["warp"]
        speedups.append(best["old"] / best["new"])
        print("%-13s warp-ins %10d -> %10d (%+.0f%%)  best wall %.4f -> %.4f s (%.2fx)" %
              (key, warp["old"], warp["new"], 100.0 * (warp["new"] - warp["old"]) / warp["old"],
               best["old"], best["new"], speedups[-1]), flush=True)
    if speedups:
        print("median speed-up %.2fx over %d kernels, best of %d runs each" %
              (statistics.median(speedups), len(speedups), runs))


if __name__ == "__main__":
    main()
