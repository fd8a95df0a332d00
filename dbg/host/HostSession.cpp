//===-- HostSession.cpp - One session over a program's host and device ----===//
#include "dbg/host/HostSession.h"

#include "dbg/CommandTable.h"
#include "dbg/Repl.h"
#include "dbg/commands/Commands.h"
#include "dbg/host/HostValues.h"
#include "dbg/host/LldbProcess.h"
#include "dbg/host/OutputRelay.h"
#include "dbg/program/ControlFile.h"
#include "dbg/program/HostedProtocol.h"

#include <cinttypes>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <atomic>
#include <chrono>
#include <thread>
#include <iostream>
#include <algorithm>
#include <cctype>
#include <unistd.h>

extern char **environ;

namespace simt::dbg {

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

std::string hex(uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%" PRIx64, v);
  return buf;
}

/// The commands simt-dbg itself handles (the rest go to the device debugger).
enum class Cmd {
  Other, Run, Kill, Quit, Continue, Next, Step, Finish, Backtrace, Print, Frame, Up, Down,
  InfoLocals, InfoArgs, InfoThreads, Break, TBreak, Delete, Enable, Disable
};

Cmd classify(const std::string &word, const std::string &rest) {
  static const struct {
    const char *names[5];
    Cmd cmd;
  } table[] = {
      {{"run", "r"}, Cmd::Run},
      {{"kill", "k"}, Cmd::Kill},
      {{"quit", "q", "exit"}, Cmd::Quit},
      {{"continue", "c", "cont", "fg"}, Cmd::Continue},
      {{"next", "n"}, Cmd::Next},
      {{"step", "s"}, Cmd::Step},
      {{"finish", "fin"}, Cmd::Finish},
      {{"backtrace", "bt", "where"}, Cmd::Backtrace},
      {{"print", "p", "inspect", "call"}, Cmd::Print},
      {{"frame", "f"}, Cmd::Frame},
      {{"up"}, Cmd::Up},
      {{"down"}, Cmd::Down},
      {{"break", "b", "br", "brea"}, Cmd::Break},
      {{"tbreak", "tb"}, Cmd::TBreak},
      {{"delete", "d"}, Cmd::Delete},
      {{"enable", "en"}, Cmd::Enable},
      {{"disable", "dis", "disa"}, Cmd::Disable},
  };
  for (const auto &row : table)
    for (const char *n : row.names)
      if (n && word == n)
        return row.cmd;
  if (word == "info" || word == "i" || word == "inf") {
    const std::vector<std::string> w = words(rest);
    if (w.size() == 1 && (w[0] == "locals" || w[0] == "local"))
      return Cmd::InfoLocals;
    if (w.size() == 1 && (w[0] == "args" || w[0] == "arg"))
      return Cmd::InfoArgs;
    if (w.size() == 1 && (w[0] == "threads" || w[0] == "thread"))
      return Cmd::InfoThreads;
  }
  return Cmd::Other;
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

class Session {
public:
  Session(const ProgramLaunch &launch, std::ostream &out) : launch_(launch), out_(out) {}
  ~Session() {
    if (!controlPath_.empty()) {
      std::filesystem::remove(controlPath_);
      std::filesystem::remove(controlPath_ + ".new");
    }
  }
  int run(bool *fellBack);

private:
  enum class Place { None, Device, Host };
  struct HostBreakpoint {
    int number;
    lldb::break_id_t id;
    bool temporary;
  };

  // The process.
  bool launch(bool autorun);
  void report(const HostStop &stop);
  void resume(const std::function<HostStop()> &how);
  lldb::SBFrame frame() { return lldb_.thread().GetFrameAtIndex(frame_); }
  /// The number of frames up to and including main (gdb's backtrace stops there).
  uint32_t frameCount();

  // Command lines.
  bool nextLine(std::string &line);
  void execute(const std::string &line);
  /// The device debugger's command: hosted::Result bits (0 when it failed).
  int forward(const std::string &line);
  int callAgent(const std::string &function, const std::string &signature,
                const std::string &argument);
  bool onDevice(const std::string &location);

  // Host commands (at a host stop).
  void step(Cmd how, const std::string &args);
  void finish();
  void backtrace();
  void print(const std::string &format, const std::string &expr);
  void selectFrame(int index);
  void variables(bool arguments);
  void threads();

  // Breakpoints.
  void addBreakpoint(const std::string &line, const std::string &args, bool temporary);
  void editBreakpoints(Cmd how, const std::string &args);

  const ProgramLaunch &launch_;
  std::ostream &out_;
  LldbProcess lldb_;
  OutputRelay relay_;
  std::string controlPath_;
  ControlState control_;
  std::vector<std::string> input_;
  size_t nextInput_ = 0;
  PromptReader prompt_{[](std::string_view, std::string_view) { return std::vector<std::string>{}; }};
  Place place_ = Place::None;
  bool started_ = false, quit_ = false;
  uint32_t frame_ = 0;
  std::vector<HostBreakpoint> hostBreakpoints_;
};

int Session::run(bool *fellBack) {
  *fellBack = false;
  if (!std::filesystem::exists(agentLibrary())) {
    out_ << "simt-dbg: error: the debugging runtime " << agentLibrary() << " is missing\n";
    return 1;
  }
  auto lines = startupLines(launch_.commands);
  if (!lines) {
    out_ << "simt-dbg: error: command file: " << lines.message() << "\n";
    return 1;
  }
  input_ = std::move(*lines);
  control_.batch = launch_.batch;
  control_.hosted = true;
  controlPath_ = (std::filesystem::temp_directory_path() / "simt-dbg-XXXXXX").string();
  const int fd = mkstemp(controlPath_.data());
  if (fd < 0) {
    out_ << "simt-dbg: error: cannot make a control file: " << std::strerror(errno) << "\n";
    controlPath_.clear();
    return 1;
  }
  close(fd);
  std::string error;
  if (!relay_.start(&error) || !lldb_.open(launch_.argv[0], &error)) {
    out_ << "simt-dbg: error: cannot debug '" << launch_.argv[0] << "': " << error << "\n";
    return 1;
  }
  if (!launch(false)) {
    *fellBack = true;
    return 0;
  }
  if (!launch_.batch && isatty(STDIN_FILENO))
    out_ << "simt-dbg " SIMT_VERSION ": `help` lists the commands, `run` starts the program.\n";
  for (std::string line; !quit_ && nextLine(line);)
    execute(line);
  out_.flush();
  lldb_.kill();
  relay_.sync();
  return 0;
}

//===-- The process -----------------------------------------------------------------===//

bool Session::launch(bool autorun) {
  control_.autorun = autorun;
  control_.end = RunEnd::Running;
  if (rt::Status s = writeControlFile(controlPath_, control_); !s) {
    out_ << "simt-dbg: error: " << s.message() << "\n";
    return true;
  }
  HostLaunch l;
  l.args.assign(launch_.argv.begin() + 1, launch_.argv.end());
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
  l.input = programInput(launch_.batch);
  l.output = relay_.outputPath();
  l.error = relay_.errorPath();
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

uint32_t Session::frameCount() {
  lldb::SBThread t = lldb_.thread();
  uint32_t n = t.GetNumFrames();
  for (uint32_t i = 0; i < n; ++i)
    if (hostFunctionName(t.GetFrameAtIndex(i)) == "main")
      return i + 1;
  return n;
}

void Session::report(const HostStop &stop) {
  relay_.sync();
  frame_ = 0;
  switch (stop.kind) {
  case HostStop::Device:
    place_ = Place::Device;
    return;
  case HostStop::Breakpoint: {
    place_ = Place::Host;
    started_ = true;
    for (lldb::break_id_t id : stop.breakpoints)
      for (size_t i = 0; i < hostBreakpoints_.size(); ++i) {
        const HostBreakpoint b = hostBreakpoints_[i];
        if (b.id != id)
          continue;
        out_ << "\n" << (b.temporary ? "Temporary breakpoint " : "Breakpoint ") << b.number
             << ", " << hostFrameText(frame()) << "\n" << hostSourceLine(frame()) << "\n";
        callAgent(hosted::kExecuteFunction, "int (*)(const char *)",
                  "maintenance host-breakpoint-hit " + std::to_string(b.number));
        if (b.temporary) {
          editBreakpoints(Cmd::Delete, std::to_string(b.number));
          forward("delete " + std::to_string(b.number));
        }
        return;
      }
    out_ << hostFrameText(frame()) << "\n" << hostSourceLine(frame()) << "\n";
    return;
  }
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
    return;
  }
  case HostStop::Exited:
    place_ = Place::None;
    started_ = false;
    out_ << describeExit(stop.exitStatus) << "\n";
    // At the first prompt again (breakpoints kept), unless -batch has no more to do.
    if (!launch_.batch || nextInput_ < input_.size())
      launch(false);
    return;
  case HostStop::Failed:
    place_ = lldb_.live() ? Place::Host : Place::None;
    out_ << "simt-dbg: " << stop.error << "\n";
    return;
  }
}

namespace {
std::atomic<bool> interruptTyped{false};
extern "C" void onInterrupt(int) { interruptTyped = true; }
} // namespace

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
  if (stop.kind == HostStop::Signal && stop.signal == SIGSTOP)
    stop.signal = SIGINT; // LLDB's interrupt, as gdb reports Ctrl-C
  report(stop);
}

//===-- Command lines ---------------------------------------------------------------===//

bool Session::nextLine(std::string &line) {
  if (nextInput_ < input_.size()) {
    line = input_[nextInput_++];
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
    out_ << "The program is not being run.\n";
    return 0;
  }
  out_.flush();
  std::string error;
  const std::string call = "((" + signature + ")" + function + ")(" +
                           (argument.empty() ? "" : cLiteral(argument)) + ")";
  const std::optional<long long> r = lldb_.call(call, &error);
  relay_.sync();
  if (!r) {
    out_ << "simt-dbg: cannot reach the device debugger in the program: " << error << "\n";
    return 0;
  }
  return int(*r);
}

int Session::forward(const std::string &line) {
  const int result = callAgent(hosted::kExecuteFunction, "int (*)(const char *)", line);
  if (result & hosted::Persists)
    control_.persistent.push_back(line);
  if (result & hosted::Quit)
    quit_ = true;
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

void Session::execute(const std::string &typed) {
  std::string_view line = trim(typed);
  if (line.empty() || line.front() == '#')
    return;
  if (line.rfind("echo", 0) != 0)
    if (size_t c = line.find(" #"); c != std::string_view::npos)
      line = trim(line.substr(0, c));
  std::string word, format, rest;
  splitCommandWord(line, word, format, rest);
  const Cmd cmd = classify(word, rest);
  const bool host = place_ == Place::Host;
  switch (cmd) {
  case Cmd::Quit:
    quit_ = true;
    return;
  case Cmd::Run:
    if (place_ == Place::Device && !started_) {
      forward(std::string(line)); // main starts
      return;
    }
    if (lldb_.live()) {
      out_ << "The program being debugged has been started already: starting it from the "
              "beginning.\n";
      lldb_.kill();
    }
    launch(true);
    return;
  case Cmd::Kill:
    if (!started_) {
      forward(std::string(line)); // "The program is not being run."
      return;
    }
    lldb_.kill();
    out_ << "[Inferior 1 killed]\n";
    started_ = false;
    place_ = Place::None;
    launch(false);
    return;
  case Cmd::Break:
  case Cmd::TBreak:
    addBreakpoint(std::string(line), rest, cmd == Cmd::TBreak);
    return;
  case Cmd::Delete:
  case Cmd::Enable:
  case Cmd::Disable:
    editBreakpoints(cmd, rest);
    forward(std::string(line));
    return;
  case Cmd::Continue:
    if (host)
      return resume([this] { return lldb_.resume(); });
    break;
  case Cmd::Next:
  case Cmd::Step:
    if (host)
      return step(cmd, rest);
    break;
  case Cmd::Finish:
    if (host)
      return finish();
    break;
  case Cmd::Backtrace:
    if (host)
      return backtrace();
    break;
  case Cmd::Print:
    if (host && rest.find('$') == std::string::npos)
      return print(format, rest);
    break;
  case Cmd::Frame:
    if (host)
      return selectFrame(rest.empty() ? int(frame_) : std::atoi(rest.c_str()));
    break;
  case Cmd::Up:
  case Cmd::Down:
    if (host) {
      const int by = rest.empty() ? 1 : std::atoi(rest.c_str());
      return selectFrame(int(frame_) + (cmd == Cmd::Up ? by : -by));
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
  case Cmd::Other:
    break;
  }
  forward(std::string(line));
}

//===-- Host commands ---------------------------------------------------------------===//

void Session::step(Cmd how, const std::string &args) {
  const int count = args.empty() ? 1 : std::max(1, std::atoi(args.c_str()));
  for (int i = 0; i < count && place_ == Place::Host; ++i) {
    lldb::SBFrame before = frame();
    const std::string function = hostFunctionName(before);
    const uint64_t cfa = before.GetCFA();
    resume([this, how] { return how == Cmd::Next ? lldb_.stepOver() : lldb_.stepInto(); });
    if (place_ != Place::Host || lldb_.thread().GetStopReason() != lldb::eStopReasonPlanComplete)
      return; // a breakpoint, a device stop, a signal or the end: reported
    if (hostFunctionName(frame()) != function || frame().GetCFA() != cfa)
      out_ << hostFrameText(frame()) << "\n";
    out_ << hostSourceLine(frame()) << "\n";
  }
}

void Session::finish() {
  lldb::SBFrame f = frame();
  if (frame_ + 1 >= frameCount()) {
    out_ << "\"finish\" not meaningful in the outermost frame.\n";
    return;
  }
  out_ << "Run till exit from " << hostBacktraceLine(f, frame_) << "\n";
  lldb::SBThread t = lldb_.thread();
  resume([this] { return lldb_.stepOut(frame_); });
  if (place_ != Place::Host || t.GetStopReason() != lldb::eStopReasonPlanComplete)
    return;
  char pc[32];
  std::snprintf(pc, sizeof pc, "0x%016" PRIx64, frame().GetPC());
  out_ << pc << " in " << hostFrameText(frame()) << "\n" << hostSourceLine(frame()) << "\n";
  lldb::SBValue v = t.GetStopReturnValue();
  if (v.IsValid() && v.GetValue()) {
    const std::string text = hostValueText(v);
    const int n = callAgent(hosted::kRecordValueFunction, "unsigned (*)(const char *)", text);
    out_ << "Value returned is $" << n << " = " << text << "\n";
  }
}

void Session::backtrace() {
  lldb::SBThread t = lldb_.thread();
  const uint32_t n = frameCount();
  for (uint32_t i = 0; i < n; ++i)
    out_ << hostBacktraceLine(t.GetFrameAtIndex(i), i) << "\n";
}

void Session::print(const std::string &format, const std::string &expr) {
  if (expr.empty()) {
    out_ << "argument required (an expression)\n";
    return;
  }
  lldb::SBExpressionOptions opts;
  opts.SetSuppressPersistentResult(true);
  opts.SetTryAllThreads(false);
  lldb::SBValue v = frame().EvaluateExpression(expr.c_str(), opts);
  if (!v.IsValid() || v.GetError().Fail()) {
    std::string msg = v.IsValid() && v.GetError().GetCString() ? v.GetError().GetCString() : "";
    // clang's words to gdb's for the commonest case.
    const size_t u = msg.find("undeclared identifier '");
    if (u != std::string::npos) {
      const size_t b = u + std::strlen("undeclared identifier '");
      out_ << "No symbol \"" << msg.substr(b, msg.find('\'', b) - b)
           << "\" in current context.\n";
      return;
    }
    for (const char *prefix : {"error: ", "<user expression 0>:"})
      if (msg.rfind(prefix, 0) == 0)
        msg = msg.substr(std::strlen(prefix));
    out_ << (msg.empty() ? "cannot evaluate it" : msg.substr(0, msg.find('\n'))) << "\n";
    return;
  }
  std::string text = hostValueText(v);
  if (format == "x" && v.GetType().GetCanonicalType().GetTypeClass() == lldb::eTypeClassBuiltin)
    text = hex(v.GetValueAsUnsigned());
  const int n = callAgent(hosted::kRecordValueFunction, "unsigned (*)(const char *)", text);
  out_ << "$" << n << " = " << text << "\n";
}

void Session::selectFrame(int index) {
  const int last = int(frameCount()) - 1;
  if (index < 0) {
    out_ << "Bottom (innermost) frame selected; you cannot go down.\n";
    return;
  }
  if (index > last) {
    if (int(frame_) == last) {
      out_ << "Initial frame selected; you cannot go up.\n";
      return;
    }
    index = last;
  }
  frame_ = uint32_t(index);
  out_ << hostBacktraceLine(frame(), frame_) << "\n";
  if (std::string src = hostSourceLine(frame()); !src.empty())
    out_ << src << "\n";
}

void Session::variables(bool arguments) {
  lldb::SBValueList vars = frame().GetVariables(arguments, !arguments, false, true);
  if (vars.GetSize() == 0) {
    out_ << (arguments ? "No arguments.\n" : "No locals.\n");
    return;
  }
  for (uint32_t i = 0; i < vars.GetSize(); ++i) {
    lldb::SBValue v = vars.GetValueAtIndex(i);
    out_ << (v.GetName() ? v.GetName() : "?") << " = " << hostValueText(v, false) << "\n";
  }
}

void Session::threads() {
  // gdb's table of the host threads; a thread that waits on the device
  // (in the runtime) shows the program's innermost frame with a line.
  lldb::SBProcess &p = lldb_.process();
  const lldb::tid_t selected = lldb_.thread().GetThreadID();
  out_ << "  Id   Target Id                                   Frame \n";
  for (uint32_t i = 0; i < p.GetNumThreads(); ++i) {
    lldb::SBThread t = p.GetThreadAtIndex(i);
    lldb::SBFrame f = t.GetFrameAtIndex(0);
    for (uint32_t k = 0; k < t.GetNumFrames(); ++k)
      if (hasLineInfo(t.GetFrameAtIndex(k))) {
        f = t.GetFrameAtIndex(k);
        break;
      }
    char id[160];
    std::snprintf(id, sizeof id, "%c %-4u LWP %" PRIu64 " \"%s\"",
                  t.GetThreadID() == selected ? '*' : ' ', t.GetIndexID(), t.GetThreadID(),
                  t.GetName() ? t.GetName() : "");
    std::string row = id;
    row.resize(std::max<size_t>(row.size() + 1, 50), ' ');
    out_ << row << hostFrameText(f) << "\n";
  }
}

//===-- Breakpoints -----------------------------------------------------------------===//

void Session::addBreakpoint(const std::string &line, const std::string &args, bool temporary) {
  std::string where = args, cond;
  if (size_t p = (" " + args + " ").find(" if "); p != std::string::npos) {
    where = std::string(trim(std::string_view(args).substr(0, p)));
    cond = std::string(trim(std::string_view(args).substr(std::min(args.size(), p + 3))));
  }
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
  if (!cond.empty())
    b.SetCondition(cond.c_str());
  lldb::SBBreakpointLocation loc = b.GetLocationAtIndex(0);
  lldb::SBLineEntry le = loc.GetAddress().GetLineEntry();
  const std::string file = le.IsValid() && le.GetFileSpec().GetFilename()
                               ? le.GetFileSpec().GetFilename()
                               : "";
  const char *function = loc.GetAddress().GetFunction().GetDisplayName();
  std::string host = hex(loc.GetLoadAddress());
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
       << hex(loc.GetLoadAddress());
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

} // namespace

bool hostDebuggingAvailable() {
  const char *v = std::getenv("SIMT_DBG_LLDB");
  return !(v && std::string(v) == "0");
}

int debugProgramWithHost(const ProgramLaunch &launch, std::ostream &out, bool *fellBack) {
  Session s(launch, out);
  return s.run(fellBack);
}

} // namespace simt::dbg
