"""ptxdiff.py: random differential test of simt-ptxas + simt-emu against
ptxref.py, a PTX interpreter written from the PTX ISA manual.

    ptxdiff.py [--seed S] [--modules M] [--kernels K] [--length L]
               [--features int|float|mixed] [--keep DIR] [--no-reduce]
               [--mutate NAME]

Each module holds K kernels from ptxgen.py (seeded by S and the module's
number); simt-ptxas translates it once and simt-emu runs one script that
launches every kernel (2 CTAs of 32 threads each, so the branches diverge)
on its slice of one input buffer and saves the output buffer. Every output
word is compared with the interpreter's. The first mismatch is reduced
(statements of the kernel deleted while the same thread still disagrees,
unless --no-reduce) and printed: the kernel's PTX, the thread's inputs and
both values; exit status 1. Otherwise prints
`ok: N kernels, T threads, W words`. --mutate runs the reference with
one of ptxref.MUTATIONS, a deliberate error that must be reported.
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ptxgen  # noqa: E402
import ptxref  # noqa: E402

GRID, BLOCK = 2, 32
THREADS = GRID * BLOCK
IN_BASE, OUT_BASE = 0x10000000, 0x40000000


def run_device(workdir, ptx, names, inputs):
    """Translate and run one module; the output words, or an error string."""
    src, obj = os.path.join(workdir, "m.ptx"), os.path.join(workdir, "m.o")
    bin_in, bin_out = os.path.join(workdir, "in.bin"), os.path.join(workdir, "out.bin")
    with open(src, "w") as f:
        f.write(ptx)
    r = subprocess.run(["simt-ptxas", src, "-o", obj], capture_output=True, text=True)
    if r.returncode:
        return "simt-ptxas failed:\n" + r.stderr
    with open(bin_in, "wb") as f:
        f.write(b"".join(w.to_bytes(4, "little") for w in inputs))
    n = len(inputs)
    script = ["alloc in u32[%d] = file(%s)" % (n, bin_in), "alloc out u32[%d]" % n]
    for k, name in enumerate(names):
        script.append("launch %s grid=%d block=%d args=(in, out, %du32)" % (name, GRID, BLOCK,
                                                                         k * THREADS))
    script += ["wait", "save out %s" % bin_out]
    run = os.path.join(workdir, "run.simt")
    with open(run, "w") as f:
        f.write("\n".join(script) + "\n")
    try:
        r = subprocess.run(["simt-emu", obj, run], capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        return "simt-emu ran for more than 300 s"
    if r.returncode:
        return "simt-emu failed:\n" + r.stdout[-2000:] + r.stderr[-2000:]
    data = open(bin_out, "rb").read()
    return [int.from_bytes(data[i:i + 4], "little") for i in range(0, len(data), 4)]


def reference(kernel, inputs, first):
    """The output words of one launch of a kernel, given its threads'
    inputs, by the interpreter; its parameter `first` is as on the device
    (the buffers' addresses are moved so that thread `first` is at their
    start)."""
    mem = ptxref.Memory()
    mem.add(IN_BASE, inputs)
    mem.add(OUT_BASE, [0] * len(inputs))
    name = kernel[0]
    skip = first * ptxgen.WORDS * 4
    params = {"%s_param_0" % name: IN_BASE - skip, "%s_param_1" % name: OUT_BASE - skip,
              "%s_param_2" % name: first}
    ptxref.run_kernel(kernel[1], params, GRID, BLOCK, mem)
    return [mem.words[OUT_BASE + 4 * i] for i in range(len(inputs))]


def word_name(i):
    """The register (and half) that output word i of a thread holds."""
    k = 0
    for reg, cls in ptxgen.LAYOUT:
        size = 2 if cls in ("b64", "f64") else 1
        if i < k + size:
            return reg + (".hi" if i > k else ".lo" if size == 2 else "")
        k += size
    return "(pad)"


def check_kernel(workdir, name, ptx_kernel, inputs):
    """Run one kernel alone; the first (thread, word, want, got), None if
    it agrees, or an error string."""
    ptx = ptxgen.HEADER + "\n" + ptx_kernel + "\n"
    got = run_device(workdir, ptx, [name], inputs)
    if isinstance(got, str):
        return got
    try:
        kern = ptxref.parse_kernels(ptx)[name]
        want = reference((name, kern), inputs, 0)
    except ptxref.PTXError as e:
        return "reference: %s" % e
    for i, (a, b) in enumerate(zip(want, got)):
        if a != b:
            return (i // ptxgen.WORDS, i % ptxgen.WORDS, a, b)
    return None


def reduce_kernel(workdir, name, ptx_kernel, inputs, thread, word):
    """Delete body lines (not the prologue's loads nor the stores) while
    the same thread's same word still disagrees."""
    lines = ptx_kernel.split("\n")
    last_load = "setp.ne.s32 %%p%d, %%r36, 0;" % (ptxgen.NP - 1)
    first = next(i for i, l in enumerate(lines) if l.strip() == last_load) + 1
    last = next(i for i, l in enumerate(lines) if l.endswith("_store:"))

    def fails(ls):
        r = check_kernel(workdir, name, "\n".join(ls), inputs)
        return isinstance(r, tuple) and r[0] == thread and r[1] == word

    i = last - 1
    while i >= first:
        cand = lines[:i] + lines[i + 1:]
        # Labels stay, and the loops' counters (so that every loop ends).
        keep = lines[i].endswith(":") or any(r in lines[i] for r in ("%r26", "%r27", "%p9"))
        if not keep and fails(cand):
            lines = cand
        i -= 1
    return "\n".join(lines)


def report(name, ptx_kernel, inputs, thread, word, want, got, reduced):
    t_in = inputs[thread * ptxgen.WORDS:(thread + 1) * ptxgen.WORDS]
    print("MISMATCH in kernel %s, thread %d (cta %d, tid %d), output %s (word %d):"
          % (name, thread, thread // BLOCK, thread % BLOCK, word_name(word), word))
    print("  reference 0x%08x, simt-emu 0x%08x" % (want, got))
    print("inputs of the thread (register = word):")
    for k, w in enumerate(t_in):
        print("  %-8s = 0x%08x" % (word_name(k), w))
    print("kernel%s:" % (" (reduced)" if reduced else ""))
    print(ptxgen.HEADER)
    print(ptx_kernel)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--modules", type=int, default=1)
    ap.add_argument("--kernels", type=int, default=50)
    ap.add_argument("--length", type=int, default=14)
    ap.add_argument("--features", default="mixed", choices=sorted(ptxgen.FEATURES))
    ap.add_argument("--keep", help="keep the modules and run scripts in this directory")
    ap.add_argument("--no-reduce", action="store_true")
    ap.add_argument("--mutate", action="append", default=[], choices=sorted(ptxref.MUTATIONS),
                    help="run the reference with this deliberate error (it must be caught)")
    args = ap.parse_args()
    ptxref.MUTATE.update(args.mutate)
    features = ptxgen.FEATURES[args.features]
    workdir = args.keep or tempfile.mkdtemp(prefix="ptxdiff")
    os.makedirs(workdir, exist_ok=True)
    total = threads = words = 0
    try:
        for m in range(args.modules):
            rng = random.Random("%d/%s/%d" % (args.seed, args.features, m))
            names = ["k%d_%d" % (m, k) for k in range(args.kernels)]
            kernels = [ptxgen.kernel(rng, n, rng.randint(args.length // 2, args.length), features)
                       for n in names]
            inputs = []
            for _ in range(args.kernels * THREADS):
                inputs += ptxgen.thread_inputs(rng)
            ptx = ptxgen.HEADER + "\n" + "\n\n".join(kernels) + "\n"
            got = run_device(workdir, ptx, names, inputs)
            if isinstance(got, str):
                print("module %d of seed %d: %s" % (m, args.seed, got))
                return 1
            parsed = ptxref.parse_kernels(ptx)
            for k, name in enumerate(names):
                n = ptxgen.WORDS * THREADS
                lo = k * n
                want = reference((name, parsed[name]), inputs[lo:lo + n], k * THREADS)
                for i in range(n):
                    if want[i] != got[lo + i]:
                        thread, word = i // ptxgen.WORDS, i % ptxgen.WORDS
                        own = inputs[lo:lo + n]
                        text, reduced = kernels[k], False
                        if not args.no_reduce:
                            redo = check_kernel(workdir, name, text, own)
                            if isinstance(redo, tuple) and redo[:2] == (thread, word):
                                text = reduce_kernel(workdir, name, text, own, thread, word)
                                reduced = True
                        r = check_kernel(workdir, name, text, own) if reduced else None
                        if isinstance(r, tuple):
                            want_i, got_i = r[2], r[3]
                        else:
                            want_i, got_i = want[i], got[lo + i]
                        report(name, text, own, thread, word, want_i, got_i, reduced)
                        print("(seed %d, module %d, --features %s)" % (args.seed, m, args.features))
                        return 1
                total += 1
                threads += THREADS
                words += n
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    print("ok: %d kernels, %d threads, %d words" % (total, threads, words))
    return 0


if __name__ == "__main__":
    sys.exit(main())
