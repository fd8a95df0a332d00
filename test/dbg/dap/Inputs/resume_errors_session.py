"""Resume requests that cannot run the program: the IDE is never left
waiting for a stop (VS Code marks the thread running on a successful
response)."""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from dap_client import say, start, top_frame  # noqa: E402

simt_dbg, program, source = sys.argv[1:4]
lines = open(source).read().split("\n")
host_line = next(i + 1 for i, l in enumerate(lines) if "HOST-LINE" in l)
device_line = next(i + 1 for i, l in enumerate(lines) if "DEVICE-LINE" in l)
path = os.path.abspath(source)

c = start(simt_dbg, program, ["64"])
c.request("setBreakpoints", source={"path": path}, breakpoints=[{"line": host_line}])
c.request("configurationDone")
host = c.wait_event("stopped")["threadId"]

# Reverse execution at a host stop: refused, not answered with success.
for command in ("stepBack", "reverseContinue"):
    r = c.try_request(command, threadId=host)
    say("%s at a host stop: success=%s message=%s" % (command, r["success"], r.get("message")))

# finish in main, the outermost frame: the thread is stopped again.
r = c.try_request("stepOut", threadId=host)
stop = c.wait_event("stopped")
say("stepOut in main: success=%s stopped=%s at %s" % (
    r["success"], stop["reason"], top_frame(c, stop["threadId"])["line"] == host_line))

# The same in the kernel's frame, on the device.
c.request("setBreakpoints", source={"path": path},
          breakpoints=[{"line": device_line, "condition": "i == 33"}])
c.request("continue", threadId=host)
warp = c.wait_event("stopped")["threadId"]
r = c.try_request("stepOut", threadId=warp)
stop = c.wait_event("stopped")
say("stepOut in the kernel: success=%s stopped=%s warp=%s" % (
    r["success"], stop["reason"], stop["threadId"] == warp))

c.request("setBreakpoints", source={"path": path}, breakpoints=[])
c.request("continue", threadId=warp)
say("exited:", c.wait_event("exited")["exitCode"])
c.close()
