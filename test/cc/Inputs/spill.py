"""A kernel with more live values than registers, and its reference.

    spill.py ptx   -> PTX: 80 loads, then a sum that needs all 80 values
    spill.py simt  -> the run script, expected values computed here
"""
import sys

N, THREADS = 80, 64

if sys.argv[1] == "ptx":
    print(".version 4.2\n.target sm_20\n.address_size 64\n")
    print(".visible .entry spill(.param .u64 p)\n{")
    print("\t.reg .b32 %%r<%d>;\n\t.reg .b64 %%rd<4>;" % (N + 8))
    print("\tld.param.u64 %rd1, [p];\n\tmov.u32 %r1, %tid.x;")
    print("\tmul.wide.u32 %rd2, %r1, 4;\n\tadd.s64 %rd3, %rd1, %rd2;")
    # v_i = in[tid + i] + i, all loaded before any is used.
    for i in range(N):
        print("\tld.global.u32 %%r%d, [%%rd3+%d];" % (i + 4, 4 * i))
    print("\tmov.u32 %r2, 0;")
    for i in reversed(range(N)):
        print("\tmad.lo.s32 %%r2, %%r%d, %d, %%r2;" % (i + 4, i + 1))
    print("\tst.global.u32 [%%rd3+%d], %%r2;" % (4 * (N + THREADS)))
    print("\tret;\n}")
else:
    size = 2 * (N + THREADS)
    print("alloc buf u32[%d] = iota" % size)
    print("launch spill grid=1 block=%d args=(buf)" % THREADS)
    print("wait")
    for t in range(0, THREADS, 7):
        want = sum((t + i) * (i + 1) for i in range(N)) & 0xFFFFFFFF
        print("expect buf[%d] == %d" % (t + N + THREADS, want))
