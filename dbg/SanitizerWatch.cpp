//===-- SanitizerWatch.cpp - The sanitizer's tools as debugger stops ------===//
#include "dbg/SanitizerWatch.h"

namespace simt::dbg {

Status SanitizerWatch::set(std::string_view spec, rt::DeviceSession &session) {
  if (spec == "off") {
    sanitizer_.reset();
    options_.reset();
    return {};
  }
  auto o = rt::sanitizer::parseSanitizeSpec(spec);
  if (!o)
    return o.error();
  if (o->tool == rt::sanitizer::Tool::Memcheck)
    return makeError("memcheck's errors are the emulator's faults, which stop the debugger "
                     "already (set memcheck strict|page); set sanitize racecheck, synccheck "
                     "or initcheck");
  o->everyHazard = true; // a stop per hazard, as it happens
  o->printLimit = 0;
  options_ = *o;
  sanitizer_.reset(); // leaves the live session it watched
  sessionChanged(session);
  return {};
}

void SanitizerWatch::sessionChanged(rt::DeviceSession &session) {
  if (!options_)
    return;
  // The session it watched is gone (replaced in the slot), and its
  // subscription with the device.
  if (sanitizer_)
    sanitizer_->abandon();
  sanitizer_ = std::make_unique<rt::sanitizer::Sanitizer>(*options_, log_);
  first_.clear();
  since_ = 0;
  sanitizer_->setReportListener(
      [this](const std::vector<std::string> &printed, const emu::TraceRecord *record) {
        reported(printed, record);
      });
  sanitizer_->pauseRecords(paused_);
  if (Status st = sanitizer_->start(session); !st)
    sanitizer_.reset();
}

std::string SanitizerWatch::describe() const {
  return options_ ? std::string(rt::sanitizer::toolName(options_->tool)) : "off";
}

void SanitizerWatch::pause(bool replaying) {
  paused_ = replaying;
  if (sanitizer_)
    sanitizer_->pauseRecords(replaying);
}

void SanitizerWatch::reported(const std::vector<std::string> &printed,
                              const emu::TraceRecord *record) {
  // An instruction's lanes often make many reports at once (a warp's 32
  // lanes' hazards, 4 for each float): the stop shows the first and counts
  // the others.
  if (since_++ == 0)
    first_ = printed;
  log_.str(""); // kept whole in first_: the stream need not grow
  if (record && stop_)
    stop_(*record);
}

std::vector<std::string> SanitizerWatch::takeReports() {
  std::vector<std::string> lines = std::move(first_);
  first_.clear();
  if (since_ > 1) {
    const uint64_t more = since_ - 1;
    lines.push_back("========= and " + std::to_string(more) + " more report" +
                    (more == 1 ? "" : "s") + " from this instruction");
  }
  since_ = 0;
  return lines;
}

} // namespace simt::dbg
