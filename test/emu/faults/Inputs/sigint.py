#!/usr/bin/env python3
"""Runs a command, sends it SIGINT SECONDS after it has installed its SIGINT
handler (its output to a pipe is buffered, so there is no line to wait for;
/proc tells when the handler is there, so a slow start under ASan on a busy
machine is not killed by the default action), and prints its output, stderr
and exit status; a command still running a minute later is killed.

    sigint.py SECONDS COMMAND...
"""
import signal
import subprocess
import sys
import time



def catches_sigint(pid):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("SigCgt:"):
                    return int(line.split()[1], 16) & (1 << (signal.SIGINT - 1)) != 0
    except OSError:
        pass
    return False


p = subprocess.Popen(sys.argv[2:], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
deadline = time.monotonic() + 60
while not catches_sigint(p.pid) and p.poll() is None and time.monotonic() < deadline:
    time.sleep(0.01)
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
