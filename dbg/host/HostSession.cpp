//===-- HostSession.cpp - One session over a program's host and device ----===//
#include "dbg/host/HostSession.h"

#include "dbg/CommandTable.h"
#include "dbg/commands/Commands.h"
#include "dbg/host/HostValues.h"
#include "dbg/host/Session.h"
#include "dbg/program/HostedProtocol.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <thread>
#include <fcntl.h>
#include <unistd.h>

extern char **environ;

namespace simt::dbg {
namespace host {

namespace {

/// `s` as a C string literal: bytes outside printable ASCII, quotes and
/// backslashes as octal escapes, which no following character can extend.
std::string cLiteral(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
      out += char(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\%03o", c);
      out += buf;
    }
  }
  return out + "\"";
}

/// The program's standard input: the terminal simt-dbg reads (shared, as
/// gdb shares it), or in -batch simt-dbg's own standard input, which it
/// does not read; else nothing.
std::string programInput(bool batch) {
  if (isatty(STDIN_FILENO))
    if (const char *tty = ttyname(STDIN_FILENO))
      return tty;
  if (batch)
    return "/proc/" + std::to_string(getpid()) + "/fd/0";
  return "/dev/null";
}

std::atomic<bool> interruptTyped{false};
extern "C" void onInterrupt(int) { interruptTyped = true; }

} // namespace

Cmd classify(const CommandTable &table, const std::string &word, const std::string &rest) {
  // By the names the word resolves to; the aliases are the table's.
  static const struct {
    const char *name;
    Cmd cmd;
  } own[] = {
      {"run", Cmd::Run},           {"kill", Cmd::Kill},           {"quit", Cmd::Quit},
      {"continue", Cmd::Continue}, {"next", Cmd::Next},           {"step", Cmd::Step},
      {"finish", Cmd::Finish},     {"backtrace", Cmd::Backtrace}, {"print", Cmd::Print},
      {"frame", Cmd::Frame},       {"up", Cmd::Up},               {"down", Cmd::Down},
      {"break", Cmd::Break},       {"tbreak", Cmd::TBreak},       {"watch", Cmd::Watch},
      {"delete", Cmd::Delete},     {"enable", Cmd::Enable},       {"disable", Cmd::Disable},
      {"condition", Cmd::Condition}, {"ignore", Cmd::Ignore},     {"display", Cmd::Display},
      {"undisplay", Cmd::Undisplay}, {"until", Cmd::Until},       {"advance", Cmd::Advance},
      {"start", Cmd::Start},       {"whatis", Cmd::Whatis},       {"ptype", Cmd::Ptype},
      {"list", Cmd::List},         {"x", Cmd::Examine},           {"output", Cmd::Output},
      {"printf", Cmd::Printf},     {"thread", Cmd::Thread},
  };
  const CommandSpec *c = table.find(word, nullptr);
  if (!c)
    return Cmd::Other;
  if (c->sub && c->name == "info") {
    const std::vector<std::string> w = words(rest);
    const CommandSpec *s = w.empty() ? nullptr : c->sub->find(w[0], nullptr);
    if (!s)
      return Cmd::Other;
    if (w.size() == 1 && s->name == "locals")
      return Cmd::InfoLocals;
    if (w.size() == 1 && s->name == "args")
      return Cmd::InfoArgs;
    if (w.size() == 1 && s->name == "threads")
      return Cmd::InfoThreads;
    if (s->name == "breakpoints" || s->name == "watchpoints")
      return Cmd::InfoBreakpoints;
    if (s->name == "registers" || s->name == "all-registers")
      return Cmd::InfoRegisters;
    if (s->name == "frame" && w.size() == 1)
      return Cmd::InfoFrame;
    if (s->name == "line")
      return Cmd::InfoLine;
    if (s->name == "source" && w.size() == 1)
      return Cmd::InfoSource;
    return Cmd::Other;
  }
  // gdb's `set var EXPR` / `set variable EXPR`: an assignment.
  if (c->name == "set") {
    const std::vector<std::string> w = words(rest);
    if (!w.empty() && (w[0] == "var" || w[0] == "variable"))
      return Cmd::SetVar;
    if (!w.empty() && w[0] == "args")
      return Cmd::SetArgs;
    return Cmd::Other;
  }
  if (c->name == "show" && words(rest) == std::vector<std::string>{"args"})
    return Cmd::ShowArgs;
  for (const auto &row : own)
    if (c->name == row.name)
      return row.cmd;
  return Cmd::Other;
}

void Session::addHostOnlyCommands() {
  if (const CommandSpec *info = words_.commands().find("info", nullptr); info && info->sub)
    info->sub->add({"threads", {"thread"}, "status", "the program's host threads",
                    "info threads\nThe host threads (LLDB's), as gdb lists them.", nullptr});
  words_.commands().add({"thread", {}, "status", "the current host thread, or switch to one",
                         "thread [N]\nAs gdb's: the current host thread, or host thread N (`info threads`\n"
                         "numbers them), whose innermost frame is then the selected one.",
                         nullptr});
  words_.commands().add({"start", {}, "running", "run the program and stop at the start of main",
                         "start\nA temporary breakpoint at main, then run, as gdb's start.",
                         nullptr});
}


int Session::run(bool *fellBack) {
  *fellBack = false;
  auto lines = startupLines(launch_.commands, &inputOrigin_);
  if (!lines) {
    out_ << "simt-dbg: error: command file: " << lines.message() << "\n";
    return 1;
  }
  input_ = std::move(*lines);
  switch (open()) {
  case Open::Failed:
    return 1;
  case Open::NoLldb:
    *fellBack = true;
    return 0;
  case Open::Ready:
    break;
  }
  if (!launch_.batch && isatty(STDIN_FILENO))
    out_ << "simt-dbg " SIMT_VERSION ": `help` lists the commands, `run` starts the program.\n";
  bool lastFailed = false;
  for (std::string line; !quit_ && nextLine(line);) {
    const size_t at = nextInput_ - 1; // the line's index in input_ when it came from there
    const bool fromInput = at < input_.size() && input_[at] == line;
    failed_ = false;
    executeLine(line);
    lastFailed = failed_;
    if (failed_ && fromInput)
      endCommandFile(at);
    reportError();
  }
  out_.flush();
  lldb_.kill();
  relay_.sync();
  return launch_.batch && lastFailed ? 1 : 0;
}

Session::Open Session::open() {
  if (!std::filesystem::exists(agentLibrary())) {
    out_ << "simt-dbg: error: the debugging runtime " << agentLibrary() << " is missing\n";
    return Open::Failed;
  }
  control_.batch = launch_.batch;
  control_.hosted = true;
  controlPath_ = (std::filesystem::temp_directory_path() / "simt-dbg-XXXXXX").string();
  const int fd = mkstemp(controlPath_.data());
  if (fd < 0) {
    out_ << "simt-dbg: error: cannot make a control file: " << std::strerror(errno) << "\n";
    controlPath_.clear();
    return Open::Failed;
  }
  close(fd);
  std::string error;
  if (!relay_.start(&error) || !lldb_.open(launch_.argv[0], &error)) {
    out_ << "simt-dbg: error: cannot debug '" << launch_.argv[0] << "': " << error << "\n";
    return Open::Failed;
  }
  if (separateDebuggerOutput)
    control_.console = relay_.debuggerPath();
  return launch(false) ? Open::Ready : Open::NoLldb;
}

//===-- The process -----------------------------------------------------------------===//

bool Session::launch(bool autorun) {
  control_.autorun = autorun;
  if (autorun)
    lastRunHits_.clear();
  control_.end = RunEnd::Running;
  if (rt::Status s = writeControlFile(controlPath_, control_); !s) {
    out_ << "simt-dbg: error: " << s.message() << "\n";
    return true;
  }
  launchedPersistent_ = control_.persistent.size();
  // Watchpoints watch one process's memory (gdb deletes them with the
  // frames they watch): a new process starts without them.
  for (const HostWatch &w : hostWatches_)
    lldb_.target().DeleteWatchpoint(w.id);
  hostWatches_.clear();
  HostLaunch l;
  l.args = args_.words;
  launchedArgs_ = args_;
  const auto vars = programVariables(launch_, controlPath_);
  for (char **e = environ; *e; ++e) {
    const std::string entry = *e;
    const std::string name = entry.substr(0, entry.find('='));
    bool replaced = false;
    for (const auto &v : vars)
      replaced = replaced || v.first == name;
    if (!replaced)
      l.environment.push_back(entry);
  }
  for (const auto &[name, value] : vars)
    l.environment.push_back(name + "=" + value);
  // The redirections apply when the program runs: a process started
  // ahead (stopped before main, for the breakpoints) would truncate the
  // last run's file, so `run` starts it again then.
  const ProgramArguments &a = autorun ? args_ : ProgramArguments{};
  l.input = a.input.empty() ? programInput(launch_.batch) : a.input;
  l.output = a.output.empty() ? relay_.outputPath() : a.output;
  l.error = a.error.empty() ? relay_.errorPath() : a.error;
  // `2>&1`, `&> FILE`: both streams into the output pipe, which the relay
  // copies to the file (LLDB's remote launch opens each path on its own,
  // and two opens of one file write over each other).
  relay_.sync(); // the last run's output to its file first
  relay_.setOutputFile(-1);
  if (outputFile_ >= 0)
    close(outputFile_);
  outputFile_ = -1;
  if (a.errorToOutput || (!a.output.empty() && a.error == a.output)) {
    if (!a.output.empty()) {
      outputFile_ = ::open(a.output.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
      if (outputFile_ < 0) {
        out_ << a.output << ": " << std::strerror(errno) << ".\n";
        return true;
      }
      relay_.setOutputFile(outputFile_);
    }
    l.output = l.error = relay_.outputPath();
  }
  out_.flush();
  const HostStop stop = lldb_.launch(l);
  if (stop.kind == HostStop::Failed && place_ == Place::None && !started_ && !quit_ &&
      control_.persistent.empty() && hostBreakpoints_.empty()) {
    // The first start: LLDB cannot run programs here; the caller debugs the
    // device without it.
    std::cerr << "simt-dbg: LLDB cannot start the program (" << stop.error
              << "): debugging its device code only\n";
    return false;
  }
  started_ = autorun;
  report(stop);
  return true;
}

void Session::carryOver(bool live) {
  lastRunHits_.clear();
  for (const HostBreakpoint &hb : hostBreakpoints_)
    lastRunHits_[hb.number] = lldb_.target().FindBreakpointByID(hb.id).GetHitCount();
  std::string error;
  if (live && (!lldb_.live() ||
               lldb_.call(std::string("((int (*)())") + hosted::kSaveControlFunction + ")()",
                          &error)
                       .value_or(0) != 1))
    return;
  const auto saved = readControlFile(controlPath_);
  if (!saved)
    return;
  lastEnd_ = saved->end;
  for (size_t i = launchedPersistent_; i < saved->persistent.size(); ++i)
    control_.persistent.push_back(saved->persistent[i]);
  launchedPersistent_ = saved->persistent.size();
}

void Session::report(const HostStop &stop) {
  relay_.sync();
  frame_ = 0;
  hostFocus_ = false; // a stop focuses where it happened
  listPath_.clear(); // gdb lists around each new stop
  const StopRecord before = lastStop_;
  lastStop_ = {lastStop_.count + 1, stop.kind, 0, stop.signal, stop.exitStatus};
  switch (stop.kind) {
  case HostStop::Device:
    place_ = Place::Device;
    agentThread_ = lldb_.thread().GetIndexID();
    return;
  case HostStop::Breakpoint: {
    place_ = Place::Host;
    started_ = true;
    if (bool again = false; reportWatchScope(stop.breakpoints, &again)) {
      if (again) // a deeper call of the watched frame's function returned
        resume([this] { return lldb_.resume(); });
      return;
    }
    for (lldb::break_id_t id : stop.breakpoints)
      for (size_t i = 0; i < hostBreakpoints_.size(); ++i) {
        const HostBreakpoint b = hostBreakpoints_[i];
        if (b.id != id)
          continue;
        lastStop_.breakpoint = b.number;
        out_ << "\n" << (b.temporary ? "Temporary breakpoint " : "Breakpoint ") << hitNumber(b)
             << ", " << hostFrameText(frame()) << "\n" << hostSourceLine(frame()) << "\n";
        callAgent(hosted::kExecuteFunction, "int (*)(const char *)",
                  "maintenance host-breakpoint-hit " + std::to_string(b.number));
        if (b.temporary) {
          editBreakpoints(Cmd::Delete, std::to_string(b.number));
          forward("delete " + std::to_string(b.number));
        }
        printHostDisplays();
        return;
      }
    out_ << hostStopFrameText(frame()) << "\n" << hostSourceLine(frame()) << "\n";
    printHostDisplays();
    return;
  }
  case HostStop::Watchpoint:
    place_ = Place::Host;
    started_ = true;
    if (!stop.breakpoints.empty() && !reportWatch(lldb::watch_id_t(stop.breakpoints[0])))
      resume([this] { return lldb_.resume(); }); // the value did not change
    return;
  case HostStop::Step:
    place_ = Place::Host;
    return; // step() prints where
  case HostStop::Signal: {
    place_ = Place::Host;
    const int sig = stop.signal;
    const char *abbrev = sigabbrev_np(sig);
    out_ << "\nProgram received signal SIG" << (abbrev ? abbrev : "?") << ", " << strsignal(sig)
         << ".\n" << hostFrameText(frame()) << "\n";
    if (std::string src = hostSourceLine(frame()); !src.empty())
      out_ << src << "\n";
    printHostDisplays();
    return;
  }
  case HostStop::Exited:
    place_ = Place::None;
    started_ = false;
    lastEnd_ = RunEnd::Running;
    carryOver(false);
    // LLDB tells a death by a signal only by its number as the status: the
    // agent's own SIGKILL after a CUDA exception says so in the control
    // file, and a signal the program stopped with ends it when continued.
    if (lastEnd_ == RunEnd::KilledByDriver)
      out_ << describeTermination(SIGKILL) << "\n";
    else if (before.kind == HostStop::Signal && before.signal == stop.exitStatus &&
             before.signal != SIGINT && before.signal != SIGTRAP) // those gdb does not pass
      out_ << describeTermination(before.signal) << "\n";
    else
      out_ << describeExit(stop.exitStatus, stop.pid) << "\n";
    // gdb's $_exitcode, kept in the next process's session as the others
    // (one line, the last exit's, however many runs).
    std::erase_if(control_.persistent,
                  [](const std::string &l) { return l.starts_with("set $_exitcode = "); });
    control_.persistent.push_back("set $_exitcode = " + std::to_string(stop.exitStatus));
    // At the first prompt again (breakpoints kept), unless -batch has no more to do.
    if (relaunchAtExit && (!launch_.batch || nextInput_ < input_.size()))
      launch(false);
    return;
  case HostStop::Failed:
    place_ = lldb_.live() ? Place::Host : Place::None;
    out_ << "simt-dbg: " << stop.error << "\n";
    return;
  }
}

void Session::resume(const std::function<HostStop()> &how) {
  out_.flush();
  // Ctrl-C while the program runs: LLDB started it in a process group of its
  // own, so simt-dbg passes it on. The device debugger in the program stops
  // a running kernel; host code that does not stop within a second is
  // stopped by LLDB (a host stop, as gdb's).
  struct sigaction on = {}, saved = {};
  on.sa_handler = onInterrupt;
  sigemptyset(&on.sa_mask);
  sigaction(SIGINT, &on, &saved);
  interruptTyped = false;
  if (onRunning)
    onRunning(true);
  std::atomic<bool> done{false};
  const pid_t pid = pid_t(lldb_.process().GetProcessID());
  std::thread watcher([&] {
    while (!done) {
      if (interruptTyped.exchange(false)) {
        kill(pid, SIGINT);
        for (int i = 0; i < 50 && !done; ++i)
          std::this_thread::sleep_for(std::chrono::milliseconds(20));
        if (!done)
          lldb_.process().SendAsyncInterrupt();
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  });
  HostStop stop = how();
  done = true;
  watcher.join();
  sigaction(SIGINT, &saved, nullptr);
  if (onRunning)
    onRunning(false);
  if (stop.kind == HostStop::Signal && stop.signal == SIGSTOP)
    stop.signal = SIGINT; // LLDB's interrupt, as gdb reports Ctrl-C
  report(stop);
}

//===-- Command lines ---------------------------------------------------------------===//

bool Session::nextLine(std::string &line) {
  if (nextInput_ < input_.size()) {
    line = input_[nextInput_++];
    setTypedAtTerminal(false);
    return true;
  }
  if (launch_.batch)
    return false;
  out_.flush();
  return prompt_.read(line);
}

int Session::callAgent(const std::string &function, const std::string &signature,
                       const std::string &argument) {
  if (!lldb_.live()) {
    fail("The program is not being run.");
    return 0;
  }
  out_.flush();
  std::string error;
  const std::string call = "((" + signature + ")" + function + ")(" +
                           (argument.empty() ? "" : cLiteral(argument)) + ")";
  // At a device stop the agent waits in its own thread: a call made in
  // another (`thread N` selected it) would find the runtime busy.
  lldb::SBThread selected = lldb_.thread();
  const bool elsewhere = place_ == Place::Device && agentThread_ &&
                         selected.GetIndexID() != agentThread_;
  if (elsewhere)
    lldb_.process().SetSelectedThreadByIndexID(agentThread_);
  const std::optional<long long> r = lldb_.call(call, &error);
  if (elsewhere && lldb_.live())
    lldb_.process().SetSelectedThread(selected);
  relay_.sync();
  if (!r) {
    out_ << "simt-dbg: cannot reach the device debugger in the program: " << error << "\n";
    return 0;
  }
  // A device command's error: the agent keeps its message for simt-dbg to
  // print (on standard error, after a command file's line).
  if (function == hosted::kExecuteFunction && (*r & hosted::Failed))
    if (std::optional<std::string> m = lldb_.callString(
            std::string("((const char *(*)())") + hosted::kLastErrorFunction + ")()", &error))
      noteError(*m);
  return int(*r);
}

void Session::endCommandFile(size_t at) {
  const size_t origin = inputOrigin_[at];
  const StartupCommand &c = launch_.commands[origin];
  if (!c.isFile)
    return; // an -ex command: the next one runs, as gdb's
  size_t lineNo = 1;
  for (size_t i = at; i > 0 && inputOrigin_[i - 1] == origin; --i)
    ++lineNo;
  out_.flush();
  std::cerr << c.text << ":" << lineNo << ": Error in sourced command file:\n";
  while (nextInput_ < input_.size() && inputOrigin_[nextInput_] == origin)
    ++nextInput_;
}

int Session::forward(const std::string &line) {
  const int result = callAgent(hosted::kExecuteFunction, "int (*)(const char *)", line);
  if (result & hosted::Failed)
    failed_ = true; // callAgent has its message
  if (result & hosted::Persists)
    control_.persistent.push_back(line);
  if (result & hosted::Quit)
    quit_ = true;
  if ((result & hosted::Stopped) && !(result & hosted::Resumed))
    lastStop_ = {lastStop_.count + 1, HostStop::Device, 0, 0, 0}; // a device step, in the call
  if (result & hosted::Resumed) {
    started_ = true;
    resume([this] { return lldb_.resume(); });
  }
  return result;
}

bool Session::onDevice(const std::string &location) {
  return lldb_.live() &&
         callAgent(hosted::kResolvesFunction, "int (*)(const char *)", location) == 1;
}

/// gdb's answer to a command that needs the program's code running,
/// before `run` or after the program ended; null for the others.
static const char *notRunning(Cmd cmd) {
  switch (cmd) {
  case Cmd::Next:
  case Cmd::Step:
  case Cmd::Finish:
  case Cmd::Until:
  case Cmd::Advance:
    return "The program is not being run.";
  case Cmd::Backtrace:
  case Cmd::Frame:
  case Cmd::Up:
  case Cmd::Down:
    return "No stack.";
  case Cmd::InfoLocals:
  case Cmd::InfoArgs:
  case Cmd::InfoFrame:
    return "No frame selected.";
  case Cmd::InfoRegisters:
    return "The program has no registers now.";
  default:
    return nullptr;
  }
}

void Session::fail(const std::string &message) {
  failed_ = true;
  noteError(message);
}

void Session::noteError(const std::string &message) {
  if (!message.empty())
    error_ += message.back() == '\n' ? message : message + "\n";
}

void Session::reportError() {
  if (error_.empty())
    return;
  out_.flush();
  relay_.sync();
  std::ostream &to = separateDebuggerOutput ? out_ : std::cerr;
  to << error_;
  to.flush();
  error_.clear();
}

void Session::execute(const std::string &line) {
  failed_ = false;
  executeLine(line);
  reportError();
}

void Session::executeLine(const std::string &typed) {
  const std::string_view line = commandText(typed);
  if (line.empty())
    return;
  std::string word, format, rest;
  splitCommandWord(line, word, format, rest);
  const Cmd cmd = classify(words_.commands(), word, rest);
  // gdb's settings hold on both sides: `kill`'s question and host arrays
  // read simt-dbg's copy, device values the program's.
  if (const CommandSpec *c = words_.commands().find(word, nullptr); c && c->name == "set")
    applyGdbSetting(rest);
  // At a host stop, or at a device stop after `thread N`: the frame and
  // data commands are the host thread's (LLDB's).
  const bool host = place_ == Place::Host || hostFocused();
  if (hostFocused()) {
    // cuda-gdb with the focus on a host thread: no CUDA coordinates to show;
    // a switch (`cuda kernel 0 block 1 thread 3`, `focus ...`) is the
    // device's again.
    if (const CommandSpec *c = words_.commands().find(word, nullptr);
        c && (c->name == "cuda" || c->name == "focus")) {
      if (rest.find_first_of("0123456789($") == std::string::npos)
        return fail("Focus is not set on any active CUDA kernel.");
      hostFocus_ = false;
      if (forward(std::string(line)) & hosted::Failed)
        hostFocus_ = true; // an invalid switch leaves the focus where it was
      return;
    }
  }
  if (!started_)
    if (const char *why = notRunning(cmd)) {
      return fail(why);
    }
  switch (cmd) {
  case Cmd::Quit:
    quit_ = true;
    return;
  case Cmd::SetArgs:
  case Cmd::ShowArgs:
  case Cmd::Run:
    if (cmd == Cmd::ShowArgs) {
      out_ << "Argument list to give program being debugged when it is started is \""
           << args_.text << "\".\n";
      return;
    }
    if (cmd == Cmd::SetArgs || !rest.empty()) {
      // gdb's `run ARGS`: the arguments of this run and the later ones.
      std::string_view text = trim(rest);
      if (cmd == Cmd::SetArgs)
        text = trim(text.substr(text.find("args") + 4));
      Expected<ProgramArguments> parsed = parseProgramArguments(text);
      if (!parsed)
        return fail(parsed.error().message);
      args_ = std::move(*parsed);
      if (cmd == Cmd::SetArgs)
        return;
    }
    if (place_ == Place::Device && !started_ &&
        (launchedArgs_.text != args_.text || args_.redirects())) {
      // Started before its arguments were given (`run ARGS`, `set args`),
      // or without the redirections, which apply from the run on.
      carryOver(true);
      lldb_.kill();
      launch(true);
      return;
    }
    if (place_ == Place::Device && !started_) {
      lastRunHits_.clear();
      forward(std::string(line)); // main starts
      return;
    }
    if (lldb_.live()) {
      // gdb asks only at a terminal; from a command file or -batch it
      // starts again without a word.
      if (!launch_.batch && isatty(STDIN_FILENO))
        out_ << "The program being debugged has been started already: starting it from the "
                "beginning.\n";
      carryOver(true);
      lldb_.kill();
    }
    launch(true);
    return;
  case Cmd::Start: // gdb's: `tbreak main`, then `run`
    addBreakpoint("tbreak main", "main", true);
    if (!failed_)
      executeLine("run");
    return;
  case Cmd::Kill:
    if (!started_) {
      forward(std::string(line)); // "The program is not being run."
      return;
    }
    out_ << killQuestion(launch_.batch);
    carryOver(true);
    {
      const uint64_t pid = lldb_.process().GetProcessID();
      lldb_.kill();
      out_ << describeKill(pid) << "\n";
    }
    started_ = false;
    place_ = Place::None;
    launch(false);
    return;
  case Cmd::Break:
  case Cmd::TBreak:
    addBreakpoint(std::string(line), rest, cmd == Cmd::TBreak);
    return;
  case Cmd::Watch:
    if (host)
      return addWatch(rest);
    break;
  case Cmd::Delete:
  case Cmd::Enable:
  case Cmd::Disable:
    editBreakpoints(cmd, rest);
    forward(std::string(line));
    return;
  case Cmd::Condition:
  case Cmd::Ignore:
    configureHostBreakpoint(cmd, rest);
    break;
  case Cmd::InfoBreakpoints:
    syncHostCounts();
    break;
  case Cmd::Undisplay:
    undisplay(rest);
    break;
  case Cmd::Until:
  case Cmd::Advance:
    if (hostFocused() && (!rest.empty() || cmd == Cmd::Until) && !onDevice(std::string(trim(rest))))
      return fail("The host thread waits for the device here: `continue` resumes the "
                  "program, `cuda kernel ...` focuses the device again.");
    if (place_ == Place::Host && (!rest.empty() || cmd == Cmd::Until))
      return rest.empty() ? until() : runTo(cmd, rest);
    break;
  case Cmd::Continue:
    // At a device stop (whatever the focus) the agent resumes the device.
    if (place_ == Place::Host)
      return resume([this] { return lldb_.resume(); });
    break;
  case Cmd::Next:
  case Cmd::Step:
    // cuda-gdb's host thread waits inside the driver, in code it has no
    // bounds for; ours waits in the agent, which stands for that driver.
    if (hostFocused())
      return fail("Cannot find bounds of current function");
    if (host)
      return step(cmd, rest);
    break;
  case Cmd::Finish:
    if (hostFocused())
      return finishAtDeviceStop();
    if (host)
      return finish();
    break;
  case Cmd::Backtrace:
    if (host)
      return backtrace(std::string(trim(rest)));
    // At a device stop the device's frames only: cuda-gdb's backtrace of a
    // CUDA thread ends at its kernel (whose `finish` is "not meaningful in
    // the outermost frame"), not in the host thread that waits for it.
    break;
  case Cmd::Print:
  case Cmd::Display:
  case Cmd::Output:
    // At a host stop LLDB evaluates them, and a register alone ($pc) is the
    // host's; other `$` names (the value history) are the device debugger's.
    if (host && cmd != Cmd::Display) {
      if (std::string text; hostRegister(format, rest, text)) {
        if (cmd == Cmd::Output)
          out_ << text;
        else if (std::string natural; hostRegister("", rest, natural)) // the history's
          out_ << "$"
               << callAgent(hosted::kRecordValueFunction, "unsigned (*)(const char *)", natural)
               << " = " << text << "\n";
        return;
      }
    }
    if (host)
      if (std::optional<std::string> expr = hostRegisterExpression(rest))
        return cmd == Cmd::Print    ? print(format, *expr)
               : cmd == Cmd::Output ? output(format, *expr)
                                    : display(format, *expr);
    break;
  case Cmd::Printf:
    if (host)
      return printfCommand(rest);
    break;
  case Cmd::InfoRegisters:
    if (host) {
      const std::string args(trim(rest));
      return infoRegisters(args.substr(std::min(args.find_first_of(" \t"), args.size())));
    }
    break;
  case Cmd::InfoFrame:
    if (host)
      return infoFrame();
    break;
  case Cmd::InfoSource:
    if (host)
      return infoSource();
    break;
  case Cmd::InfoLine:
    if (host) {
      const std::string args(trim(rest));
      return infoLine(std::string(trim(args.substr(std::min(args.find_first_of(" \t"), args.size())))));
    }
    break;
  case Cmd::Examine:
    if (host)
      return examine(format, std::string(trim(rest)));
    break;
  case Cmd::SetVar:
    // At a host stop LLDB assigns, as gdb would (nothing is printed).
    if (host && rest.find('$') == std::string::npos) {
      const size_t blank = rest.find_first_of(" \t");
      const size_t expr = blank == std::string::npos ? blank : rest.find_first_not_of(" \t", blank);
      std::string text;
      if (expr == std::string::npos)
        fail("Argument required (expression to compute).");
      else if (!hostValue("", rest.substr(expr), text))
        fail(text);
      return;
    }
    break;
  case Cmd::Whatis:
  case Cmd::Ptype:
    if (host)
      return typeOf(cmd, std::string(trim(rest)));
    break;
  case Cmd::List:
    if (host)
      return list(std::string(trim(rest)));
    break;
  case Cmd::Frame:
    if (host)
      return selectFrame(rest.empty() ? int(frame_) : std::atoi(rest.c_str()), /*exact=*/true);
    break;
  case Cmd::Up:
  case Cmd::Down:
    if (host) {
      const int by = rest.empty() ? 1 : std::atoi(rest.c_str());
      return selectFrame(int(frame_) + (cmd == Cmd::Up ? by : -by), /*exact=*/false);
    }
    break;
  case Cmd::InfoLocals:
  case Cmd::InfoArgs:
    if (host)
      return variables(cmd == Cmd::InfoArgs);
    break;
  case Cmd::InfoThreads:
    if (place_ != Place::None)
      return threads();
    break;
  case Cmd::Thread:
    if (place_ == Place::None)
      return fail("No thread selected.");
    thread(std::string(trim(rest)));
    // cuda-gdb's `thread N` at a device stop leaves the CUDA focus: the
    // host thread's frames are the selected ones.
    if (place_ == Place::Device && !trim(rest).empty() && !failed_)
      hostFocus_ = true;
    return;
  case Cmd::Other:
    break;
  }
  forward(std::string(line));
}

void requestInterrupt() { interruptTyped = true; }

} // namespace host

bool hostDebuggingAvailable() {
  const char *v = std::getenv("SIMT_DBG_LLDB");
  return !(v && std::string(v) == "0");
}

int debugProgramWithHost(const ProgramLaunch &launch, std::ostream &out, bool *fellBack) {
  host::Session s(launch, out);
  return s.run(fellBack);
}

} // namespace simt::dbg
