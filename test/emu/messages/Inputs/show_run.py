#!/usr/bin/env python3
"""Runs a command and prints what it wrote to standard output, then to
standard error, then its exit status, for FileCheck:

    stdout:
    ...
    stderr:
    ...
    exit status N

    show_run.py [--terminal] COMMAND...

With --terminal the command's standard error is a terminal (a
pseudo-terminal), as for a person watching it, and the control characters
it writes there are made visible: a carriage return as <CR>, ESC as <ESC>.
Standard output is a file either way (a full pipe would stall the command
while this reads the terminal).
"""
import os
import pty
import subprocess
import sys
import tempfile

args = sys.argv[1:]
terminal = bool(args) and args[0] == "--terminal"
if terminal:
    args = args[1:]

out_file = tempfile.TemporaryFile()
if terminal:
    master, slave = pty.openpty()
    p = subprocess.Popen(args, stdout=out_file, stderr=slave)
    os.close(slave)
    err = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the command has closed the terminal
            break
        if not chunk:
            break
        err += chunk
    status = p.wait()
else:
    err_file = tempfile.TemporaryFile()
    status = subprocess.run(args, stdout=out_file, stderr=err_file).returncode
    err_file.seek(0)
    err = err_file.read()
out_file.seek(0)
out = out_file.read().decode(errors="replace")
text = err.decode(errors="replace")
if terminal:
    # The terminal turns each newline into CR LF.
    text = text.replace("\r\n", "\n").replace("\r", "<CR>").replace("\x1b", "<ESC>")
sys.stdout.write("stdout:\n" + out + "stderr:\n" + text + "exit status %d\n" % status)
