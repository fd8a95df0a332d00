//===-- SanitizerWatch.h - The sanitizer's tools as debugger stops --------===//
//
// `set sanitize racecheck|synccheck|initcheck|off`: the tool watches every
// instruction of the device runs (the debugger owns the trace hook and
// forwards its records), and a report stops the run before the next
// instruction, like a watchpoint, with the report (a race's two accesses)
// shown at the stop. racecheck reports each hazard as it happens. memcheck
// needs no watch: its errors are the emulator's faults, which stop anyway.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/sanitizer/Sanitizer.h"

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
  uint8_t traceDetail() const { return sanitizer_ ? sanitizer_->traceDetail() : 0; }
  /// Forwards one record; true when the tool reported something.
  bool observe(const emu::TraceRecord &record);
  /// The first report since the last call, as lines, and how many more.
  std::vector<std::string> takeReports();

private:
  std::optional<rt::sanitizer::SanitizerOptions> options_;
  std::ostringstream reports_;
  std::unique_ptr<rt::sanitizer::Sanitizer> sanitizer_;
  uint64_t shown_ = 0; // reports counted by the last takeReports()
};

} // namespace simt::dbg
