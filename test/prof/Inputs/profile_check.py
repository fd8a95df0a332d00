"""Reads what the profiler wrote, for test/prof/*.test.

  profile_check.py dump REPORT.html          the embedded figures, one line each
  profile_check.py agree REPORT.html STATS   the figures agree with --stats and
                                             add up (lines, instructions, launches
                                             to kernels; kernels to the device)
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
    elif cmd == "agree":
        agree(sys.argv[2], sys.argv[3])
    elif cmd == "trace":
        trace(sys.argv[2])
    else:
        sys.exit(__doc__)
