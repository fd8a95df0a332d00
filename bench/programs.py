#!/usr/bin/env python3
"""CUDA programs through simt-nvcc and libcudart against the same work done
other ways, measured in one run (ratios, not absolute figures):

  launches   N one-warp launches from a program's own loop (each after the
             previous one, one stream) against the same launches from a run
             script (`launch` then `wait`), launches/s of each and the ratio
  memcpy     cudaMemcpy of 64 MiB host to device and back against memcpy
  compile    simt-nvcc -c of a .cu file against clang-19's own host-only and
             device-only compiles of the same file (what simt-nvcc adds: the
             translator, the embedding, the process hops)

Usage: bench/programs.py BUILD_DIR [N]   (ninja bench-programs)
"""
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, **kw)


def timed(cmd, repeat=3):
    best = float('inf')
    for _ in range(repeat):
        t0 = time.perf_counter()
        run(cmd)
        best = min(best, time.perf_counter() - t0)
    return best


def main():
    build = os.path.abspath(sys.argv[1])
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 100000
    bin_ = os.path.join(build, 'bin')
    nvcc = os.path.join(bin_, 'simt-nvcc')
    with tempfile.TemporaryDirectory() as work:
        src = os.path.join(HERE, 'programs', 'launches.cu')
        app = os.path.join(work, 'launches')
        run([nvcc, '-O2', src, '-o', app])
        obj = os.path.join(work, 'launches.o')
        run([os.path.join(bin_, 'simt-cc'), '-O2', src, '-o', obj])
        script = os.path.join(work, 'launches.simt')
        with open(script, 'w') as f:
            f.write('alloc counter u32[1]\n')
            f.write('launch bump grid=1 block=32 args=(counter)\nwait\n' * n)
            f.write('expect counter[0] == %d\n' % n)
        # Whole processes: startup, registration and loading count on both sides.
        t_prog = timed([app, str(n)])
        t_script = timed([os.path.join(bin_, 'simt-emu'), obj, script])
        print('launches: %d one-warp launches: program %.0f/s, run script %.0f/s, '
              'program/script time %.2fx' % (n, n / t_prog, n / t_script, t_prog / t_script))

        bw = os.path.join(work, 'memcpy_bw')
        run([nvcc, '-O2', os.path.join(HERE, 'programs', 'memcpy_bw.cu'), '-o', bw])
        print('memcpy:   ' + run([bw, '64']).stdout.strip())

        cu = os.path.join(os.path.dirname(HERE), 'examples', 'histogram2d.cu')
        t_nvcc = timed([nvcc, '-O2', '-c', cu, '-o', os.path.join(work, 'h.o')])
        inc = os.path.join(os.path.dirname(HERE), 'cc', 'include')
        common = ['clang++-19', '-x', 'cuda', '--cuda-gpu-arch=sm_20', '-nocudainc', '-nocudalib',
                  '--cuda-path=', '-isystem', inc, '-include', os.path.join(inc, 'cuda_runtime.h'),
                  '-O2', '-Wno-unknown-cuda-version', cu]
        t_host = timed(common + ['--cuda-host-only', '-c', '-o', os.path.join(work, 'host.o')])
        t_dev = timed(common + ['--cuda-device-only', '-S', '-o', os.path.join(work, 'dev.ptx')])
        print('compile:  histogram2d.cu: simt-nvcc -c %.2f s; clang-19 host %.2f s + device '
              '(to PTX) %.2f s = %.2f s; ratio %.2fx' %
              (t_nvcc, t_host, t_dev, t_host + t_dev, t_nvcc / (t_host + t_dev)))


if __name__ == '__main__':
    main()
