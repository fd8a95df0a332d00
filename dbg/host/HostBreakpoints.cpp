//===-- HostBreakpoints.cpp - Host breakpoints in the one numbering -------===//
#include "dbg/Breakpoints.h"
#include "dbg/Frames.h"
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
    if (!where.empty() && !deviceLine && place_ != Place::None &&
        where.find_first_of(":*+ ") == std::string::npos)
      addHostStub(where);
    return;
  }
  lldb::SBBreakpoint b = createHostBreakpoint(where, isLineNumber(split.location));
  if (!b.IsValid())
    return;
  if (split.condition && !split.condition->empty())
    b.SetCondition(split.condition->c_str());
  // Numbered by the device debugger, with every place for its table.
  std::string numbering = std::string("maintenance host-breakpoint ") +
                          (temporary ? "del " : "keep ") + where +
                          (split.condition ? " if " + *split.condition : std::string());
  for (uint32_t i = 0; i < b.GetNumLocations(); ++i)
    numbering += " -- " + placeText(b.GetLocationAtIndex(i));
  callAgent(hosted::kExecuteFunction, "int (*)(const char *)", numbering);
  const int n = callAgent(hosted::kNewestBreakpointFunction, "int (*)()", "");
  control_.persistent.push_back(numbering);
  hostBreakpoints_.push_back({n, b.GetID(), temporary});
  lldb::SBBreakpointLocation loc = b.GetLocationAtIndex(0);
  lldb::SBLineEntry le = loc.GetAddress().GetLineEntry();
  // Before the program runs, gdb gives the address in the file (0x1398),
  // where LLDB already assumes a load address.
  out_ << (temporary ? "Temporary breakpoint " : "Breakpoint ") << n << " at "
       << hexText(started_ ? loc.GetLoadAddress() : loc.GetAddress().GetFileAddress());
  // gdb's words: one location's file and line, or the location as typed
  // and how many places it has.
  if (b.GetNumLocations() > 1)
    out_ << ": " << where << ". (" << b.GetNumLocations() << " locations)";
  else if (le.IsValid() && le.GetFileSpec().GetFilename())
    out_ << ": file " << hostFileName(le) << ", line " << le.GetLine() << ".";
  else
    out_ << ".";
  out_ << "\n";
}

std::string Session::compiledFilePath(const std::string &file) {
  lldb::SBSymbolContextList units =
      lldb_.target().FindCompileUnits(lldb::SBFileSpec(file.c_str(), false));
  return units.GetSize() ? hostPath(units.GetContextAtIndex(0).GetCompileUnit().GetFileSpec())
                         : "";
}

lldb::SBBreakpoint Session::createHostBreakpoint(const std::string &where, bool bareLine) {
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
    b = functionBreakpoint(where);
  if (b.IsValid() && b.GetNumLocations() > 0)
    return b;
  if (b.IsValid())
    target.BreakpointDelete(b.GetID());
  // gdb's answer: the error, then its question whether to make the
  // breakpoint pending, answered no. That is no error of the command, so a
  // command file goes on (cuda-gdb's transcripts show it).
  const std::string file = fileLine ? where.substr(0, colon) : "";
  const bool knownFile = fileLine && !compiledFilePath(file).empty();
  noteError(!fileLine    ? "Function \"" + where + "\" not defined."
            : !knownFile ? "No source file named " + file + "."
            : bareLine   ? "No line " + where.substr(colon + 1) + " in the current file."
                         : "No line " + where.substr(colon + 1) + " in file \"" + file + "\".");
  reportError(); // before the question, in gdb's order
  if (!separateDebuggerOutput) // an IDE shows the error alone
    out_ << "Make breakpoint pending on future shared library load? (y or [n]) [answered N; "
            "input not from terminal]\n";
  return {};
}

lldb::SBBreakpoint Session::functionBreakpoint(const std::string &name) {
  // LLDB places it where the line table marks the prologue's end. In
  // optimised code that row may already belong to a function inlined into
  // this one (main's first cudaMalloc), so the stop would show that callee's
  // header line; gdb then stays at the function's own first address and
  // line (`main () at app.cu:23`), and so does this.
  lldb::SBTarget &target = lldb_.target();
  lldb::SBBreakpoint b = target.BreakpointCreateByName(name.c_str());
  if (!b.IsValid() || b.GetNumLocations() != 1)
    return b;
  lldb::SBAddress at = b.GetLocationAtIndex(0).GetAddress();
  lldb::SBFunction function = at.GetFunction();
  if (!at.GetBlock().GetContainingInlinedBlock().IsValid() || !function.IsValid())
    return b;
  target.BreakpointDelete(b.GetID());
  lldb::SBAddress start = function.GetStartAddress();
  return target.BreakpointCreateBySBAddress(start);
}

std::string Session::placeText(lldb::SBBreakpointLocation loc) {
  lldb::SBLineEntry le = loc.GetAddress().GetLineEntry();
  lldb::SBFunction function = loc.GetAddress().GetFunction();
  std::string text = hexText(loc.GetLoadAddress());
  if (function.IsValid() && function.GetDisplayName())
    text += " in " + gdbFunctionName(function);
  if (le.IsValid() && le.GetFileSpec().GetFilename())
    text += " at " + hostFileName(le) + ":" + std::to_string(le.GetLine());
  return text;
}

void Session::addHostStub(const std::string &name) {
  // A kernel's name is also its host stub's (cuda-gdb's location N.1); the
  // device debugger keeps the place only when the newest breakpoint is that
  // kernel's. LLDB places it as a host breakpoint by the name clang gives
  // the stub, shown as the kernel's (nvcc's stub has the kernel's name).
  static const std::string prefix = "__device_stub__";
  lldb::SBTarget &target = lldb_.target();
  lldb::SBBreakpoint probe = target.BreakpointCreateByName((prefix + name).c_str());
  if (!probe.IsValid())
    return;
  if (probe.GetNumLocations() == 1) {
    std::string place = placeText(probe.GetLocationAtIndex(0));
    if (const size_t at = place.find(" in " + prefix); at != std::string::npos)
      place.erase(at + 4, prefix.size());
    const std::string line = "maintenance host-stub " + name + " -- " + place;
    callAgent(hosted::kExecuteFunction, "int (*)(const char *)", line);
    control_.persistent.push_back(line);
  }
  target.BreakpointDelete(probe.GetID());
}

void Session::addWatch(const std::string &expression) {
  if (expression.empty()) {
    return fail("Argument required (expression to compute).");
  }
  // A variable path (total, s.sum, a[3]) as LLDB reads it, else an
  // expression whose value lives in memory (*p).
  lldb::SBValue v = frame().GetValueForVariablePath(expression.c_str());
  if (!v.IsValid() || v.GetError().Fail())
    v = frame().EvaluateExpression(expression.c_str());
  if (!v.IsValid() || v.GetError().Fail())
    return fail("No symbol \"" + expression + "\" in current context.");
  const lldb::addr_t address = v.GetLoadAddress();
  lldb::SBError error;
  lldb::SBWatchpoint w = v.Watch(true, false, true, error);
  if (address == LLDB_INVALID_ADDRESS || !w.IsValid() || error.Fail()) {
    return fail("Cannot watch constant value `" + expression + "'" +
                (error.Fail() && error.GetCString() ? std::string(": ") + error.GetCString() : "") +
                ".");
  }
  callAgent(hosted::kExecuteFunction, "int (*)(const char *)",
            "maintenance host-watchpoint " + expression);
  const int n = callAgent(hosted::kNewestBreakpointFunction, "int (*)()", "");
  HostWatch watch{n, w.GetID(), expression, address, v.GetType(), ""};
  watch.last = watchedValue(watch);
  // A frame's variable (gdb's innermost block of the expression): the
  // watch ends where the frame returns, as gdb's does, rather than
  // watching the stack slot that later frames reuse.
  const lldb::ValueType kind = v.GetValueType();
  if (kind == lldb::eValueTypeVariableLocal || kind == lldb::eValueTypeVariableArgument) {
    lldb::SBFrame caller = frame().GetThread().GetFrameAtIndex(frame().GetFrameID() + 1);
    if (caller.IsValid()) {
      lldb::SBBreakpoint scope = lldb_.target().BreakpointCreateByAddress(caller.GetPC());
      if (scope.IsValid()) {
        // The watched frame's thread only: another thread's return there
        // says nothing of this frame.
        scope.SetThreadID(frame().GetThread().GetThreadID());
        watch.scopeCfa = frame().GetCFA();
        watch.scopeBreak = scope.GetID();
      }
    }
  }
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
    printHostDisplays();
    return true;
  }
  out_ << hostFrameText(frame()) << "\n" << hostSourceLine(frame()) << "\n";
  printHostDisplays();
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
    if (how == Cmd::Delete && w.scopeBreak != LLDB_INVALID_BREAK_ID)
      target.BreakpointDelete(w.scopeBreak);
    return how == Cmd::Delete && target.DeleteWatchpoint(w.id);
  });
}

bool Session::reportWatchScope(const std::vector<lldb::break_id_t> &hits, bool *resumeInstead) {
  *resumeInstead = false;
  for (auto it = hostWatches_.begin(); it != hostWatches_.end(); ++it) {
    if (it->scopeBreak == LLDB_INVALID_BREAK_ID ||
        std::find(hits.begin(), hits.end(), it->scopeBreak) == hits.end())
      continue;
    // The caller's resume address is reached by every return to it: the
    // watched frame has returned when the stack is above its CFA.
    if (frame().GetCFA() <= it->scopeCfa) {
      *resumeInstead = true;
      return true;
    }
    const int n = it->number;
    lldb_.target().BreakpointDelete(it->scopeBreak);
    lldb_.target().DeleteWatchpoint(it->id);
    hostWatches_.erase(it);
    forward("delete " + std::to_string(n));
    out_ << "\nWatchpoint " << n << " deleted because the program has left the block in\n"
         << "which its expression is valid.\n"
         << hostStopFrameText(frame()) << "\n"
         << hostSourceLine(frame()) << "\n";
    printHostDisplays();
    return true;
  }
  return false;
}

std::string Session::hitNumber(const HostBreakpoint &hb) {
  // gdb names the location hit when there are several: N.M, in the order
  // the table lists them (LLDB's). The stop's data: (breakpoint, location) pairs.
  const std::string n = std::to_string(hb.number);
  lldb::SBBreakpoint b = lldb_.target().FindBreakpointByID(hb.id);
  lldb::SBThread t = lldb_.thread();
  if (b.GetNumLocations() < 2)
    return n;
  for (uint32_t k = 0; k + 1 < t.GetStopReasonDataCount(); k += 2)
    if (lldb::break_id_t(t.GetStopReasonDataAtIndex(k)) == hb.id)
      for (uint32_t i = 0; i < b.GetNumLocations(); ++i)
        if (uint64_t(b.GetLocationAtIndex(i).GetID()) == t.GetStopReasonDataAtIndex(k + 1))
          return n + "." + std::to_string(i + 1);
  return n;
}

void Session::configureHostBreakpoint(Cmd how, const std::string &args) {
  const std::vector<std::string> w = words(args);
  for (const HostBreakpoint &hb : hostBreakpoints_) {
    if (w.empty() || std::to_string(hb.number) != w[0])
      continue;
    lldb::SBBreakpoint b = lldb_.target().FindBreakpointByID(hb.id);
    if (how == Cmd::Condition)
      b.SetCondition(std::string(trim(std::string_view(args).substr(args.find(w[0]) + w[0].size())))
                         .c_str());
    else if (w.size() > 1 && std::isdigit(static_cast<unsigned char>(w[1][0])))
      b.SetIgnoreCount(uint32_t(std::strtoul(w[1].c_str(), nullptr, 0)));
  }
}

void Session::syncHostCounts() {
  if (!lldb_.live())
    return;
  for (const HostBreakpoint &hb : hostBreakpoints_) {
    lldb::SBBreakpoint b = lldb_.target().FindBreakpointByID(hb.id);
    const auto last = lastRunHits_.find(hb.number);
    const uint32_t hits = !started_ && last != lastRunHits_.end() ? last->second : b.GetHitCount();
    callAgent(hosted::kExecuteFunction, "int (*)(const char *)",
              "maintenance host-breakpoint-state " + std::to_string(hb.number) + " " +
                  std::to_string(hits) + " " + std::to_string(b.GetIgnoreCount()));
  }
}

} // namespace simt::dbg::host
