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

std::string Session::currentHostFile() {
  lldb::SBLineEntry le;
  if (place_ == Place::Host)
    le = frame().GetLineEntry();
  if (!le.IsValid() || !le.GetFileSpec().GetFilename()) {
    // Not at a host stop in code with lines (before `run`, at a device
    // stop): gdb's default, the file of main.
    lldb::SBSymbolContextList mains = lldb_.target().FindFunctions("main");
    if (mains.GetSize() == 0)
      return {};
    lldb::SBSymbolContext main = mains.GetContextAtIndex(0);
    lldb::SBAddress start = main.GetFunction().IsValid() ? main.GetFunction().GetStartAddress()
                                                         : main.GetSymbol().GetStartAddress();
    le = start.GetLineEntry();
  }
  return le.IsValid() && le.GetFileSpec().GetFilename() ? le.GetFileSpec().GetFilename() : "";
}

void Session::addBreakpoint(const std::string &line, const std::string &args, bool temporary) {
  const BreakArgs split = splitBreakArgs(args);
  std::string where = split.location;
  // gdb's `break LINE`: a line of the current file. At a host stop the
  // selected frame's (which may hold device code too); elsewhere the
  // device's current file when the line has device code there (the device
  // applies the same rule), else main's.
  const bool deviceLine = isLineNumber(where) && place_ != Place::Host && onDevice(where);
  if (isLineNumber(where) && !deviceLine)
    if (const std::string file = currentHostFile(); !file.empty())
      where = file + ":" + where;
  // The device's own: no location (the focused warp's PC), or one a loaded
  // kernel has (asked once: each question is a call into the program).
  if (where.empty() || place_ == Place::None || deviceLine || onDevice(where)) {
    forward(where == split.location
                ? line
                : (temporary ? "tbreak " : "break ") + where +
                      (split.condition ? " if " + *split.condition : std::string()));
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

void Session::addWatch(const std::string &expression) {
  if (expression.empty()) {
    out_ << "Argument required (expression to compute).\n";
    return;
  }
  // A variable path (total, s.sum, a[3]) as LLDB reads it, else an
  // expression whose value lives in memory (*p).
  lldb::SBValue v = frame().GetValueForVariablePath(expression.c_str());
  if (!v.IsValid() || v.GetError().Fail())
    v = frame().EvaluateExpression(expression.c_str());
  if (!v.IsValid() || v.GetError().Fail()) {
    out_ << "No symbol \"" << expression << "\" in current context.\n";
    return;
  }
  const lldb::addr_t address = v.GetLoadAddress();
  lldb::SBError error;
  lldb::SBWatchpoint w = v.Watch(true, false, true, error);
  if (address == LLDB_INVALID_ADDRESS || !w.IsValid() || error.Fail()) {
    out_ << "Cannot watch constant value `" << expression << "'"
         << (error.Fail() && error.GetCString() ? std::string(": ") + error.GetCString() : "")
         << ".\n";
    return;
  }
  callAgent(hosted::kExecuteFunction, "int (*)(const char *)",
            "maintenance host-watchpoint " + expression);
  const int n = callAgent(hosted::kNewestBreakpointFunction, "int (*)()", "");
  HostWatch watch{n, w.GetID(), expression, address, v.GetType(), ""};
  watch.last = watchedValue(watch);
  hostWatches_.push_back(std::move(watch));
  out_ << "Hardware watchpoint " << n << ": " << expression << "\n";
}

std::string Session::watchedValue(const HostWatch &w) {
  lldb::SBTarget &target = lldb_.target();
  lldb::SBValue v =
      target.CreateValueFromAddress(w.expression.c_str(), lldb::SBAddress(w.address, target), w.type);
  return v.IsValid() ? hostValueText(v, false) : "<unreadable>";
}

bool Session::reportWatch(lldb::watch_id_t id) {
  for (HostWatch &w : hostWatches_) {
    if (w.id != id)
      continue;
    std::string now = watchedValue(w);
    if (now == w.last)
      return false; // gdb's `watch` stops only when the value changes
    lastStop_.breakpoint = w.number;
    callAgent(hosted::kExecuteFunction, "int (*)(const char *)",
              "maintenance host-breakpoint-hit " + std::to_string(w.number));
    out_ << "\nHardware watchpoint " << w.number << ": " << w.expression << "\n\nOld value = "
         << w.last << "\nNew value = " << now << "\n"
         << hostFrameText(frame()) << "\n" << hostSourceLine(frame()) << "\n";
    w.last = std::move(now);
    return true;
  }
  out_ << hostFrameText(frame()) << "\n" << hostSourceLine(frame()) << "\n";
  return true;
}

void Session::editBreakpoints(Cmd how, const std::string &args) {
  std::vector<int> numbers;
  try {
    numbers = numberList(args);
  } catch (const CommandError &) {
    return; // the device debugger says what is wrong
  }
  // Those the numbers name (all without numbers): deleted (true) or
  // enabled/disabled in LLDB.
  auto named = [&](int n) {
    return numbers.empty() || std::find(numbers.begin(), numbers.end(), n) != numbers.end();
  };
  lldb::SBTarget &target = lldb_.target();
  std::erase_if(hostBreakpoints_, [&](const HostBreakpoint &b) {
    if (!named(b.number))
      return false;
    if (how != Cmd::Delete)
      target.FindBreakpointByID(b.id).SetEnabled(how == Cmd::Enable);
    return how == Cmd::Delete && target.BreakpointDelete(b.id);
  });
  std::erase_if(hostWatches_, [&](const HostWatch &w) {
    if (!named(w.number))
      return false;
    if (how != Cmd::Delete)
      target.FindWatchpointByID(w.id).SetEnabled(how == Cmd::Enable);
    return how == Cmd::Delete && target.DeleteWatchpoint(w.id);
  });
}

} // namespace simt::dbg::host
