//===-- HostEvents.h - The host side of a profile: API calls, launches ----===//
//
// What the host did, in seconds since the profile started: each outermost
// runtime API call (ApiScope, made by the CUDA runtime's entry preamble),
// each launch with its stream, and each copy and set the runtime made on the
// device with its bytes and the device's clock then (what the modeled GPU
// timeline places it by: DeviceModel.h). Streams are numbered in first-use
// order, the default stream 0.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/Trace.h"
#include "runtime/profiler/DeviceModel.h"

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

namespace simt::prof {

struct HostCall {
  std::string name;
  double start = 0, end = 0; ///< seconds
};

struct LaunchNote {
  emu::GridId grid = 0;
  uint32_t stream = 0;
  double at = 0; ///< seconds
};

struct CopyNote {
  CopyKind kind = CopyKind::HtoD;
  uint64_t bytes = 0;
  uint32_t stream = 0;
  uint64_t deviceCycle = 0; ///< the device's clock when it was made
  double at = 0;            ///< seconds
};

class HostEvents {
public:
  explicit HostEvents(std::chrono::steady_clock::time_point start) : start_(start) {}
  double now() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  void enter() { ++depth_; }
  /// The call that enter() began; nested calls are not recorded.
  void leave(std::string_view name, double start);
  /// No call is under way.
  bool idle() const { return depth_ == 0; }
  /// A call from `start` to now.
  void add(std::string_view name, double start) { calls_.push_back({std::string(name), start, now()}); }
  void launched(emu::GridId grid, const void *stream);
  /// The runtime copied or set `bytes` on the device (on `stream`, a
  /// cudaStream_t; null the default) when its clock read `deviceCycle`.
  void copied(CopyKind kind, uint64_t bytes, const void *stream, uint64_t deviceCycle);

  const std::vector<HostCall> &calls() const { return calls_; }
  const std::vector<LaunchNote> &launches() const { return launches_; }
  const std::vector<CopyNote> &copies() const { return copies_; }

private:
  uint32_t streamNumber(const void *stream);

  std::chrono::steady_clock::time_point start_;
  unsigned depth_ = 0;
  std::vector<HostCall> calls_;
  std::vector<LaunchNote> launches_;
  std::vector<CopyNote> copies_;
  std::vector<const void *> streams_{nullptr};
};

/// Records an API call for its scope: `Owner::profilerEvents()` gives the
/// events, or null while nothing is profiled. A call during which the
/// profile began (the program's first, which configures the device) counts
/// from the profile's start.
template <class Owner> class ApiScope {
public:
  ApiScope(Owner &owner, const char *name)
      : owner_(owner), events_(hidden(name) ? nullptr : owner.profilerEvents()), name_(name),
        start_(events_ ? events_->now() : 0) {
    if (events_)
      events_->enter();
  }
  ~ApiScope() {
    if (events_)
      events_->leave(name_, start_);
    else if (HostEvents *began = owner_.profilerEvents();
             began && began->idle() && !hidden(name_))
      began->add(name_, 0);
  }
  ApiScope(const ApiScope &) = delete;
  ApiScope &operator=(const ApiScope &) = delete;

private:
  /// The hooks clang's module constructors and destructors call
  /// (__cudaRegisterFatBinary, __cudaUnregisterFatBinary, ...) are no API
  /// calls of the program's: nvprof's tables do not show them.
  static bool hidden(const char *name) { return name[0] == '_' && name[1] == '_'; }
  Owner &owner_;
  HostEvents *events_;
  const char *name_;
  double start_;
};

} // namespace simt::prof
