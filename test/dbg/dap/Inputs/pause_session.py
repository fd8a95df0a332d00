"""Pause a spinning kernel from the IDE, free it, and let the program end."""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from dap_client import say, start, top_frame  # noqa: E402

simt_dbg, program = sys.argv[1:3]
c = start(simt_dbg, program)
c.request("configurationDone")
while "launching the spinner" not in c.stdout_text():
    c._next()
say("stdout:", c.stdout_text().strip())
time.sleep(0.5)
c.request("pause", threadId=1)
stop = c.wait_event("stopped")
say("stopped: %s warp=%s" % (stop["reason"], stop.get("threadId", 0) >= 100000))
names = [t["name"] for t in c.request("threads")["threads"]]
say("threads:", [n for n in names if n.startswith("CUDA")])
frame = top_frame(c, stop["threadId"])
say("frame:", frame["name"].split(" (")[0])
say("console:", c.request("evaluate", expression="set var *flag = 1", context="repl",
                          frameId=frame["id"])["result"])
c.request("continue", threadId=stop["threadId"])
exited = c.wait_event("exited")
say("stdout:", c.stdout_text().strip().split("\n")[-1])
say("exited:", exited["exitCode"])
c.close()
