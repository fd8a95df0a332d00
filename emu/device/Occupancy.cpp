//===-- Occupancy.cpp - How many CTAs of a shape one SM holds -------------===//
#include "emu/device/Occupancy.h"

#include "emu/core/Grid.h"
#include "emu/core/Warp.h"

#include <algorithm>

namespace simt::emu {

CtaShape ctaShape(uint32_t threads, uint32_t regsPerThread, uint64_t shared) {
  CtaShape s;
  s.warps = (threads + WarpSize - 1) / WarpSize;
  const uint64_t regs = uint64_t{regsPerThread} * WarpSize * s.warps;
  s.regs = uint32_t(std::min<uint64_t>(regs, UINT32_MAX));
  s.shared = uint32_t(std::min<uint64_t>(shared, UINT32_MAX));
  return s;
}

CtaShape ctaShape(const Grid &g) { return {g.warpsPerCta, g.regsPerCta, g.sharedPerCta}; }

Occupancy occupancy(const DeviceConfig &cfg, const CtaShape &cta) {
  Occupancy o{cfg.maxCtasPerSm, OccupancyLimit::CtaSlots};
  auto bound = [&o](uint32_t have, uint32_t each, OccupancyLimit limit) {
    if (each && have / each < o.ctas)
      o = {have / each, limit};
  };
  bound(cfg.warpsPerSm, cta.warps, OccupancyLimit::Warps);
  bound(cfg.regsPerSm, cta.regs, OccupancyLimit::Registers);
  bound(cfg.sharedPerSm, cta.shared, OccupancyLimit::SharedMemory);
  return o;
}

const char *occupancyLimitName(OccupancyLimit l) {
  switch (l) {
  case OccupancyLimit::Warps: return "warps";
  case OccupancyLimit::Registers: return "registers";
  case OccupancyLimit::SharedMemory: return "shared memory";
  case OccupancyLimit::CtaSlots: return "CTA slots";
  }
  return "?";
}

} // namespace simt::emu
