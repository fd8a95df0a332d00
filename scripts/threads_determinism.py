#!/usr/bin/env python3
"""Runs every example and every emulator lit test's kernel under parallel
epochs with 1 and 3 host threads (by default) and checks that the output, the exit
status and the statistics JSON are byte for byte the same.

Each test's kernel and flags come from its own RUN lines: the first
`simt-as SRC -o %t...o` gives the object, every `simt-emu %t...o %s FLAGS`
line one configuration (flags that change what is printed, not what runs --
--seeds, --trace, --stats* -- are dropped). Each configuration also runs
under the random scheduler with a fixed seed. Only host times ("wall_seconds"
and the JIT's "compile_seconds" and the like: every "*_seconds", also where a
script's `stats` prints them) are left out of the comparison.

    threads_determinism.py BINDIR SRCROOT [--threads 1,3] [--jobs N] [--first-only]

--first-only runs each script's first configuration under round robin only
(the sanitizer pass: the helpers' memory, not every configuration's results).
"""
import argparse
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

DROP_WITH_VALUE = {"--seeds", "--jobs", "--stats-file", "--trace", "--seed", "--sched",
                   "--threads", "--epochs"}
DROP_ALONE = {"--stats", "--stats-detail"}


def run_lines(path):
    lines, cont = [], ""
    for raw in open(path, encoding="utf-8", errors="replace"):
        m = re.search(r"RUN:\s?(.*)$", raw)
        if not m:
            continue
        text = cont + m.group(1).rstrip()
        if text.endswith("\\"):
            cont = text[:-1] + " "
            continue
        cont = ""
        lines.append(text)
    return lines


def emu_flags(words):
    out, skip = [], False
    for w in words:
        if skip:
            skip = False
            continue
        name = w.split("=", 1)[0]
        if name in DROP_WITH_VALUE:
            skip = "=" not in w
            continue
        if name in DROP_ALONE:
            continue
        out.append(w)
    return out


def cases_of_test(path, root):
    """(name, source .s, script, [flag lists]) from a lit test's RUN lines."""
    subst = {"%S": os.path.dirname(path), "%s": path,
             "%examples": os.path.join(root, "examples"), "%srcroot": root}
    source, configs = None, []
    for line in run_lines(path):
        for k, v in subst.items():
            line = line.replace(k, v)
        for part in re.split(r"&&|\|", line):
            try:
                words = shlex.split(part)
            except ValueError:
                continue
            while words and words[0] in ("not", "env"):
                words = words[1:]
            if not words:
                continue
            if words[0] == "simt-as" and source is None and "-o" in words:
                srcs = [w for w in words[1:] if w.endswith(".s")]
                if srcs:
                    source = srcs[0]
            elif words[0] == "simt-emu" and len(words) >= 3 and words[2] == path:
                flags = emu_flags(words[3:])
                if flags not in configs:
                    configs.append(flags)
    if source and configs:
        return [(os.path.relpath(path, root), source, path, configs)]
    return []


def discover(root):
    cases = []
    for dirpath, _, files in os.walk(os.path.join(root, "test", "emu")):
        for f in sorted(files):
            if f.endswith((".simt", ".test")):
                cases += cases_of_test(os.path.join(dirpath, f), root)
    ex = os.path.join(root, "examples")
    for f in sorted(os.listdir(ex)):
        if f.endswith(".simt") and os.path.exists(os.path.join(ex, f[:-5] + ".s")):
            flags = ["--sms", "4", "--warps-per-sm", "2"] if f == "contexts.simt" else []
            cases.append((os.path.join("examples", f), os.path.join(ex, f[:-5] + ".s"),
                          os.path.join(ex, f), [flags]))
    return sorted(cases)


def without_host_times(d):
    """The statistics without their host times (keys ending in _seconds)."""
    if isinstance(d, dict):
        return {k: without_host_times(v) for k, v in d.items() if not k.endswith("_seconds")}
    if isinstance(d, list):
        return [without_host_times(v) for v in d]
    return d


def run_emu(bindir, obj, script, flags, tag, workdir, drop=("wall_seconds",)):
    """simt-emu on OBJ and SCRIPT with FLAGS and a statistics file: (exit
    status, stdout, stderr, statistics without the DROP keys), with what
    differs between runs masked (the file's path, wall time, the DROP
    objects a script's own `stats` prints), the dropped values, the command."""
    stats = os.path.join(workdir, "stats-%s.json" % tag)
    if os.path.exists(stats):
        os.remove(stats)
    cmd = [os.path.join(bindir, "simt-emu"), obj, script, *flags, "--stats-file", stats]
    p = subprocess.run(cmd, cwd=workdir, capture_output=True, timeout=300)
    text, dropped = b"", {}
    if os.path.exists(stats):
        d = json.load(open(stats))
        dropped = {k: d.pop(k, None) for k in drop}
        text = json.dumps(without_host_times(d), sort_keys=True).encode()
    # A relative object path in the script resolves against the script's
    # directory, so the stats path (which differs per run) is not printed.
    masks = [(re.compile(rb'"(\w+_seconds)": [0-9.e+-]+'), rb'"\1": HOST')]
    masks += [(re.compile(rb',?\s*"' + k.encode() + rb'": \{[^}]*\}'), b"")
              for k in drop if k != "wall_seconds"]

    def clean(b):
        b = b.replace(stats.encode(), b"STATS")
        for rx, by in masks:
            b = rx.sub(by, b)
        return b
    return (p.returncode, clean(p.stdout), clean(p.stderr), text), dropped, cmd


def prepare_case(bindir, case, work):
    """Assembles the case's source into WORK and copies its script there:
    (object, script), or an error's text."""
    name, source, script, _ = case
    # Scripts may `load` their object by a relative name: run from a copy
    # of the script's directory holding the object under every name used.
    obj = os.path.join(work, "kernel.o")
    a = subprocess.run([os.path.join(bindir, "simt-as"), source, "-o", obj],
                       capture_output=True)
    if a.returncode != 0:
        return "%s: simt-as failed: %s" % (name, a.stderr.decode()[:200])
    for loaded in re.findall(r"^\s*load\s+(\S+)", open(script).read(), re.M):
        dst = os.path.join(work, loaded)
        if not os.path.exists(dst):
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            os.link(obj, dst)
    local = os.path.join(work, os.path.basename(script))
    with open(local, "w") as f:
        f.write(open(script).read())
    return obj, local


DIFFERING = ("exit status", "stdout", "stderr", "statistics")

# Each case under both schedulers.
SCHEDULERS = ([], ["--sched", "random", "--seed", "7"])


def check_case(bindir, case, thread_counts, first_only=False):
    name, _, _, configs = case
    schedulers = SCHEDULERS[:1] if first_only else SCHEDULERS
    if first_only:
        configs = configs[:1]
    with tempfile.TemporaryDirectory() as work:
        prepared = prepare_case(bindir, case, work)
        if isinstance(prepared, str):
            return name, 0, [prepared]
        obj, local = prepared
        problems, runs = [], 0
        for flags in configs:
            for sched in schedulers:
                ref, refcmd = None, None
                for t in thread_counts:
                    got, _, cmd = run_emu(bindir, obj, local,
                                          flags + sched + ["--epochs", "parallel",
                                                           "--threads", str(t)],
                                          "t%d" % t, work)
                    runs += 1
                    if ref is None:
                        ref, refcmd = got, cmd
                    elif got != ref:
                        what = [k for k, x, y in zip(DIFFERING, ref, got) if x != y]
                        problems.append("%s %s: --threads %d differs from --threads %s in %s" %
                                        (name, " ".join(flags + sched), t,
                                         refcmd[refcmd.index("--threads") + 1],
                                         ", ".join(what)))
        return name, runs, problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bindir")
    ap.add_argument("srcroot")
    ap.add_argument("--threads", default="1,3")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--first-only", action="store_true",
                    help="each script's first configuration, round robin only")
    args = ap.parse_args()
    counts = [int(x) for x in args.threads.split(",")]
    cases = discover(os.path.abspath(args.srcroot))
    total_runs, problems = 0, []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for name, runs, probs in pool.map(
                lambda c: check_case(os.path.abspath(args.bindir), c, counts, args.first_only),
                cases):
            total_runs += runs
            problems += probs
    for p in problems:
        print("MISMATCH: " + p)
    print("%d scripts, %d runs with --threads %s: %s" %
          (len(cases), total_runs, args.threads,
           "bit-identical" if not problems else "%d mismatches" % len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
