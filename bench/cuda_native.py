#!/usr/bin/env python3
"""The CUDA corpus against its native twins: each kernel of test/cuda is
compiled a second time by the host compiler (bench/native/cuda_host.h runs
every CUDA thread as a fiber on one host thread) and both run the test's own
launches of that kernel on the same inputs. Per kernel: the emulator's
thread-instructions/s and launched threads (elements)/s from simt-emu
--stats (wall_seconds: the device run alone, best of 5), the native twin's time (best
of several repetitions, thread CPU time), their ratio, and whether the
outputs agree word for word.

The kernels whose generator takes a size run at the size of BENCH_SIZES
(a user's, not the test's: the tests' inputs take tens of microseconds to
emulate, where per-launch costs outweigh the instructions); --test-size runs
every kernel at its test's size.

The twins are built -O2 for the emulator library's target: the build's
SIMT_HOST_ARCH (read from BIN_DIR/../CMakeCache.txt; --march overrides, ""
for the compiler's default), -ffp-contract=off as the library.

    cuda_native.py BIN_DIR [--markdown] [--test-size] [--only NAME,...] [--cxx CXX]
                   [--march ARCH] [--emu-flags "FLAGS"]

--emu-flags passes simt-emu flags to every emulator run (e.g. "--jit off":
the default is --jit auto); where the JIT compiled something, the outputs
column says what share of the warp-instructions ran compiled.
"""
import json
import os
import re
import statistics
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from cuda_corpus import SRC, only_kernel, reference_script, run  # noqa: E402

sys.path.insert(0, os.path.join(SRC, "Inputs"))
from ref import splitmix64  # noqa: E402  (TOOLS.md's random(SEED))

BIN = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("--") else "build/bin"
MARKDOWN = "--markdown" in sys.argv
TEST_SIZE = "--test-size" in sys.argv
EMU_FLAGS = (sys.argv[sys.argv.index("--emu-flags") + 1].split()
             if "--emu-flags" in sys.argv else [])
ONLY = None
CXX = os.environ.get("CXX", "c++")
for i, a in enumerate(sys.argv):
    if a == "--only":
        ONLY = set(sys.argv[i + 1].split(","))
    if a == "--cxx":
        CXX = sys.argv[i + 1]


def host_arch():
    """-march of the twins: --march ARCH, else the build's SIMT_HOST_ARCH."""
    if "--march" in sys.argv:
        return sys.argv[sys.argv.index("--march") + 1]
    try:
        with open(os.path.join(BIN, "..", "CMakeCache.txt")) as f:
            for line in f:
                if line.startswith("SIMT_HOST_ARCH:"):
                    return line.split("=", 1)[1].strip()
    except OSError:
        pass
    return ""


ARCH = host_arch()
ARCH_FLAGS = (["-march=" + ARCH] if ARCH else []) + ["-ffp-contract=off"]

# Per test file, the `--size N` of its generator (test/cuda/Inputs: the
# problem size, elements or a matrix's side), chosen so one emulator run takes
# about 0.1-1 s on this machine. The tests not listed run at their own size:
# their generators have fixed structures (trees, DP tables, LU factors),
# host statistics between launches (srad) or no size to scale. collatz stays
# below 113383, the first start whose trajectory leaves int (2^31): the
# native twin's signed overflow would be undefined. spmv, kmeans and
# blackscholes list their inputs in the script, which must stay below
# simt-emu's limit for a command file (16 MiB).
BENCH_SIZES = {"vadd": 1 << 22, "saxpy": 1 << 22, "collatz": 1 << 16, "search": 1 << 18,
               "stencil": 2048, "matmul": 256, "reduce": 1 << 18, "gemm_naive": 256,
               "stencil3d": 512, "spmv": 1 << 17, "kmeans": 1 << 19, "blackscholes": 1 << 17,
               "calls": 1 << 15}

FORMATS = {"u8": "B", "s8": "b", "u16": "H", "s16": "h", "u32": "I", "s32": "i",
           "u64": "Q", "s64": "q", "f32": "f", "f64": "d"}
class Skip(Exception):
    pass


def number(text, ty):
    text = text.strip()
    if ty.startswith("f"):
        return float(text)
    v = int(text, 0)
    bits = int(ty[1:])
    v &= (1 << bits) - 1
    if ty.startswith("s") and v >> (bits - 1):
        v -= 1 << bits
    return v


def initial_bytes(ty, count, init):
    """A buffer's bytes as the run script's `alloc` makes them (TOOLS.md)."""
    fmt = "<" + FORMATS[ty]
    if init is None:
        values = [0] * count
    elif init == "iota":
        values = [float(i) if ty.startswith("f") else i for i in range(count)]
    elif init.startswith("random("):
        xs = splitmix64(int(init[7:-1], 0), count)
        if ty == "f32":
            values = [(x >> 40) * 2.0**-24 for x in xs]
        elif ty == "f64":
            values = [(x >> 11) * 2.0**-53 for x in xs]
        else:
            values = [number(str(x & ((1 << int(ty[1:])) - 1)), ty) for x in xs]
    elif init.startswith("["):
        values = [number(v, ty) for v in init.strip("[]").split(",")]
        values += [0] * (count - len(values))
    else:
        values = [number(init, ty)] * count
    return b"".join(struct.pack(fmt, v) for v in values)


ALLOC = re.compile(r"alloc (\w+) (\w+)\[(\d+)\](?:\s*=\s*(.*))?$")
LAUNCH = re.compile(r"launch (\S+) grid=([\d,]+) block=([\d,]+)(.*?)args=\((.*)\)\s*$")
TYPED = re.compile(r"^(-?[\w.+]+?)(u8|s8|u16|s16|u32|s32|u64|s64|f32|f64)$")


def parse(script):
    allocs, launches = [], []
    for line in script.splitlines():
        line = line.split("#")[0].strip()
        if not line:
            continue
        m = ALLOC.match(line)
        if m:
            allocs.append((m.group(1), m.group(2), int(m.group(3)), m.group(4)))
            continue
        m = LAUNCH.match(line)
        if m:
            if "shared=" in m.group(4):
                raise Skip("dynamic shared memory")
            args = [a.strip() for a in m.group(5).split(",") if a.strip()]
            launches.append((m.group(1), m.group(2), m.group(3), args))
            continue
        if line.startswith(("wait", "dump", "expect", "stats")):
            continue
        raise Skip("run-script command '%s'" % line.split()[0])
    return allocs, launches


def source_name(mangled):
    plain = run(["llvm-cxxfilt-19", mangled]).stdout.strip()
    return plain.split("(")[0]


def host_source(cu):
    """The kernel file without its host main and CUDA includes."""
    text = open(cu).read()
    if re.search(r"__ballot|__all\(|__any\(|\basm\b|clock\(|__constant__|__device__\s+\w+\s+\w+\s*(\[|=|;)", text):
        raise Skip("warp votes, inline PTX, clock, or module variables")
    text = re.sub(r"^#include <cuda[^>]*>\n", "", text, flags=re.M)
    text = text[:text.find("\nint main(")] if "\nint main(" in text else text
    text = re.sub(r"extern __shared__ (\w+) (\w+)\[\];", r"static \1 \2[49152 / sizeof(\1)];", text)
    return text


def twin_main(allocs, launches):
    out = ["#include <time.h>", "#include <fstream>", "#include <iterator>",
           "static double cpu() { timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);"
           " return t.tv_sec + 1e-9 * t.tv_nsec; }",
           "static std::vector<char> slurp(const char *p) { std::ifstream f(p, std::ios::binary);"
           " return {std::istreambuf_iterator<char>(f), {}}; }",
           "int main(int, char **argv) {", "  std::string dir = argv[1];"]
    names = set()
    for name, ty, count, _ in allocs:
        names.add(name)
        out.append('  auto init_%s = slurp((dir + "/%s.init").c_str());' % (name, name))
        out.append("  std::vector<char> buf_%s(init_%s.size());" % (name, name))
    out.append("  auto reset = [&] {")
    for name, *_ in allocs:
        out.append("    buf_%s = init_%s;" % (name, name))
    out.append("  };")
    out.append("  auto launches = [&] {")
    for kernel, grid, block, args in launches:
        conv = []
        for a in args:
            if a in names:
                conv.append("simt_native::Arg{buf_%s.data()}" % a)
                continue
            m = TYPED.match(a)
            if not m:
                raise Skip("argument '%s'" % a)
            if m.group(2).startswith("f"):
                conv.append("simt_native::Arg{nullptr, %r, 0, true}" % float(m.group(1)))
            else:
                conv.append("simt_native::Arg{nullptr, 0, %dLL}" % number(m.group(1), m.group(2)))
        g = ", ".join(grid.split(",")) if grid else "1"
        b = ", ".join(block.split(","))
        out.append("    simt_native::launch(dim3(%s), dim3(%s), [&] { %s(%s); });"
                   % (g, b, source_name(kernel), ", ".join(conv)))
    out.append("  };")
    out.append("  reset(); launches();")
    for name, *_ in allocs:
        out.append('  { std::ofstream f(dir + "/%s.native", std::ios::binary);'
                   " f.write(buf_%s.data(), buf_%s.size()); }" % (name, name, name))
    out.append("  double best = 1e30, total = 0;")
    out.append("  for (int rep = 0; rep < 50 && (rep < 3 || total < 0.3); ++rep) {")
    out.append("    reset(); double t0 = cpu(); launches(); double t = cpu() - t0;")
    out.append("    total += t; if (t < best) best = t;")
    out.append("  }")
    out.append('  printf("%.9f\\n", best);')
    out.append("}")
    return "\n".join(out) + "\n"


def measure(cu, tmp, size):
    script = reference_script(cu, ("--size", str(size), "--no-expect") if size else ())
    if script is None:
        raise Skip("no run script")
    obj = os.path.join(tmp, "k.o")
    run([os.path.join(BIN, "simt-cc"), cu, "-o", obj])
    source = host_source(cu)
    kernels = []
    for line in script.splitlines():
        if line.startswith("launch ") and line.split()[1] not in kernels:
            kernels.append(line.split()[1])
    rows = []
    for kernel in kernels:
        one = only_kernel(script, kernel)
        try:
            allocs, launches = parse(one)
        except Skip as e:
            rows.append((kernel, None, str(e)))
            continue
        for name, ty, count, init in allocs:
            with open(os.path.join(tmp, name + ".init"), "wb") as f:
                f.write(initial_bytes(ty, count, init))
        cpp = os.path.join(tmp, "twin.cpp")
        barrier = "__syncthreads" in source
        with open(cpp, "w") as f:
            f.write(("" if barrier else "#define SIMT_NATIVE_NO_BARRIER\n") +
                    '#include "cuda_host.h"\n' + source + "\n" + twin_main(allocs, launches))
        exe = os.path.join(tmp, "twin")
        build = subprocess.run([CXX, "-std=c++20", "-O2", *ARCH_FLAGS, "-w", "-I",
                                os.path.join(HERE, "native"), cpp, "-o", exe],
                               capture_output=True, text=True)
        if build.returncode:
            rows.append((kernel, None, "native build failed: " +
                         (build.stderr.strip().splitlines() or ["?"])[0][:80]))
            continue
        try:
            native = float(run([exe, tmp], timeout=600).stdout.strip())
        except subprocess.TimeoutExpired:
            rows.append((kernel, None, "native twin took over 10 minutes"))
            continue
        emu_script = os.path.join(tmp, "one.simt")
        with open(emu_script, "w") as f:
            f.write(one + "wait\n" + "".join("save %s %s/%s.emu\n" % (n, tmp, n)
                                             for n, *_ in allocs))
        stats = os.path.join(tmp, "stats.json")
        walls = []
        for _ in range(5):  # best of 5: wall time, so other processes' load adds to it
            run([os.path.join(BIN, "simt-emu"), obj, emu_script, "--stats-file", stats] +
                EMU_FLAGS)
            st = json.load(open(stats))
            walls.append(st["wall_seconds"])
        same = all(open(os.path.join(tmp, n + ".emu"), "rb").read() ==
                   open(os.path.join(tmp, n + ".native"), "rb").read() for n, *_ in allocs)
        threads = 0
        for _, grid, block, _ in launches:
            g = [int(x) for x in grid.split(",")]
            b = [int(x) for x in block.split(",")]
            threads += eval("*".join(map(str, g + b)))
        compiled = st.get("jit", {}).get("warp_instructions", 0) / max(st["instructions"]["warp"], 1)
        rows.append((kernel, (st["instructions"]["thread"], min(walls), native, threads, same,
                              barrier, compiled), ""))
    return rows


def main():
    table = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in sorted(os.listdir(SRC)):
            cu = os.path.join(SRC, name)
            if not name.endswith(".cu") or "XFAIL" in open(cu).read():
                continue
            if ONLY and name[:-3] not in ONLY:
                continue
            size = None if TEST_SIZE else BENCH_SIZES.get(name[:-3])
            label = (name[:-3], str(size) if size else "test")
            try:
                table += [label + r for r in measure(cu, tmp, size)]
            except Skip as e:
                table.append(label + ("-", None, str(e)))
            except subprocess.CalledProcessError as e:
                table.append(label + ("-", None, "failed: " + " ".join(e.cmd[:2])))
    head = ("file", "size", "kernel", "thread-ins", "emu s", "emu thread-ins/s", "native s",
            "emu/native", "emu threads/s", "native threads/s", "outputs")
    form = "%-16s %8s %-22s %11s %8s %10s %10s %9s %10s %10s %s"
    print("native twins: %s -std=c++20 -O2 %s" % (CXX, " ".join(ARCH_FLAGS)))
    line = "| " + " | ".join(head) + " |" if MARKDOWN else form % head
    print(line)
    if MARKDOWN:
        print("|" + "---|" * len(head))
    ratios, loops, sized = [], [], []
    for f, size, kernel, r, why in table:
        if r is None:
            vals = (f, size, kernel, "", "", "", "", "", "", "", "skipped: " + why)
        else:
            ins, emu, nat, threads, same, barrier, compiled = r
            ratios.append(emu / nat)
            if not barrier:
                loops.append(emu / nat)
                if size != "test":
                    sized.append(emu / nat)
            vals = (f, size, kernel, ins, "%.4f" % emu, "%.3g" % (ins / emu), "%.6f" % nat,
                    "%.1f" % (emu / nat), "%.3g" % (threads / emu), "%.3g" % (threads / nat),
                    ("identical" if same else "differ") + (" (fibers)" if barrier else "") +
                    (", %.0f%% compiled" % (100 * compiled) if compiled else ""))
        if MARKDOWN:
            print("| " + " | ".join(str(v) for v in vals) + " |")
        else:
            print(form % vals)
    # Fiber twins (kernels with barriers) pay a context switch per thread
    # per barrier: no native reference for speed, so the goal is taken
    # against the loop twins.
    for what, rs in (("kernels", ratios), ("loop twins", loops),
                     ("loop twins at a bench size", sized)):
        if rs:
            print("%d %s measured: emulator/native time ratio median %.1f (min %.1f, max %.1f)"
                  % (len(rs), what, statistics.median(rs), min(rs), max(rs)))


if __name__ == "__main__":
    main()
