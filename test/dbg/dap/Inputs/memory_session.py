"""readMemory and setVariable as an IDE uses them, host and device."""
import base64
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(__file__))
from dap_client import say, start, top_frame, variables_of  # noqa: E402

simt_dbg, program, source = sys.argv[1:4]
lines = open(source).read().split("\n")
host_line = next(i + 1 for i, l in enumerate(lines) if "HOST-LINE" in l)
device_line = next(i + 1 for i, l in enumerate(lines) if "DEVICE-LINE" in l)


def words(c, reference, offset=0, count=4):
    """The 32-bit words readMemory returns, and its unreadable count."""
    body = c.request("readMemory", memoryReference=reference, offset=offset, count=count)
    data = base64.b64decode(body.get("data", ""))
    return list(struct.unpack("<%di" % (len(data) // 4), data)), body.get("unreadableBytes", 0)


def set_variable(c, scope, name, value):
    r = c.try_request("setVariable", variablesReference=scope, name=name, value=value)
    return r["body"]["value"] if r["success"] else "failed: " + r.get("message", "")


def scope_ref(c, frame_id, name):
    return next(s["variablesReference"] for s in c.request("scopes", frameId=frame_id)["scopes"]
                if s["name"] == name)


c = start(simt_dbg, program, ["64"])
caps = c.capabilities
say("capabilities: readMemory=%s setVariable=%s" % (
    caps.get("supportsReadMemoryRequest"), caps.get("supportsSetVariable")))
c.request("setBreakpoints", source={"path": os.path.abspath(source)},
          breakpoints=[{"line": host_line, "hitCondition": "3"},
                       {"line": device_line, "condition": "i == 33"}])
c.request("configurationDone")

# Host: n's bytes where it is; i set to 1 and back to 2 (the loop goes on
# as it was).
host = c.wait_event("stopped")["threadId"]
frame = top_frame(c, host)["id"]
local = variables_of(c, frame, "Locals")
say("host n:", words(c, local["n"]["memoryReference"]))
say("host h[0..1] (h[i] = 3 * (i + 10)):", words(c, local["h"]["memoryReference"], count=8))
say("host set i = 1:", set_variable(c, scope_ref(c, frame, "Locals"), "i", "1"))
say("host evaluate i:", c.request("evaluate", expression="i", frameId=frame,
                                  context="watch")["result"])
say("host set i = 2:", set_variable(c, scope_ref(c, frame, "Locals"), "i", "2"))
say("host unmapped:", words(c, "0x0"))

# Device: in[33] through the pointer argument's reference; the focused
# lane's i set and back.
c.request("setBreakpoints", source={"path": os.path.abspath(source)},
          breakpoints=[{"line": device_line, "condition": "i == 33"}])
c.request("continue", threadId=host)
warp = c.wait_event("stopped")["threadId"]
frame = top_frame(c, warp)["id"]
arg = variables_of(c, frame, "Arguments")["in"]
say("device in reference:", arg["memoryReference"].startswith("cuda:global:0x"))
say("device in[32..33]:", words(c, arg["memoryReference"], offset=32 * 4, count=8))
locals_ref = scope_ref(c, frame, "Locals")
say("device set i = 40:", set_variable(c, locals_ref, "i", "40"))
say("device evaluate i:", c.request("evaluate", expression="i", frameId=frame,
                                    context="watch")["result"])
say("device set i = 33:", set_variable(c, locals_ref, "i", "33"))
say("device set nosuch:", set_variable(c, locals_ref, "nosuch", "1"))
say("device unmapped:", words(c, "cuda:global:0x0"))
say("bad reference:", c.try_request("readMemory", memoryReference="here", count=4)["message"])

c.request("setBreakpoints", source={"path": os.path.abspath(source)}, breakpoints=[])
c.request("continue", threadId=warp)
say("exited:", c.wait_event("exited")["exitCode"])
c.close()
