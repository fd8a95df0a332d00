//===-- Stats.h - What the emulator counts ----------------------*- C++ -*-===//
//
// What the emulator counts (TOOLS.md "Statistics JSON"): instructions per
// opcode and threads, SIMT branch divergence, the stack-cache model's
// counters (emu/core/StackCache.h), the constant-cache model's (emu/mem/ConstCache.h),
// cycles and wall time, per SM and (with detail) per warp. Counting happens
// per warp-instruction in the SM loop (one increment per opcode and one
// popcount), never per lane. Their JSON form is emu/report/StatsJson.h.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/mem/ConstCache.h"
#include "emu/core/Inst.h"
#include "emu/core/Jit.h"
#include "emu/core/SimtStack.h"
#include "emu/core/StackCache.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace simt::emu {

using GridId = uint32_t;

inline constexpr unsigned NumOps = static_cast<unsigned>(Op::NumOps);

/// Warp-instructions per opcode and the threads that executed them.
struct InstrCounts {
  uint64_t thread = 0;
  std::array<uint64_t, NumOps + 1> byOp{}; // [NumOps]: invalid encodings

  uint64_t warp() const;
  void add(const InstrCounts &other);
};

struct SmStats {
  uint32_t sm = 0;
  uint64_t cyclesBusy = 0; // cycles in which the SM issued an instruction
  uint64_t jitInstr = 0;   // of instr's warp-instructions, those run compiled (--jit)
  InstrCounts instr;
  BranchStats simt;
  StackCacheStats stack;
  ConstCacheStats constCache;
};

/// One warp's lifetime (the `by_warp` records; --stats-detail).
struct WarpRecord {
  GridId grid = 0;
  std::string kernel;
  uint32_t cta[3] = {0, 0, 0};
  uint32_t warp = 0; // index within the CTA
  uint32_t sm = 0;
  uint64_t startCycle = 0, endCycle = 0;
  uint64_t instructions = 0, threads = 0;
  BranchStats simt;
  StackCacheStats stack;
};

struct DeviceStats {
  InstrCounts instr;
  BranchStats simt;
  StackCacheStats stack;
  bool hasConstCache = false;
  ConstCacheStats constCache;
  uint64_t cycles = 0;
  double wallSeconds = 0;
  /// --jit: warp-instructions of `instr` run compiled, and the compiler's
  /// totals; the JSON has them with --jit on, or auto once it compiled.
  JitMode jitMode = JitMode::Off;
  uint64_t jitInstr = 0;
  JitTotals jit;
  std::vector<SmStats> bySm;
  bool detail = false;            // by_warp present
  std::vector<WarpRecord> byWarp; // finished warps first, then live ones

  double simdEfficiency() const {
    const uint64_t w = instr.warp();
    return w ? double(instr.thread) / (32.0 * double(w)) : 0.0;
  }
  /// Counts per base mnemonic ("ATOM" for ATOM and ATOMCAS), sorted by name,
  /// executed opcodes only.
  std::vector<std::pair<std::string, uint64_t>> byMnemonic() const;
};

/// "BAR.SYNC" -> "BAR": the base mnemonic of an opcode.
std::string_view baseMnemonic(Op op);

} // namespace simt::emu
