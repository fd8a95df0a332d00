"""The sanitizer's no-false-positive gate (test/sanitizer/corpus.test).

Runs every CUDA program of test/cuda and examples/ (built by simt-nvcc -O2)
and every example run script (examples/NAME.s + NAME.simt, under simt-emu)
plainly, then under each tool (memcheck, racecheck, initcheck, synccheck),
and expects of each sanitized run: no report (its only "=========" line is
"ERROR SUMMARY: 0 errors", or racecheck's summary of 0 errors), the plain
run's exit status and the plain run's standard output (lines giving a wall
time aside; the tool's "=========" lines, which share standard output as
compute-sanitizer's do, set apart). Programs whose plain run fails (the corpus's deliberate
faults) are left out and listed. A program test/cuda's own test has built
is reused (build/test/cuda/Output/NAME.cu.tmp.app, if newer than its
source); others are built here.

usage: corpus.py SRCROOT OBJROOT TOOLSDIR WORKDIR
"""
import concurrent.futures
import os
import re
import subprocess
import sys

TOOLS = ["memcheck", "racecheck", "initcheck", "synccheck"]

# Reports that are true and expected: warp-synchronous code (correct on this
# ISA, whose warps run in lockstep) gets racecheck's warp-level warnings, as
# compute-sanitizer gives it. Such a run must warn, and only warn.
WARP_SYNCHRONOUS = {"test/cuda/reduce_warp.cu"}


def programs(src, obj, tools, work):
    """(name, argv of the plain run, env key) for every program to check."""
    out = []
    for d in ("test/cuda", "examples"):
        for f in sorted(os.listdir(os.path.join(src, d))):
            path = os.path.join(src, d, f)
            if f.endswith(".cu"):
                text = open(path).read()
                if d == "test/cuda" and "simt-nvcc -O2 %s -o %t.app" not in text:
                    continue
                out.append(("cu", f"{d}/{f}", path))
            elif d == "examples" and f.endswith(".s") and os.path.exists(path[:-2] + ".simt"):
                out.append(("script", f"{d}/{f[:-2]}.simt", path))
    return out


def build(kind, name, path, obj, tools, work):
    """The argv that runs the program, or None if it cannot be built."""
    base = os.path.join(work, name.replace("/", "_"))
    if kind == "script":
        o = base + ".o"
        r = subprocess.run([os.path.join(tools, "simt-as"), path, "-o", o], capture_output=True)
        return [os.path.join(tools, "simt-emu"), o, path[:-2] + ".simt"] if r.returncode == 0 else None
    reuse = os.path.join(obj, "test/cuda/Output", os.path.basename(path) + ".tmp.app")
    if name.startswith("test/cuda/") and os.path.exists(reuse) and \
            os.path.getmtime(reuse) >= os.path.getmtime(path):
        return [reuse]
    app = base + ".app"
    r = subprocess.run([os.path.join(tools, "simt-nvcc"), "-O2", path, "-o", app],
                       capture_output=True)
    return [app] if r.returncode == 0 else None


WALL_TIME = re.compile(rb"wall_seconds|\d ?(us|ms|s)$")


def without_wall_times(out):
    return [l for l in out.splitlines() if not WALL_TIME.search(l)]


TOOL_LINE = re.compile(rb"^=========( |$)")


def run(argv, tool, cwd):
    """(status, the program's output lines, the tool's lines)."""
    env = dict(os.environ)
    env.pop("SIMT_EMU_FLAGS", None)
    if tool and argv[0].endswith("simt-emu"):
        argv = argv + [f"--sanitize={tool}"]
    elif tool:
        env["SIMT_EMU_FLAGS"] = f"--sanitize={tool}"
    r = subprocess.run(argv, capture_output=True, env=env, cwd=cwd, timeout=600)
    out = without_wall_times(r.stdout)
    tool_lines = [l.decode(errors="replace") for l in out if TOOL_LINE.match(l)]
    return r.returncode, [l for l in out if not TOOL_LINE.match(l)], tool_lines


def plain(entry, src, obj, tools, work):
    """(entry, argv, cwd, status, stdout) of the plain run, or a reason to skip."""
    kind, name, path = entry
    argv = build(kind, name, path, obj, tools, work)
    if argv is None:
        return entry, None, None, "skipped: does not build", None
    cwd = os.path.dirname(path)
    status, stdout, _ = run(argv, None, cwd)
    if status != 0:
        return entry, None, None, f"skipped: the plain run fails (status {status})", None
    return entry, argv, cwd, status, stdout


def sanitized(job):
    """The problems of one program under one tool."""
    (entry, argv, cwd, status, stdout), tool = job
    s, o, lines = run(argv, tool, cwd)
    clean = (r"RACECHECK SUMMARY: \d+ hazards? displayed \(0 errors" if tool == "racecheck"
             else r"ERROR SUMMARY: 0 errors")
    reports = [l for l in lines
               if not re.search(r" SUMMARY: 0 \w+", l) and not re.search(clean, l)]
    if tool == "racecheck" and entry[1] in WARP_SYNCHRONOUS:
        warned = any(l.startswith("========= Warning: Race reported") for l in reports)
        reports = [l for l in reports
                   if not re.match(r"=========( ?$| ( |Warning: Race reported|RACECHECK SUMMARY: "
                                   r"\d+ hazards? displayed \(0 errors|WARNING SUMMARY))", l)]
        if not warned:
            reports.append("no warp-level warning for its warp-synchronous code")
    if reports or s != status or o != stdout or not any(re.search(clean, l) for l in lines):
        return [f"FALSE POSITIVE {entry[1]}: {tool}: status {s}, "
                f"{'same' if o == stdout else 'different'} output; "
                + " | ".join(reports[:6] or lines[-3:])]
    return []


def main():
    src, obj, tools, work = sys.argv[1:5]
    os.makedirs(work, exist_ok=True)
    entries = programs(src, obj, tools, work)
    # Program x tool jobs, so that one long program's runs share the cores.
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        runs = list(pool.map(lambda e: plain(e, src, obj, tools, work), entries))
        ok = [r for r in runs if r[1] is not None]
        for r in runs:
            if r[1] is None:
                print(f"{r[0][1]}: {r[3]}")
        problems = sum(pool.map(sanitized, [(r, t) for r in ok for t in TOOLS]), [])
    for p in problems:
        print(p)
    print(f"checked {len(ok)} programs under {len(TOOLS)} tools: {len(problems)} with reports")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
