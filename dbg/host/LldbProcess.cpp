//===-- LldbProcess.cpp - The program's process, driven through LLDB ------===//
#include "dbg/host/LldbProcess.h"

#include "dbg/program/HostedProtocol.h"
#include "runtime/SourceNames.h"

#include <cstdio>
#include <cstdlib>

namespace simt::dbg {

namespace {
/// LLDB looks for its server beside the library's own directory, which
/// Debian's layout does not have; the build found it (lldb-server-19).
void initializeLldb() {
  static const bool done = [] {
#ifdef SIMT_LLDB_SERVER
    setenv("LLDB_DEBUGSERVER_PATH", SIMT_LLDB_SERVER, /*overwrite=*/0);
#endif
    lldb::SBDebugger::Initialize();
    return true;
  }();
  (void)done;
}

std::vector<const char *> cStrings(const std::vector<std::string> &v) {
  std::vector<const char *> out;
  for (const std::string &s : v)
    out.push_back(s.c_str());
  out.push_back(nullptr);
  return out;
}
} // namespace

LldbProcess::LldbProcess() {
  initializeLldb();
  debugger_ = lldb::SBDebugger::Create(/*source_init_files=*/false);
  debugger_.SetAsync(false);
  // simt-dbg says what happened in gdb's words: LLDB's own reports (a
  // watchpoint's "Watchpoint 1 hit: old value: ...") go nowhere.
  if (std::FILE *null = std::fopen("/dev/null", "w")) {
    debugger_.SetOutputFileHandle(null, true);
    debugger_.SetErrorFileHandle(std::fopen("/dev/null", "w"), true);
  }
  // Debug information only for the modules a breakpoint, a step or a frame
  // needs (the program's), not for every library it loads (CUDA's runtime
  // here carries the emulator's): a start takes seconds instead of tens.
  debugger_.HandleCommand("settings set symbols.load-on-demand true");
  // `step` goes over the standard library (LLDB's default) and over what a
  // launch line calls: the CUDA headers' helpers (dim3's constructor), the
  // runtime, and clang's host stub of the kernel. A launch is asynchronous,
  // so `step` goes over it (cuda-gdb 13's goes into dim3's constructors
  // first; docs/debugger.md).
  debugger_.HandleCommand("settings set target.process.thread.step-avoid-regexp "
                          "^(std::|dim3::|__cuda|cuda|__device_stub__)");
}

LldbProcess::~LldbProcess() {
  kill();
  lldb::SBDebugger::Destroy(debugger_);
}

bool LldbProcess::open(const std::string &program, std::string *error) {
  lldb::SBError e;
  target_ = debugger_.CreateTarget(program.c_str(), nullptr, nullptr, true, e);
  if (!target_.IsValid()) {
    *error = e.GetCString() ? e.GetCString() : "LLDB cannot load it";
    return false;
  }
  rt::noteCompileUnitsOf(program); // its files named as gdb names them
  // Pending until the agent's library loads with the program.
  stopBreakpoint_ = target_.BreakpointCreateByName(hosted::kStoppedFunction).GetID();
  return true;
}

HostStop LldbProcess::launch(const HostLaunch &l) {
  lldb::SBLaunchInfo info(nullptr);
  std::vector<const char *> args = cStrings(l.args), env = cStrings(l.environment);
  info.SetArguments(args.data(), false);
  info.SetEnvironmentEntries(env.data(), false);
  info.AddOpenFileAction(0, l.input.c_str(), true, false);
  info.AddOpenFileAction(1, l.output.c_str(), false, true);
  info.AddOpenFileAction(2, l.error.c_str(), false, true);
  lldb::SBError e;
  process_ = target_.Launch(info, e);
  if (process_.IsValid()) {
    // Ctrl-C is the program's: the device debugger in it stops the device
    // (simt-dbg forwards it, HostSession.cpp); LLDB lets it through.
    lldb::SBUnixSignals signals = process_.GetUnixSignals();
    const int sigint = signals.GetSignalNumberFromName("SIGINT");
    signals.SetShouldStop(sigint, false);
    signals.SetShouldNotify(sigint, false);
    signals.SetShouldSuppress(sigint, false);
  }
  return stopNow(e);
}

HostStop LldbProcess::resume() { return stopNow(process_.Continue()); }

HostStop LldbProcess::stepOver() {
  lldb::SBError e;
  thread().StepOver(lldb::eOnlyDuringStepping, e);
  return stopNow(e);
}

HostStop LldbProcess::stepInto() {
  lldb::SBThread t = thread();
  t.StepInto(lldb::eOnlyDuringStepping);
  return stopNow(lldb::SBError());
}

HostStop LldbProcess::stepOut(uint32_t frame) {
  lldb::SBError e;
  lldb::SBFrame f = thread().GetFrameAtIndex(frame);
  thread().StepOutOfFrame(f, e);
  return stopNow(e);
}

void LldbProcess::kill() {
  if (live())
    process_.Kill();
  process_ = lldb::SBProcess();
}

bool LldbProcess::live() {
  if (!process_.IsValid())
    return false;
  const lldb::StateType s = process_.GetState();
  return s != lldb::eStateExited && s != lldb::eStateDetached && s != lldb::eStateInvalid;
}

HostStop LldbProcess::stopNow(const lldb::SBError &error) {
  HostStop stop;
  if (error.Fail() || !process_.IsValid()) {
    stop.error = error.GetCString() ? error.GetCString() : "the process could not be started";
    return stop;
  }
  switch (process_.GetState()) {
  case lldb::eStateExited:
    stop.kind = HostStop::Exited;
    stop.exitStatus = process_.GetExitStatus();
    stop.pid = process_.GetProcessID();
    return stop;
  case lldb::eStateStopped:
    break;
  default:
    stop.error = "the process is neither stopped nor ended";
    return stop;
  }
  // The thread that stopped for a reason becomes the selected one.
  for (uint32_t i = 0; i < process_.GetNumThreads(); ++i) {
    lldb::SBThread t = process_.GetThreadAtIndex(i);
    const lldb::StopReason r = t.GetStopReason();
    if (r == lldb::eStopReasonNone || r == lldb::eStopReasonInvalid)
      continue;
    process_.SetSelectedThread(t);
    if (r == lldb::eStopReasonBreakpoint) {
      stop.kind = HostStop::Breakpoint;
      // Pairs of (breakpoint, location).
      for (uint32_t k = 0; k + 1 < t.GetStopReasonDataCount(); k += 2) {
        const auto id = lldb::break_id_t(t.GetStopReasonDataAtIndex(k));
        if (id == stopBreakpoint_)
          stop.kind = HostStop::Device;
        else
          stop.breakpoints.push_back(id);
      }
      if (stop.kind == HostStop::Device)
        stop.breakpoints.clear();
      // A breakpoint ends the step it interrupted, as in gdb: without this,
      // LLDB would go on with the step at the next resume and stop where it
      // ends instead of running on.
      lldb::SBCommandReturnObject quiet;
      debugger_.GetCommandInterpreter().HandleCommand("thread plan discard 1", quiet);
      return stop;
    }
    if (r == lldb::eStopReasonWatchpoint) {
      stop.kind = HostStop::Watchpoint;
      stop.breakpoints.push_back(lldb::break_id_t(t.GetStopReasonDataAtIndex(0)));
      lldb::SBCommandReturnObject quiet; // ends the step it interrupted, as above
      debugger_.GetCommandInterpreter().HandleCommand("thread plan discard 1", quiet);
      return stop;
    }
    if (r == lldb::eStopReasonSignal) {
      stop.kind = HostStop::Signal;
      stop.signal = int(t.GetStopReasonDataAtIndex(0));
      return stop;
    }
    stop.kind = HostStop::Step;
    return stop;
  }
  stop.kind = HostStop::Step;
  return stop;
}

namespace {
/// How simt-dbg calls into the stopped program: no breakpoints, no time
/// limit (a device command may run the emulator for long), C++.
lldb::SBExpressionOptions callOptions() {
  lldb::SBExpressionOptions opts;
  opts.SetIgnoreBreakpoints(true);
  opts.SetTryAllThreads(false);
  opts.SetTimeoutInMicroSeconds(0); // a device command may run the emulator for long
  opts.SetUnwindOnError(true);
  opts.SetTrapExceptions(false); // the device debugger throws and catches its own errors
  opts.SetSuppressPersistentResult(true);
  opts.SetLanguage(lldb::eLanguageTypeC_plus_plus);
  return opts;
}
} // namespace

lldb::SBValue LldbProcess::evaluate(const std::string &expression, std::string *error) {
  lldb::SBValue v =
      thread().GetFrameAtIndex(0).EvaluateExpression(expression.c_str(), callOptions());
  if (!v.IsValid() || v.GetError().Fail()) {
    *error = v.IsValid() && v.GetError().GetCString() ? v.GetError().GetCString()
                                                       : "the call failed";
    return {};
  }
  return v;
}

std::optional<long long> LldbProcess::call(const std::string &expression, std::string *error) {
  lldb::SBValue v = evaluate(expression, error);
  if (!v.IsValid())
    return std::nullopt;
  return v.GetValueAsSigned();
}

std::optional<std::string> LldbProcess::callString(const std::string &expression,
                                                   std::string *error) {
  lldb::SBValue v = evaluate(expression, error);
  if (!v.IsValid())
    return std::nullopt;
  std::string text;
  char chunk[256];
  lldb::SBError e;
  // ReadCStringFromMemory stops at the terminator or the chunk's end.
  for (lldb::addr_t at = v.GetValueAsUnsigned(); at;) {
    const size_t n = process().ReadCStringFromMemory(at, chunk, sizeof chunk, e);
    if (e.Fail())
      break;
    text.append(chunk, n);
    if (n + 1 < sizeof chunk)
      break;
    at += n;
  }
  return text;
}

} // namespace simt::dbg
