//===-- SmEpoch.h - What an SM holds back during a parallel epoch ---------===//
//
// A parallel epoch (emu/device/Device.h) runs in two phases. In the isolated
// phase every SM runs alone (possibly on its own host thread) against the
// device as it was when the epoch began: its global stores wait in `stores`,
// its L2 accesses go to its own copy of the tags and are logged, a fault
// stops only this SM and waits in `fault`, and it pauses before any
// instruction that touches state shared with other SMs at once (global
// atomics and locks, user constant banks: Sm::serializes). The device then
// commits the SMs in SM order (stores, L2 log, faults) and runs the paused
// SMs in turn to the epoch's end, directly on the device. Through the whole
// epoch, finished CTAs wait in `finished` and are handed to the device (grid
// ends, dispatch of new CTAs) at its end, in SM order.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/device/Context.h"
#include "emu/mem/L2.h"
#include "emu/mem/StoreBuffer.h"
#include "emu/report/Fault.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace simt::emu {

class Grid;

struct SmEpoch {
  /// The isolated phase: stores, L2 accesses and faults are held back.
  bool isolated = false;
  /// A parallel epoch (both phases): finished CTAs are handed over at its end.
  bool deferCtas = false;

  StoreBuffer stores;

  /// The SM's view of the L2 tags during the isolated phase (the device's
  /// as the epoch began, plus this SM's accesses); made by the first
  /// parallel epoch.
  std::unique_ptr<L2System> l2;
  struct L2Access {
    uint32_t ctx;
    MemOp op;
    bool replay; // made in the isolated phase: the device's tags still need it
    uint64_t line;
  };
  /// Every access of this epoch: the isolated ones are replayed into the
  /// device's tags, and every set they touched is copied back to the views.
  std::vector<L2Access> l2Log;

  struct Fault {
    uint32_t slot;
    FaultKind kind;
    const char *reason;
    uint32_t lanes;
    uint32_t pc; // bytes
    uint64_t cycle;
  };
  std::optional<Fault> fault;
  /// Set with `fault`: the SM's run returns.
  bool halted = false;
  /// The isolated run stopped before an instruction that must run in turn.
  bool paused = false;

  struct FinishedCta {
    Grid *grid;
    uint64_t cycle; // the cycle after the last warp's exit
  };
  std::vector<FinishedCta> finished;
  /// The SM lost its last CTA (the constant cache hears it at the end).
  bool drained = false;
  /// Instructions of warps that retired, per context (ContextScheduler
  /// counters), in the isolated phase.
  std::vector<uint64_t> retiredInstructions;
  /// Warp-instructions issued in the isolated phase.
  uint64_t steps = 0;
};

} // namespace simt::emu
