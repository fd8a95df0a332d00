"""An IDE's first stop in main through simt-dbg --dap: initialize, launch,
a function breakpoint on main, configurationDone, until the `stopped`
event; then disconnect. bench/dbg_host.sh times it beside `break main`,
`run` at the prompt. usage: dap_first_stop.py SIMT_DBG PROGRAM [ARGS...]"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "test", "dbg", "dap", "Inputs"))
from dap_client import start  # noqa: E402

simt_dbg, program, *args = sys.argv[1:]
c = start(simt_dbg, program, args)
c.request("setFunctionBreakpoints", breakpoints=[{"name": "main"}])
c.request("configurationDone")
stop = c.wait_event("stopped")
if stop.get("reason") != "breakpoint":
    sys.exit("dap_first_stop.py: stopped for %r, not at main's breakpoint" % stop.get("reason"))
c.close()
