//===-- Context.h - Multiple simultaneous contexts ------------------------===//
//
// ISA.md 7 (patent: multiple-contexts). A context is a set of grids with its
// own global memory (a disjoint address window), programs and constants; the
// runtime names it (`context NAME`) and tags each launch with its id
// (LaunchParams::context). The Device runs the grids of every context at
// once:
//
//  - An SM ("core" in the patent) holds one context at a time. Changing it
//    costs `switchCycles` (--ctx-switch-cycles) during which the SM issues
//    nothing (saving the old state, restoring the new). An SM that never ran
//    anything switches for free.
//  - SMs are allocated to contexts. With --ctx-alloc=A:2,B:2 (static) A gets
//    SMs 0-1 and B SMs 2-3; counts that add up to more than the SMs wrap
//    around, so an SM can be shared. Contexts the spec does not name share the
//    SMs it leaves. Without a spec the contexts that have work split the SMs
//    evenly (dynamic), recomputed on every context change (a context gains
//    its first running grid or loses its last).
//  - A context change migrates the old context to fewer SMs: an SM given to
//    another context takes no new CTAs of the old one and switches when its
//    CTAs have finished; if they have not finished after one time slice
//    (--ctx-slice) the SM saves them (preemption) and they wait to be
//    restored on an SM of their context (any such SM: migration), before any
//    new CTA of the context. A new context starts at once on SMs that are
//    free.
//  - An SM shared by several contexts switches between those that have work
//    for it every --ctx-slice cycles, saving the resident CTAs of the one it
//    leaves.
//  - Dynamic rebalancing (--ctx-rebalance CYCLES): every period, the context
//    with the most blocked cycles (cycles in which it had CTAs waiting for an
//    SM: undispatched or saved) gets one more SM and the one with the fewest
//    one fewer (never below one), when the difference exceeds the threshold
//    (--ctx-rebalance-threshold, default a quarter of the period). A context
//    change starts again from the plain allocation.
//
// The "shared units" of the patent (which keep the state of every context) are
// the device's memory-side units: the L2 slices and the constant store serve
// every context without switching.
//
// With a single context and no --ctx-alloc none of this runs: dispatch is
// exactly the single-context rule of ISA.md 1.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/Cta.h"
#include "emu/core/Warp.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace simt::emu {

/// One `NAME:SMS` of --ctx-alloc.
struct CtxShare {
  std::string name;
  uint32_t sms = 0;
  bool operator==(const CtxShare &) const = default;
};

/// Parses "ctxA:2,ctxB:2" into `out`; returns "" or an error message.
std::string parseCtxAlloc(std::string_view text, std::vector<CtxShare> &out);

struct ContextConfig {
  uint32_t switchCycles = 1000;     // --ctx-switch-cycles: save + restore
  uint64_t slice = 20000;           // --ctx-slice: time slice of a shared SM, drain limit
  std::vector<CtxShare> alloc;      // --ctx-alloc: static allocation (empty: dynamic)
  uint64_t rebalancePeriod = 0;     // --ctx-rebalance: 0 = off
  uint64_t rebalanceThreshold = 0;  // --ctx-rebalance-threshold: 0 = period / 4

  std::string validate(uint32_t sms) const;
};

/// A CTA taken off its SM (preemption): its CTA record and warps, waiting to
/// be restored on an SM of its context.
struct SavedCta {
  std::unique_ptr<Cta> cta;
  std::vector<std::unique_ptr<Warp>> warps; // index = warp index in the CTA
  std::vector<uint32_t> oldSlots;           // the slots they had (barrier masks)
  uint32_t fromSm = 0;
  uint64_t savedAt = 0;
};

/// One entry of the allocation history (the `contexts` statistics).
struct AllocationRecord {
  uint64_t cycle = 0;
  std::string reason; // "context change", "rebalance", "static"
  /// Per SM, the contexts it serves (usually one).
  std::vector<std::vector<ContextId>> owners;
};

/// Per-context counters.
struct ContextCounters {
  uint64_t gridsLaunched = 0;
  uint64_t gridsDone = 0;
  uint64_t ctasDone = 0;
  uint64_t instructions = 0;   // warp-instructions of retired warps
  uint64_t blockedCycles = 0;  // cycles with CTAs waiting for an SM
  uint64_t smCycles = 0;       // SM-cycles holding the context with CTAs resident
  uint64_t switchesIn = 0;     // SM switches to the context
  uint64_t preempted = 0;      // CTAs saved
  uint64_t restored = 0;       // CTAs restored
};

/// What `info contexts` shows about one context.
struct ContextInfo {
  ContextId id = 0;
  std::string name;
  uint32_t quota = 0;            // SMs allocated
  std::vector<uint32_t> sms;     // SMs serving it
  std::vector<uint32_t> heldBy;  // SMs holding it now
  uint32_t runningGrids = 0;
  uint32_t pendingCtas = 0;      // not yet dispatched
  uint32_t savedCtas = 0;
  uint32_t residentCtas = 0;
  ContextCounters counters;
};

} // namespace simt::emu
