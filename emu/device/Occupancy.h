//===-- Occupancy.h - How many CTAs of a shape one SM holds -----*- C++ -*-===//
//
// The one place the device's residency rule is written down: a CTA takes
// warp slots, registers and shared memory, and an SM holds at most
// DeviceConfig::maxCtasPerSm CTAs (Fermi 8, GK110 16). The scheduler
// (Sm::fits), the parallel epochs' reservations, the profiler's "CTAs per SM
// possible" and CUDA's occupancy API all ask here, so what the API reports
// is what the emulator keeps resident.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/DeviceConfig.h"

#include <cstdint>

namespace simt::emu {

class Grid;

/// What one CTA of a launch takes from an SM.
struct CtaShape {
  uint32_t warps = 0;
  uint32_t regs = 0;   ///< registers of all its threads (a whole warp each)
  uint32_t shared = 0; ///< bytes: static and dynamic
};

/// The shape of `threads` threads of `regsPerThread` registers each with
/// `shared` bytes of shared memory.
CtaShape ctaShape(uint32_t threads, uint32_t regsPerThread, uint64_t shared);
/// The shape of a launched grid's CTAs.
CtaShape ctaShape(const Grid &g);

/// The resource that bounds residency first.
enum class OccupancyLimit : uint8_t { Warps, Registers, SharedMemory, CtaSlots };

struct Occupancy {
  uint32_t ctas = 0; ///< CTAs one empty SM holds at once; 0: none fits
  OccupancyLimit limit = OccupancyLimit::Warps;
};

Occupancy occupancy(const DeviceConfig &cfg, const CtaShape &cta);

const char *occupancyLimitName(OccupancyLimit l);

} // namespace simt::emu
