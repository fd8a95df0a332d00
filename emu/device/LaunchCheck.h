//===-- LaunchCheck.h - Whether a launch's shape can run on the device ----===//
//
// The one place a launch's shape is judged: its grid and block dimensions
// (CUDA's limits, the grid's x at the device's level), its shared memory and
// whether one CTA can ever be resident on an SM. Device::launch, the CUDA
// runtime (which maps the problem to CUDA's error codes) and the run-script
// parser (the dimensions, as it reads them) all ask here.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/DeviceConfig.h"

#include <cstdint>
#include <string>

namespace simt::emu {

/// What is wrong with a launch's shape, in the classes CUDA reports.
enum class LaunchProblem : uint8_t {
  None,
  Dimensions,   ///< a grid or block dimension (cudaErrorInvalidConfiguration)
  SharedMemory, ///< more shared memory than an SM has (cudaErrorInvalidValue)
  Resources,    ///< warps or registers no SM has (cudaErrorLaunchOutOfResources)
};

struct LaunchCheck {
  LaunchProblem problem = LaunchProblem::None;
  std::string message; ///< what is wrong, without the kernel's name
  bool ok() const { return problem == LaunchProblem::None; }
};

/// A launch as the host states it.
struct LaunchShape {
  uint32_t grid[3] = {1, 1, 1};
  uint32_t block[3] = {1, 1, 1};
  uint32_t regsPerThread = 0;
  uint64_t sharedBytes = 0; ///< static and dynamic
};

/// "" or what is wrong with a grid's dimensions, as "dimension y is N, the
/// limit is M"; `maxGridX` is the level's (isa/SIMTLevel.h).
std::string checkGridDims(const uint32_t dims[3], uint32_t maxGridX);
/// "" or what is wrong with a block's dimensions (each axis, then the
/// threads of the CTA).
std::string checkBlockDims(const uint32_t dims[3]);

/// The whole shape on `cfg`'s device: dimensions, then shared memory, then
/// whether a CTA ever fits an SM.
LaunchCheck checkLaunch(const DeviceConfig &cfg, const LaunchShape &launch);

} // namespace simt::emu
