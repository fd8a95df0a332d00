"""The profiler's cost: the same runs plain and profiled, alternating.

  python3 bench/profile_overhead.py BUILD/bin [--reps N] [--baseline OTHER/bin]

For each workload (run scripts of examples/, and a CUDA program built by
simt-nvcc) it prints the best user+system CPU time of N plain runs and of N
runs with --profile (the HTML report written), and their ratio; runs
alternate so that a busy host slows both alike. With --baseline, the plain
runs of another build (e.g. one without the profiler) come too: the plain
run's speed with the profiler off, against that build's.
"""
import argparse
import os
import resource
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def cpu_seconds(cmd, env=None):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bin")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--baseline")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="simt-prof-bench.")
    report = os.path.join(tmp, "report.html")
    workloads = []
    for name in ("spinlock", "recursion", "reduce"):
        obj = os.path.join(tmp, name + ".o")
        subprocess.run([os.path.join(a.bin, "simt-as"), os.path.join(ROOT, "examples", name + ".s"),
                        "-o", obj], check=True)
        script = os.path.join(ROOT, "examples", name + ".simt")
        def run(bindir, profiled, obj=obj, script=script):
            cmd = [os.path.join(bindir, "simt-emu"), obj, script]
            return cpu_seconds(cmd + (["--profile", report] if profiled else []))
        workloads.append((name + ".simt", run))
    app = os.path.join(tmp, "histogram2d")
    subprocess.run([os.path.join(a.bin, "simt-nvcc"), "-O2", "-lineinfo",
                    os.path.join(ROOT, "examples", "histogram2d.cu"), "-o", app], check=True)
    def run_app(bindir, profiled):
        env = dict(os.environ)
        # The build's libcudart.so, before the program's RPATH names another.
        env["LD_PRELOAD"] = os.path.join(os.path.dirname(bindir), "lib64", "libcudart.so")
        env["SIMT_EMU_FLAGS"] = "--profile " + report if profiled else ""
        return cpu_seconds([app], env)
    workloads.append(("histogram2d.cu", run_app))

    print(f"{'workload':16} {'plain s':>9} {'profiled s':>11} {'ratio':>6}"
          + (f" {'baseline s':>11} {'plain/base':>10}" if a.baseline else ""))
    for name, run in workloads:
        plain, prof, base = [], [], []
        for _ in range(a.reps):
            plain.append(run(a.bin, False))
            prof.append(run(a.bin, True))
            if a.baseline:
                base.append(run(a.baseline, False))
        line = f"{name:16} {min(plain):9.3f} {min(prof):11.3f} {min(prof) / min(plain):6.2f}"
        if a.baseline:
            line += f" {min(base):11.3f} {min(plain) / min(base):10.2f}"
        print(line)


if __name__ == "__main__":
    sys.exit(main())
