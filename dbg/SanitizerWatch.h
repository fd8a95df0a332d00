//===-- SanitizerWatch.h - The sanitizer's tools as debugger stops --------===//
//
// `set sanitize racecheck|synccheck|initcheck|off`: the tool subscribes to
// the device as under simt-emu and watches every instruction of the
// debugger's runs (not its replays: the tool has seen those instructions
// already), and a report stops the run before the next instruction, like a
// watchpoint, with the report (a race's two accesses) shown at the stop.
// racecheck reports each hazard as it happens. memcheck needs no watch: its
// errors are the emulator's faults, which stop anyway.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/sanitizer/Sanitizer.h"

#include <functional>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace simt::dbg {

class SanitizerWatch {
public:
  /// Parses TOOL (as --sanitize's value) or "off"; the error in words.
  Status set(std::string_view spec, rt::DeviceSession &session);
  /// The tool on the session now in the slot (checkpoints, run, a
  /// program's new device).
  void sessionChanged(rt::DeviceSession &session);
  bool on() const { return sanitizer_ != nullptr; }
  /// "racecheck", ... or "off".
  std::string describe() const;
  /// Called when the tool reports while it observes `record` (the
  /// debugger stops before the next instruction).
  void onReport(std::function<void(const emu::TraceRecord &record)> stop) {
    stop_ = std::move(stop);
  }
  /// Between runs: whether the next runs are replays the tool must not see.
  void pause(bool replaying);
  /// The first report since the last call, as printed, and how many more.
  std::vector<std::string> takeReports();

private:
  void reported(const std::vector<std::string> &printed, const emu::TraceRecord *record);

  std::optional<rt::sanitizer::SanitizerOptions> options_;
  std::ostringstream log_; // the tool's stream: its reports reach us whole
  std::unique_ptr<rt::sanitizer::Sanitizer> sanitizer_;
  std::function<void(const emu::TraceRecord &)> stop_;
  bool paused_ = false;
  std::vector<std::string> first_; // the first report since takeReports()
  uint64_t since_ = 0;             // reports since takeReports()
};

} // namespace simt::dbg
