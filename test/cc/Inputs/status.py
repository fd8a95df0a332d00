"""status.py N CMD ARGS...: run CMD, fail unless its exit status is exactly N.

lit's internal shell has `not` but no `$?`; TOOLS.md fixes the codes
(1 bad input, 2 bad usage), so the tests check them exactly."""
import subprocess
import sys

want = int(sys.argv[1])
got = subprocess.call(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
if got != want:
    sys.exit(f"exit status {got}, expected {want}: {' '.join(sys.argv[2:])}")
