"""Hit counts (DAP's hitCondition) are the breakpoint's ignore count: a step
over code that passes a breakpoint not yet due ends where a step ends, and
the count is of warps reaching a device breakpoint."""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from dap_client import say, start, top_frame  # noqa: E402

simt_dbg, program, source = sys.argv[1:4]
lines = open(source).read().split("\n")
device_line = next(i + 1 for i, l in enumerate(lines) if "DEVICE-LINE" in l)
helper_line = next(i + 1 for i, l in enumerate(lines) if "int s = 0;" in l)
path = os.path.abspath(source)

c = start(simt_dbg, program, ["64"])
c.request("setBreakpoints", source={"path": path},
          breakpoints=[{"line": device_line, "condition": "i == 33"}])
c.request("configurationDone")
warp = c.wait_event("stopped")["threadId"]

# A breakpoint in digitSum due at its 5th hit; `next` over the call passes
# its 1st: the step ends on the next line, in walk.
c.request("setBreakpoints", source={"path": path},
          breakpoints=[{"line": device_line, "condition": "i == 33"},
                       {"line": helper_line, "hitCondition": "5"}])
c.request("next", threadId=warp)
stop = c.wait_event("stopped")
frame = top_frame(c, stop["threadId"])
say("next over a call: %s in %s at line %s" % (
    stop["reason"], frame["name"].split("<<<")[0], frame["line"] - device_line))
bps = c.request("setBreakpoints", source={"path": path},
                breakpoints=[{"line": helper_line, "hitCondition": "%3"}])["breakpoints"]
say("hitCondition %%3: verified=%s message=%s" % (bps[0]["verified"], bps[0]["message"]))
c.request("setBreakpoints", source={"path": path}, breakpoints=[])
c.request("continue", threadId=warp)
say("exited:", c.wait_event("exited")["exitCode"])
c.close()
