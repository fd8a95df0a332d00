//===-- SanitizerOptions.cpp - The sanitizer's options and their text -----===//
#include "runtime/sanitizer/SanitizerOptions.h"

#include <charconv>
#include <vector>

namespace simt::rt::sanitizer {

std::string_view toolName(Tool tool) {
  switch (tool) {
  case Tool::Memcheck: return "memcheck";
  case Tool::Racecheck: return "racecheck";
  case Tool::Initcheck: return "initcheck";
  case Tool::Synccheck: return "synccheck";
  }
  return "memcheck";
}

namespace {

std::vector<std::string_view> splitCommas(std::string_view s) {
  std::vector<std::string_view> out;
  for (size_t at = 0;;) {
    const size_t comma = s.find(',', at);
    out.push_back(s.substr(at, comma - at));
    if (comma == std::string_view::npos)
      return out;
    at = comma + 1;
  }
}

template <class T> bool parseNumber(std::string_view s, T &out) {
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size();
}

/// One of `choices` (the first meaning true), else an error.
Expected<bool> parseChoice(std::string_view name, std::string_view value,
                           std::string_view yes, std::string_view no) {
  if (value == yes)
    return true;
  if (value == no)
    return false;
  return makeError(std::string(name) + " is " + std::string(yes) + " or " + std::string(no) +
                   ", not '" + std::string(value) + "'");
}

Status applyOption(SanitizerOptions &o, std::string_view name, std::string_view value) {
  auto choice = [&](bool &field, std::string_view yes, std::string_view no) -> Status {
    auto v = parseChoice(name, value, yes, no);
    if (!v)
      return v.error();
    field = *v;
    return {};
  };
  auto number = [&](auto &field) -> Status {
    if (!parseNumber(value, field))
      return makeError(std::string(name) + " takes a number, not '" + std::string(value) + "'");
    return {};
  };
  if (name == "leak-check")
    return choice(o.leakCheck, "full", "no");
  if (name == "destroy-on-device-error")
    return choice(o.destroyKernelOnly, "kernel", "context");
  if (name == "racecheck-report") {
    if (value == "all")
      value = "hazard"; // every hazard, and the analysis is their grouping
    return choice(o.everyHazard, "hazard", "analysis");
  }
  if (name == "report-api-errors") {
    if (value == "all")
      value = "explicit"; // the runtime makes no calls of its own
    return choice(o.apiErrors, "explicit", "no");
  }
  if (name == "racecheck-detect-level") {
    if (value == "info")
      value = "warn"; // no hazard is below a warning here
    return choice(o.raceWarnings, "warn", "error");
  }
  if (name == "show-backtrace") {
    if (value == "device" || value == "host")
      value = "yes";
    return choice(o.showBacktrace, "yes", "no");
  }
  if (name == "track-unused-memory") {
    if (value.empty())
      value = "yes";
    return choice(o.trackUnusedMemory, "yes", "no");
  }
  if (name == "print-limit")
    return number(o.printLimit);
  if (name == "error-exitcode")
    return number(o.errorExitcode);
  if (name == "launch-skip")
    return number(o.launchSkip);
  if (name == "launch-count")
    return number(o.launchCount);
  if (name == "kernel-name")
    o.kernelName = value;
  else if (name == "suppressions")
    o.suppressions = value;
  else if (name == "summary-file")
    o.summaryFile = value;
  else
    return makeError("unknown sanitizer option '" + std::string(name) + "'");
  return {};
}

} // namespace

Expected<SanitizerOptions> parseSanitizeSpec(std::string_view spec) {
  const std::vector<std::string_view> parts = splitCommas(spec);
  SanitizerOptions o;
  bool known = false;
  for (Tool t : {Tool::Memcheck, Tool::Racecheck, Tool::Initcheck, Tool::Synccheck})
    if (parts[0] == toolName(t)) {
      o.tool = t;
      known = true;
    }
  if (!known)
    return makeError("--sanitize: '" + std::string(parts[0]) +
                     "' is not a tool (memcheck, racecheck, initcheck, synccheck)");
  for (size_t i = 1; i < parts.size(); ++i) {
    const size_t eq = parts[i].find('=');
    const std::string_view name = parts[i].substr(0, eq);
    const std::string_view value =
        eq == std::string_view::npos ? std::string_view() : parts[i].substr(eq + 1);
    if (Status st = applyOption(o, name, value); !st)
      return makeError("--sanitize: " + st.message());
  }
  return o;
}

std::string toSpec(const SanitizerOptions &o) {
  const SanitizerOptions d;
  std::string s(toolName(o.tool));
  auto add = [&](std::string_view name, const std::string &value) {
    s += ",";
    s += name;
    s += "=" + value;
  };
  if (o.leakCheck)
    add("leak-check", "full");
  if (o.destroyKernelOnly)
    add("destroy-on-device-error", "kernel");
  if (o.everyHazard)
    add("racecheck-report", "hazard");
  if (!o.raceWarnings)
    add("racecheck-detect-level", "error");
  if (!o.apiErrors)
    add("report-api-errors", "no");
  if (o.printLimit != d.printLimit)
    add("print-limit", std::to_string(o.printLimit));
  if (o.errorExitcode != d.errorExitcode)
    add("error-exitcode", std::to_string(o.errorExitcode));
  if (!o.showBacktrace)
    add("show-backtrace", "no");
  if (!o.kernelName.empty())
    add("kernel-name", o.kernelName);
  if (o.launchSkip)
    add("launch-skip", std::to_string(o.launchSkip));
  if (o.launchCount)
    add("launch-count", std::to_string(o.launchCount));
  if (!o.suppressions.empty())
    add("suppressions", o.suppressions);
  if (o.trackUnusedMemory)
    add("track-unused-memory", "yes");
  if (!o.summaryFile.empty())
    add("summary-file", o.summaryFile);
  return s;
}

} // namespace simt::rt::sanitizer
