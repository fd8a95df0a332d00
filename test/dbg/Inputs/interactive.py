#!/usr/bin/env python3
"""Drives simt-dbg in a real terminal (tmux) and checks what a person sees:
tab completion of commands, labels and registers; Ctrl-C interrupting an
endless kernel and returning to the prompt (twice), and abandoning a line at
the prompt; an empty line repeating stepi; history recalled with Up and
persisted in ~/.simt_dbg_history across sessions. With --source-object, a
second session at source level: a file name completed for `break`, a stop
showing `at FILE:LINE` and the source text, `step` into a function and
`list`. With --program, a program's session (simt-dbg --args): with LLDB,
`break main`, the stop there and a host `next`; its output, Ctrl-C in its
endless kernel, info cuda kernels, kill and quit. Skips (exit 0, with a message) when tmux is missing.

  interactive.py --object K.o --script S.simt --tmp DIR
                 [--source-object C.o --source-script C.simt] [--program APP]
"""
import argparse
import os
import shutil
import subprocess
import sys
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--object", required=True)
    ap.add_argument("--script", required=True)
    ap.add_argument("--tmp", required=True)
    ap.add_argument("--source-object")
    ap.add_argument("--source-script")
    ap.add_argument("--program", help="a program (simt-nvcc) with an endless kernel")
    args = ap.parse_args()

    tmux = shutil.which("tmux")
    if not tmux:
        print("tmux is not installed: skipping the interactive test")
        return 0
    dbg = shutil.which("simt-dbg")
    if not dbg:
        print("simt-dbg is not on PATH")
        return 1

    shutil.rmtree(args.tmp, ignore_errors=True)
    home = os.path.join(args.tmp, "home")
    os.makedirs(home)
    sock = os.path.join(args.tmp, "tmux.sock")
    env = dict(os.environ)
    env["HOME"] = home
    env["TERM"] = "xterm"
    env.pop("TMUX", None)
    history = os.path.join(home, ".simt_dbg_history")

    def tm(*a, check=True):
        return subprocess.run([tmux, "-S", sock] + list(a), env=env, check=check,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def screen():
        r = tm("capture-pane", "-p", "-t", "dbg", check=False)
        return r.stdout

    def alive():
        return tm("has-session", "-t", "dbg", check=False).returncode == 0

    def fail(msg):
        # The screen's last lines go on the FAIL line too: a CI log excerpt
        # around "FAIL" then still shows what the terminal held.
        tail = [l.rstrip() for l in screen().split("\n") if l.strip()][-4:]
        print("FAIL: " + msg + " (screen ends: " + " | ".join(tail) + ")")
        print("---- screen ----")
        print(screen())
        print("----------------")
        raise SystemExit(1)

    # Deadlines use the monotonic clock: a VM's wall clock can be stepped
    # (NTP) while a test runs, which would end a wait at once.
    # Generous: CI's two cores run other tests beside this one, and a wait
    # only lasts this long when it fails.
    def wait_for(pred, what, timeout=90.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            s = screen()
            if pred(s):
                return s
            time.sleep(0.05)
        fail("timed out waiting for " + what)

    def contains(text, count=1):
        return lambda s: s.count(text) >= count

    def last_line(s):
        lines = [l for l in s.split("\n") if l.strip()]
        return lines[-1] if lines else ""

    special = {"Enter", "Tab", "Up", "C-c", "C-u"}

    def keys(*k):
        # Text goes literally (-l): "delete" would otherwise be the Delete key.
        for key in k:
            if key in special:
                tm("send-keys", "-t", "dbg", key)
            else:
                tm("send-keys", "-t", "dbg", "-l", key)

    def command(text, shows, what):
        # A command typed and Enter, then what the screen must come to show.
        keys(text, "Enter")
        wait_for(contains(shows), what)

    def type_then_tab(text):
        # Tab only once the text is on the prompt line, so the completion
        # sees the whole word whatever the debugger's speed (ASan, a busy CI).
        keys(text)
        wait_for(lambda s: last_line(s).rstrip() == "(simt-dbg) " + text, "the typed '%s'" % text)
        keys("Tab")

    def start(obj=args.object, script=args.script, cmd=None):
        cmd = cmd or "%s %s %s" % (dbg, obj, script)
        r = tm("new-session", "-d", "-s", "dbg", "-x", "160", "-y", "60", cmd, check=False)
        if r.returncode != 0:
            fail("tmux new-session failed: " + r.stderr.strip())
        wait_for(contains("(simt-dbg)"), "the prompt")

    def interrupt(stops, what):
        # Ctrl-C until the screen shows the `stops`-th interrupt stop: a
        # Ctrl-C typed before the debugger has read the run command reaches
        # its line editor, not the running device, so no sleep before it can
        # be long enough on a busy machine; asking again can.
        end = time.monotonic() + 90
        while time.monotonic() < end:
            keys("C-c")
            step_end = time.monotonic() + 1.0
            while time.monotonic() < step_end:
                if screen().count("stopped: interrupt grid 1") >= stops:
                    return
                time.sleep(0.05)
        fail("timed out waiting for " + what)

    printed = [0]  # print numbers its values as gdb's: $1, $2, ...

    def register_value(name):
        printed[0] += 1
        label = "$%d = " % printed[0]
        keys("print/d " + name, "Enter")
        s = wait_for(lambda s: label in s and last_line(s).rstrip() == "(simt-dbg)",
                     "the value of " + name)
        return s.rsplit(label, 1)[1].split()[0]

    def wait_ended():
        end = time.monotonic() + 60
        while alive() and time.monotonic() < end:
            time.sleep(0.05)
        return not alive()

    try:
        # A session that outlives the debugger's keeps the tmux server up: when
        # the last session ends the server exits, and a new-session racing
        # with that exit fails (seen on a loaded CI machine).
        tm("new-session", "-d", "-s", "holder", "sleep 3600")
        start()
        # Completion: a subcommand (two candidates listed), a label, registers.
        type_then_tab("info wa")
        wait_for(lambda s: "warps" in s and "watchpoints" in s, "info subcommand candidates")
        keys("C-u")
        type_then_tab("b to")
        wait_for(lambda s: last_line(s).rstrip() == "(simt-dbg) b top", "label completion")
        keys("Enter")
        wait_for(contains("breakpoint 1 at top"), "the breakpoint")
        keys("delete", "Enter")
        type_then_tab("print R6")
        wait_for(lambda s: "R60" in s and "R62" in s, "register candidates")
        keys("C-u")
        type_then_tab("disas")
        wait_for(lambda s: last_line(s).rstrip() == "(simt-dbg) disassemble", "command completion")
        keys("C-u")

        # Ctrl-C stops an endless kernel and returns to the prompt; the
        # kernel counts in R0, so once it has run at all R0 is above 0 (a
        # stop before its first instruction continues and stops again).
        keys("run", "Enter")
        stops = 1
        interrupt(stops, "the interrupt stop")
        wait_for(lambda s: last_line(s).rstrip() == "(simt-dbg)", "the prompt after Ctrl-C")
        if screen().count("stopped:") != screen().count("stopped: interrupt"):
            fail("the endless kernel stopped by itself")
        value = register_value("$lane[1].R0")
        while value == "0" and stops < 10:
            keys("continue", "Enter")
            stops += 1
            interrupt(stops, "another interrupt stop")
            wait_for(lambda s: last_line(s).rstrip() == "(simt-dbg)", "the prompt after Ctrl-C")
            value = register_value("$lane[1].R0")
        if not value.isdigit() or int(value) == 0:
            fail("the kernel did not run between %d Ctrl-C stops (R0 = %s)" % (stops, value))
        keys("continue", "Enter")
        stops += 1
        interrupt(stops, "the next interrupt stop")
        wait_for(lambda s: last_line(s).rstrip() == "(simt-dbg)", "the prompt after Ctrl-C")

        # An empty line repeats a stepping command, as in gdb.
        keys("stepi", "Enter")
        wait_for(contains("stopped: step grid 1"), "stepi")
        keys("Enter")
        wait_for(contains("stopped: step grid 1", 2), "stepi repeated by an empty line")
        wait_for(lambda s: last_line(s).rstrip() == "(simt-dbg)", "the prompt after stepi")

        # Ctrl-C at the prompt abandons the line.
        keys("print R0")
        wait_for(lambda s: last_line(s).rstrip() == "(simt-dbg) print R0", "the typed line")
        keys("C-c")
        wait_for(lambda s: last_line(s).rstrip() == "(simt-dbg)" and "print R0^C" in s,
                 "a fresh prompt after Ctrl-C")
        if "R0 in grid" in screen():
            fail("the abandoned line was executed")

        # History: Up recalls the last command.
        keys("Up")
        wait_for(lambda s: last_line(s).rstrip() == "(simt-dbg) stepi", "history (Up)")
        keys("C-u", "quit", "Enter")
        if not wait_ended():
            fail("quit did not end the session")

        # The history was saved and comes back in a new session.
        if not os.path.exists(history):
            fail("no history file at " + history)
        saved = open(history).read()
        for cmd in ("run", "continue", "stepi", "quit"):
            if cmd not in saved:
                fail("'%s' is missing from the history file:\n%s" % (cmd, saved))
        start()
        keys("Up", "Up")
        wait_for(lambda s: last_line(s).rstrip() == "(simt-dbg) stepi", "persisted history")
        keys("C-u", "quit", "Enter")
        if not wait_ended():
            fail("quit did not end the second session")

        if args.source_object:
            # Source level (calls.cu): a file name completed, a line breakpoint,
            # the stop's position and text, step into the function, list.
            start(args.source_object, args.source_script)
            type_then_tab("break calls.")
            wait_for(lambda s: last_line(s).rstrip() == "(simt-dbg) break calls.cu:",
                     "file name completion")
            keys("12", "Enter")
            wait_for(contains("breakpoint 1 at calls.cu:12 (calls 0x0008)"), "the line breakpoint")
            keys("run", "Enter")
            wait_for(contains("CUDA thread hit Breakpoint 1, calls<<<(1,1,1),(32,1,1)>>> () at calls.cu:12"),
                     "the stop at the line")
            wait_for(contains("int r = classify(t);"), "the source line")
            command("step", "at calls.cu:5", "step into classify")
            command("list", "__device__ int classify(int t) {", "list around the line")
            keys("quit", "Enter")
            if not wait_ended():
                fail("quit did not end the source-level session")

        if args.program:
            # A program: the prompt before main, its own output, Ctrl-C in an
            # endless kernel, the CUDA view, kill (the prompt again), quit.
            # Where simt-dbg debugs host code (LLDB), main's breakpoint and a
            # host `next` first, in the same terminal session.
            host = "Breakpoint 1 at" in subprocess.run(
                [dbg, "-batch", "-ex", "break main", "--args", args.program],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout
            start(cmd="%s --args %s" % (dbg, args.program))
            if host:
                command("break main", "Breakpoint 1 at", "break main")
                command("run", "spinner.cu:13", "the stop in main")
                command("next", "cudaMemset(flag, 0, sizeof(int));", "a host next")
                keys("continue", "Enter")
            else:
                keys("run", "Enter")
            wait_for(contains("launching the spinner"), "the program's own output")
            interrupt(1, "Ctrl-C stopping the kernel")
            command("info cuda kernels", "1 Active", "info cuda kernels")
            command("kill", ") killed]", "kill (gdb's [Inferior 1 (process N) killed])")
            wait_for(lambda s: last_line(s).rstrip() == "(simt-dbg)", "the prompt after kill")
            keys("quit", "Enter")
            if not wait_ended():
                fail("quit did not end the program session")
    finally:
        tm("kill-server", check=False)
    print("interactive session: completion, Ctrl-C and history work" +
          (", and source-level breakpoints and stops" if args.source_object else "") +
          (", and a program's session" if args.program else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
