"""What an IDE gets back for requests that cannot be done."""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from dap_client import Client, say, start  # noqa: E402

simt_dbg, program, source = sys.argv[1:4]


def failure(c, command, **arguments):
    r = c.try_request(command, **arguments)
    say("%s: success=%s message=%s" % (command, r["success"], r.get("message", "")))


c = Client([simt_dbg, "--dap"])
c.request("initialize", adapterID="simt-dbg")
failure(c, "threads")
failure(c, "launch")
failure(c, "launch", program="/nonexistent/app")
c.close()

c = start(simt_dbg, program, ["64"])
bps = c.request("setBreakpoints", source={"path": os.path.abspath(source)},
                breakpoints=[{"line": 9999}])["breakpoints"]
say("line 9999: verified=%s message=%s" % (bps[0]["verified"], bps[0]["message"]))
bps = c.request("setFunctionBreakpoints", breakpoints=[{"name": "nosuch"}])["breakpoints"]
say("nosuch: verified=%s message=%s" % (bps[0]["verified"], bps[0]["message"]))
failure(c, "restartFrame", frameId=1)
failure(c, "variables", variablesReference=77)
failure(c, "stackTrace", threadId=123456)
c.request("configurationDone")
say("exited:", c.wait_event("exited")["exitCode"])
failure(c, "continue", threadId=1)
say("adapter exit:", c.close())
