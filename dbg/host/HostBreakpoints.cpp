//===-- HostBreakpoints.cpp - Host breakpoints in the one numbering -------===//
#include "dbg/Breakpoints.h"
#include "dbg/commands/Commands.h"
#include "dbg/host/HostValues.h"
#include "dbg/host/Session.h"
#include "dbg/program/HostedProtocol.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace simt::dbg::host {

void Session::addBreakpoint(const std::string &line, const std::string &args, bool temporary) {
  const BreakArgs split = splitBreakArgs(args);
  const std::string &where = split.location;
  // The device's own: no location (the focused warp's PC), or one a loaded
  // kernel has.
  if (where.empty() || place_ == Place::None || onDevice(where)) {
    forward(line);
    return;
  }
  lldb::SBTarget &target = lldb_.target();
  lldb::SBBreakpoint b;
  const size_t colon = where.rfind(':');
  const bool fileLine = colon != std::string::npos && colon + 1 < where.size() &&
                        std::all_of(where.begin() + std::ptrdiff_t(colon + 1), where.end(),
                                    [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
  if (fileLine)
    b = target.BreakpointCreateByLocation(where.substr(0, colon).c_str(),
                                          uint32_t(std::stoul(where.substr(colon + 1))));
  else if (where[0] == '*')
    b = target.BreakpointCreateByAddress(std::strtoull(where.c_str() + 1, nullptr, 0));
  else
    b = target.BreakpointCreateByName(where.c_str());
  if (!b.IsValid() || b.GetNumLocations() == 0) {
    if (b.IsValid())
      target.BreakpointDelete(b.GetID());
    if (fileLine)
      out_ << "No line " << where.substr(colon + 1) << " in file \"" << where.substr(0, colon)
           << "\".\n";
    else
      out_ << "Function \"" << where << "\" not defined.\n";
    return;
  }
  if (split.condition && !split.condition->empty())
    b.SetCondition(split.condition->c_str());
  lldb::SBBreakpointLocation loc = b.GetLocationAtIndex(0);
  lldb::SBLineEntry le = loc.GetAddress().GetLineEntry();
  const std::string file = le.IsValid() && le.GetFileSpec().GetFilename()
                               ? le.GetFileSpec().GetFilename()
                               : "";
  const char *function = loc.GetAddress().GetFunction().GetDisplayName();
  std::string host = hexText(loc.GetLoadAddress());
  if (function)
    host += std::string(" in ") + function;
  if (!file.empty())
    host += " at " + file + ":" + std::to_string(le.GetLine());
  const std::string numbering =
      std::string("maintenance host-breakpoint ") + (temporary ? "del " : "keep ") + where +
      " -- " + host;
  callAgent(hosted::kExecuteFunction, "int (*)(const char *)", numbering);
  const int n = callAgent(hosted::kNewestBreakpointFunction, "int (*)()", "");
  control_.persistent.push_back(numbering);
  hostBreakpoints_.push_back({n, b.GetID(), temporary});
  out_ << (temporary ? "Temporary breakpoint " : "Breakpoint ") << n << " at "
       << hexText(loc.GetLoadAddress());
  if (!file.empty())
    out_ << ": file " << file << ", line " << le.GetLine();
  out_ << ".\n";
}

void Session::editBreakpoints(Cmd how, const std::string &args) {
  std::vector<int> numbers;
  try {
    numbers = numberList(args);
  } catch (const CommandError &) {
    return; // the device debugger says what is wrong
  }
  for (size_t i = 0; i < hostBreakpoints_.size();) {
    const HostBreakpoint b = hostBreakpoints_[i];
    if (!numbers.empty() && std::find(numbers.begin(), numbers.end(), b.number) == numbers.end()) {
      ++i;
      continue;
    }
    if (how == Cmd::Delete) {
      lldb_.target().BreakpointDelete(b.id);
      hostBreakpoints_.erase(hostBreakpoints_.begin() + std::ptrdiff_t(i));
      continue;
    }
    lldb_.target().FindBreakpointByID(b.id).SetEnabled(how == Cmd::Enable);
    ++i;
  }
}

} // namespace simt::dbg::host
