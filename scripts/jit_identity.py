#!/usr/bin/env python3
"""Runs every example and every emulator lit test's kernel with --jit off and
--jit on and checks that the output, the exit status and the statistics JSON
are byte for byte the same; only "wall_seconds" and the "jit" object (which
exists only with the JIT on) are left out of the comparison.

The cases and their flags are threads_determinism.py's (each test's own RUN
lines, each also under the random scheduler with a fixed seed), run in
serial epochs. Prints how many warp-instructions ran compiled in all, so a
JIT that never ran cannot pass unnoticed, and with --time the seconds the
simt-emu runs took each way (docs/jit.md: what --jit auto costs the suite).

    jit_identity.py BINDIR SRCROOT [--jobs N] [--mode on|auto] [--time]
"""
import argparse
import concurrent.futures
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import threads_determinism as td  # noqa: E402  (the cases and their set-up)


def check_case(bindir, case, mode):
    name, _, _, configs = case
    with tempfile.TemporaryDirectory() as work:
        prepared = td.prepare_case(bindir, case, work)
        if isinstance(prepared, str):
            return name, 0, 0, [prepared], {}
        obj, local = prepared
        problems, runs, compiled = [], 0, 0
        seconds = {"off": 0.0, mode: 0.0}

        def run(flags, jit):
            start = time.perf_counter()
            got, dropped, _ = td.run_emu(bindir, obj, local, flags + ["--jit", jit], jit, work,
                                         drop=("wall_seconds", "jit"))
            seconds[jit] += time.perf_counter() - start
            return got, (dropped.get("jit") or {}).get("warp_instructions", 0)
        for flags in configs:
            for sched in td.SCHEDULERS:
                ref, _ = run(flags + sched, "off")
                got, n = run(flags + sched, mode)
                runs += 2
                compiled += n
                if got != ref:
                    what = [k for k, x, y in zip(td.DIFFERING, ref, got) if x != y]
                    problems.append("%s %s: --jit %s differs from --jit off in %s" %
                                    (name, " ".join(flags + sched), mode, ", ".join(what)))
        return name, runs, compiled, problems, seconds


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bindir")
    ap.add_argument("srcroot")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--mode", default="on", choices=("on", "auto"))
    ap.add_argument("--time", action="store_true",
                    help="print the wall seconds of the runs with --jit off and with --mode")
    args = ap.parse_args()
    cases = td.discover(os.path.abspath(args.srcroot))
    total_runs, total_compiled, problems = 0, 0, []
    total_seconds = {"off": 0.0, args.mode: 0.0}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for name, runs, compiled, probs, seconds in pool.map(
                lambda c: check_case(os.path.abspath(args.bindir), c, args.mode), cases):
            for jit, s in seconds.items():
                total_seconds[jit] += s
            total_runs += runs
            total_compiled += compiled
            problems += probs
    for p in problems:
        print("MISMATCH: " + p)
    print("%d scripts, %d runs with --jit off and %s, %d warp-instructions compiled: %s" %
          (len(cases), total_runs, args.mode, total_compiled,
           "bit-identical" if not problems else "%d mismatches" % len(problems)))
    if args.time:
        print("simt-emu wall seconds: --jit off %.1f, --jit %s %.1f (%+.1f%%)" %
              (total_seconds["off"], args.mode, total_seconds[args.mode],
               100 * (total_seconds[args.mode] / total_seconds["off"] - 1)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
