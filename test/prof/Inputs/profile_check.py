"""Reads what the profiler wrote, for test/prof/*.test.

  profile_check.py dump REPORT.html          the embedded figures, one line each
  profile_check.py events REPORT.html        each kernel's barrier, lock, L2,
                                             stack-cache and constant-cache figures
  profile_check.py agree REPORT.html STATS   the figures agree with --stats and
                                             add up (lines, instructions, launches
                                             to kernels; kernels to the device;
                                             the kernels' L2, stack-cache and
                                             constant-cache figures to --stats')
  profile_check.py trace TRACE.json          a Chrome trace event format check
  profile_check.py modeled STDERR            simt-prof --print-gpu-trace
                                             --print-launch-details --print-gpu-summary:
                                             each launch's duration is its emulated
                                             cycles at 1401000 kHz, each kernel's
                                             summary time their sum, the rows by time
  profile_check.py merged GPU API MERGED     --csv's --print-gpu-trace, --print-api-trace
                                             and both together (three runs): the merged
                                             trace is the GPU trace's columns, its calls
                                             the API trace's in order, its activities the
                                             GPU trace's in order with their durations,
                                             each at its modeled start or later, every
                                             row in start order
"""
import json
import re
import sys

COUNTS = ("warp_instructions", "thread_instructions", "divergent_branches",
          "memory_requests", "memory_bytes", "memory_segments")


def report_data(path):
    html = open(path, encoding="utf-8").read()
    m = re.search(r'<script type="application/json" id="profile-data">(.*?)</script>', html, re.S)
    if not m:
        sys.exit(f"{path}: no profile-data element")
    return json.loads(m.group(1).replace("<\\/", "</"))


SHORT = ("warp", "thread", "divergent", "requests", "bytes", "segments")

# Per-kernel figures beyond the instructions, and where --stats keeps their
# device-wide sums (None: --stats has no such counter).
EVENTS = {
    "barriers": None,
    "barrier_wait_cycles": None,
    "atomics": None,
    "shuffles": None,
    "read_only_loads": None,
    "lock_failures": None,
    "l2_hits": ("l2", "hits"),
    "l2_misses": ("l2", "misses"),
    "stack_spills": ("stack_cache", "spills"),
    "stack_restores": ("stack_cache", "restores"),
    "const_l1_hits": ("const_cache", "l1_hits"),
    "const_l1_misses": ("const_cache", "l1_misses"),
    "const_l2_hits": ("const_cache", "l2_hits"),
    "const_l2_misses": ("const_cache", "l2_misses"),
    "const_versions": None,
}


def counts(obj):
    return " ".join(f"{short}={obj[k]}" for short, k in zip(SHORT, COUNTS))


def dump(path):
    d = report_data(path)
    for k in d["kernels"]:
        print(f"kernel {k['name']} launches={k['launches']} {counts(k)}")
        for i in k["instructions"]:
            print(f"  {i['pc']:#06x} {i['text']}: {counts(i)}")
    for l in d["launches"]:
        print(f"launch {l['grid']} {l['kernel']} stream={l['stream']} {counts(l)}")


def events(path):
    d = report_data(path)
    for k in d["kernels"]:
        print(f"kernel {k['name']} " + " ".join(f"{e}={k[e]}" for e in EVENTS))
        # Its launches' figures (those a launch has) add up to the kernel's.
        mine = [l for l in d["launches"] if l["kernel"] == k["name"]]
        for e in EVENTS:
            if e in mine[0] and sum(l[e] for l in mine) != k[e]:
                fail(f"{k['name']}: its launches sum to {e} {sum(l[e] for l in mine)}, "
                     f"the kernel says {k[e]}")


def fail(msg):
    sys.exit("mismatch: " + msg)


def agree(path, stats_path):
    d = report_data(path)
    stats = json.load(open(stats_path))
    total = {c: 0 for c in COUNTS}
    by_opcode = {}
    for k in d["kernels"]:
        for part in ("lines", "instructions"):
            for c in COUNTS:
                s = sum(x[c] for x in k[part])
                if s != k[c]:
                    fail(f"{k['name']}: {part} sum to {c} {s}, the kernel says {k[c]}")
        for c in ("warp_instructions", "thread_instructions", "divergent_branches"):
            s = sum(l[c] for l in d["launches"] if l["kernel"] == k["name"])
            if s != k[c]:
                fail(f"{k['name']}: its launches sum to {c} {s}, the kernel says {k[c]}")
        for c in COUNTS:
            total[c] += k[c]
        for op, n in k["by_opcode"].items():
            by_opcode[op] = by_opcode.get(op, 0) + n
    want = {
        "warp_instructions": stats["instructions"]["warp"],
        "thread_instructions": stats["instructions"]["thread"],
        "divergent_branches": stats["simt"]["divergent_branches"],
    }
    for c, v in want.items():
        if total[c] != v:
            fail(f"kernels sum to {c} {total[c]}, --stats says {v}")
        if d["device"][c] != v:
            fail(f"the report's device {c} is {d['device'][c]}, --stats says {v}")
    if by_opcode != stats["instructions"]["by_opcode"]:
        fail(f"by opcode {by_opcode} != --stats {stats['instructions']['by_opcode']}")
    for e, where in EVENTS.items():
        if where is None:
            continue
        s = sum(k[e] for k in d["kernels"])
        v = stats[where[0]][where[1]]
        if s != v:
            fail(f"kernels sum to {e} {s}, --stats {where[0]}.{where[1]} says {v}")
    print(f"agree: {len(d['kernels'])} kernels, {total['warp_instructions']} warp-instructions")


def trace(path):
    d = json.load(open(path))
    if not isinstance(d, dict) or not isinstance(d.get("traceEvents"), list):
        fail("no traceEvents array")
    kinds = {}
    for e in d["traceEvents"]:
        ph = e.get("ph")
        if ph not in ("X", "B", "E", "i", "I", "C", "M"):
            fail(f"event phase {ph!r}: {e}")
        for key, t in (("name", str), ("pid", int), ("tid", int)):
            if not isinstance(e.get(key), t):
                fail(f"{key} missing or not {t.__name__}: {e}")
        if ph != "M" and not isinstance(e.get("ts"), (int, float)):
            fail(f"ts missing: {e}")
        if ph == "X" and not (isinstance(e.get("dur"), (int, float)) and e["dur"] >= 0):
            fail(f"complete event without a duration: {e}")
        if ph in ("C", "M") and not isinstance(e.get("args"), dict):
            fail(f"args missing: {e}")
        if ph == "C" and not all(isinstance(v, (int, float)) for v in e["args"].values()):
            fail(f"counter values not numbers: {e}")
        kinds[(ph, e.get("cat", e["name"] if ph in "CM" else ""))] = \
            kinds.get((ph, e.get("cat", e["name"] if ph in "CM" else "")), 0) + 1
    for (ph, what), n in sorted(kinds.items()):
        print(f"{ph} {what}: {n}")


CLOCK_HZ = 1401000e3  # cudaDeviceProp::clockRate, kHz


def nvprof_time(s):
    """nvprof's time: four or five significant digits with a unit."""
    for scale, unit in ((1e9, "ns"), (1e6, "us"), (1e3, "ms"), (1, "s")):
        v = s * scale
        if unit == "s" or s < 1 / scale * 1000:
            break
    digits = "%.4f" if v < 10 else "%.3f" if v < 100 else "%.2f"
    return (digits % v) + unit


def modeled(path):
    lines = open(path).read().splitlines()
    cycles, durations, summary = [], [], []
    section = None
    for line in lines:
        body = re.sub(r"^==\d+== ", "", line)
        if body.lstrip().startswith("Grid  Stream"):
            section = "launches"
            continue
        if body.lstrip().startswith("Start  Duration"):
            section = "trace"
            continue
        if body.lstrip().startswith("Type  Time(%)"):
            section = "summary"
            continue
        words = body.split()
        if section == "launches" and words and words[0].isdigit():
            # Grid Stream Start(cycle) Cycles Host (a b c) (d e f) ... Name
            cycles.append((int(words[3]), body.split("  ")[-1].strip()))
        elif section == "trace" and re.search(r"\)( \[\d+\])?$", body.rstrip()):
            # a kernel's row: its name, then nvprof's correlation ID
            durations.append(words[1])
        elif section == "summary" and "%" in body:
            cells = re.split(r"\s{2,}", body.strip())
            if cells[0].endswith(":"):
                cells = cells[1:]
            summary.append((cells[1], cells[-1]))
    if len(cycles) != len(durations) or not cycles:
        fail(f"{len(cycles)} launches, {len(durations)} kernel rows in the GPU trace")
    per_kernel = {}
    for (c, name), d in zip(cycles, durations):
        want = nvprof_time(c / CLOCK_HZ)
        if d != want:
            fail(f"{name}: {c} cycles: duration {d}, want {want}")
        per_kernel[name] = per_kernel.get(name, 0) + c
    for name, c in per_kernel.items():
        want = nvprof_time(c / CLOCK_HZ)
        got = [t for t, n in summary if n == name]
        if got != [want]:
            fail(f"{name}: summary time {got}, want {want}")
    order = [n for _, n in summary if n in per_kernel]
    if order != sorted(per_kernel, key=lambda n: -per_kernel[n]):
        fail(f"kernels not by modeled time: {order}")
    print(f"modeled: {len(cycles)} launches of {len(per_kernel)} kernels at 1401000 kHz")


UNITS = {"s": 1.0, "ms": 1e-3, "us": 1e-6, "ns": 1e-9}


def csv_table(path):
    """The CSV table simt-prof wrote to stderr: header, then rows with each
    time column in seconds (its unit from the units row)."""
    import csv
    rows = [r for r in csv.reader(l for l in open(path) if not l.startswith("=="))]
    header, units, body = rows[0], rows[1], rows[2:]
    for r in body:
        for i, u in enumerate(units):
            if u in UNITS and r[i] not in ("-", ""):
                r[i] = float(r[i]) * UNITS[u]
    return header, body


def merged(gpu_path, api_path, merged_path):
    gpu_header, gpu = csv_table(gpu_path)
    _, api = csv_table(api_path)
    header, rows = csv_table(merged_path)
    if header != gpu_header:
        fail(f"merged header {header}, want the GPU trace's {gpu_header}")
    device, name = header.index("Device"), header.index("Name")
    calls = [r for r in rows if r[device] == ""]
    acts = [r for r in rows if r[device] != ""]
    if [r[name] for r in calls] != [r[2] for r in api]:
        fail(f"calls {[r[name] for r in calls]}, want {[r[2] for r in api]}")
    # Each row's correlation ID: a call's its place among the calls, an
    # activity's the call's that issued it.
    if [r[-1] for r in calls] != [r[-1] for r in api]:
        fail("the calls' correlation IDs differ from the API trace's")
    if [(r[name], r[1], r[-1]) for r in acts] != [(r[name], r[1], r[-1]) for r in gpu]:
        fail("activities, durations or correlation IDs differ from the GPU trace's")
    # ... and that call is one that makes such an activity.
    def issuer(activity):
        if activity.startswith("[CUDA memcpy"):
            return ("cudaMemcpy",)
        if activity.startswith("[CUDA memset"):
            return ("cudaMemset",)
        return ("cudaLaunchKernel", "cuLaunchKernel")
    for r in acts:
        call = [c for c in calls if c[-1] == r[-1]]
        if not call:
            fail(f"{r[name]}: no call with its correlation ID {r[-1]}")
        if not call[0][name].startswith(issuer(r[name])):
            fail(f"{r[name]}: correlation ID {r[-1]} is {call[0][name]}'s")
    for m, g in zip(acts, gpu):
        if m[0] < g[0] - 1e-12:
            fail(f"{m[name]} starts at {m[0]}, before its modeled start {g[0]}")
    starts = [r[0] for r in rows]
    if starts != sorted(starts):
        fail(f"rows not in start order: {starts}")
    print(f"merged: {len(calls)} calls, {len(acts)} GPU activities, in start order")


if __name__ == "__main__":
    cmd = sys.argv[1]
    if cmd == "dump":
        dump(sys.argv[2])
    elif cmd == "events":
        events(sys.argv[2])
    elif cmd == "agree":
        agree(sys.argv[2], sys.argv[3])
    elif cmd == "trace":
        trace(sys.argv[2])
    elif cmd == "modeled":
        modeled(sys.argv[2])
    elif cmd == "merged":
        merged(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        sys.exit(__doc__)
