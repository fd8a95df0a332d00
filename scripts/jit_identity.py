#!/usr/bin/env python3
"""Runs every example and every emulator lit test's kernel with --jit off and
--jit on and checks that the output, the exit status and the statistics JSON
are byte for byte the same; only "wall_seconds" and the "jit" object (which
exists only with the JIT on) are left out of the comparison.

The cases and their flags are threads_determinism.py's (each test's own RUN
lines, each also under the random scheduler with a fixed seed), run in
serial epochs. Prints how many warp-instructions ran compiled in all, so a
JIT that never ran cannot pass unnoticed.

    jit_identity.py BINDIR SRCROOT [--jobs N] [--mode on|auto]
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import threads_determinism as td  # noqa: E402  (the cases and their set-up)


def run_once(bindir, obj, script, flags, jit, workdir):
    stats = os.path.join(workdir, "stats-%s.json" % jit)
    if os.path.exists(stats):
        os.remove(stats)
    cmd = [os.path.join(bindir, "simt-emu"), obj, script, *flags, "--jit", jit,
           "--stats-file", stats]
    p = subprocess.run(cmd, cwd=workdir, capture_output=True, timeout=300)
    text, compiled = b"", 0
    if os.path.exists(stats):
        d = json.load(open(stats))
        d.pop("wall_seconds", None)
        compiled = d.pop("jit", {}).get("warp_instructions", 0)
        text = json.dumps(d, sort_keys=True).encode()
    wall = re.compile(rb'"wall_seconds": [0-9.e+-]+')
    # A script's own `stats` command prints the JSON: mask the JIT's object.
    jitobj = re.compile(rb',?\s*"jit": \{[^}]*\}')
    out = jitobj.sub(b"", wall.sub(b"WALL", p.stdout.replace(stats.encode(), b"STATS")))
    err = jitobj.sub(b"", wall.sub(b"WALL", p.stderr.replace(stats.encode(), b"STATS")))
    return (p.returncode, out, err, text), compiled


def check_case(bindir, case, mode):
    name, source, script, configs = case
    with tempfile.TemporaryDirectory() as work:
        obj = os.path.join(work, "kernel.o")
        a = subprocess.run([os.path.join(bindir, "simt-as"), source, "-o", obj],
                           capture_output=True)
        if a.returncode != 0:
            return name, 0, 0, ["%s: simt-as failed: %s" % (name, a.stderr.decode()[:200])]
        for loaded in re.findall(r"^\s*load\s+(\S+)", open(script).read(), re.M):
            dst = os.path.join(work, loaded)
            if not os.path.exists(dst):
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                os.link(obj, dst)
        local = os.path.join(work, os.path.basename(script))
        with open(local, "w") as f:
            f.write(open(script).read())
        problems, runs, compiled = [], 0, 0
        for flags in configs:
            for sched in ([], ["--sched", "random", "--seed", "7"]):
                ref, _ = run_once(bindir, obj, local, flags + sched, "off", work)
                got, n = run_once(bindir, obj, local, flags + sched, mode, work)
                runs += 2
                compiled += n
                if got != ref:
                    what = [k for k, x, y in zip(("exit status", "stdout", "stderr",
                                                  "statistics"), ref, got) if x != y]
                    problems.append("%s %s: --jit %s differs from --jit off in %s" %
                                    (name, " ".join(flags + sched), mode, ", ".join(what)))
        return name, runs, compiled, problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bindir")
    ap.add_argument("srcroot")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--mode", default="on", choices=("on", "auto"))
    args = ap.parse_args()
    cases = td.discover(os.path.abspath(args.srcroot))
    total_runs, total_compiled, problems = 0, 0, []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for name, runs, compiled, probs in pool.map(
                lambda c: check_case(os.path.abspath(args.bindir), c, args.mode), cases):
            total_runs += runs
            total_compiled += compiled
            problems += probs
    for p in problems:
        print("MISMATCH: " + p)
    print("%d scripts, %d runs with --jit off and %s, %d warp-instructions compiled: %s" %
          (len(cases), total_runs, args.mode, total_compiled,
           "bit-identical" if not problems else "%d mismatches" % len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
