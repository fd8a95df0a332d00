"""The IDE's Stop button while a kernel spins: terminate is answered, the
session says terminated, disconnect ends the adapter."""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from dap_client import say, start  # noqa: E402

simt_dbg, program = sys.argv[1:3]
c = start(simt_dbg, program)
c.timeout = 60
c.request("configurationDone")
while "launching the spinner" not in c.stdout_text():
    c._next()
time.sleep(0.5)
r = c.try_request("terminate")
say("terminate while running: success=%s" % r["success"])
while not any(e["event"] == "terminated" for e in c.events):
    c._next()
say("terminated; stopped events:", sum(1 for e in c.events if e["event"] == "stopped"))
r = c.try_request("disconnect", terminateDebuggee=True)
say("disconnect: success=%s" % r["success"])
c.proc.stdin.close()
say("adapter exit:", c.proc.wait(timeout=30))
