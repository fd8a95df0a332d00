"""Ctrl-C during a long reverse-stepi: the replay stops, the program is
where it was (the same pc and R0 as before the command), and the session
goes on. simt-dbg reads its commands from a pipe; SIGINT is Ctrl-C. The
replay is ten million single steps (`stepi 10000000`, replayed from the
checkpoint before it), so the Ctrl-C half a second in lands inside it."""
import os
import signal
import subprocess
import sys
import threading
import time

simt_dbg, obj, script = sys.argv[1:4]
p = subprocess.Popen([simt_dbg, obj, script], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                     stderr=subprocess.STDOUT, text=True)
out = []
threading.Thread(target=lambda: out.extend(iter(lambda: p.stdout.read(1), "")),
                 daemon=True).start()


def wait_for(text, timeout=300):
    end = time.time() + timeout
    while text not in "".join(out):
        if time.time() > end or p.poll() is not None:
            sys.exit("reverse_interrupt.py: no %r in:\n%s" % (text, "".join(out)))
        time.sleep(0.05)


def send(line, then):
    p.stdin.write(line + "\n")
    p.stdin.flush()
    wait_for(then)


send("break spin", "breakpoint 1")
send("run", "stopped:")
send("stepi 10000000", "stopped: step")
send("print/x $pc", "$1 = ")
send("print $lane[0].R0", "$2 = ")
p.stdin.write("reverse-stepi\n")
p.stdin.flush()
time.sleep(0.5)
os.kill(p.pid, signal.SIGINT)
wait_for("Quit")
send("print/x $pc", "$3 = ")
send("print $lane[0].R0", "$4 = ")
# The log is whole again: two instructions back is the last IADD's issue.
send("reverse-stepi 2", "stopped: reverse-step")
send("print $lane[0].R0", "$5 = ")
p.stdin.write("quit\n")
p.stdin.close()
p.wait(timeout=60)
time.sleep(0.2)
print("".join(out))
