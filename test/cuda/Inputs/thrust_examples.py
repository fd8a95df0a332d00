"""Builds each named example of Debian's Thrust (/usr/share/doc/libthrust-dev/
examples/NAME.cu) twice: with simt-nvcc -arch=sm_35 (its kernels on the
emulator) and with clang++-19 for Thrust's host backend (the reference);
runs both and says whether their outputs are the same, or how they differ.

    thrust_examples.py TMPDIR NAME...
"""
import difflib
import subprocess
import sys

EXAMPLES = "/usr/share/doc/libthrust-dev/examples"


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)


def main():
    tmp, names = sys.argv[1], sys.argv[2:]
    status = 0
    for name in names:
        src = "%s/%s.cu" % (EXAMPLES, name)
        emu, ref = "%s/%s.emu" % (tmp, name), "%s/%s.ref" % (tmp, name)
        builds = [["simt-nvcc", "-arch=sm_35", "-O2", src, "-o", emu],
                  ["clang++-19", "-O2", "-x", "c++", "-I" + EXAMPLES,
                   "-DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_CPP", src, "-o", ref]]
        failed = [b for b in builds if run(b).returncode != 0]
        if failed:
            print("%s: does not build: %s" % (name, " ".join(failed[0])))
            status = 1
            continue
        got, want = run([emu], timeout=300), run([ref], timeout=300)
        if (got.stdout, got.returncode) == (want.stdout, want.returncode):
            print("%s: same output" % name)
            continue
        status = 1
        print("%s: differs (exit %d, reference %d)" % (name, got.returncode, want.returncode))
        sys.stdout.writelines(difflib.unified_diff(want.stdout.splitlines(True),
                                                   got.stdout.splitlines(True),
                                                   "host backend", "simt-nvcc"))
    return status


if __name__ == "__main__":
    sys.exit(main())
