//===-- Trace.h - What one warp-instruction did (trace and debugger) ------===//
//
// With a trace hook attached the SM builds one TraceRecord per executed
// warp-instruction: where (cycle, SM, grid, CTA, warp, PC), the masks before
// and after, and what the hook asked for (TraceDetail):
//  - TraceWrites: the architectural writes, found by comparing the warp's
//    registers, predicates and CC before and after the instruction (so a
//    write of an unchanged value does not show);
//  - TraceMemory: the memory accesses, as the semantics performed them (each
//    lane's address, the width, load / store / atomic); a faulting access
//    performs nothing and reports nothing;
//  - TraceStack: the SIMT-stack pushes and pops, found from the warp's
//    tokens before and after the instruction;
//  - TraceValues (with TraceMemory): the values stores write, and whether
//    each lane's store changed memory (racecheck's error vs warning);
//  - TraceMemoryOnly (with TraceMemory): no record for an instruction that
//    accessed no memory.
// Without a hook the run loop takes a separate instantiation that builds
// nothing; the semantics' only cost is a null test of
// ExecContext::memEffects per memory access. The record's vectors are reused
// between calls: a consumer copies what it keeps.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/ExecContext.h"
#include "emu/core/Inst.h"
#include "emu/core/SimtStack.h"
#include "emu/core/WarpState.h"

#include <bit>
#include <cstdint>
#include <vector>

namespace simt::emu {

using GridId = uint32_t;

struct RegWrite {
  uint8_t reg = 0;
  uint32_t lanes = 0;            // lanes whose value changed
  uint32_t value[WarpSize] = {}; // new values (all lanes)
};

struct PredWrite {
  uint8_t pred = 0;       // 0..6
  uint32_t lanes = 0;     // lanes whose value changed
  uint32_t value = 0;     // new predicate lane mask
};

enum class MemSpace : uint8_t { Global, Shared, Local };
enum class MemAccessKind : uint8_t { Load, Store, Atomic };

/// One memory access of a warp-instruction (TraceMemory).
struct MemAccess {
  MemSpace space = MemSpace::Global;
  MemAccessKind kind = MemAccessKind::Load;
  uint8_t bytes = 0;             // per lane
  uint32_t lanes = 0;            // the lanes that accessed memory
  /// Per lane (the lanes of `lanes`): the global address, the offset in the
  /// CTA's shared memory, or the offset in the lane's local window.
  uint64_t addr[WarpSize] = {};
  /// TraceValues, stores only: each lane's stored value (its first 8
  /// bytes), and the lanes whose store left the bytes as they were.
  uint64_t value[WarpSize] = {};
  uint32_t unchanged = 0;

  bool writes() const { return kind != MemAccessKind::Load; }
  /// The lanes whose bytes overlap [begin, begin + n).
  uint32_t lanesTouching(uint64_t begin, uint64_t n) const;
};

inline uint32_t MemAccess::lanesTouching(uint64_t begin, uint64_t n) const {
  uint32_t out = 0;
  for (uint32_t m = lanes; m; m &= m - 1) {
    const unsigned l = static_cast<unsigned>(std::countr_zero(m));
    if (addr[l] < begin + n && begin < addr[l] + bytes)
      out |= 1u << l;
  }
  return out;
}

/// One push or pop of a SIMT-stack token (TraceStack). An instruction
/// either pushes or pops (ISA.md 5.1), never both.
struct StackEvent {
  bool push = false;  // else a pop
  Token token;        // as pushed, or as popped (before the lanes BRK/RET/EXIT removed)
  uint32_t depth = 0; // the stack depth after the event
};

/// What a trace hook wants in its records (bits; see the file comment).
enum TraceDetail : uint8_t {
  TraceWrites = 1,
  TraceMemory = 2,
  TraceStack = 4,
  TraceValues = 8,
  /// With TraceMemory: only the instructions that accessed memory are
  /// reported (memcheck's heap check: the others cost no hook call).
  TraceMemoryOnly = 16,
  TraceAll = TraceWrites | TraceMemory | TraceStack,
};

struct TraceRecord {
  uint64_t cycle = 0;
  uint32_t sm = 0;
  GridId grid = 0;
  uint32_t cta[3] = {0, 0, 0};
  uint32_t warp = 0;          // index within the CTA
  uint32_t slot = 0;          // SM slot
  uint32_t pc = 0;            // byte address of the instruction
  const Inst *inst = nullptr; // null for an undecodable PC
  uint32_t activeBefore = 0;
  uint32_t participating = 0; // active & guard
  uint32_t activeAfter = 0;
  uint32_t pcAfter = 0;       // byte address of the warp's next instruction
  bool finished = false;      // the warp ended
  uint32_t live = 0;          // lanes not exited, after (SimtStack's live())
  FaultKind fault = FaultKind::None;
  WarpSyncMembers sync;       // WARPSYNC: its member masks; else empty
  std::vector<RegWrite> regs;     // TraceWrites
  std::vector<PredWrite> preds;   // TraceWrites
  uint32_t ccLanes = 0;           // TraceWrites: lanes whose CC flags changed
  uint32_t ccAfter[4] = {};       // ZF SF CF OF lane masks after
  std::vector<MemAccess> mem;     // TraceMemory, in program order
  std::vector<StackEvent> stack;  // TraceStack, in order
};

/// Called once per executed warp-instruction.
using TraceFn = void (*)(void *ctx, const TraceRecord &record);

/// Asked, while a subscriber breaks, before the instructions marked as
/// break sites (Device::setBreakSite) and, while Device::setBreakEverywhere
/// is on, before every instruction; true stops the run (RunStatus::Breakpoint)
/// before the instruction executes. Elsewhere the run loop only tests the
/// site byte, so an unhit breakpoint costs next to nothing.
struct BreakQuery {
  uint32_t sm = 0;
  uint32_t slot = 0;
  GridId grid = 0;
  uint32_t pc = 0;        // byte address
  uint32_t active = 0;
  bool site = false;      // the instruction is a break site
};
using BreakFn = bool (*)(void *ctx, const BreakQuery &query);

} // namespace simt::emu
