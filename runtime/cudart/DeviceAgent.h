//===-- DeviceAgent.h - A debugger in the program, for the runtime --------===//
//
// `simt-dbg --args ./app` runs the program with the debugging variant of this
// runtime (libsimt-dbg-cudart.so, dbg/program/), which installs an agent: the
// device then runs under the debugger, so breakpoints, stepping and the views
// work on the program's own launches. The runtime stays the only owner of the
// session; the agent may replace it (a checkpoint restored by reverse
// execution) between runs through the slot it is given. Without an agent
// (the plain libcudart.so) nothing here is used.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_CUDART_DEVICEAGENT_H
#define SIMT_RUNTIME_CUDART_DEVICEAGENT_H

#include "emu/device/Device.h"

#include <cstdint>
#include <optional>
#include <string>

namespace simt::cudart {

/// One launch as the program made it: what `info cuda kernels` lists.
struct LaunchRecord {
  emu::GridId grid = 0;
  std::string kernel;     ///< the device name (mangled)
  uintptr_t stream = 0;   ///< the cudaStream_t handle (0: the default stream)
  uint32_t gridDim[3] = {1, 1, 1}, blockDim[3] = {1, 1, 1};
};

class DeviceAgent {
public:
  virtual ~DeviceAgent() = default;
  /// A grid was queued (asynchronously).
  virtual void launched(const LaunchRecord &launch) = 0;
  /// Runs the device until grid `grid` (nullopt: every grid) has ended, as
  /// Device::runUntil/runUntilIdle do, stopping wherever the user asked.
  /// Fault and step-limit results carry their report as the device's do.
  virtual emu::RunResult runDevice(std::optional<emu::GridId> grid) = 0;
  /// cudaDeviceReset made a new session: grids and addresses start again.
  virtual void sessionReplaced() = 0;
};

} // namespace simt::cudart

#endif // SIMT_RUNTIME_CUDART_DEVICEAGENT_H
