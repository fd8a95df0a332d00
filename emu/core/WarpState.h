//===-- WarpState.h - Architectural state of one warp ---------------------===//
//
// Structure-of-arrays: each register is 32 lanes side by side so that an
// instruction is a loop over lanes the compiler can vectorise; predicates and
// CC flags are 32-bit lane masks. R63 is RZ (kept zero), P7 is PT (all ones).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/Inst.h"
#include "isa/SIMTLimits.h"

#include <cstdint>
#include <cstring>

namespace simt::emu {

inline constexpr unsigned WarpSize = limits::kWarpSize;
inline constexpr uint32_t AllLanes = 0xffffffffu;

/// What a WARPSYNC stated (emu/sem/Warp.cpp): the lanes the executing
/// lanes' member masks name, and the executing lanes whose own mask leaves
/// them out. The sanitizer's synccheck reads them from the trace.
struct WarpSyncMembers {
  uint32_t named = 0;
  uint32_t outside = 0;
};

struct WarpRegs {
  alignas(64) uint32_t r[64][WarpSize] = {}; // r[RZ] stays zero
  uint32_t pred[8] = {0, 0, 0, 0, 0, 0, 0, AllLanes}; // pred[PT] = all lanes
  // Condition code flags, one lane mask each.
  uint32_t ccZF = 0, ccSF = 0, ccCF = 0, ccOF = 0;

  /// Lanes where predicate source `p` (possibly negated) is true.
  uint32_t predMask(PredRef p) const {
    uint32_t m = pred[p.idx];
    return p.neg ? ~m : m;
  }
  /// Writes predicate `idx` in the lanes of `mask` (PT discards).
  void writePred(uint8_t idx, uint32_t value, uint32_t mask) {
    if (idx == PT)
      return;
    pred[idx] = (pred[idx] & ~mask) | (value & mask);
  }
  /// Writes register `reg` lane by lane under `mask` (RZ discards).
  void writeReg(uint8_t reg, const uint32_t (&value)[WarpSize], uint32_t mask) {
    if (reg == RZ)
      return;
    uint32_t *dst = r[reg];
    if (mask == AllLanes) {
      std::memcpy(dst, value, sizeof(value));
      return;
    }
    for (unsigned l = 0; l < WarpSize; ++l)
      if (mask >> l & 1)
        dst[l] = value[l];
  }
};

} // namespace simt::emu
