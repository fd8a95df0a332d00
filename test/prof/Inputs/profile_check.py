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
    else:
        sys.exit(__doc__)
