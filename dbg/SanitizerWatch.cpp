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
  sanitizer_ = std::make_unique<rt::sanitizer::Sanitizer>(*options_, reports_);
  shown_ = 0;
  if (Status st = sanitizer_->start(session, /*ownHook=*/false); !st)
    sanitizer_.reset();
}

std::string SanitizerWatch::describe() const {
  return options_ ? std::string(rt::sanitizer::toolName(options_->tool)) : "off";
}

bool SanitizerWatch::observe(const emu::TraceRecord &record) {
  if (!sanitizer_)
    return false;
  const uint64_t before = sanitizer_->reports();
  sanitizer_->observe(record);
  return sanitizer_->reports() > before;
}

std::vector<std::string> SanitizerWatch::takeReports() {
  // An instruction's lanes often make many reports at once (a warp's 32
  // hazards): the stop shows the first and counts the others.
  std::vector<std::string> lines;
  std::istringstream in(reports_.str());
  for (std::string line; std::getline(in, line);) {
    lines.push_back(line);
    // The first report ends at its separator, "========= ".
    if (line.starts_with("=========") && line.find_first_not_of("= ") == std::string::npos)
      break;
  }
  const uint64_t total = sanitizer_ ? sanitizer_->reports() : 0;
  if (const uint64_t more = total - shown_ - 1; total > shown_ && more > 0)
    lines.push_back("========= and " + std::to_string(more) + " more report" +
                    (more == 1 ? "" : "s") + " from this instruction");
  shown_ = total;
  reports_.str("");
  reports_.clear();
  return lines;
}

} // namespace simt::dbg
