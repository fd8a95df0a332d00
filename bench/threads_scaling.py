#!/usr/bin/env python3
"""Parallel epochs on host threads: kernel wall time (the statistics'
"wall_seconds", host setup excluded) of many-CTA kernels with
--epochs parallel --threads 1, 2, ... against --epochs serial, in one run,
alternating the configurations so that load drifts hit them alike; best and
median of --runs. Also checks that every thread count gives the same
statistics (cycles, instructions, L2 counts) and measures the machine's own
ceiling: the --threads 1 run's kernel time alone against two such runs at
once (what two cores give two independent jobs here).

It also prints the host's cross-core round trip and the cost of a parallel
epoch's hand-offs before and after (BINDIR/simt-core-roundtrip), and for
each kernel what the hand-offs alone would take if every one of its
cycles / quantum epochs handed off (quiet epochs do not, docs/parallel-
epochs.md), against the ideal two-thread time (parallel t1 / 2), and the
speed-up that would leave at most.

On a virtual machine the host may take a vCPU away mid-run (steal time, the
8th field of /proc/stat's cpu line); a run during which more than
--max-steal of its wall time was stolen is run again (up to 3 times) and
counted in the "retried" column, so that the figures measure the emulator,
not the neighbours.

    threads_scaling.py BINDIR [--runs 5] [--threads 1,2] [--only vecadd,matmul]
                      [--sms N] [--quantum Q] [--max-steal 0.02]

--sms and --quantum (cycles per epoch) pass on to simt-emu; 0 leaves its
default (4 SMs, 64 cycles).

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


def stolen():
    """Seconds of steal time so far, all CPUs (0 where not reported)."""
    try:
        with open("/proc/stat") as f:
            fields = f.readline().split()
        return int(fields[8]) / os.sysconf("SC_CLK_TCK") if len(fields) > 8 else 0.0
    except OSError:
        return 0.0


def round_trip(bindir):
    """simt-core-roundtrip's lines ("round trip: N ns", "epoch hand-off: N ns
    (...)") joined, and the hand-off in seconds (None if not measured)."""
    tool = os.path.join(bindir, "simt-core-roundtrip")
    if not os.path.exists(tool):
        return "simt-core-roundtrip not built", None
    out = subprocess.run([tool], capture_output=True, text=True, check=True).stdout
    hand_off = None
    for line in out.splitlines():
        if line.startswith("epoch hand-off: "):
            hand_off = float(line.split()[2]) * 1e-9
    return "; ".join(out.strip().splitlines()), hand_off


def emu_cmd(bindir, obj, script, stats, flags):
    return [os.path.join(bindir, "simt-emu"), obj, script, "--stats-file", stats, *flags]


def kernel_stats(stats):
    d = json.load(open(stats))
    wall = d.pop("wall_seconds")
    for sm in d.get("by_sm", []):
        sm.pop("wall_seconds", None)
    return wall, json.dumps(d, sort_keys=True)


def run(bindir, obj, script, flags, work, max_steal, retried):
    """One run's kernel wall time and statistics; runs again (up to 3 times)
    while more than max_steal of its wall time was stolen."""
    stats = os.path.join(work, "stats.json")
    for attempt in range(3):
        s0 = stolen()
        subprocess.run(emu_cmd(bindir, obj, script, stats, flags), check=True,
                       stdout=subprocess.DEVNULL)
        wall, st = kernel_stats(stats)
        if stolen() - s0 <= max_steal * wall or attempt == 2:
            return wall, st
        retried[0] += 1


def ceiling(bindir, obj, script, flags, reps, work):
    """Kernel time of a --threads 1 run alone against two such runs at once:
    the throughput two cores give two independent jobs (bests of reps)."""
    one = [os.path.join(work, "c%d.json" % i) for i in range(2)]
    alone = both = float("inf")
    for _ in range(reps):
        subprocess.run(emu_cmd(bindir, obj, script, one[0], flags), check=True,
                       stdout=subprocess.DEVNULL)
        alone = min(alone, kernel_stats(one[0])[0])
        ps = [subprocess.Popen(emu_cmd(bindir, obj, script, p, flags), stdout=subprocess.DEVNULL)
              for p in one]
        for p in ps:
            p.wait()
        both = min(both, max(kernel_stats(p)[0] for p in one))
    return 2 * alone / both


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bindir")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--only", default="vecadd,matmul")
    ap.add_argument("--sms", type=int, default=0, help="--sms for simt-emu (0: its default)")
    ap.add_argument("--quantum", type=int, default=0,
                    help="--quantum for simt-emu (0: its default)")
    ap.add_argument("--max-steal", type=float, default=0.02)
    args = ap.parse_args()
    counts = [int(x) for x in args.threads.split(",")]
    common = (["--sms", str(args.sms)] if args.sms else []) + \
        (["--quantum", str(args.quantum)] if args.quantum else [])
    configs = [("serial", common + ["--epochs", "serial"])] + [
        ("parallel t%d" % t, common + ["--epochs", "parallel", "--threads", str(t)])
        for t in counts]
    retried = [0]
    before, hand_off = round_trip(args.bindir)
    print("| kernel | configuration | best s | median s | speed-up vs parallel t1 (best / median) |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as work:
        for name in args.only.split(","):
            obj, script = build(args.bindir, work, name)
            times = {c: [] for c, _ in configs}
            stats = {}
            for _ in range(args.runs):
                for c, flags in configs:
                    wall, st = run(args.bindir, obj, script, flags, work, args.max_steal,
                                   retried)
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
            if hand_off is not None:
                cycles = json.loads(next(iter(stats["parallel t1"])))["cycles"]
                epochs = -(-cycles // (args.quantum or 64))
                half = min(base) / 2
                print("| %s | hand-offs if all %d epochs hand off: x %.0f ns = %.4f s, %.0f%% of "
                      "parallel t1 / 2 | t2 at most %.2fx | | |" %
                      (name, epochs, hand_off * 1e9, epochs * hand_off,
                       100 * epochs * hand_off / half, min(base) / (half + epochs * hand_off)))
            print("| %s | machine ceiling: two --threads 1 runs at once (kernel time) | %.2fx | | |"
                  % (name, ceiling(args.bindir, obj, script, configs[1][1], max(2, args.runs // 2),
                                   work)))
    print("runs repeated for steal time above %.0f%% of their wall time: %d" %
          (100 * args.max_steal, retried[0]))
    print("before: %s" % before)
    print("after: %s" % round_trip(args.bindir)[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
