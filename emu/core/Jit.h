//===-- Jit.h - Compiled runs of ALU instructions: the core's side --------===//
//
// The warp JIT (docs/jit.md, issue 47) compiles runs of consecutive
// instructions that have a non-control fast form (emu/core/FastForms.h: plain
// register arithmetic, compares, SEL, MOV; they cannot fault, stall, touch
// memory or change the warp's control) into native functions. Everything
// else (control, memory, barriers, special registers) stays in the
// interpreter, so the SIMT stack, the memory system and faults are the
// interpreter's.
//
// This header is all the SM knows of it: no LLVM. The compiler lives in its
// own library (emu/jit/) behind JitCompiler; the device asks it for a kernel
// image's sites at launch, and the SM runs a round of compiled runs when
// the scheduler would issue them anyway (Sm::runJitRound, SmJit.cpp).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/Inst.h"

#include <cstdint>
#include <vector>

namespace simt::emu {

class Grid;
struct WarpRegs;

/// --jit: off (the interpreter only), on (every run of a kernel image is
/// compiled at its first launch), auto (a run is compiled once the
/// interpreter has issued enough of its instructions to pay for the
/// compile: --jit-hot, kAutoHotIssues by default).
enum class JitMode : uint8_t { Off, On, Auto };

/// Executes instructions [first, first + count) of a run (indices into it)
/// for a warp whose active mask is `active`, exactly as issueFast would one
/// after the other: each under active & its guard, none when that is empty.
/// masks[i] gets instruction first + i's participating lanes (its count).
using JitRunFn = void (*)(WarpRegs *regs, const Grid *grid, uint32_t active, uint32_t first,
                          uint32_t count, uint32_t *masks);

/// What the SM finds at an instruction of an image: the run that holds it
/// (an index into JitImage::runs), its index in that run and how many of
/// the run's instructions remain from it (itself included; 0 outside the
/// runs); fn is null until the run is compiled. `reach` is the fewest
/// instructions a warp can issue from here, on any path, before it stands
/// at one that may not be part of a round (jitRoundable; 0 at one), and
/// `toBranch` how many roundable instructions come before the next branch
/// (0 at a branch): the first that can push on the SIMT stack.
struct JitSite {
  JitRunFn fn = nullptr;
  uint32_t run = 0;
  uint16_t index = 0;
  uint16_t remaining = 0;
  uint16_t reach = 0;
  uint16_t toBranch = 0;
};

/// The longest run compiled as one function (longer runs are split): the
/// size of the SM's buffer of masks.
inline constexpr unsigned kMaxJitRun = 256;

/// Whether `inst` can be part of a compiled run: a fast form
/// (emu/core/FastForms.h) that is not a control form (those are the SIMT
/// stack's).
bool jitCompilable(const Inst &inst);

/// Whether `inst` may be issued inside a compiled round: a compilable
/// instruction, or a branch to a fixed target without the .S bit (a BRA
/// with a fast form), which the round issues through the interpreter. Like
/// the runs' instructions it touches only its warp: it moves the PC and
/// may push one token on the SIMT stack (the round leaves room for every
/// push, Sm::runJitRound), but cannot stall, wait, finish or touch memory
/// another warp sees.
bool jitRoundable(const Inst &inst);

/// Sets every site's `reach` and `toBranch` (JitSite). `reach`: a
/// breadth-first search from the instructions that are not roundable, and
/// from the targets outside the image, backwards along the fall-through and
/// branch edges; capped at UINT16_MAX (a loop with no way out).
void jitSetReach(const std::vector<Inst> &code, std::vector<JitSite> &sites);

/// A run of compilable instructions: [first, first + length).
struct JitRun {
  uint32_t first = 0;
  uint32_t length = 0;
};

/// The maximal runs of `code` of at least `minLength` instructions, each
/// split into pieces of at most kMaxJitRun.
std::vector<JitRun> jitRuns(const std::vector<Inst> &code, unsigned minLength);

/// --jit auto compiles a run once the interpreter has issued this many
/// warp-instructions of it per instruction it holds (--jit-hot's default):
/// the break-even measured with `simt-bench --only alujit` (docs/jit.md),
/// where compiling costs milliseconds per instruction and saves
/// nanoseconds per warp-instruction.
inline constexpr uint64_t kAutoHotIssues = 1'000'000;

/// The default size of a compiler's code cache, in compiled instructions
/// (--jit-cache); runs beyond it stay interpreted.
inline constexpr uint64_t kDefaultJitCache = 1u << 16;

/// What the compiler did, for --stats.
struct JitTotals {
  uint64_t images = 0;       // kernel images with runs compiled
  uint64_t runs = 0;         // functions compiled
  uint64_t instructions = 0; // instructions in them
  uint64_t refused = 0;      // runs left interpreted because the code cache was full
  double compileSeconds = 0; // CPU time spent compiling, all of it
  double optimizeSeconds = 0; // of which LLVM's optimizer
  double codegenSeconds = 0;  // and its code generator (the rest: reading and making IR)
};

class JitCompiler;

/// A kernel image as the JIT holds it, for as long as its compiler lives
/// (grids point at it). The SM counts the interpreter's issues in each run
/// and asks the compiler for the run when its count runs out.
struct JitImage {
  JitCompiler *compiler = nullptr;
  JitMode mode = JitMode::On;
  std::vector<Inst> code;
  std::vector<JitSite> sites; // one per instruction
  std::vector<JitRun> runs;   // the runs that may be compiled
  uint32_t compiledRuns = 0;  // of which compiled so far
  /// Per run: the issues left before it is compiled; 0 once it is compiled
  /// or will not be.
  std::vector<uint64_t> untilHot;
};

/// The compiler behind the JIT (emu/jit/ implements it with LLVM's ORC).
class JitCompiler {
public:
  virtual ~JitCompiler();
  /// The image of `code` (equal code shares one), made at the first
  /// request, with every run compiled when `mode` is On; null when it has
  /// no run to compile. `mode` is On or Auto.
  virtual JitImage *imageFor(const std::vector<Inst> &code, JitMode mode) = 0;
  /// Compiles run `run` of `image` (its untilHot count has run out); when
  /// the code cache is full or compiling fails it stays interpreted.
  virtual void compileRun(JitImage &image, uint32_t run) = 0;
  virtual JitTotals totals() const = 0;
};

} // namespace simt::emu
