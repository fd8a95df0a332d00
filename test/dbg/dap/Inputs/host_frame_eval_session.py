"""Hover and watch in a host frame while a kernel is stopped: the host
frame's variables, not the focused lane's."""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from dap_client import say, start  # noqa: E402

simt_dbg, program, source = sys.argv[1:4]
lines = open(source).read().split("\n")
device_line = next(i + 1 for i, l in enumerate(lines) if "DEVICE-LINE" in l)
path = os.path.abspath(source)

c = start(simt_dbg, program, ["64"])
c.request("setBreakpoints", source={"path": path},
          breakpoints=[{"line": device_line, "condition": "i == 33"}])
c.request("configurationDone")
warp = c.wait_event("stopped")["threadId"]
host = next(t["id"] for t in c.request("threads")["threads"] if t["id"] < 100000)
frames = c.request("stackTrace", threadId=host, startFrame=0, levels=50)["stackFrames"]
main = next(f for f in frames if f["name"] == "main")
for expression, context in (("h[2]", "hover"), ("argc", "watch"), ("h", "watch")):
    r = c.try_request("evaluate", expression=expression, frameId=main["id"], context=context)
    body = r.get("body", {})
    say("%s %s: %s expandable=%s" % (context, expression,
                                     body.get("result") if r["success"] else r.get("message"),
                                     body.get("variablesReference", 0) > 0))
say("device i:", c.request("evaluate", expression="i", context="watch",
                           frameId=c.request("stackTrace", threadId=warp)["stackFrames"][0]["id"])["result"])
c.request("setBreakpoints", source={"path": path}, breakpoints=[])
c.request("continue", threadId=warp)
say("exited:", c.wait_event("exited")["exitCode"])
c.close()
