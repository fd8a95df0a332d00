//===-- simt-bench.cpp - Emulator throughput against native C++ loops -----===//
//
// One run measures the emulator on four kernels (bench/kernels/*.s, assembled
// here at run time with simt::as::assemble, loaded with rt::loadObject from
// the bytes, decoded with rt::decoder()) and times, in the same process, a
// native C++ loop doing the same work on the host: same element count, same
// operations, same results (each pair's outputs are compared word for word).
// Then the cost of a debugger breakpoint that is never hit.
//
//   alu       ALU-bound, converged: IADD/IMAD/LOP/FFMA on registers
//   vecadd    memory-bound: c[i] = a[i] + b[i] streamed over 3 x 32 MiB,
//             once on a FlatMemory (one mapped range) and once on the
//             runtime's DeviceMemory (three allocations, as simt-emu runs it)
//   vecadd/1pe  the same sum with one thread per element (4M elements on
//             16384 CTAs): what starting and retiring a CTA costs, as a
//             ratio to the grid-stride rate of the same run
//   matmul    C = A x B (256 x 256 f32), one thread per element on 256 CTAs
//   diverge   data-dependent nested SSY/BRA/SYNC, four paths per warp
//   recurse   deep CAL/RET recursion with a local-memory frame per level,
//             spilling and restoring the SIMT stack cache
//   alujit    alu with --jit off and --jit on (docs/jit.md), alternating:
//             the speed-up, the compile time and that every statistic but
//             the JIT's own is the same
//   break     alu with a breaking subscriber and one break site at a PC that
//             is never reached (the label `never`), as simt-dbg runs it; and
//             with the hook asked before every instruction (watchpoints)
//
// Timing: the thread's CPU time around launch + runUntilIdle for the
// emulator and around the loop for native (the machine may be shared; the
// wall clock is printed beside the emulator's); setup (assembly, decoding,
// buffers, Device construction) is not timed. Each
// emulator figure is the best of --reps runs, each native one the best of
// max(5, 2 * reps); the break-hook runs alternate plain, site and everywhere.
// --ops adds a per-opcode cost table (kernels/ops.s, one assembly per -D OP).
// Throughput: thread-instructions (the emulator's `thread` count: lanes
// active with a true guard, summed) and warp-instructions per second.
//
//===----------------------------------------------------------------------===//
#include "asm/Assembler.h"
#include "emu/device/Device.h"
#include "emu/jit/OrcJitCompiler.h"
#include "emu/mem/Memory.h"
#include "runtime/Decoder.h"
#include "runtime/DeviceMemory.h"
#include "runtime/ObjectFile.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#ifndef SIMT_BENCH_KERNELS
#define SIMT_BENCH_KERNELS "bench/kernels"
#endif

namespace {

using namespace simt;
using Clock = std::chrono::steady_clock;

[[noreturn]] void die(const std::string &msg) {
  std::fprintf(stderr, "simt-bench: %s\n", msg.c_str());
  std::exit(2);
}

double seconds(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

/// CPU time of the calling thread: what the run cost this core, whatever
/// else the machine is doing (the wall clock is reported beside it).
double threadCpu() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

/// Wall and thread-CPU seconds of one timed region.
struct Timing {
  double wall = 0, cpu = 0;
};
template <class F> Timing timed(F &&f) {
  const auto w0 = Clock::now();
  const double c0 = threadCpu();
  f();
  const double c1 = threadCpu();
  return {seconds(w0, Clock::now()), c1 - c0};
}

//===-- Options -------------------------------------------------------------===//

struct Options {
  std::string kernels = SIMT_BENCH_KERNELS;
  double scale = 1.0;
  int reps = 3;
  int breakReps = 5;
  std::string only; // comma-separated subset of the benchmark names
  bool ops = false;  // also the per-opcode cost table (kernels/ops.s)
  uint32_t ctas = 16;
  uint32_t quantum = 0; // --quantum: the device's epoch length; 0: its default
  emu::JitMode jit = emu::JitMode::Auto; // --jit: the plain figures' mode (the tools' default)
  bool wants(const char *name) const {
    if (only.empty())
      return true;
    std::stringstream ss(only);
    for (std::string item; std::getline(ss, item, ',');)
      if (item == name)
        return true;
    return false;
  }
};

void usage() {
  std::printf(
      "usage: simt-bench [--kernels DIR] [--scale F] [--reps N] [--break-reps N]\n"
      "                  [--only alu,alujit,vecadd,vecadd1pe,matmul,diverge,recurse,break,ops]\n"
      "                  [--ops] [--ctas N] [--quantum N] [--jit off|auto]\n"
      "  --kernels DIR  where the *.s kernels are (default %s)\n"
      "  --scale F      multiplies every iteration count and the vecadd size (default 1)\n"
      "  --reps N       runs per figure, best kept (default 3)\n"
      "  --break-reps N rounds for the break-hook figures (default 5)\n"
      "  --only LIST    run only these (default: all but ops)\n"
      "  --ops          also time single opcodes (kernels/ops.s): what one\n"
      "                 warp-instruction of each costs above the NOP floor\n"
      "  --ctas N       CTAs of 256 threads per launch (default 16: 128 warps);\n"
      "                 not vecadd1pe and matmul, whose CTA counts follow their size\n"
      "  --quantum N    the device's epoch in cycles (default: DeviceConfig's, 64);\n"
      "                 the JIT's rounds end with an epoch (docs/jit.md)\n"
      "  --jit MODE     the plain figures' --jit: auto (the tools' default: each\n"
      "                 run compiles what gets hot, its compile timed) or off\n",
      SIMT_BENCH_KERNELS);
}

Options parseArgs(int argc, char **argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto val = [&]() -> std::string {
      if (i + 1 >= argc)
        die("missing value after " + a);
      return argv[++i];
    };
    if (a == "--kernels")
      o.kernels = val();
    else if (a == "--scale")
      o.scale = std::atof(val().c_str());
    else if (a == "--reps")
      o.reps = std::max(1, std::atoi(val().c_str()));
    else if (a == "--break-reps")
      o.breakReps = std::max(1, std::atoi(val().c_str()));
    else if (a == "--only")
      o.only = val();
    else if (a == "--ops")
      o.ops = true;
    else if (a == "--quantum")
      o.quantum = static_cast<uint32_t>(std::max(1, std::atoi(val().c_str())));
    else if (a == "--jit") {
      const std::string m = val();
      if (m != "off" && m != "auto")
        die("--jit: expected off or auto, not '" + m + "'");
      o.jit = m == "auto" ? emu::JitMode::Auto : emu::JitMode::Off;
    } else if (a == "--ctas")
      o.ctas = static_cast<uint32_t>(std::max(1, std::atoi(val().c_str())));
    else if (a == "-h" || a == "--help") {
      usage();
      std::exit(0);
    } else {
      usage();
      die("unknown argument " + a);
    }
  }
  if (!(o.scale > 0))
    die("--scale must be positive");
  std::stringstream ss(o.only);
  for (std::string item; std::getline(ss, item, ',');)
    if (item != "alu" && item != "alujit" && item != "vecadd" && item != "vecadd1pe" && item != "matmul" &&
        item != "diverge" && item != "recurse" &&
        item != "break" && item != "ops")
      die("--only: unknown benchmark '" + item + "'");
  if (!o.only.empty() && o.wants("ops"))
    o.ops = true;
  return o;
}

/// Native loops are short: more runs for the best time.
int nativeReps(const Options &o) { return std::max(5, 2 * o.reps); }

uint32_t scaled(const Options &o, double n) {
  return static_cast<uint32_t>(std::max(1.0, std::round(n * o.scale)));
}

//===-- Kernels: assemble, load, decode --------------------------------------===//

struct Kernel {
  rt::LoadedObject object;
  const rt::LoadedKernel *info = nullptr;
  std::vector<emu::Inst> code;

  emu::KernelDesc desc() const {
    emu::KernelDesc d;
    d.name = info->name();
    d.code = &code;
    d.regs = info->info.regs ? info->info.regs : 63;
    d.shared = info->info.shared;
    d.local = info->info.local;
    d.maxStack = info->info.maxStack;
    return d;
  }
  /// Writes parameter `name` (by its .simt.info offset) into a launch block.
  template <class T> void setParam(std::vector<uint8_t> &params, const char *name, T v) const {
    for (const rt::ParamInfo &p : info->info.params)
      if (p.name == name) {
        if (p.size != sizeof(T))
          die(std::string("parameter ") + name + " has size " + std::to_string(p.size));
        const size_t at = p.offset - 0x20;
        if (params.size() < at + sizeof(T))
          params.resize(at + sizeof(T));
        std::memcpy(params.data() + at, &v, sizeof(T));
        return;
      }
    die(std::string("kernel ") + info->name() + " has no parameter " + name);
  }
};

std::unique_ptr<Kernel> loadKernel(const Options &o, const std::string &name,
                                   std::vector<std::pair<std::string, long long>> defines = {}) {
  const std::string path = o.kernels + "/" + name + ".s";
  std::ifstream in(path);
  if (!in)
    die("cannot read " + path + " (use --kernels DIR)");
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string source = ss.str();

  auto k = std::make_unique<Kernel>();
  llvm::SmallVector<char, 0> bytes;
  llvm::raw_svector_ostream os(bytes);
  std::string diag;
  llvm::raw_string_ostream ds(diag);
  as::AssembleOptions opts;
  opts.FileName = path;
  opts.Defines = std::move(defines);
  if (as::assemble(source, opts, os, ds) != 0) {
    ds.flush();
    die("assembling " + path + " failed:\n" + diag);
  }
  auto obj = rt::loadObject(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size()),
      path);
  if (!obj)
    die(obj.message());
  k->object = std::move(*obj);
  k->info = k->object.findKernel(name);
  if (!k->info)
    die(path + " has no kernel named " + name);
  k->code = rt::decoder().decode(k->info->image);
  return k;
}

//===-- Running ---------------------------------------------------------------===//

/// A debugger's breakpoint table as a breaking subscriber sees it: stop when
/// a warp is about to execute one of `pcs`, each marked as a break site. The
/// benchmark's PC is never reached, so it never fires. `everywhere`: it is
/// asked before every instruction (the debugger's mode while a watched
/// location changed or a replay runs; every instruction's cost before break
/// sites existed).
struct Breakpoints final : emu::Subscriber {
  std::vector<uint32_t> pcs;
  bool everywhere = false;
  emu::Interests interests() const override { return {.breaks = true}; }
  bool breakBefore(const emu::BreakQuery &q) override {
    for (uint32_t pc : pcs)
      if (q.pc == pc)
        return true;
    return false;
  }
};

/// --quantum, for every device a run makes (0: DeviceConfig's default).
uint32_t gQuantum = 0;
/// --jit, for every plain run: under auto each run has a compiler of its
/// own, as a process of simt-emu would, so a figure pays its compiles.
emu::JitMode gJitMode = emu::JitMode::Auto;

struct EmuResult {
  double seconds = 0; // thread CPU time
  double wall = 0;
  uint64_t warpInstr = 0, threadInstr = 0;
  emu::DeviceStats stats;
};

/// One timed launch + runUntilIdle on a fresh device; with `jit`, the
/// device runs with --jit on and that compiler (whose cache outlives it),
/// else with --jit as `mode` says.
EmuResult runOnce(const emu::LaunchParams &params, Breakpoints *bp = nullptr,
                  std::shared_ptr<emu::JitCompiler> jit = nullptr,
                  emu::JitMode mode = gJitMode) {
  emu::DeviceConfig cfg;
  if (gQuantum)
    cfg.quantum = gQuantum;
  cfg.jit = jit ? emu::JitMode::On : mode;
  if (cfg.jit == emu::JitMode::Auto) {
    std::string error;
    jit = emu::jit::makeOrcJitCompiler(emu::kDefaultJitCache, emu::kAutoHotIssues, error);
    if (!jit)
      die(error);
  }
  emu::Device dev(cfg);
  if (jit)
    dev.setJitCompiler(jit);
  if (bp) {
    dev.subscribe(*bp);
    for (uint32_t pc : bp->pcs)
      dev.setBreakSite(*params.kernel.code, pc, true);
    dev.setBreakEverywhere(bp->everywhere);
  }
  emu::LaunchParams p = params;
  emu::LaunchResult lr;
  emu::RunResult rr;
  const Timing t = timed([&] {
    lr = dev.launch(std::move(p));
    if (lr.ok())
      rr = dev.runUntilIdle();
  });
  if (!lr.ok())
    die("launch: " + lr.error);
  if (rr.status != emu::RunStatus::Idle) {
    std::string m = std::string("run ended with ") + emu::runStatusName(rr.status);
    if (rr.fault) {
      char pc[16];
      std::snprintf(pc, sizeof pc, "%#x", rr.fault->pc);
      m += ": " + rr.fault->reason + " at " + pc + " (" + rr.fault->detail + ")";
    }
    die(m + " " + rr.message);
  }
  EmuResult r;
  r.seconds = t.cpu;
  r.wall = t.wall;
  r.stats = dev.stats();
  r.warpInstr = r.stats.instr.warp();
  r.threadInstr = r.stats.instr.thread;
  return r;
}

EmuResult bestOf(int reps, const std::function<EmuResult()> &run) {
  EmuResult best;
  for (int i = 0; i < reps; ++i) {
    EmuResult r = run();
    if (i == 0 || r.seconds < best.seconds)
      best = std::move(r);
  }
  return best;
}

/// Best thread-CPU seconds of `reps` native runs.
double bestNative(int reps, const std::function<void()> &run) {
  double best = 0;
  for (int i = 0; i < reps; ++i) {
    const double s = timed(run).cpu;
    if (i == 0 || s < best)
      best = s;
  }
  return best;
}

//===-- Native twins ------------------------------------------------------------===//
//
// The host does exactly what each kernel computes, thread by thread, in plain
// C++ at -O2. FFMA is fused: the native loops call fmaf, on the FMA
// instruction when the host has it (the emulator's own FFMA does the same).

#if defined(__x86_64__) && defined(__GNUC__)
#define SIMT_BENCH_FMA_CLONES __attribute__((target_clones("fma", "default")))
#else
#define SIMT_BENCH_FMA_CLONES
#endif

inline uint32_t bits(float f) { return std::bit_cast<uint32_t>(f); }

SIMT_BENCH_FMA_CLONES
void aluNative(uint32_t threads, uint32_t iters, uint32_t *out) {
  for (uint32_t t = 0; t < threads; ++t) {
    uint32_t a = t, b = t + 0x1234, c = t ^ 0x5a5a, d = t + 0x77, e = t ^ 0x3c3, g = 9;
    float f = static_cast<float>(t), h = 0, k = 0, m = 0;
    for (uint32_t i = iters; i != 0; --i) {
      a = a * b + c;
      b += a;
      c ^= b;
      f = std::fma(f, 0.5f, 1.0f);
      d = d * e + g;
      e += d;
      g ^= e;
      h = std::fma(h, 0.75f, f);
      a = a * 3 + d;
      b += g;
      g ^= a;
      k = std::fma(k, 0.25f, h);
      d = d * 5 + a;
      e += c;
      c ^= d;
      m = std::fma(m, 0.5f, k);
    }
    out[4 * t + 0] = a ^ b ^ c ^ d ^ e ^ g;
    out[4 * t + 1] = bits(f);
    out[4 * t + 2] = bits(h);
    out[4 * t + 3] = bits(m);
  }
}

void vecaddNative(const float *__restrict a, const float *__restrict b, float *__restrict c,
                  uint32_t n) {
  for (uint32_t i = 0; i < n; ++i)
    c[i] = a[i] + b[i];
}

SIMT_BENCH_FMA_CLONES
void matmulNative(const float *a, const float *b, float *c, uint32_t n) {
  for (uint32_t row = 0; row < n; ++row)
    for (uint32_t col = 0; col < n; ++col) {
      float acc = 0;
      for (uint32_t k = 0; k < n; ++k)
        acc = std::fma(a[uint64_t{row} * n + k], b[uint64_t{k} * n + col], acc);
      c[uint64_t{row} * n + col] = acc;
    }
}

void divergeNative(const uint32_t *in, uint32_t *out, uint32_t threads, uint32_t iters) {
  for (uint32_t t = 0; t < threads; ++t) {
    uint32_t x = in[t], acc = t, acc2 = 0;
    for (uint32_t i = iters; i != 0; --i) {
      x = x * 1664525u + 1013904223u;
      const bool p1 = (x & 0x40000000u) != 0;
      if (static_cast<int32_t>(x) < 0) {
        if (p1)
          acc2 += x & 0xff;
        else
          acc = acc * 3 + x;
        acc ^= 0x5555;
      } else {
        if (p1) {
          acc ^= x;
          acc2 += 1;
        } else {
          acc += x;
        }
        acc = (acc << 1) + acc2;
      }
    }
    out[t] = acc ^ acc2;
  }
}

/// A real recursive call per level (noinline keeps the compiler from turning
/// it into a loop), like the kernel's CAL rec.
__attribute__((noinline)) void recNative(uint32_t n, uint32_t &acc) {
  if (n == 0)
    return;
  recNative(n - 1, acc);
  acc = acc * 3 + n;
}

void recurseNative(uint32_t *out, uint32_t threads, uint32_t depth, uint32_t iters) {
  for (uint32_t t = 0; t < threads; ++t) {
    uint32_t acc = t;
    for (uint32_t i = iters; i != 0; --i)
      recNative(depth, acc);
    out[t] = acc;
  }
}

//===-- Reporting ---------------------------------------------------------------===//

struct Row {
  std::string name;
  EmuResult emu;
  double native = 0;
  bool ok = false;
  std::string note;
};

std::string si(double v) {
  char buf[32];
  const char *unit = "";
  if (v >= 1e9) {
    v /= 1e9;
    unit = "G";
  } else if (v >= 1e6) {
    v /= 1e6;
    unit = "M";
  } else if (v >= 1e3) {
    v /= 1e3;
    unit = "k";
  }
  std::snprintf(buf, sizeof buf, "%.3g%s", v, unit);
  return buf;
}

void printHeader() {
  std::printf("%-14s %10s %10s %8s %8s %12s %11s %5s %9s %10s  %s\n", "kernel", "thread-ins",
              "warp-ins", "emu cpu", "(wall)", "thread-ins/s", "warp-ins/s", "SIMD",
              "native", "emu/native", "check");
}

void printRow(const Row &r) {
  const EmuResult &e = r.emu;
  std::printf("%-14s %10s %10s %7.3fs %7.3fs %12s %11s %4.0f%% %8.4fs %9.1fx  %s\n",
              r.name.c_str(), si(double(e.threadInstr)).c_str(),
              si(double(e.warpInstr)).c_str(), e.seconds, e.wall,
              si(double(e.threadInstr) / e.seconds).c_str(),
              si(double(e.warpInstr) / e.seconds).c_str(), 100.0 * e.stats.simdEfficiency(),
              r.native, e.seconds / r.native, r.ok ? "ok" : "MISMATCH");
  if (!r.note.empty())
    std::printf("%15s%s\n", "", r.note.c_str());
  std::fflush(stdout);
}

std::string loadavg() {
  double l[3] = {0, 0, 0};
  if (getloadavg(l, 3) != 3)
    return "?";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f %.2f %.2f", l[0], l[1], l[2]);
  return buf;
}

template <class T> bool sameWords(const T *a, const T *b, size_t n) {
  return std::memcmp(a, b, n * sizeof(T)) == 0;
}

//===-- The benchmarks ----------------------------------------------------------===//

/// The launch shape of every kernel: gCtas CTAs of kBlock threads (--ctas).
constexpr uint32_t kBlock = 256;
uint32_t gCtas = 16, gThreads = gCtas * kBlock;

emu::LaunchParams baseLaunch(const Kernel &k, uint32_t ctas = gCtas) {
  emu::LaunchParams p;
  p.kernel = k.desc();
  p.grid[0] = ctas;
  p.block[0] = kBlock;
  return p;
}

/// The alu kernel over all threads, 4 result words each in `mem`.
emu::LaunchParams aluLaunch(const Kernel &k, uint32_t iters, emu::FlatMemory &mem) {
  emu::LaunchParams p = baseLaunch(k);
  k.setParam<uint64_t>(p.params, "out", mem.base);
  k.setParam<uint32_t>(p.params, "iters", iters);
  p.memory = mem.bind();
  return p;
}

Row benchAlu(const Options &o, const Kernel &k, uint32_t iters) {
  emu::FlatMemory mem(uint64_t{gThreads} * 16);
  const emu::LaunchParams p = aluLaunch(k, iters, mem);
  Row r;
  r.name = "alu";
  r.emu = bestOf(o.reps, [&] { return runOnce(p); });
  std::vector<uint32_t> out(uint64_t{gThreads} * 4);
  r.native = bestNative(nativeReps(o), [&] { aluNative(gThreads, iters, out.data()); });
  r.ok = sameWords(out.data(), reinterpret_cast<const uint32_t *>(mem.bytes.data()), out.size());
  r.note = "iters=" + std::to_string(iters) + ", 19 instructions per iteration";
  return r;
}

/// alu interpreted and compiled, alternating rounds (best of --reps each);
/// the first compiled run compiles the kernel, the rest find it cached.
void benchAluJit(const Options &o, const Kernel &k, uint32_t iters,
                 const std::function<void(const Row &)> &report) {
  std::string error;
  const std::shared_ptr<emu::JitCompiler> jit = emu::jit::makeOrcJitCompiler(emu::kDefaultJitCache, emu::kAutoHotIssues, error);
  if (!jit)
    die(error);
  emu::FlatMemory offMem(uint64_t{gThreads} * 16), onMem(uint64_t{gThreads} * 16);
  const emu::LaunchParams off = aluLaunch(k, iters, offMem), on = aluLaunch(k, iters, onMem);
  Row interp, compiled;
  interp.name = "alu/jit off";
  compiled.name = "alu/jit on";
  for (int i = 0; i < o.reps; ++i) {
    EmuResult a = runOnce(off, nullptr, nullptr, emu::JitMode::Off), b = runOnce(on, nullptr, jit);
    if (i == 0 || a.seconds < interp.emu.seconds)
      interp.emu = std::move(a);
    if (i == 0 || b.seconds < compiled.emu.seconds)
      compiled.emu = std::move(b);
  }
  std::vector<uint32_t> out(uint64_t{gThreads} * 4);
  interp.native = compiled.native =
      bestNative(nativeReps(o), [&] { aluNative(gThreads, iters, out.data()); });
  const emu::DeviceStats &s = interp.emu.stats, &t = compiled.emu.stats;
  const bool sameStats = s.instr.byOp == t.instr.byOp && s.instr.thread == t.instr.thread &&
                         s.cycles == t.cycles;
  interp.ok = sameWords(out.data(), reinterpret_cast<const uint32_t *>(offMem.bytes.data()),
                        out.size());
  compiled.ok = sameStats && sameWords(out.data(),
                                       reinterpret_cast<const uint32_t *>(onMem.bytes.data()),
                                       out.size());
  const emu::JitTotals totals = jit->totals();
  // Break-even: the compiled warp-instructions each compiled instruction
  // needs before its compile is paid for by what each one saves.
  const double compilePerInstr = totals.compileSeconds / double(totals.instructions);
  const double savedPerIssue =
      (interp.emu.seconds - compiled.emu.seconds) / double(std::max<uint64_t>(t.jitInstr, 1));
  char breakEven[64] = "never (no saving)";
  if (savedPerIssue > 0)
    std::snprintf(breakEven, sizeof breakEven, "%s warp-ins per instruction",
                  si(compilePerInstr / savedPerIssue).c_str());
  char note[384];
  std::snprintf(note, sizeof note,
                "%.2fx the interpreter; %s of %s warp-ins compiled; compile %.3f s (optimize "
                "%.3f, codegen %.3f) for %llu instructions in %llu runs (once); break-even %s; "
                "statistics %s",
                interp.emu.seconds / compiled.emu.seconds, si(double(t.jitInstr)).c_str(),
                si(double(t.instr.warp())).c_str(), totals.compileSeconds,
                totals.optimizeSeconds, totals.codegenSeconds,
                static_cast<unsigned long long>(totals.instructions),
                static_cast<unsigned long long>(totals.runs), breakEven,
                sameStats ? "identical" : "DIFFER");
  compiled.note = note;
  report(interp);
  report(compiled);
}

/// The vecadd rows' inputs: a[i] = i / 2, b[i] = (n - i) / 4.
void vecaddInputs(std::vector<float> &a, std::vector<float> &b) {
  const size_t n = a.size();
  for (size_t i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i) * 0.5f;
    b[i] = static_cast<float>(n - i) * 0.25f;
  }
}

/// `bytes` of a, then of b, then room for c in `mem`; the launch's
/// parameters a, b, c point there and n is `n`.
void bindInputs(const Kernel &k, emu::LaunchParams &p, emu::FlatMemory &mem, const float *a,
                const float *b, uint64_t bytes, uint32_t n) {
  std::memcpy(mem.bytes.data(), a, bytes);
  std::memcpy(mem.bytes.data() + bytes, b, bytes);
  k.setParam<uint64_t>(p.params, "a", mem.base);
  k.setParam<uint64_t>(p.params, "b", mem.base + bytes);
  k.setParam<uint64_t>(p.params, "c", mem.base + 2 * bytes);
  k.setParam<uint32_t>(p.params, "n", n);
  p.memory = mem.bind();
}

std::vector<Row> benchVecadd(const Options &o, const Kernel &k) {
  uint32_t n = scaled(o, 8u << 20);
  n -= n % gThreads; // a multiple of the threads
  if (n == 0)
    die("--scale too small for vecadd");
  std::vector<float> a(n), b(n), c(n);
  vecaddInputs(a, b);
  const uint64_t bytes = uint64_t{n} * 4;
  std::vector<Row> rows;
  const double nativeS = bestNative(nativeReps(o), [&] { vecaddNative(a.data(), b.data(), c.data(), n); });
  const std::string note = "n=" + std::to_string(n) + " f32 (" + std::to_string(3 * bytes >> 20) +
                           " MiB moved), grid-stride, 10 instructions per element";

  { // One flat range holding a, b, c.
    emu::FlatMemory mem(3 * bytes);
    emu::LaunchParams p = baseLaunch(k);
    bindInputs(k, p, mem, a.data(), b.data(), bytes, n);
    Row r;
    r.name = "vecadd/flat";
      r.emu = bestOf(o.reps, [&] { return runOnce(p); });
    r.native = nativeS;
    r.ok = sameWords(c.data(), reinterpret_cast<const float *>(mem.bytes.data() + 2 * bytes), n);
    r.note = note;
    rows.push_back(std::move(r));
  }
  { // The runtime's DeviceMemory: three allocations with guard gaps.
    rt::DeviceMemory mem;
    uint64_t addr[3];
    for (int i = 0; i < 3; ++i) {
      auto x = mem.allocate(bytes);
      if (!x)
        die(x.message());
      addr[i] = *x;
    }
    if (!mem.write(addr[0], std::span(reinterpret_cast<const uint8_t *>(a.data()), bytes)) ||
        !mem.write(addr[1], std::span(reinterpret_cast<const uint8_t *>(b.data()), bytes)))
      die("DeviceMemory write failed");
    emu::LaunchParams p = baseLaunch(k);
    k.setParam<uint64_t>(p.params, "a", addr[0]);
    k.setParam<uint64_t>(p.params, "b", addr[1]);
    k.setParam<uint64_t>(p.params, "c", addr[2]);
    k.setParam<uint32_t>(p.params, "n", n);
    p.memory = emu::bindGlobalMemory(mem);
    Row r;
    r.name = "vecadd/devmem";
      r.emu = bestOf(o.reps, [&] { return runOnce(p); });
    r.native = nativeS;
    r.ok = sameWords(c.data(), reinterpret_cast<const float *>(mem.translate(addr[2], bytes)), n);
    r.note = "same, on rt::DeviceMemory (3 allocations)";
    rows.push_back(std::move(r));
  }
  return rows;
}

/// One thread per element: n / kBlock CTAs (n = 4M at scale 1).
Row benchVecadd1pe(const Options &o, const Kernel &k) {
  uint32_t n = scaled(o, 4u << 20);
  n -= n % kBlock;
  if (n == 0)
    die("--scale too small for vecadd1pe");
  std::vector<float> a(n), b(n), c(n);
  vecaddInputs(a, b);
  const uint64_t bytes = uint64_t{n} * 4;
  emu::FlatMemory mem(3 * bytes);
  emu::LaunchParams p = baseLaunch(k, n / kBlock);
  bindInputs(k, p, mem, a.data(), b.data(), bytes, n);
  Row r;
  r.name = "vecadd/1pe";
  r.emu = bestOf(o.reps, [&] { return runOnce(p); });
  r.native = bestNative(nativeReps(o), [&] { vecaddNative(a.data(), b.data(), c.data(), n); });
  r.ok = sameWords(c.data(), reinterpret_cast<const float *>(mem.bytes.data() + 2 * bytes), n);
  r.note = "n=" + std::to_string(n) + " f32, one thread per element: " +
           std::to_string(n / kBlock) + " CTAs x " + std::to_string(kBlock) +
           ", 14 instructions per element";
  return r;
}

/// n x n matrices (n = 256 at scale 1, a multiple of 32), CTAs of 32 x 8.
Row benchMatmul(const Options &o, const Kernel &k) {
  uint32_t n = scaled(o, 256);
  n = std::max<uint32_t>(32, n - n % 32);
  const uint64_t elems = uint64_t{n} * n, bytes = elems * 4;
  std::vector<float> a(elems), b(elems), c(elems);
  uint64_t s = 0x9E3779B97F4A7C15ull; // fixed seed: the same data every run
  for (uint64_t i = 0; i < elems; ++i) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    a[i] = static_cast<float>(static_cast<int32_t>(s >> 40) % 1000) / 256.0f;
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    b[i] = static_cast<float>(static_cast<int32_t>(s >> 40) % 1000) / 512.0f;
  }
  emu::FlatMemory mem(3 * bytes);
  emu::LaunchParams p;
  p.kernel = k.desc();
  p.grid[0] = n / 32;
  p.grid[1] = n / 8;
  p.block[0] = 32;
  p.block[1] = 8;
  bindInputs(k, p, mem, a.data(), b.data(), bytes, n);
  Row r;
  r.name = "matmul";
  r.emu = bestOf(o.reps, [&] { return runOnce(p); });
  r.native = bestNative(nativeReps(o), [&] { matmulNative(a.data(), b.data(), c.data(), n); });
  r.ok = sameWords(c.data(), reinterpret_cast<const float *>(mem.bytes.data() + 2 * bytes),
                   elems);
  r.note = "n=" + std::to_string(n) + " f32, one thread per element: " +
           std::to_string(elems / kBlock) + " CTAs x 32x8, 8 instructions per k";
  return r;
}

Row benchDiverge(const Options &o, const Kernel &k) {
  const uint32_t iters = scaled(o, 1500);
  emu::FlatMemory mem(uint64_t{gThreads} * 8);
  std::vector<uint32_t> in(gThreads);
  uint64_t s = 0x243F6A8885A308D3ull; // fixed seed: the same data every run
  for (uint32_t &x : in) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    x = static_cast<uint32_t>(s >> 32);
  }
  std::memcpy(mem.bytes.data(), in.data(), in.size() * 4);
  emu::LaunchParams p = baseLaunch(k);
  k.setParam<uint64_t>(p.params, "in", mem.base);
  k.setParam<uint64_t>(p.params, "out", mem.base + uint64_t{gThreads} * 4);
  k.setParam<uint32_t>(p.params, "iters", iters);
  p.memory = mem.bind();
  Row r;
  r.name = "diverge";
  r.emu = bestOf(o.reps, [&] { return runOnce(p); });
  std::vector<uint32_t> out(gThreads);
  r.native = bestNative(nativeReps(o), [&] { divergeNative(in.data(), out.data(), gThreads, iters); });
  r.ok = sameWords(out.data(),
                   reinterpret_cast<const uint32_t *>(mem.bytes.data() + uint64_t{gThreads} * 4),
                   gThreads);
  const emu::BranchStats &b = r.emu.stats.simt;
  r.note = "iters=" + std::to_string(iters) + ", " + si(double(b.divergentBranches)) + " of " +
           si(double(b.branches)) + " branches divergent";
  return r;
}

Row benchRecurse(const Options &o, const Kernel &k) {
  const uint32_t depth = 48, iters = scaled(o, 48);
  emu::FlatMemory mem(uint64_t{gThreads} * 4);
  emu::LaunchParams p = baseLaunch(k);
  k.setParam<uint64_t>(p.params, "out", mem.base);
  k.setParam<uint32_t>(p.params, "depth", depth);
  k.setParam<uint32_t>(p.params, "iters", iters);
  p.memory = mem.bind();
  Row r;
  r.name = "recurse";
  r.emu = bestOf(o.reps, [&] { return runOnce(p); });
  std::vector<uint32_t> out(gThreads);
  r.native = bestNative(nativeReps(o), [&] { recurseNative(out.data(), gThreads, depth, iters); });
  r.ok = sameWords(out.data(), reinterpret_cast<const uint32_t *>(mem.bytes.data()), gThreads);
  const emu::StackCacheStats &st = r.emu.stats.stack;
  r.note = "depth=" + std::to_string(depth) + " iters=" + std::to_string(iters) + ", " +
           si(double(st.pushes)) + " pushes, " + si(double(st.spills)) + " set spills, " +
           si(double(st.restores)) + " restores";
  return r;
}

/// alu with a never-hit breakpoint (a break site at the unreachable label
/// `never`) and with the hook asked everywhere, against alu without a hook;
/// the three alternate.
void benchBreak(const Options &o, const Kernel &k, uint32_t iters) {
  emu::FlatMemory mem(uint64_t{gThreads} * 16);
  const emu::LaunchParams p = aluLaunch(k, iters, mem);
  const std::optional<uint64_t> never = k.info->addressOf("never");
  if (!never)
    die("alu.s has no label 'never' (the never-reached breakpoint)");
  Breakpoints site, all;
  site.pcs = {static_cast<uint32_t>(*never)};
  all.pcs = site.pcs;
  all.everywhere = true;
  EmuResult plain, atSite, everywhere;
  for (int i = 0; i < o.breakReps; ++i) {
    EmuResult a = runOnce(p);
    EmuResult b = runOnce(p, &site);
    EmuResult c = runOnce(p, &all);
    if (i == 0 || a.seconds < plain.seconds)
      plain = a;
    if (i == 0 || b.seconds < atSite.seconds)
      atSite = b;
    if (i == 0 || c.seconds < everywhere.seconds)
      everywhere = c;
  }
  if (atSite.warpInstr != plain.warpInstr || everywhere.warpInstr != plain.warpInstr)
    die("break-hook run executed a different instruction count");
  std::printf("\nbreakpoint never hit (alu, iters=%u, best of %d alternating rounds):\n", iters,
              o.breakReps);
  auto row = [&](const char *what, const EmuResult &r) {
    std::printf("  %-34s %.4f s cpu (%s thread-ins/s): %+.1f%% time, %.2f ns per "
                "warp-instruction\n",
                what, r.seconds, si(double(r.threadInstr) / r.seconds).c_str(),
                100.0 * (r.seconds / plain.seconds - 1.0),
                1e9 * (r.seconds - plain.seconds) / double(plain.warpInstr));
  };
  std::printf("  %-34s %.4f s cpu (%s thread-ins/s)\n", "without hook", plain.seconds,
              si(double(plain.threadInstr) / plain.seconds).c_str());
  row("hook, one break site (simt-dbg)", atSite);
  row("hook asked before every instruction", everywhere);
}

/// kernels/ops.s once per opcode: ns per warp-instruction, and what the
/// opcode costs above the NOP loop (same loop control, empty semantics).
void benchOps(const Options &o) {
  static const char *const kNames[] = {
      "NOP", "MOV R, R", "IADD R, R, R", "IADD R, R, imm", "LOP.XOR R, R, R",
      "IMAD R, R, R, R", "FFMA R, R, imm, R", "ISETP.NE.AND P, PT, R, RZ, PT",
      "@P1 IADD (16 of 32 lanes)", "LD R, [R] (coalesced, cached)",
      "ST [R], R (coalesced, cached)", "FADD R, R, R", "ISCADD R, R, c[0x0][..], 0x2"};
  const uint32_t iters = scaled(o, 1000);
  std::printf("\nper-opcode cost (ops.s: 16 copies + 3 loop instructions, %u iterations, "
              "%u threads):\n",
              iters, gThreads);
  std::printf("  %-32s %12s %14s %16s\n", "instruction", "warp-ins/s", "ns/warp-ins",
              "ns above NOP");
  double nopNs = 0;
  for (int op = 0; op < int(std::size(kNames)); ++op) {
    std::unique_ptr<Kernel> k = loadKernel(o, "ops", {{"OP", op}});
    emu::FlatMemory mem(kBlock * 4);
    emu::LaunchParams p = baseLaunch(*k);
    k->setParam<uint32_t>(p.params, "iters", iters);
    k->setParam<uint64_t>(p.params, "buf", mem.base);
    p.memory = mem.bind();
    const EmuResult r = bestOf(o.reps, [&] { return runOnce(p); });
    const double ns = 1e9 * r.seconds / double(r.warpInstr);
    // The 16 copies are 16/19 of the loop; the loop instructions cost what
    // they cost in the NOP run.
    const double perOp = op == 0 ? ns : (ns * 19 - nopNs * 3) / 16;
    if (op == 0)
      nopNs = ns;
    std::printf("  %-32s %12s %14.1f %16.1f\n", kNames[op],
                si(double(r.warpInstr) / r.seconds).c_str(), perOp, perOp - nopNs);
    std::fflush(stdout);
  }
}

} // namespace

int main(int argc, char **argv) {
  const Options o = parseArgs(argc, argv);
  gCtas = o.ctas;
  gQuantum = o.quantum;
  gJitMode = o.jit;
  gThreads = gCtas * kBlock;
  const std::string loadBefore = loadavg();

  std::unique_ptr<Kernel> alu, vecadd, vecadd1pe, matmul, diverge, recurse;
  if (o.wants("alu") || o.wants("alujit") || o.wants("break"))
    alu = loadKernel(o, "alu");
  if (o.wants("vecadd"))
    vecadd = loadKernel(o, "vecadd");
  if (o.wants("vecadd1pe"))
    vecadd1pe = loadKernel(o, "vecadd1pe");
  if (o.wants("matmul"))
    matmul = loadKernel(o, "matmul");
  if (o.wants("diverge"))
    diverge = loadKernel(o, "diverge");
  if (o.wants("recurse"))
    recurse = loadKernel(o, "recurse");

  emu::DeviceConfig defaults;
  std::printf("simt-bench: emulator (%u SMs, %u warp slots each, stack cache %u entries) vs "
              "native C++ -O2, one host thread; best of %d; scale %g; --jit %s; load average %s\n",
              defaults.sms, defaults.warpsPerSm, defaults.stackCache.entries, o.reps, o.scale,
              o.jit == emu::JitMode::Auto ? "auto" : "off", loadBefore.c_str());
  std::printf("kernels: %u CTAs x %u threads (vecadd/1pe, matmul: as their rows say); times "
              "are thread CPU seconds (launch + runUntilIdle; the native loop), wall clock in "
              "parentheses\n\n",
              gCtas, kBlock);
  printHeader();

  bool allOk = true;
  const uint32_t aluIters = scaled(o, 4000);
  auto report = [&](const Row &r) {
    printRow(r);
    allOk = allOk && r.ok;
  };
  if (o.wants("alu"))
    report(benchAlu(o, *alu, aluIters));
  if (o.wants("alujit"))
    benchAluJit(o, *alu, aluIters, report);
  double gridStrideRate = 0; // vecadd/flat's thread-ins/s
  if (o.wants("vecadd"))
    for (const Row &r : benchVecadd(o, *vecadd)) {
      report(r);
      if (r.name == "vecadd/flat")
        gridStrideRate = double(r.emu.threadInstr) / r.emu.seconds;
    }
  if (o.wants("vecadd1pe")) {
    const Row r = benchVecadd1pe(o, *vecadd1pe);
    report(r);
    if (gridStrideRate > 0)
      std::printf("%15sthread-ins/s: %.0f%% of vecadd/flat's (grid-stride, same run)\n", "",
                  100.0 * double(r.emu.threadInstr) / r.emu.seconds / gridStrideRate);
  }
  if (o.wants("matmul"))
    report(benchMatmul(o, *matmul));
  if (o.wants("diverge"))
    report(benchDiverge(o, *diverge));
  if (o.wants("recurse"))
    report(benchRecurse(o, *recurse));
  if (o.wants("break"))
    benchBreak(o, *alu, aluIters);
  if (o.ops)
    benchOps(o);

  std::printf("\nload average at the end: %s\n", loadavg().c_str());
  if (!allOk) {
    std::printf("simt-bench: an emulator result differs from its native twin\n");
    return 1;
  }
  return 0;
}
