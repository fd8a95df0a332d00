#!/usr/bin/env python3
"""Per SM of a statistics JSON written with --stats-detail: the CTAs that
ran there (grid:x, in the order they finished), and the SM's own
warp-instruction count from by_sm, one line per SM."""
import json
import sys

stats = json.load(open(sys.argv[1]))
ctas = {s["sm"]: [] for s in stats["by_sm"]}
for w in stats["by_warp"]:
    if w["warp"] == 0:
        ctas[w["sm"]].append("%d:%d" % (w["grid"], w["cta"][0]))
for s in stats["by_sm"]:
    n = s["sm"]
    print("sm %d: %d CTAs [%s], %d warp-instructions"
          % (n, len(ctas[n]), " ".join(ctas[n]), s["instructions"]["warp"]))
