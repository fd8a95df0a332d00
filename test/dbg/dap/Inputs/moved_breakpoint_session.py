"""A breakpoint on a line with no code: the answer is the line it was put
on, the line the program then stops at."""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from dap_client import say, start, top_frame  # noqa: E402

simt_dbg, program, source = sys.argv[1:4]
lines = open(source).read().split("\n")
# The blank line after digitSum: the next with code is walk's.
blank = next(i + 1 for i, l in enumerate(lines) if l.startswith("__global__ void walk")) - 1
path = os.path.abspath(source)

c = start(simt_dbg, program, ["64"])
bp = c.request("setBreakpoints", source={"path": path},
               breakpoints=[{"line": blank}])["breakpoints"][0]
say("verified=%s moved=%s" % (bp["verified"], bp["line"] > blank))
c.request("configurationDone")
stop = c.wait_event("stopped")
frame = top_frame(c, stop["threadId"])
say("stopped at the answered line:", frame["line"] == bp["line"])
c.request("setBreakpoints", source={"path": path}, breakpoints=[])
c.request("continue", threadId=stop["threadId"])
say("exited:", c.wait_event("exited")["exitCode"])
c.close()
