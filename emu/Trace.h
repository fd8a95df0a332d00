//===-- Trace.h - What one warp-instruction did (trace and debugger) ------===//
//
// With a trace hook attached the SM builds one TraceRecord per executed
// warp-instruction: where (cycle, SM, grid, CTA, warp, PC), the masks before
// and after, and the architectural writes, found by comparing the warp's
// registers, predicates and CC before and after the instruction (so a write
// of an unchanged value does not show). Without a hook the run loop takes a
// separate instantiation that builds nothing. The record's vectors are
// reused between calls: a consumer copies what it keeps.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/ExecContext.h"
#include "emu/Inst.h"

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
  FaultKind fault = FaultKind::None;
  std::vector<RegWrite> regs;
  std::vector<PredWrite> preds;
  uint32_t ccLanes = 0;       // lanes whose CC flags changed
  uint32_t ccAfter[4] = {};   // ZF SF CF OF lane masks after
};

/// Called once per executed warp-instruction.
using TraceFn = void (*)(void *ctx, const TraceRecord &record);

/// Asked, while a break hook is attached, before the instructions marked as
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
