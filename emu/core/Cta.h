//===-- Cta.h - One resident CTA: shared/local memory, barriers, locks ----===//
//
// A CTA lives on one SM from dispatch to its last warp's exit. It owns its
// shared memory, the local memory of its threads (with each warp's SIMT-stack
// spill region after the warp's 32 local windows), the 16 barriers of ISA.md
// 4 and the locks of its shared memory (ISA.md 3.3), which die with it.
//
// Barriers: each execution of BAR by a warp with at least one participating
// thread is one arrival; the warp then waits. A barrier opens when its
// arrivals reach the CTA's non-exited warps (a diverged warp can arrive
// twice). When every live warp waits and no barrier can open, the CTA is
// deadlocked: a fault.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/Warp.h"
#include "isa/SIMTLimits.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace simt::emu {

class Sm;

inline constexpr unsigned NumBarriers = limits::kNumBarriers;

struct Barrier {
  uint32_t arrivals = 0;
  uint32_t expected = 0;  // warp arrivals that open it (a thread count / 32); 0: every live warp
  uint64_t waiters = 0;   // SM slots of the waiting warps
  uint32_t popc = 0;      // BAR.RED accumulators over arriving threads
  bool all = true;
  bool any = false;
  void reset() { *this = Barrier{}; }
  /// The arrivals that open it while the CTA has `liveWarps` warps running.
  uint32_t needed(uint32_t liveWarps) const { return expected ? expected : liveWarps; }
};

/// Who holds a lock: for STUL's holder check and for reports.
struct LockHolder {
  GridId grid = 0;
  uint32_t ctaLinear = 0;
  uint32_t thread = 0;    // linear thread index within the CTA
  uint32_t pc = 0;        // byte address of the LDLK/LDSLK that took it
};

/// The device's global-memory locks (ISA.md 3.3), one per aligned word of a
/// memory (GlobalMemory::identity()); a lock outlives the CTA that took it.
struct LockKey {
  const void *mem;
  uint64_t addr;
  bool operator==(const LockKey &) const = default;
};
struct LockKeyHash {
  size_t operator()(const LockKey &k) const {
    return std::hash<uint64_t>()(k.addr * 0x9E3779B97F4A7C15ull ^
                                 reinterpret_cast<uintptr_t>(k.mem));
  }
};
using GlobalLocks = std::unordered_map<LockKey, LockHolder, LockKeyHash>;

class Cta {
public:
  Grid *grid = nullptr;
  Sm *sm = nullptr;
  uint32_t linear = 0;          // linear CTA index in the grid
  uint32_t id[3] = {0, 0, 0};   // ctaid
  uint32_t numWarps = 0;
  uint32_t liveWarps = 0;       // warps that have not finished
  uint32_t waitingWarps = 0;    // warps waiting at a barrier
  std::vector<uint32_t> slots;  // SM slot of warp i
  std::vector<uint8_t> shared;
  std::vector<uint8_t> local;   // per warp: 32 windows, then the spill region
  uint32_t localPerWarp = 0;    // bytes per warp in `local`
  Barrier barriers[NumBarriers];
  std::unordered_map<uint32_t, LockHolder> sharedLocks; // word address -> holder
  uint64_t startCycle = 0;
};

} // namespace simt::emu
