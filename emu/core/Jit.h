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
/// compiled at its first launch), auto (only runs long enough to pay for
/// their compile: JitCompiler's threshold).
enum class JitMode : uint8_t { Off, On, Auto };

/// Executes instructions [first, first + count) of a run (indices into it)
/// for a warp whose active mask is `active`, exactly as issueFast would one
/// after the other: each under active & its guard, none when that is empty.
/// masks[i] gets instruction first + i's participating lanes (its count).
using JitRunFn = void (*)(WarpRegs *regs, const Grid *grid, uint32_t active, uint32_t first,
                          uint32_t count, uint32_t *masks);

/// What the SM finds at an instruction of a compiled image: the run that
/// holds it, its index in that run and how many of the run's instructions
/// remain from it (itself included); fn is null outside compiled runs.
struct JitSite {
  JitRunFn fn = nullptr;
  uint16_t index = 0;
  uint16_t remaining = 0;
};

/// The longest run compiled as one function (longer runs are split): the
/// size of the SM's buffer of masks.
inline constexpr unsigned kMaxJitRun = 256;

/// Whether `inst` can be part of a compiled run: a fast form
/// (emu/core/FastForms.h) that is not a control form (those are the SIMT
/// stack's).
bool jitCompilable(const Inst &inst);

/// A run of compilable instructions: [first, first + length).
struct JitRun {
  uint32_t first = 0;
  uint32_t length = 0;
};

/// The maximal runs of `code` of at least `minLength` instructions, each
/// split into pieces of at most kMaxJitRun.
std::vector<JitRun> jitRuns(const std::vector<Inst> &code, unsigned minLength);

/// What the compiler did, for --stats.
struct JitTotals {
  uint64_t images = 0;       // kernel images compiled
  uint64_t runs = 0;         // functions compiled
  uint64_t instructions = 0; // instructions in them
  double compileSeconds = 0; // wall time spent compiling
};

/// The compiler behind the JIT (emu/jit/ implements it with LLVM's ORC).
class JitCompiler {
public:
  virtual ~JitCompiler();
  /// The sites of kernel image `code` (one per instruction), compiling it
  /// at the first request; null when it has nothing worth compiling. The
  /// table lives as long as the compiler. `mode` is On or Auto.
  virtual const JitSite *sitesFor(const std::vector<Inst> &code, JitMode mode) = 0;
  virtual JitTotals totals() const = 0;
};

} // namespace simt::emu
