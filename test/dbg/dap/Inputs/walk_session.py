"""The session walk.cu's checks are about: what an IDE would ask, in order."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
from dap_client import DapError, say, start, top_frame, variables_of  # noqa: E402

simt_dbg, program, source = sys.argv[1:4]
lines = open(source).read().split("\n")
host_line = next(i + 1 for i, l in enumerate(lines) if "HOST-LINE" in l)
device_line = next(i + 1 for i, l in enumerate(lines) if "DEVICE-LINE" in l)


def where(frame):
    s = frame.get("source", {})
    line = frame["line"]
    tag = {host_line: "HOST", device_line: "DEVICE"}.get(line, str(line))
    return "%s at %s:%s" % (frame["name"], s.get("name", "?"), tag)


c = start(simt_dbg, program, ["64"])
caps = c.capabilities
say("capabilities: stepBack=%s disassemble=%s hitConditions=%s" % (
    caps.get("supportsStepBack"), caps.get("supportsDisassembleRequest"),
    caps.get("supportsHitConditionalBreakpoints")))
bps = c.request("setBreakpoints", source={"path": os.path.abspath(source)},
                breakpoints=[{"line": host_line, "hitCondition": "3"},
                             {"line": device_line, "condition": "i == 33"}])["breakpoints"]
say("breakpoints verified:", [b["verified"] for b in bps])
c.request("configurationDone")

# The host breakpoint's third hit: i == 2.
stop = c.wait_event("stopped")
host_thread = stop["threadId"]
say("stopped: %s host=%s" % (stop["reason"], host_thread < 100000))
frame = top_frame(c, host_thread)
say("frame:", where(frame))
say("locals: i =", variables_of(c, frame["id"], "Locals")["i"]["value"])
say("hover i * 7:", c.request("evaluate", expression="i * 7", frameId=frame["id"],
                              context="hover")["result"])

# On to the kernel: the warp that holds i == 33 (the host breakpoint goes,
# or it would stop at every later hit, as a hit count does in lldb-dap and gdb).
c.request("setBreakpoints", source={"path": os.path.abspath(source)},
          breakpoints=[{"line": device_line, "condition": "i == 33"}])
c.request("continue", threadId=host_thread)
stop = c.wait_event("stopped")
warp = stop["threadId"]
say("stopped: %s host=%s" % (stop["reason"], warp < 100000))
names = {t["id"]: t["name"] for t in c.request("threads")["threads"]}
say("warp thread:", names.get(warp, "?"))
frame = top_frame(c, warp)
say("frame:", where(frame))
i = variables_of(c, frame["id"], "Locals")["i"]
say("locals: i =", i["value"])
lanes = c.request("variables", variablesReference=i["variablesReference"])["variables"]
say("lanes of i: " + ", ".join("%s = %s" % (lanes[k]["name"], lanes[k]["value"])
                                for k in (0, 1, 31)))
regs = variables_of(c, frame["id"], "Registers")
say("registers: %s .. %s .. %s" % ("R0" if "R0" in regs else "-", "P0" if "P0" in regs else "-",
                                    "$pc" if "$pc" in regs else "-"))
say("watch in[i]:", c.request("evaluate", expression="in[i]", frameId=frame["id"],
                              context="watch")["result"])
insts = c.request("disassemble", memoryReference=frame["instructionPointerReference"],
                  instructionOffset=-1, instructionCount=3)["instructions"]
pc = int(frame["instructionPointerReference"].split(":")[2], 16)
say("disassemble: %d instructions, the middle at the pc: %s" % (
    len(insts), int(insts[1]["address"], 16) == pc))

c.request("stepIn", threadId=warp)
stop = c.wait_event("stopped")
say("stepIn:", top_frame(c, stop["threadId"])["name"])
c.request("stepOut", threadId=warp)
stop = c.wait_event("stopped")
say("stepOut:", re.sub(r"<<<.*", "", top_frame(c, stop["threadId"])["name"]))
c.request("stepBack", threadId=warp)
stop = c.wait_event("stopped")
frame = top_frame(c, stop["threadId"])
say("stepBack: %s at %s" % (stop["reason"], where(frame).split(" at ")[-1]))
result = c.request("evaluate", expression="info cuda kernels", context="repl")["result"]
say("console: info cuda kernels lists walk:", "walk" in result)

# No breakpoints: the program runs to its end.
c.request("setBreakpoints", source={"path": os.path.abspath(source)}, breakpoints=[])
c.request("continue", threadId=warp)
exited = c.wait_event("exited")
say("stdout:", c.stdout_text().strip())
say("exited:", exited["exitCode"])
c.wait_event("terminated")
say("terminated")
c.close()
