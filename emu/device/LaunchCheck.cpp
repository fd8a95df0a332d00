//===-- LaunchCheck.cpp - Whether a launch's shape can run on the device --===//
#include "emu/device/LaunchCheck.h"

#include "emu/device/Occupancy.h"
#include "isa/SIMTLevel.h"
#include "isa/SIMTLimits.h"

namespace simt::emu {

namespace {
constexpr char kAxis[] = {'x', 'y', 'z'};

std::string checkAxes(const uint32_t dims[3], const uint32_t limit[3]) {
  for (int n = 0; n < 3; ++n) {
    if (dims[n] == 0)
      return std::string("dimension ") + kAxis[n] + " must be at least 1";
    if (dims[n] > limit[n])
      return std::string("dimension ") + kAxis[n] + " is " + std::to_string(dims[n]) +
             ", the limit is " + std::to_string(limit[n]);
  }
  return {};
}
} // namespace

std::string checkGridDims(const uint32_t dims[3], uint32_t maxGridX) {
  const uint32_t limit[3] = {maxGridX, limits::kMaxGridY, limits::kMaxGridZ};
  return checkAxes(dims, limit);
}

std::string checkBlockDims(const uint32_t dims[3]) {
  if (std::string e = checkAxes(dims, limits::kMaxBlockDim); !e.empty())
    return e;
  const uint64_t threads = uint64_t{dims[0]} * dims[1] * dims[2];
  if (threads > limits::kMaxCtaThreads)
    return std::to_string(threads) + " threads, more than " +
           std::to_string(limits::kMaxCtaThreads) + " per CTA";
  return {};
}

LaunchCheck checkLaunch(const DeviceConfig &cfg, const LaunchShape &launch) {
  if (std::string e = checkGridDims(launch.grid, levels::bySm(cfg.level).maxGridX); !e.empty())
    return {LaunchProblem::Dimensions, "grid: " + e};
  if (std::string e = checkBlockDims(launch.block); !e.empty())
    return {LaunchProblem::Dimensions, "block: " + e};
  const uint32_t threads = launch.block[0] * launch.block[1] * launch.block[2];
  const CtaShape cta = ctaShape(threads, launch.regsPerThread, launch.sharedBytes);
  if (launch.sharedBytes > cfg.sharedPerSm)
    return {LaunchProblem::SharedMemory, "a CTA needs " + std::to_string(launch.sharedBytes) +
                                             " bytes of shared memory; an SM has " +
                                             std::to_string(cfg.sharedPerSm)};
  if (cta.warps > cfg.warpsPerSm)
    return {LaunchProblem::Resources, "a CTA of " + std::to_string(threads) + " threads needs " +
                                          std::to_string(cta.warps) + " warps; an SM holds " +
                                          std::to_string(cfg.warpsPerSm) + " (--warps-per-sm)"};
  if (cta.regs > cfg.regsPerSm)
    return {LaunchProblem::Resources,
            "a CTA needs " + std::to_string(cta.regs) + " registers (" +
                std::to_string(launch.regsPerThread) + " per thread x " +
                std::to_string(cta.warps * limits::kWarpSize) + " threads); an SM has " +
                std::to_string(cfg.regsPerSm)};
  return {};
}

} // namespace simt::emu
