#!/usr/bin/env python3
"""Runs a command with its standard error on a terminal (a pseudo-terminal)
and its standard output on a pipe, then prints what each received, stderr
with its control characters made visible (\\r as <CR>, ESC as <ESC>), and the
exit status: what a person at a terminal would have seen, for FileCheck.

    on_terminal.py COMMAND...
"""
import os
import pty
import subprocess
import sys
import tempfile

master, slave = pty.openpty()
out_file = tempfile.TemporaryFile()  # not a pipe: a full pipe would stall it
p = subprocess.Popen(sys.argv[1:], stdout=out_file, stderr=slave)
os.close(slave)
err = b""
while True:
    try:
        chunk = os.read(master, 4096)
    except OSError:  # EIO: the last writer closed the terminal
        break
    if not chunk:
        break
    err += chunk
status = p.wait()
out_file.seek(0)
out = out_file.read()
text = err.decode(errors="replace").replace("\r\n", "\n")
text = text.replace("\r", "<CR>").replace("\x1b", "<ESC>")
sys.stdout.write("stdout:\n" + out.decode(errors="replace"))
sys.stdout.write("stderr:\n" + text)
sys.stdout.write("exit status %d\n" % status)
