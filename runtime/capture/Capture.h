//===-- Capture.h - A launch written as a replayable run script -----------===//
//
// `SIMT_CAPTURE=DIR ./app` (docs/programs.md, "Capturing launches") writes
// launches of a program as run scripts that `simt-emu DIR/launch-N.simt`
// replays with bit-identical results. captureLaunch() does one: it runs the
// launch alone on a copy of the session (DeviceSession::clone) with a trace
// hook that records the 256-byte blocks of global memory the launch read or
// wrote; then it writes the object, the contents before the launch of the
// blocks it could see, the constants that differ from the object's, the
// launch, and what it wrote as `expect NAME[FROM..TO] == file(...)`;
// buffers keep the program's addresses (`alloc ... at=`, `load ... at=`),
// so pointers stored in memory stay valid. The expects are what the script's own run (in a
// fresh session, as simt-emu runs it) writes, so the replay reproduces them
// bit for bit; where that run differs from the program's, the report says
// so. The program's own launch then goes on as if nothing had happened.
//
// LaunchCapturer is what libcudart calls at each launch: it reads the
// SIMT_CAPTURE variables once and selects launches by kernel name and
// index. A debugger command calls captureLaunch directly.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_CAPTURE_H
#define SIMT_RUNTIME_CAPTURE_H

#include "runtime/DeviceSession.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <ostream>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace simt::rt {

/// The object the launched kernel comes from, as the script loads it.
struct CaptureObject {
  std::string fileName; ///< what to call it in the capture ("app.o")
  std::span<const uint8_t> bytes;
};

struct CaptureOptions {
  std::filesystem::path dir; ///< where launch-N.simt and launch-N/ go
  uint64_t number = 1;       ///< N: the launch's number in the program
  std::string origin;        ///< who launched it, for the script's comment ("app")
};

struct CaptureReport {
  std::filesystem::path script;
  size_t buffers = 0;
  uint64_t dataBytes = 0;   ///< bytes of the data files written
  std::string launchError;  ///< the launch faulted (or could not finish): why
  /// Where the replay's run differs from the program's ("" if nowhere): the
  /// expects hold the replay's, so the script passes either way.
  std::string replayDiffers;
};

/// Captures `launch` of `session`, which must stand as it did just before
/// the launch was issued (libcudart: in its launch; the debugger: stopped at
/// a launch, or on a checkpoint taken there). The session is not changed.
/// Errors: the launch cannot be issued, a file cannot be written.
Expected<CaptureReport> captureLaunch(DeviceSession &session, const LaunchRequest &launch,
                                      const CaptureObject &object, const CaptureOptions &opts);

/// Which launches of a program SIMT_CAPTURE writes, and the count of them.
class LaunchCapturer {
public:
  /// From SIMT_CAPTURE=DIR, SIMT_CAPTURE_KERNEL=NAME,
  /// and SIMT_CAPTURE_LAUNCH=LIST (N, A-B or A-, comma-separated); null when
  /// SIMT_CAPTURE is unset or empty. A malformed setting is an error naming
  /// it.
  static Expected<std::unique_ptr<LaunchCapturer>> fromEnvironment();
  /// The same selection given directly (the debugger's `capture`):
  /// `launchesSoFar` launches were made before it, so N counts on.
  static std::unique_ptr<LaunchCapturer> make(std::filesystem::path dir, std::string kernel,
                                              uint64_t launchesSoFar = 0);
  const std::filesystem::path &directory() const { return dir_; }

  /// Every launch of the program passes here before it is issued: it is
  /// counted and, if selected, captured; one line on `err` says where (or
  /// why not). `origin` names the program in the script.
  void onLaunch(DeviceSession &session, const LaunchRequest &launch, const CaptureObject &object,
                const std::string &origin, std::ostream &err);
  /// At exit: says so on `err` when the selection matched no launch.
  void finish(std::ostream &err) const;

private:
  bool selected(std::string_view kernel);

  std::filesystem::path dir_;
  std::string kernel_;                                     ///< empty: every kernel
  std::vector<std::pair<uint64_t, uint64_t>> indices_;     ///< inclusive; empty: all
  uint64_t launches_ = 0; ///< the program's launches so far
  uint64_t matching_ = 0; ///< of them, launches of kernels_
  uint64_t captured_ = 0;
};

} // namespace simt::rt

#endif // SIMT_RUNTIME_CAPTURE_H
