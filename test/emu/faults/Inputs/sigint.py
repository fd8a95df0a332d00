#!/usr/bin/env python3
"""Runs a command, sends it SIGINT after SECONDS (its output to a pipe is
buffered, so there is no line to wait for), and prints its output, stderr
and exit status; a command still running a minute later is killed.

    sigint.py SECONDS COMMAND...
"""
import signal
import subprocess
import sys
import time

p = subprocess.Popen(sys.argv[2:], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
time.sleep(float(sys.argv[1]))
p.send_signal(signal.SIGINT)
try:
    out, err = p.communicate(timeout=60)
except subprocess.TimeoutExpired:
    p.kill()
    out, err = p.communicate()
    err += "sigint.py: still running a minute after SIGINT: killed\n"
sys.stdout.write(out)
sys.stdout.write(err)
print("exit status", p.returncode)
