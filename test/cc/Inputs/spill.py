"""Kernels with more live values than registers, and their reference.

    spill.py ptx   -> PTX: `spill`, 80 loads, then a sum that needs all 80
                      values; `spillp`, 12 predicates (P0..P6 hold 7) all
                      live at once, read by selp, guards, and.pred and a branch;
                      `spillg`, 80 live values each rewritten under a guard
                      (a spilled value's guarded write: its temporary must
                      not look live from the entry); `spills`, 12 live
                      predicates and setps that write their own guard and
                      a second predicate (`@%p0 setp.lt.s32 %p0|%p11`)
    spill.py simt  -> the run script, expected values computed here
"""
import sys

N, THREADS = 80, 64
NP = 12  # predicates live at once in spillp


def pred(t, i):
    return ((t + i) * (i + 3)) & 4 != 0


def spillp_reference(t):
    r = 0
    for i in reversed(range(NP)):
        r += (i + 1) if pred(t, i) else 0
        if i % 3 == 0 and pred(t, i):
            r += 100
    if pred(t, 0) and pred(t, 11):
        r += 1000
    if pred(t, 5):
        r += 5000
    return r


def predicates_prologue(kernel, preds, regs):
    """A kernel's head: %rd3 = &p[tid], and p_i = ((tid + i) * (i + 3)) & 4
    != 0 for i < NP, every one set before any is read."""
    print(".visible .entry %s(.param .u64 p)\n{" % kernel)
    print("\t.reg .pred %%p<%d>;\n\t.reg .b32 %%r<%d>;\n\t.reg .b64 %%rd<4>;" % (preds, regs))
    print("\tld.param.u64 %rd1, [p];\n\tmov.u32 %r1, %tid.x;")
    print("\tmul.wide.u32 %rd2, %r1, 4;\n\tadd.s64 %rd3, %rd1, %rd2;")
    for i in range(NP):
        v, a = 3 * i + 4, 3 * i + 5
        print("\tadd.u32 %%r%d, %%r1, %d;" % (v, i))
        print("\tmul.lo.u32 %%r%d, %%r%d, %d;" % (v, v, i + 3))
        print("\tand.b32 %%r%d, %%r%d, 4;" % (a, v))
        print("\tsetp.ne.u32 %%p%d, %%r%d, 0;" % (i, a))


def spillp_ptx():
    predicates_prologue("spillp", NP + 2, 3 * NP + 8)
    print("\tmov.u32 %r2, 0;")
    for i in reversed(range(NP)):
        t = 3 * i + 6
        print("\tselp.u32 %%r%d, %d, 0, %%p%d;" % (t, i + 1, i))
        print("\tadd.u32 %%r2, %%r2, %%r%d;" % t)
        if i % 3 == 0:
            print("\t@%%p%d add.u32 %%r2, %%r2, 100;" % i)
    print("\tand.pred %%p%d, %%p0, %%p11;" % NP)
    print("\t@!%%p%d bra SKIP;" % NP)
    print("\tadd.u32 %r2, %r2, 1000;")
    print("SKIP:")
    print("\t@!%p5 bra DONE;")
    print("\tadd.u32 %r2, %r2, 5000;")
    print("DONE:")
    print("\tst.global.u32 [%rd3], %r2;")
    print("\tret;\n}")


def spillg_ptx():
    # v_i = in[tid + i], then v_i += i where tid is odd, all 80 live at once.
    print(".visible .entry spillg(.param .u64 in, .param .u64 out)\n{")
    print("\t.reg .pred %%p<2>;\n\t.reg .b32 %%r<%d>;\n\t.reg .b64 %%rd<7>;" % (N + 8))
    print("\tld.param.u64 %rd1, [in];\n\tld.param.u64 %rd4, [out];")
    print("\tmov.u32 %r1, %tid.x;\n\tmul.wide.u32 %rd2, %r1, 4;")
    print("\tadd.s64 %rd3, %rd1, %rd2;\n\tadd.s64 %rd5, %rd4, %rd2;")
    print("\tand.b32 %r3, %r1, 1;\n\tsetp.ne.u32 %p1, %r3, 0;")
    for i in range(N):
        print("\tld.global.u32 %%r%d, [%%rd3+%d];" % (i + 4, 4 * i))
    for i in range(N):
        print("\t@%%p1 add.u32 %%r%d, %%r%d, %d;" % (i + 4, i + 4, i))
    print("\tmov.u32 %r2, 0;")
    for i in reversed(range(N)):
        print("\tmad.lo.s32 %%r2, %%r%d, %d, %%r2;" % (i + 4, i + 1))
    print("\tst.global.u32 [%rd5], %r2;")
    print("\tret;\n}")


def spillg_reference(t):
    return sum((t + i + (i if t % 2 else 0)) * (i + 1) for i in range(N)) & 0xFFFFFFFF


# spills: (guard and first output, second output) of each guarded setp.
SELF_GUARDED = [(0, 11), (1, 10), (2, 9), (3, 8), (4, 7), (5, 6), (11, 1), (10, 2),
                (9, 3), (6, 0), (7, 5), (8, 4)]


def spills_operands(t, k):
    return (t * (k + 5)) & 15, (3 * k + t) & 15


def spills_reference(t):
    p = [pred(t, i) for i in range(NP)]
    for k, (g, q) in enumerate(SELF_GUARDED):
        if p[g]:
            a, b = spills_operands(t, k)
            p[g], p[q] = a < b, not a < b
    return sum((i + 1) << (2 * i) for i in range(NP) if p[i])


def spills_ptx():
    predicates_prologue("spills", NP, 3 * NP + 2 * len(SELF_GUARDED) + 8)
    for k, (g, q) in enumerate(SELF_GUARDED):
        a, b = 3 * NP + 4 + 2 * k, 3 * NP + 5 + 2 * k
        print("\tmul.lo.u32 %%r%d, %%r1, %d;\n\tand.b32 %%r%d, %%r%d, 15;" % (a, k + 5, a, a))
        print("\tmad.lo.u32 %%r%d, %d, 3, %%r1;\n\tand.b32 %%r%d, %%r%d, 15;" % (b, k, b, b))
        print("\t@%%p%d setp.lt.s32 %%p%d|%%p%d, %%r%d, %%r%d;" % (g, g, q, a, b))
    print("\tmov.u32 %r2, 0;")
    for i in range(NP):
        print("\t@%%p%d add.u32 %%r2, %%r2, %d;" % (i, (i + 1) << (2 * i)))
    print("\tst.global.u32 [%rd3], %r2;")
    print("\tret;\n}")


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
    spillp_ptx()
    spillg_ptx()
    spills_ptx()
else:
    size = 2 * (N + THREADS)
    print("alloc buf u32[%d] = iota" % size)
    print("launch spill grid=1 block=%d args=(buf)" % THREADS)
    print("wait")
    for t in range(0, THREADS, 7):
        want = sum((t + i) * (i + 1) for i in range(N)) & 0xFFFFFFFF
        print("expect buf[%d] == %d" % (t + N + THREADS, want))
    print("alloc flags u32[%d]" % THREADS)
    print("launch spillp grid=1 block=%d args=(flags)" % THREADS)
    print("wait")
    print("expect flags == [%s]" % ", ".join(str(spillp_reference(t)) for t in range(THREADS)))
    print("alloc gin u32[%d] = iota" % (N + THREADS))
    print("alloc gout u32[%d]" % THREADS)
    print("launch spillg grid=1 block=%d args=(gin, gout)" % THREADS)
    print("wait")
    print("expect gout == [%s]" % ", ".join(str(spillg_reference(t)) for t in range(THREADS)))
    print("alloc sflags u32[%d]" % THREADS)
    print("launch spills grid=1 block=%d args=(sflags)" % THREADS)
    print("wait")
    print("expect sflags == [%s]" % ", ".join(str(spills_reference(t)) for t in range(THREADS)))
