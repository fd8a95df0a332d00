//===-- HostCommands.cpp - gdb's commands at a host stop, through LLDB ----===//
#include "dbg/GdbPrintf.h"
#include "dbg/TopLevel.h"
#include "dbg/Views.h"
#include "dbg/commands/Commands.h"
#include "dbg/host/HostValues.h"
#include "dbg/host/Session.h"
#include "dbg/program/HostedProtocol.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace simt::dbg::host {

namespace {
/// An until/advance breakpoint's callback: it stops only in the frame
/// whose CFA `baton` holds, as gdb's momentary breakpoints stop only in
/// their frame, so that a recursive call of the function does not.
bool inFrame(void *baton, lldb::SBProcess &, lldb::SBThread &thread,
             lldb::SBBreakpointLocation &) {
  return thread.GetFrameAtIndex(0).GetCFA() == *static_cast<const uint64_t *>(baton);
}
} // namespace

uint32_t Session::framesToMain(lldb::SBThread t) {
  uint32_t n = t.GetNumFrames();
  for (uint32_t i = 0; i < n; ++i)
    if (hostFunctionName(t.GetFrameAtIndex(i)) == "main")
      return i + 1;
  return n;
}

void Session::step(Cmd how, const std::string &args) {
  const int count = args.empty() ? 1 : std::max(1, std::atoi(args.c_str()));
  for (int i = 0; i < count && place_ == Place::Host; ++i) {
    lldb::SBFrame before = frame();
    const std::string function = hostFunctionName(before);
    const uint64_t cfa = before.GetCFA();
    auto once = [this, how] { return how == Cmd::Next ? lldb_.stepOver() : lldb_.stepInto(); };
    resume(once);
    finishCallersLine(cfa, once);
    if (!steppedOnHost())
      return; // a breakpoint, a device stop, a signal or the end: reported
    if (hostFunctionName(frame()) != function || frame().GetCFA() != cfa)
      out_ << hostFrameText(frame()) << "\n";
    out_ << hostSourceLine(frame()) << "\n";
    printHostDisplays();
  }
}

bool Session::steppedOnHost() {
  return place_ == Place::Host && lldb_.thread().GetStopReason() == lldb::eStopReasonPlanComplete;
}

void Session::finishCallersLine(uint64_t cfa, const std::function<HostStop()> &again) {
  // LLDB stops at the return address; gdb's stepping finishes the line
  // of the call ("stepped back out into the middle of a statement").
  // The stack grows down: the caller's frame lies above the callee's.
  if (steppedOnHost() && frame().GetCFA() > cfa && !atLineStart(frame()))
    resume(again);
}

void Session::until() {
  // gdb's `until`: `next`, but in the same frame it steps on while the pc
  // is before the end of the current line's code (a jump back, up a loop),
  // so a loop runs to its end.
  // Back in the caller in the middle of its line, it finishes that line,
  // as gdb's stepping does.
  const uint64_t cfa = frame().GetCFA();
  const uint64_t end = frame().GetLineEntry().GetEndAddress().GetLoadAddress(lldb_.target());
  auto over = [this] { return lldb_.stepOver(); };
  do
    resume(over);
  while (steppedOnHost() && frame().GetCFA() == cfa && frame().GetPC() < end);
  finishCallersLine(cfa, over);
  if (!steppedOnHost())
    return;
  if (frame().GetCFA() != cfa)
    out_ << hostStopFrameText(frame()) << "\n";
  out_ << hostSourceLine(frame()) << "\n";
  printHostDisplays();
}

void Session::runTo(Cmd how, const std::string &args) {
  std::string where(trim(args));
  const bool bareLine = isLineNumber(where);
  if (bareLine)
    if (const std::string file = currentHostFile(); !file.empty())
      where = file + ":" + where;
  if (onDevice(where)) {
    forward((how == Cmd::Until ? "until " : "advance ") + where);
    return;
  }
  // A one-shot breakpoint at the location and one where the selected frame
  // returns, as gdb's until/advance LOCATION; a stop there reports the
  // frame and line (others, their own stop). The return is the selected
  // frame's only, not a deeper recursive call's to the same address; and
  // `until` reaches a location in the selected frame's function only in
  // that frame (gdb's manual: it skips over recursive invocations).
  lldb::SBBreakpoint at = createHostBreakpoint(where, bareLine), back;
  if (!at.IsValid())
    return;
  lldb::SBTarget &target = lldb_.target();
  lldb::SBThread t = lldb_.thread();
  at.SetThreadID(t.GetThreadID());
  uint64_t selectedCfa = frame().GetCFA(), callerCfa = 0;
  bool inSelectedFunction = false;
  for (uint32_t i = 0; i < at.GetNumLocations(); ++i)
    inSelectedFunction = inSelectedFunction ||
                         at.GetLocationAtIndex(i).GetAddress().GetFunction() == frame().GetFunction();
  if (how == Cmd::Until && inSelectedFunction)
    at.SetCallback(inFrame, &selectedCfa);
  if (frame_ + 1 < frameCount()) {
    lldb::SBFrame caller = t.GetFrameAtIndex(frame_ + 1);
    callerCfa = caller.GetCFA();
    back = target.BreakpointCreateByAddress(caller.GetPC());
    back.SetThreadID(t.GetThreadID());
    back.SetCallback(inFrame, &callerCfa);
  }
  resume([this] { return lldb_.resume(); });
  target.BreakpointDelete(at.GetID());
  if (back.IsValid())
    target.BreakpointDelete(back.GetID());
}

void Session::finish() {
  lldb::SBFrame f = frame();
  if (frame_ + 1 >= frameCount()) {
    return fail("\"finish\" not meaningful in the outermost frame.");
  }
  if (typedAtTerminal()) // gdb's from_tty
    out_ << "Run till exit from " << hostBacktraceLine(f, frame_) << "\n";
  lldb::SBThread t = lldb_.thread();
  resume([this] { return lldb_.stepOut(frame_); });
  if (place_ != Place::Host || t.GetStopReason() != lldb::eStopReasonPlanComplete)
    return;
  out_ << hostStopFrameText(frame()) << "\n" << hostSourceLine(frame()) << "\n";
  lldb::SBValue v = t.GetStopReturnValue();
  if (v.IsValid() && v.GetValue()) {
    const std::string text = hostValueText(v);
    const int n = callAgent(hosted::kRecordValueFunction, "unsigned (*)(const char *)", text);
    out_ << "Value returned is $" << n << " = " << text << "\n";
  }
  printHostDisplays();
}

void Session::finishAtDeviceStop() {
  if (frame_ + 1 >= frameCount())
    return fail("\"finish\" not meaningful in the outermost frame.");
  lldb::SBThread t = lldb_.thread();
  if (typedAtTerminal()) // gdb's from_tty
    out_ << "Run till exit from " << hostBacktraceLine(frame(), frame_) << "\n";
  // The thread cannot step while the agent holds it in the stop function:
  // a one-shot breakpoint where the selected frame returns, in that frame
  // only (inFrame), then the device's `continue`. Another stop first (a
  // device breakpoint, as cuda-gdb's) ends the finish, as in gdb.
  lldb::SBFrame caller = t.GetFrameAtIndex(frame_ + 1);
  uint64_t callerCfa = caller.GetCFA();
  lldb::SBBreakpoint back = lldb_.target().BreakpointCreateByAddress(caller.GetPC());
  back.SetThreadID(t.GetThreadID());
  back.SetCallback(inFrame, &callerCfa);
  forward("continue"); // reports the stop: the frame and line at `back`
  // Whether or not the process lives on: its callback's baton is this frame's.
  lldb_.target().BreakpointDelete(back.GetID());
}

namespace {
/// A frame's arguments, or its locals in gdb's order: the innermost
/// block's first, then each enclosing block's, up to the function's
/// (LLDB's frame list starts outermost).
std::vector<lldb::SBValue> frameVariables(lldb::SBFrame f, bool arguments) {
  std::vector<lldb::SBValue> vars;
  auto append = [&](lldb::SBValueList list) {
    for (uint32_t i = 0; i < list.GetSize(); ++i)
      vars.push_back(list.GetValueAtIndex(i));
  };
  if (arguments) {
    append(f.GetVariables(true, false, false, true));
    return vars;
  }
  for (lldb::SBBlock b = f.GetBlock(); b.IsValid(); b = b.GetParent()) {
    append(b.GetVariables(f, false, true, false, lldb::eNoDynamicValues));
    if (b.IsInlined())
      break;
  }
  if (vars.empty())
    append(f.GetVariables(false, true, false, true));
  return vars;
}

/// "name = value" lines, each after `indent`; gdb's line for none.
std::string variableLines(const std::vector<lldb::SBValue> &vars, bool arguments,
                          const std::string &indent) {
  if (vars.empty())
    return indent + (arguments ? "No arguments.\n" : "No locals.\n");
  std::string text;
  for (lldb::SBValue v : vars)
    text += indent + (v.GetName() ? v.GetName() : "?") + " = " + hostValueText(v, false) + "\n";
  return text;
}
} // namespace

void Session::backtrace(const std::string &args) {
  // backtrace [full] [N | -N]: the innermost N frames, or the outermost N.
  bool full = false;
  long limit = 0;
  for (const std::string &w : words(args)) {
    if (w == "full" || w == "-full")
      full = true;
    else if (char *end; (limit = std::strtol(w.c_str(), &end, 10)), *end || w.empty())
      return fail("No symbol \"" + w + "\" in current context.");
  }
  lldb::SBThread t = lldb_.thread();
  const uint32_t n = frameCount();
  uint32_t first = 0, last = n;
  if (limit > 0)
    last = std::min<uint32_t>(n, uint32_t(limit));
  else if (limit < 0)
    first = n - std::min<uint32_t>(n, uint32_t(-limit));
  for (uint32_t i = first; i < last; ++i) {
    out_ << hostBacktraceLine(t.GetFrameAtIndex(i), i) << "\n";
    if (full)
      out_ << variableLines(frameVariables(t.GetFrameAtIndex(i), false), false, "        ");
  }
  // gdb says so at a terminal only.
  if (last < n && !launch_.batch && isatty(STDIN_FILENO))
    out_ << "(More stack frames follow...)\n";
}

void Session::output(const std::string &format, const std::string &expr) {
  if (expr.empty())
    return fail("Argument required (expression to compute).");
  std::string text;
  if (!hostValue(format, expr, text))
    return fail(text);
  out_ << text;
}

void Session::printfCommand(const std::string &args) {
  try {
    out_ << gdbPrintf(args, [this](const std::string &expr, char conversion) {
      lldb::SBValue v;
      std::string error;
      if (!hostEvaluate(expr, v, error))
        throw CommandError(error);
      PrintfValue p;
      if (conversion == 's') {
        lldb::SBError e;
        char buf[4096];
        const size_t n = lldb_.process().ReadCStringFromMemory(
            v.GetType().IsArrayType() ? v.GetLoadAddress() : v.GetValueAsUnsigned(), buf,
            sizeof buf, e);
        if (e.Fail())
          throw CommandError("Cannot access memory at address " + hexText(v.GetValueAsUnsigned()));
        p.s.assign(buf, n);
      } else if (std::strchr("fFeEgGaA", conversion)) {
        const lldb::BasicType b = v.GetType().GetCanonicalType().GetBasicType();
        p.isFloat = true;
        p.f = b == lldb::eBasicTypeFloat || b == lldb::eBasicTypeDouble ||
                      b == lldb::eBasicTypeLongDouble
                  ? std::strtod(v.GetValue() ? v.GetValue() : "0", nullptr)
                  : double(v.GetValueAsSigned());
      } else {
        p.i = v.GetValueAsSigned();
      }
      return p;
    });
  } catch (const CommandError &e) {
    fail(e.what());
  }
}

/// Where gdb's binary `@` (an artificial array: `a[2]@4`, `*p@n`) splits
/// `expr`: its last `@` outside brackets, parentheses and quotes, or npos.
static size_t artificialArrayAt(const std::string &expr) {
  const std::vector<size_t> at = topLevelPositions(expr, '@');
  return at.empty() ? std::string::npos : at.back();
}

lldb::SBValue Session::evaluate(const std::string &expr, std::string &error) {
  lldb::SBExpressionOptions opts;
  opts.SetSuppressPersistentResult(true);
  opts.SetTryAllThreads(false);
  const size_t at = artificialArrayAt(expr);
  if (at == std::string::npos)
    return frame().EvaluateExpression(expr.c_str(), opts);
  // LLDB's C++ has no `@`: the left side's object in memory, read as an
  // array of that many elements, as gdb reads it.
  lldb::SBValue first = frame().EvaluateExpression(expr.substr(0, at).c_str(), opts);
  if (!first.IsValid() || first.GetError().Fail())
    return first;
  lldb::SBValue count = frame().EvaluateExpression(expr.substr(at + 1).c_str(), opts);
  if (!count.IsValid() || count.GetError().Fail())
    return count;
  const int64_t n = count.GetValueAsSigned();
  const lldb::addr_t address = first.GetLoadAddress();
  if (address == LLDB_INVALID_ADDRESS) {
    error = "Only values in memory can be extended with '@'.";
    return {};
  }
  if (n <= 0) {
    error = "Invalid number " + std::to_string(n) + " of repetitions.";
    return {};
  }
  lldb::SBTarget &target = lldb_.target();
  return target.CreateValueFromAddress(expr.c_str(), lldb::SBAddress(address, target),
                                       first.GetType().GetArrayType(uint64_t(n)));
}

bool Session::hostValue(const std::string &format, const std::string &expr, std::string &text,
                        std::string *natural) {
  lldb::SBValue v;
  if (!hostEvaluate(expr, v, text))
    return false;
  // LLDB's result of a reference variable is its referent; gdb's print
  // shows the reference: "(int &) @0x7ffe4c: 5".
  if (lldb::SBValue var = frame().FindVariable(expr.c_str());
      var.IsValid() && var.GetType().IsReferenceType())
    v = var;
  char letter = 0;
  try {
    letter = format.empty() ? 0 : formatLetter(format);
  } catch (const CommandError &e) {
    text = e.what();
    return false;
  }
  text = hostValueText(v, true, letter);
  if (natural)
    *natural = letter ? hostValueText(v, true, 0) : text;
  return true;
}

bool Session::hostEvaluate(const std::string &expr, lldb::SBValue &v, std::string &text) {
  v = evaluate(expr, text);
  if (!text.empty())
    return false;
  if (!v.IsValid() || v.GetError().Fail()) {
    std::string msg = v.IsValid() && v.GetError().GetCString() ? v.GetError().GetCString() : "";
    // clang's words to gdb's for the commonest case.
    const size_t u = msg.find("undeclared identifier '");
    if (u != std::string::npos) {
      const size_t b = u + std::strlen("undeclared identifier '");
      text = "No symbol \"" + msg.substr(b, msg.find('\'', b) - b) + "\" in current context.";
      return false;
    }
    for (const char *prefix : {"error: ", "<user expression 0>:"})
      if (msg.rfind(prefix, 0) == 0)
        msg = msg.substr(std::strlen(prefix));
    // clang's parse errors ("<user expression 9>:2:1: expected expression")
    // are gdb's one syntax error.
    if (msg.rfind("<user expression ", 0) == 0 && msg.find(": expected ") != std::string::npos) {
      text = "A syntax error in expression, near `'.";
      return false;
    }
    text = msg.empty() ? "cannot evaluate it" : msg.substr(0, msg.find('\n'));
    return false;
  }
  return true;
}

void Session::list(const std::string &arg) {
  // Where: a line of the stop's file, a FILE:LINE or a function's first
  // line, ten lines centred on it; no argument goes on from the last list;
  // gdb's FIRST,LAST (FIRST, and ,LAST too) lists those lines.
  auto lineOf = [](const std::string &digits) {
    const unsigned long long n = std::strtoull(digits.c_str(), nullptr, 10);
    return uint32_t(std::clamp<unsigned long long>(n, 1, UINT32_MAX - 10));
  };
  // One location: its file and line; false where it has none here (then
  // failed, or forwarded to the device debugger).
  auto resolve = [&](const std::string &spec, const std::string &defaultPath, std::string &path,
                     uint32_t &line) {
    if (isLineNumber(spec)) {
      path = defaultPath.empty() ? hostPath(frame().GetLineEntry().GetFileSpec()) : defaultPath;
      line = lineOf(spec);
      return true;
    }
    if (const size_t colon = spec.rfind(':');
        colon != std::string::npos && isLineNumber(spec.substr(colon + 1))) {
      path = compiledFilePath(spec.substr(0, colon));
      if (path.empty()) {
        fail("No source file named " + spec.substr(0, colon) + ".");
        return false;
      }
      line = lineOf(spec.substr(colon + 1));
      return true;
    }
    // The program's own function of that name before a library's
    // (std::transform), and one with lines; else the device's (a kernel).
    lldb::SBSymbolContextList found = lldb_.target().FindFunctions(spec.c_str());
    lldb::SBLineEntry best;
    for (uint32_t i = 0; i < found.GetSize(); ++i) {
      lldb::SBSymbolContext c = found.GetContextAtIndex(i);
      lldb::SBLineEntry le = c.GetFunction().GetStartAddress().GetLineEntry();
      if (!le.IsValid() || le.GetLine() == 0)
        continue;
      const bool own = c.GetModule().GetFileSpec() == lldb_.target().GetExecutable();
      if (!best.IsValid() || own)
        best = le;
      if (own)
        break;
    }
    if (!best.IsValid()) {
      forward("list " + arg);
      return false;
    }
    path = hostPath(best.GetFileSpec());
    line = best.GetLine();
    return true;
  };
  std::string path;
  uint32_t line = 0, last = 0;
  if (const size_t comma = arg.find(','); comma != std::string::npos && arg.find('(') > comma) {
    const std::string from(trim(std::string_view(arg).substr(0, comma)));
    const std::string to(trim(std::string_view(arg).substr(comma + 1)));
    if (from.empty() && to.empty())
      return fail("Junk at end of line specification.");
    if (!from.empty() && !resolve(from, "", path, line))
      return;
    if (!to.empty()) {
      std::string toPath;
      if (!resolve(to, path, toPath, last))
        return;
      if (path.empty())
        path = toPath;
      if (from.empty())
        line = last > 9 ? last - 9 : 1;
    } else {
      last = line + 9;
    }
  } else if (arg.empty() && !listPath_.empty()) {
    path = listPath_;
  } else if (arg.empty()) {
    path = hostPath(frame().GetLineEntry().GetFileSpec());
    line = frame().GetLineEntry().GetLine();
  } else {
    if (!resolve(arg, "", path, line))
      return;
  }
  if (path.empty())
    return fail("No line number information available.");
  const std::vector<std::string> &text = hostSourceText(path);
  uint32_t first = last ? line : line ? (line > 5 ? line - 5 : 1) : listNext_;
  if (first > text.size())
    return fail("Line number " + std::to_string(first) + " out of range; \"" + path + "\" has " +
                std::to_string(text.size()) + " lines.");
  last = std::min<uint32_t>(last ? last : first + 9, uint32_t(text.size()));
  for (uint32_t n = first; n <= last; ++n)
    out_ << n << "\t" << text[n - 1] << "\n";
  listPath_ = path;
  listNext_ = last + 1;
}

void Session::typeOf(Cmd how, const std::string &arg) {
  if (arg.empty())
    return fail("Argument required (one or more choice items).");
  // A type's name, else an expression's type, as gdb's whatis and ptype.
  lldb::SBType t = lldb_.target().FindFirstType(arg.c_str());
  if (!t.IsValid()) {
    lldb::SBValue v;
    std::string error;
    if (!hostEvaluate(arg, v, error))
      return fail(error);
    t = v.GetType();
  }
  out_ << "type = " << (how == Cmd::Whatis ? gdbTypeName(t) : gdbTypeBody(t)) << "\n";
}

void Session::print(const std::string &format, const std::string &expr) {
  if (expr.empty()) {
    return fail("argument required (an expression)");
  }
  std::string text, natural;
  if (!hostValue(format, expr, text, &natural))
    return fail(text);
  // The history keeps the value, not the format it was printed in (gdb's).
  const int n = callAgent(hosted::kRecordValueFunction, "unsigned (*)(const char *)", natural);
  out_ << "$" << n << " = " << text << "\n";
}

void Session::display(const std::string &format, const std::string &expr) {
  if (expr.empty())
    return printHostDisplays();
  std::string text;
  if (!hostValue(format, expr, text))
    return fail(text);
  // The device debugger numbers it, in the one list of displays.
  const HostDisplay d{0, format.empty() ? "" : "/" + format + " ", expr};
  const std::string numbering = "maintenance host-display " + d.format + expr;
  callAgent(hosted::kExecuteFunction, "int (*)(const char *)", numbering);
  control_.persistent.push_back(numbering);
  hostDisplays_.push_back(d);
  hostDisplays_.back().number = callAgent(hosted::kNewestDisplayFunction, "int (*)()", "");
  out_ << hostDisplays_.back().number << ": " << d.format << expr << " = " << text << "\n";
}

void Session::printHostDisplays() {
  // gdb shows a display only where its expression means something (its
  // block): one that fails here is left out.
  for (const HostDisplay &d : hostDisplays_)
    if (std::string text; hostValue(d.format.empty() ? "" : d.format.substr(1, 1), d.expr, text))
      out_ << d.number << ": " << d.format << d.expr << " = " << text << "\n";
}

void Session::undisplay(const std::string &args) {
  std::vector<int> numbers;
  try {
    numbers = numberList(args);
  } catch (const CommandError &) {
    return; // the device debugger says what is wrong
  }
  std::erase_if(hostDisplays_, [&](const HostDisplay &d) {
    return numbers.empty() || std::find(numbers.begin(), numbers.end(), d.number) != numbers.end();
  });
}

void Session::selectHostFrame(uint32_t thread, uint32_t frame) {
  lldb_.process().SetSelectedThreadByIndexID(thread);
  frame_ = frame;
}

void Session::selectFrame(int index, bool exact) {
  const int last = int(frameCount()) - 1;
  if (exact && (index < 0 || index > last))
    return fail("No frame at level " + std::to_string(index) + ".");
  // up and down stop at the last frame; only there are they errors.
  if (index < 0) {
    if (frame_ == 0)
      return fail("Bottom (innermost) frame selected; you cannot go down.");
    index = 0;
  }
  if (index > last) {
    if (int(frame_) == last)
      return fail("Initial frame selected; you cannot go up.");
    index = last;
  }
  frame_ = uint32_t(index);
  out_ << hostBacktraceLine(frame(), frame_) << "\n";
  if (std::string src = hostSourceLine(frame()); !src.empty())
    out_ << src << "\n";
}

void Session::variables(bool arguments) {
  out_ << variableLines(frameVariables(frame(), arguments), arguments, "");
}

namespace {
/// gdb's target id of a host thread: "Thread 0x7ffff7df0000 (LWP 25392)",
/// the pthread_t being the thread's fs base (x86-64 glibc).
std::string threadTargetId(lldb::SBThread t) {
  const uint64_t self = t.GetFrameAtIndex(0).FindRegister("fs_base").GetValueAsUnsigned();
  char id[96];
  std::snprintf(id, sizeof id, "Thread 0x%" PRIx64 " (LWP %" PRIu64 ")", self, t.GetThreadID());
  return id;
}
} // namespace

void Session::threads() {
  // gdb's table of the host threads; a thread that waits on the device
  // (in the runtime) shows the program's innermost frame with a line.
  lldb::SBProcess &p = lldb_.process();
  // `*` marks the selected host thread; none while the focus is on the
  // device (cuda-gdb's table at a device stop marks none).
  const lldb::tid_t selected = place_ == Place::Host || hostFocused()
                                   ? lldb_.thread().GetThreadID()
                                   : LLDB_INVALID_THREAD_ID;
  std::vector<std::pair<std::string, std::string>> rows; // target id, frame
  size_t width = std::strlen("Target Id");
  for (uint32_t i = 0; i < p.GetNumThreads(); ++i) {
    lldb::SBThread t = p.GetThreadAtIndex(i);
    lldb::SBFrame f = t.GetFrameAtIndex(0);
    for (uint32_t k = 0; k < t.GetNumFrames(); ++k)
      if (hasLineInfo(t.GetFrameAtIndex(k))) {
        f = t.GetFrameAtIndex(k);
        break;
      }
    rows.emplace_back(threadTargetId(t) + " \"" + (t.GetName() ? t.GetName() : "") + "\"",
                      hostFrameText(f));
    width = std::max(width, rows.back().first.size());
  }
  // gdb sizes the Target Id column to its longest entry.
  auto pad = [width](std::string s) {
    s.resize(width, ' ');
    return s;
  };
  out_ << "  Id   " << pad("Target Id") << " Frame \n";
  for (uint32_t i = 0; i < p.GetNumThreads(); ++i) {
    lldb::SBThread t = p.GetThreadAtIndex(i);
    char id[32];
    std::snprintf(id, sizeof id, "%c %-4u ", t.GetThreadID() == selected ? '*' : ' ',
                  t.GetIndexID());
    out_ << id << pad(rows[i].first) << " " << rows[i].second << "\n";
  }
}

void Session::thread(const std::string &arg) {
  lldb::SBProcess &p = lldb_.process();
  if (arg.empty()) {
    lldb::SBThread t = lldb_.thread();
    out_ << "[Current thread is " << t.GetIndexID() << " (" << threadTargetId(t) << ")]\n";
    return;
  }
  char *end = nullptr;
  const unsigned long n = std::strtoul(arg.c_str(), &end, 10);
  lldb::SBThread t = *end ? lldb::SBThread() : p.GetThreadByIndexID(uint32_t(n));
  if (!t.IsValid())
    return fail("Unknown thread " + arg + ".");
  selectHostFrame(t.GetIndexID(), 0);
  out_ << "[Switching to thread " << t.GetIndexID() << " (" << threadTargetId(t) << ")]\n"
       << hostBacktraceLine(frame(), 0) << "\n";
  if (const std::string src = hostSourceLine(frame()); !src.empty())
    out_ << src << "\n";
}

} // namespace simt::dbg::host
