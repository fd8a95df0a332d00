//===-- Warp.h - One resident warp: registers, SIMT stack, scheduling -----===//
//
// A warp slot of an SM. Its architectural state is WarpRegs (structure of
// arrays, emu/core/WarpState.h) plus the SIMT stack with its stack cache
// (emu/core/SimtStack.h), whose WarpControl holds the PC (an instruction index),
// the active and exited masks. Slots are reused: bind() starts a new warp of
// a CTA in the slot. Everything the semantics functions need from the warp is
// a public member, read through ExecContext::warp.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/Grid.h"
#include "emu/core/SimtStack.h"
#include "emu/core/WarpState.h"
#include "emu/core/ProfileCounters.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace simt::emu {

class Cta;
class Sm;
struct CloneMap;
struct ExecContext;

enum class WarpState : uint8_t {
  Free,    // slot unused
  Active,  // schedulable (ready now or after a latency)
  Barrier, // waiting at a CTA barrier
  Done,    // every lane exited (slot not yet reused)
  Frozen,  // its grid faulted or was stopped: kept for inspection
};

const char *warpStateName(WarpState s);

/// A BAR.SYNC / BAR.RED arrival waiting for its barrier to open.
struct BarrierWait {
  uint8_t id = 0;
  uint8_t warps = 0;     // a thread count's warps (BAR.SYNC id, count; BAR.ARV); 0: all
  bool waits = true;     // BAR.ARV: arrives and goes on
  bool red = false;      // BAR.RED: write Rd when the barrier opens
  SIMT::BarRed op = SIMT::BarRed::POPC;
  uint8_t rd = RZ;
  uint32_t lanes = 0;    // participating lanes of the arrival
  uint32_t votes = 0;    // BAR.RED: the lanes of `lanes` whose predicate is true
  uint32_t pc = 0;       // instruction index of the barrier
  uint64_t since = 0;    // the cycle of the arrival
};

class Warp {
public:
  WarpRegs regs; // first: 64-byte aligned

  // What every issue reads, on the two host cache lines after the register
  // rows (the predicates' line and the next), at fixed offsets, so that the
  // scheduler can prefetch them for the next warp with no load of its own:
  // the code, the statistics it counts, and the SIMT stack, whose control
  // (PC, active mask) comes first in it.
  const Inst *code = nullptr; // the grid's kernel image
  uint32_t codeSize = 0;
  uint64_t instructions = 0, threads = 0; // statistics

private:
  std::optional<SimtStack> stack_;

public:
  // Identity.
  Grid *grid = nullptr;
  Cta *cta = nullptr;
  Sm *sm = nullptr;
  uint32_t index = 0;      // warp index within the CTA
  uint32_t slot = 0;       // slot within the SM
  uint64_t uid = 0;        // unique per bound warp (stale-handle check)

  // Per instruction of the grid's kernel image.
  const uint8_t *breakSites = nullptr; // the grid's (Grid::breakSites)
  const uint8_t *serialSites = nullptr; // the grid's (Grid::serialSites), or null: none
  const JitSite *jitSites = nullptr;    // the grid's JIT image's sites (Grid::jit), or null
  /// While a profile is attached (SmHooks::profile): its SM's counters of
  /// the kernel image, one per instruction, and of the grid; else null.
  PcCounts *profPcs = nullptr;
  GridCounters *profGrid = nullptr;

  // Local memory: lane l's window is [local + l * localWindow, +localWindow);
  // the SIMT stack's spill region follows the 32 windows.
  uint8_t *local = nullptr;
  uint32_t localWindow = 0;

  // Scheduling.
  WarpState state = WarpState::Free;
  uint64_t readyAt = 0;    // not issued before this cycle
  BarrierWait bar;
  /// Set by a semantics function when the instruction needs the SM's slow
  /// path afterwards (barrier wait, warp finished, ...). Cleared by the SM.
  bool event = false;

  /// The last WARPSYNC's member masks (TraceRecord::sync).
  WarpSyncMembers syncMembers;

  uint64_t startCycle = 0; // statistics

  /// Registers R0..regsDirty-1 may hold a value from a warp this slot held
  /// before; the rest are zero. bind() zeroes only those and the new grid's
  /// Grid::regSpan, so a CTA's start costs what its kernel names.
  uint32_t regsDirty = 0;

  // Fault side information (the report's detail line and address).
  std::string faultDetail;
  bool faultHasAddress = false;
  uint64_t faultAddress = 0;
  std::optional<FaultAccess> faultAccess;

  SimtStack &stack() { return *stack_; }
  const SimtStack &stack() const { return *stack_; }
  bool hasStack() const { return stack_.has_value(); }
  WarpControl &ctl() { return stack_->control(); }
  const WarpControl &ctl() const { return stack_->control(); }

  /// PC as a byte address (what users see).
  uint32_t pcBytes() const { return ctl().pc * 8; }

  /// Thread index (linear within the CTA) of lane `lane`.
  uint32_t threadIndex(unsigned lane) const { return index * WarpSize + lane; }

  /// Starts a new warp in this slot. `launched`: lanes that exist.
  void bind(Grid &g, Cta &c, Sm &s, uint32_t warpIndex, uint32_t launched, uint8_t *localBase,
            uint32_t window, std::span<uint8_t> spill, const StackCacheConfig &cacheCfg,
            uint64_t cycle, uint64_t uid);

  /// A copy for a cloned device (Device::clone): the same state, rebound to
  /// the copies of its grid and CTA (whose local memory holds the same
  /// bytes, spill region included) and to `sm`.
  std::unique_ptr<Warp> clone(const CloneMap &m, Sm *sm) const;

  /// Records fault details for the report (first one wins per instruction).
  void setFaultAddress(uint64_t addr) {
    if (!faultHasAddress) {
      faultHasAddress = true;
      faultAddress = addr;
    }
  }

private:
  uint32_t stackDepthLimit_ = 0;
};

/// S2R's special registers (index order = SRegNames in isa/SIMTOperands.td).
/// Used by the S2R semantics (emu/sem).
uint32_t specialRegister(ExecContext &ctx, unsigned sr, unsigned lane);
/// Special register `sr` of all 32 lanes (lanes that do not exist get what
/// specialRegister() would give them): one loop per register, no per-lane
/// switch.
void specialRegisterLanes(ExecContext &ctx, unsigned sr, uint32_t (&out)[WarpSize]);

/// How many registers from R0 the instructions of `code` can touch: one past
/// the highest register any operand names, widened by the 3 registers that
/// follow it in a 128-bit access (a bound, never too small).
uint32_t registerSpan(const std::vector<Inst> &code);

} // namespace simt::emu
