//===-- ProgramAgent.cpp - The debugger inside a program's process --------===//
#include "dbg/program/ProgramAgent.h"
#include "dbg/program/Inferior.h"

#include "dbg/CudaExceptions.h"
#include "dbg/Frames.h"
#include "dbg/Interrupt.h"
#include "dbg/commands/Commands.h"
#include "dbg/program/HostedProtocol.h"
#include "runtime/cudart/Runtime.h"

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sys/prctl.h>
#include <iostream>
#include <unistd.h>

namespace simt::dbg {

namespace {
/// Commands whose effect a restarted program must have again: breakpoints,
/// watchpoints, displays and settings (not `set var`, which edits state).
bool persists(Debugger &d, const std::string &line) {
  std::string word, format, rest;
  splitCommandWord(line, word, format, rest);
  const CommandSpec *c = d.commands().find(word, nullptr);
  if (!c)
    return false;
  static const char *const kept[] = {"break", "tbreak",  "delete", "condition", "ignore",
                                     "enable", "disable", "watch",  "display",   "undisplay"};
  for (const char *k : kept)
    if (c->name == k)
      return true;
  if (c->name != "set")
    return false;
  std::string sub, subFormat, subRest;
  splitCommandWord(rest, sub, subFormat, subRest);
  return !sub.empty() && sub.rfind("var", 0) != 0;
}
} // namespace

ProgramAgent *ProgramAgent::fromEnvironment() {
  static ProgramAgent *agent = []() -> ProgramAgent * {
    const char *path = std::getenv(kControlVariable);
    if (!path || !*path)
      return nullptr;
    auto state = readControlFile(path);
    if (!state) {
      std::cerr << "simt-dbg: " << state.message() << "\n";
      return nullptr;
    }
    // Never destroyed: the program's atexit handlers and threads may still
    // call the runtime after static destructors.
    auto *a = new ProgramAgent(path, std::move(*state));
    if (const char *p = std::getenv("LD_PRELOAD"))
      a->preload_ = p;
    // Programs the program starts run without the debugger.
    unsetenv(kControlVariable);
    unsetenv("LD_PRELOAD");
    return a;
  }();
  return agent;
}

ProgramAgent::ProgramAgent(std::string controlPath, ControlState state)
    : controlPath_(std::move(controlPath)), state_(std::move(state)),
      console_(state_.console.empty() ? std::ofstream() : std::ofstream(state_.console)),
      outBuf_(console_.is_open() ? static_cast<std::streambuf *>(console_.rdbuf()) : &terminal_),
      out_(&outBuf_) {}

void ProgramAgent::beforeMain(int argc, char **argv) {
  argv_.assign(argv, argv + argc);
  cudart::Runtime &runtime = cudart::Runtime::get();
  std::lock_guard<std::recursive_mutex> lock(runtime.mutex);
  if (!runtime.session()) {
    std::cerr << "simt-dbg: the program's device could not be made (see the message above)\n";
    end(RunEnd::Quit);
  }
  DebuggerOptions opts;
  opts.config = runtime.config();
  opts.program = this;
  if (opts.config.device.parallelEpochs) {
    std::cerr << "simt-dbg: SIMT_EMU_FLAGS asks for --epochs parallel: the debugger runs SMs "
                 "in turn\n";
    end(RunEnd::Quit);
  }
  // Driven through LLDB, the program ends with the server that traces it
  // (simt-dbg's child), should simt-dbg be killed.
  if (state_.hosted)
    prctl(PR_SET_PDEATHSIG, SIGKILL);
  dbg_ = std::make_unique<Debugger>(opts, out_);
  // simt-dbg prints a failed command's message on its standard error (a
  // command file's header first); the DAP server's console shows it with
  // the rest; alone, the program prints it on its own.
  if (state_.hosted && state_.console.empty())
    dbg_->errorSink = [this](const std::string &m) { lastError_ += m; };
  else if (state_.hosted)
    dbg_->errorSink = [this](const std::string &m) { out_ << m << "\n"; };
  (void)dbg_->start();
  installInterruptHandler();
  runtime.setAgent(this);
  std::atexit(&ProgramAgent::atProgramExit);
  // What the previous run of the program set, quietly.
  outBuf_.mute(true);
  for (const std::string &c : state_.persistent)
    dbg_->execute(c);
  outBuf_.mute(false);
  if (state_.autorun) {
    startRun();
    return;
  }
  interact();
}

//===-- Commands ------------------------------------------------------------------===//

bool ProgramAgent::nextLine(std::string &line) {
  if (nextInput_ < state_.input.size()) {
    line = state_.input[nextInput_++];
    setTypedAtTerminal(false);
    return true;
  }
  if (state_.batch)
    return false;
  out_.flush();
  return prompt_.read(line);
}

void ProgramAgent::notePersistent(const std::string &line) {
  if (persists(*dbg_, line))
    state_.persistent.push_back(line);
}

extern "C" void __simt_dbg_stopped();

namespace {
/// Whether a debugger (simt-dbg's LLDB) traces this process.
bool traced() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("TracerPid:", 0) == 0)
      return std::atoi(line.c_str() + 10) != 0;
  return false;
}
} // namespace

void ProgramAgent::interact() {
  resume_ = false;
  if (state_.hosted) {
    // simt-dbg runs the commands through its calls while the process stands
    // in the stop function, and lets it go on once one resumed it (out of
    // the call: simt-dbg sees the process end as it continues it).
    while (!resume_) {
      out_.flush();
      __simt_dbg_stopped();
      if (!resume_ && !traced())
        end(RunEnd::Quit); // simt-dbg is gone: nobody will resume the program
    }
    if (killOnResume_)
      killedByDriver();
    return;
  }
  std::string line;
  while (!resume_) {
    if (!nextLine(line))
      end(RunEnd::EndOfInput);
    dbg_->execute(line);
    notePersistent(line);
    if (dbg_->quitRequested())
      end(RunEnd::Quit);
  }
  if (killOnResume_)
    killedByDriver();
}

void ProgramAgent::resume() {
  resume_ = true;
  const StopEvent &last = dbg_->lastStop();
  killOnResume_ = cudaExceptionOf(last.fault, last.faultSpace) != nullptr;
}

void ProgramAgent::killedByDriver() {
  exiting_ = true;
  saveControl(RunEnd::KilledByDriver, false);
  out_.flush();
  std::fflush(nullptr);
  ::kill(getpid(), SIGKILL);
  _exit(128 + SIGKILL); // not reached
}

int ProgramAgent::executeHosted(const char *line) {
  cudart::Runtime &runtime = cudart::Runtime::get();
  std::unique_lock<std::recursive_mutex> lock(runtime.mutex, std::try_to_lock);
  if (!lock.owns_lock()) {
    out_ << "the program's CUDA runtime is busy in another thread: the device cannot be "
            "examined at this stop\n";
    out_.flush();
    return 0;
  }
  const std::string text = line;
  // simt-dbg read it; typed when its session is at a terminal (which the
  // program shares).
  setTypedAtTerminal(!state_.batch && isatty(STDIN_FILENO));
  resume_ = false;
  lastError_.clear();
  const unsigned stops = dbg_->stopCount();
  dbg_->execute(text);
  int result = 0;
  if (resume_)
    result |= hosted::Resumed;
  if (dbg_->stopCount() != stops)
    result |= hosted::Stopped;
  if (persists(*dbg_, text))
    result |= hosted::Persists;
  if (dbg_->quitRequested())
    result |= hosted::Quit;
  if (dbg_->lastCommandFailed())
    result |= hosted::Failed;
  out_.flush();
  return result;
}

bool ProgramAgent::resolvesOnDevice(const char *location) {
  try {
    const Location loc = parseLocation(breakLocationText(*dbg_, location), dbg_->session());
    for (const rt::LoadedKernel *k : dbg_->session().kernels())
      if (!loc.resolveAll(*k).empty())
        return true;
  } catch (const CommandError &) {
  }
  return false;
}

unsigned ProgramAgent::recordValue(const char *text) {
  return dbg_->history().record(text);
}

int ProgramAgent::newestDisplay() {
  return dbg_->displays().empty() ? 0 : dbg_->displays().back().number;
}

int ProgramAgent::newestBreakpoint() {
  int n = 0;
  for (const Breakpoint &b : dbg_->breakpoints().breakpoints())
    n = std::max(n, b.number);
  for (const Watchpoint &w : dbg_->breakpoints().watchpoints())
    n = std::max(n, w.number);
  return n;
}

//===-- The program's runs --------------------------------------------------------===//

void ProgramAgent::launched(const cudart::LaunchRecord &launch) {
  launches_.push_back(launch);
  if (dbg_->breakOnLaunch && dbg_->exec().stopAtLaunch(launch.grid))
    interact();
}

emu::RunResult ProgramAgent::runDevice(std::optional<emu::GridId> grid) {
  Execution &ex = dbg_->exec();
  // Reverse execution within this run starts from here at the earliest.
  runStart_ = dbg_->session().clone(dbg_->sessionStream());
  ex.beginProgramRun(grid);
  for (;;) {
    emu::RunResult r;
    const std::optional<StopEvent> stop = ex.runProgramGoal(&r);
    if (!stop)
      return r;
    for (int n : stop->deleteAfter)
      if (n > 0) // the debugger's own are not the user's to keep
        state_.persistent.push_back("delete " + std::to_string(n));
    dbg_->reportStop(*stop);
    interact();
    // After a fault the program learns of it (its sticky error) unless the
    // user went back to before it; the step limit ends the run.
    if (r.status == emu::RunStatus::Fault)
      if (const emu::FaultReport *f = dbg_->device().lastFault()) {
        r.fault = f;
        return r;
      }
    if (r.status == emu::RunStatus::StepLimit || !ex.programGoalPending())
      return r;
  }
}

void ProgramAgent::sessionReplaced() {
  dbg_->sessionChanged();
  dbg_->focus() = Focus{};
}

std::unique_ptr<rt::DeviceSession> *ProgramAgent::sessionSlot() {
  return &cudart::Runtime::get().sessionSlot();
}

std::unique_ptr<rt::DeviceSession> ProgramAgent::runStart(std::ostream &out) {
  if (!runStart_)
    throw CommandError("the program is not running on the device");
  return runStart_->clone(out);
}

void ProgramAgent::startRun() {
  started_ = true;
  dbg_->breakpoints().clearHitCounts(); // gdb's run; the last run's showed until now
}

void ProgramAgent::run() {
  if (!started_) {
    startRun();
    resume_ = true;
    return;
  }
  if (!state_.batch && isatty(STDIN_FILENO)) // gdb: a question at a terminal only
    out_ << "The program being debugged has been started already: starting it from the "
            "beginning.\n";
  saveControl(RunEnd::Running, /*autorun=*/true);
  out_.flush();
  std::fflush(nullptr);
  setenv(kControlVariable, controlPath_.c_str(), 1);
  terminal_.restoreDescriptor(); // the program may have sent its own elsewhere
  if (!preload_.empty())
    setenv("LD_PRELOAD", preload_.c_str(), 1);
  std::vector<char *> args;
  for (std::string &a : argv_)
    args.push_back(a.data());
  args.push_back(nullptr);
  execv("/proc/self/exe", args.data());
  unsetenv(kControlVariable);
  unsetenv("LD_PRELOAD");
  throw CommandError("cannot start the program again: execv failed");
}

void ProgramAgent::kill() {
  if (!started_)
    throw CommandError("The program is not being run.");
  out_ << killQuestion(state_.batch);
  end(RunEnd::Killed);
}

void ProgramAgent::captureLaunches(const std::string &dir, const std::string &kernel) {
  cudart::Runtime &runtime = cudart::Runtime::get();
  runtime.captureLaunches(dir.empty() ? nullptr
                                      : rt::LaunchCapturer::make(dir, kernel, runtime.launchCount()));
}

uint64_t ProgramAgent::kernelStub(const std::string &mangled) const {
  return reinterpret_cast<uint64_t>(cudart::Runtime::get().stubOf(mangled));
}

//===-- Ending ----------------------------------------------------------------------===//

void ProgramAgent::saveControl(RunEnd how, bool autorun) {
  ControlState s = state_;
  s.input.assign(state_.input.begin() + std::ptrdiff_t(std::min(nextInput_, state_.input.size())),
                 state_.input.end());
  s.end = how;
  s.autorun = autorun;
  // gdb counts a breakpoint's ignored crossings down and a new run goes on
  // from what is left (the hit count starts over; the ignore count does
  // not): after the replayed `ignore N COUNT`, the count left now. The
  // hit counts too, which `info breakpoints` shows until the next run
  // starts (startRun() clears them).
  if (dbg_)
    for (const Breakpoint &b : dbg_->breakpoints().breakpoints())
      if (b.number > 0 && b.loc.host.empty()) {
        if (b.ignoreGiven)
          s.persistent.push_back("ignore " + std::to_string(b.number) + " " +
                                 std::to_string(b.ignore));
        s.persistent.push_back("maintenance breakpoint-hits " + std::to_string(b.number) + " " +
                               std::to_string(b.hits));
      }
  if (rt::Status st = writeControlFile(controlPath_, s); !st)
    std::cerr << "simt-dbg: " << st.message() << "\n";
}

void ProgramAgent::end(RunEnd how) {
  exiting_ = true;
  saveControl(how, false);
  out_.flush();
  std::fflush(nullptr);
  _exit(0);
}

void ProgramAgent::atProgramExit() {
  ProgramAgent *agent = fromEnvironment(); // made before main registered this
  if (agent && !agent->exiting_) {
    agent->exiting_ = true;
    agent->saveControl(RunEnd::Exited, false);
  }
}

} // namespace simt::dbg
