//===-- Profiler.h - The profiler a run attaches: options and outputs -----===//
//
// What simt-emu (--profile...) and the CUDA runtime (SIMT_EMU_FLAGS=
// --profile..., set by simt-prof) hold while a run is profiled: the options,
// the host events, a collector on the current session's device, and at the
// end the outputs: nvprof's tables on stderr (or --log-file's file), the
// HTML report and the Chrome trace file. Without a profile option none of this exists and
// the device runs its plain loop.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/profiler/Collector.h"
#include "runtime/profiler/HostEvents.h"
#include "runtime/profiler/Profile.h"
#include "runtime/profiler/ProfileOptions.h"

#include <chrono>
#include <memory>
#include <ostream>
#include <string>

namespace simt::rt {
class DeviceSession;
}

namespace simt::prof {

/// nvprof's --log-file name: "%p" the process id `pid`, "%h" the host's
/// name, "%q{ENV}" the environment variable ENV's value, "%%" a '%'.
std::string expandLogName(const std::string &path, long pid);

class Profiler {
public:
  Profiler(ProfileOptions options, std::string program);
  ~Profiler();

  /// Starts collecting on `session`'s device (its SMs count; no trace hook).
  void attach(rt::DeviceSession &session);
  /// Takes the profile of the attached session and detaches (before the
  /// session goes: a reset, the end of the run).
  void detach();
  HostEvents &host() { return host_; }
  const Profile &profile() const { return profile_; }

  /// Detaches, then writes what the options ask for: the tables to `err`,
  /// each line prefixed `prefix`, and the files. False if a file could not
  /// be written (said on `err`).
  bool finish(std::ostream &err, const std::string &prefix = {});
  /// "==PID== ": a program's lines, as nvprof begins them.
  static std::string processPrefix();

private:
  /// What the options ask to print, to `out`.
  void writeTables(std::ostream &out, const std::string &prefix) const;

  ProfileOptions options_;
  std::chrono::steady_clock::time_point start_;
  HostEvents host_;
  rt::DeviceSession *session_ = nullptr;
  std::unique_ptr<Collector> collector_;
  Profile profile_;
};

} // namespace simt::prof
