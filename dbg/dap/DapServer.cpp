//===-- DapServer.cpp - DAP requests that start, run and stop the program -===//
#include "dbg/dap/DapServer.h"

#include "dbg/dap/DapAdapter.h"
#include "dbg/program/HostedProtocol.h"

#include "llvm/ADT/StringExtras.h"

#include <condition_variable>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <thread>
#include <unistd.h>

namespace simt::dbg {
namespace dap {

namespace json = llvm::json;

Adapter::Adapter(Transport &t) : t_(t) {}

Adapter::~Adapter() {
  if (session_)
    session_->lldb().kill();
}

int Adapter::Console::overflow(int c) {
  if (c != traits_type::eof()) {
    const char ch = char(c);
    a_.collect("console", std::string_view(&ch, 1));
  }
  return traits_type::not_eof(c);
}

std::streamsize Adapter::Console::xsputn(const char *s, std::streamsize n) {
  a_.collect("console", std::string_view(s, size_t(n)));
  return n;
}

void Adapter::collect(const char *category, std::string_view bytes) {
  if (running_ || std::strcmp(category, "console") != 0) {
    // The program's output, as it comes; the session's lines while it runs.
    t_.event("output", Object{{"category", category}, {"output", std::string(bytes)}});
    return;
  }
  std::lock_guard<std::mutex> lock(collecting_);
  collected_ += bytes;
}

std::string Adapter::take() {
  std::lock_guard<std::mutex> lock(collecting_);
  return std::exchange(collected_, {});
}

void Adapter::flushConsole() {
  if (std::string text = take(); !text.empty())
    t_.event("output", Object{{"category", "console"}, {"output", std::move(text)}});
}

bool Adapter::handle(const Object &r) {
  const std::string cmd = r.getString("command").value_or("").str();
  if (cmd == "initialize")
    initialize(r);
  else if (cmd == "launch")
    launch(r);
  else if (cmd == "terminate")
    terminate(r);
  else if (cmd == "disconnect") {
    disconnect(r);
    return false;
  } else if (!session_ || terminated_)
    t_.fail(r, terminated_ ? "the program has ended" : "no program: send `launch` first");
  else if (!withProgram(cmd, r))
    t_.fail(r, "simt-dbg does not support the request '" + cmd + "'");
  return true;
}

bool Adapter::withProgram(const std::string &cmd, const Object &r) {
  // The requests that move the program, as the commands that do.
  static const std::map<std::string, const char *> running = {
      {"continue", "continue"},     {"next", "next"},
      {"stepIn", "step"},           {"stepOut", "finish"},
      {"stepBack", "reverse-next"}, {"reverseContinue", "reverse-continue"}};
  if (auto it = running.find(cmd); it != running.end()) {
    resume(r, it->second);
    return true;
  }
  static const std::map<std::string, void (Adapter::*)(const Object &)> looking = {
      {"configurationDone", &Adapter::configurationDone},
      {"threads", &Adapter::threads},
      {"stackTrace", &Adapter::stackTrace},
      {"scopes", &Adapter::scopes},
      {"variables", &Adapter::variables},
      {"evaluate", &Adapter::evaluate},
      {"disassemble", &Adapter::disassemble},
      {"readMemory", &Adapter::readMemory},
      {"setVariable", &Adapter::setVariable}};
  if (auto it = looking.find(cmd); it != looking.end()) {
    (this->*it->second)(r);
    return true;
  }
  if (cmd == "setBreakpoints" || cmd == "setFunctionBreakpoints") {
    setBreakpoints(r, cmd == "setFunctionBreakpoints");
    return true;
  }
  if (cmd == "setExceptionBreakpoints") {
    t_.respond(r, Object{{"breakpoints", json::Array{}}});
    return true;
  }
  return false;
}

void Adapter::initialize(const Object &r) {
  t_.respond(r, Object{{"supportsConfigurationDoneRequest", true},
                       {"supportsFunctionBreakpoints", true},
                       {"supportsConditionalBreakpoints", true},
                       {"supportsHitConditionalBreakpoints", true},
                       {"supportsEvaluateForHovers", true},
                       {"supportsStepBack", true},
                       {"supportsDisassembleRequest", true},
                       {"supportsReadMemoryRequest", true},
                       {"supportsSetVariable", true},
                       {"supportsSteppingGranularity", false},
                       {"supportsTerminateRequest", true},
                       {"supportTerminateDebuggee", true}});
}

void Adapter::launch(const Object &r) {
  const Object *args = r.getObject("arguments");
  const std::optional<llvm::StringRef> program = args ? args->getString("program") : std::nullopt;
  if (!program || program->empty())
    return t_.fail(r, "launch needs \"program\": a program built by simt-nvcc");
  if (session_)
    return t_.fail(r, "a program is being debugged already");
  launch_.argv = {program->str()};
  if (const json::Array *a = args->getArray("args"))
    for (const json::Value &v : *a)
      if (std::optional<llvm::StringRef> s = v.getAsString())
        launch_.argv.push_back(s->str());
  if (const json::Array *a = args->getArray("emulatorArgs"))
    for (const json::Value &v : *a)
      if (std::optional<llvm::StringRef> s = v.getAsString())
        launch_.deviceArgs.push_back(s->str());
  if (std::optional<llvm::StringRef> cwd = args->getString("cwd"); cwd && !cwd->empty())
    if (chdir(cwd->str().c_str()) != 0)
      return t_.fail(r, "cannot enter the directory '" + cwd->str() + "'");
  // env: an object, or "NAME=VALUE" strings (lldb-dap's form).
  if (const Object *env = args->getObject("env"))
    for (const auto &[name, value] : *env)
      if (std::optional<llvm::StringRef> s = value.getAsString())
        setenv(name.str().c_str(), s->str().c_str(), 1);
  if (const json::Array *env = args->getArray("env"))
    for (const json::Value &v : *env)
      if (std::optional<llvm::StringRef> s = v.getAsString(); s && s->contains('='))
        setenv(s->split('=').first.str().c_str(), s->split('=').second.str().c_str(), 1);
  stopOnEntry_ = args->getBoolean("stopOnEntry").value_or(false);
  session_ = std::make_unique<host::Session>(launch_, console_);
  session_->relaunchAtExit = false;
  session_->separateDebuggerOutput = true;
  session_->relay().setSink([this](OutputRelay::Stream from, std::string_view b) {
    collect(from == OutputRelay::Stream::Error   ? "stderr"
            : from == OutputRelay::Stream::Output ? "stdout"
                                                  : "console",
            b);
  });
  session_->onRunning = [this](bool running) {
    if (running)
      flushConsole();
    running_ = running;
  };
  switch (session_->open()) {
  case host::Session::Open::Ready:
    break;
  case host::Session::Open::NoLldb:
    session_.reset();
    return t_.fail(r, "LLDB cannot start programs here (is ptrace allowed?): " +
                          llvm::StringRef(take()).rtrim().str());
  case host::Session::Open::Failed:
    session_.reset();
    return t_.fail(r, llvm::StringRef(take()).rtrim().str());
  }
  take(); // the first prompt's lines
  t_.respond(r);
  t_.event("process", Object{{"name", launch_.argv[0]},
                             {"systemProcessId", int64_t(session_->lldb().process().GetProcessID())},
                             {"isLocalProcess", true},
                             {"startMethod", "launch"}});
  t_.event("initialized");
}

void Adapter::setBreakpoints(const Object &r, bool functions) {
  const Object *args = r.getObject("arguments");
  std::string source = "<functions>";
  if (!functions) {
    const Object *s = args ? args->getObject("source") : nullptr;
    std::optional<llvm::StringRef> path = s ? s->getString("path") : std::nullopt;
    if (!path)
      return t_.fail(r, "setBreakpoints needs source.path");
    source = path->str();
  }
  // DAP sends a source's whole list each time: the old ones go.
  std::vector<int> &numbers = bySource_[source];
  if (!numbers.empty()) {
    std::string line = "delete";
    for (int n : numbers)
      line += " " + std::to_string(n);
    session_->execute(line);
    numbers.clear();
  }
  take();
  json::Array out;
  const json::Array *list = args ? args->getArray("breakpoints") : nullptr;
  for (const json::Value &v : list ? *list : json::Array{}) {
    const Object *b = v.getAsObject();
    if (!b)
      continue;
    std::string where;
    if (functions)
      where = b->getString("name").value_or("").str();
    else
      where = source + ":" + std::to_string(b->getInteger("line").value_or(0));
    std::string line = "break " + where;
    if (std::optional<llvm::StringRef> c = b->getString("condition"); c && !c->empty())
      line += " if " + c->str();
    const int before = session_->callAgent(hosted::kNewestBreakpointFunction, "int (*)()", "");
    session_->execute(line);
    const int n = session_->callAgent(hosted::kNewestBreakpointFunction, "int (*)()", "");
    std::string said = take();
    while (!said.empty() && said.back() == '\n')
      said.pop_back();
    Object answer{{"verified", n > before}, {"message", said}};
    if (n > before) {
      answer["id"] = n;
      numbers.push_back(n);
      // DAP's hit count N: stop at the Nth hit and after (lldb-dap's
      // SetIgnoreCount(N - 1)); the debugger counts the hits it passes, so
      // a step over them goes on and nothing is re-run from here.
      if (std::optional<llvm::StringRef> h = b->getString("hitCondition"); h && !h->trim().empty()) {
        uint64_t count = 0;
        if (llvm::to_integer(h->trim(), count, 10) && count > 0) {
          if (count > 1)
            session_->execute("ignore " + std::to_string(n) + " " + std::to_string(count - 1));
          take();
        } else {
          answer["message"] = "the hit condition '" + h->str() +
                              "' is not a count: the breakpoint stops at every hit";
        }
      }
    }
    if (!functions) {
      // Where the debugger put it ("Breakpoint 3 at 0x198: file k.cu, line
      // 6."): a line with no code moves to the next that has some, as in
      // gdb, and the IDE shows the breakpoint there (lldb-dap answers its
      // location's line too).
      int64_t at = b->getInteger("line").value_or(0);
      if (const size_t word = said.rfind(", line "); n > before && word != std::string::npos) {
        char *end = nullptr;
        const long moved = std::strtol(said.c_str() + word + 7, &end, 10);
        if (end != said.c_str() + word + 7 && moved > 0)
          at = moved;
      }
      answer["line"] = at;
    }
    out.push_back(std::move(answer));
  }
  t_.respond(r, Object{{"breakpoints", std::move(out)}});
}

void Adapter::configurationDone(const Object &r) {
  t_.respond(r);
  if (stopOnEntry_)
    session_->execute("tbreak main");
  take();
  command("run");
}

void Adapter::resume(const Object &r, const std::string &what) {
  const Object *args = r.getObject("arguments");
  const int64_t thread = args ? args->getInteger("threadId").value_or(0) : 0;
  // stepOut is the thread's innermost function's, whatever frame a
  // scopes/evaluate request selected (`finish` ends the selected frame).
  if (isWarp(thread) && !focusWarp(thread, what == "finish" ? 0 : -1))
    return t_.fail(r, "that CUDA warp is no longer on the device");
  if (!isWarp(thread) && thread > 0 && session_->atHostStop())
    session_->selectHostFrame(uint32_t(thread), 0);
  // Reverse execution is the device's: at a host stop it cannot start, and
  // an IDE that got a success would wait for a stop that never comes.
  if ((what == "reverse-next" || what == "reverse-continue") && !session_->atDeviceStop())
    return t_.fail(r, "reverse execution needs a device stop: stop in a kernel first");
  t_.respond(r, what == "continue" ? Object{{"allThreadsContinued", true}} : Object{});
  if (command(what) || terminated_)
    return;
  // The command did not run the program ("finish" in the outermost frame,
  // ...): the IDE took our response for "running" (VS Code fires a
  // continued event on it), so say where the thread still is; the reason is
  // in the console.
  Object body{{"reason", "step"},
              {"description", "the program did not run (see the debug console)"},
              {"allThreadsStopped", true},
              {"preserveFocusHint", true}};
  if (thread)
    body["threadId"] = thread;
  t_.event("stopped", std::move(body));
}

void Adapter::disconnect(const Object &r) {
  if (session_ && !terminated_)
    session_->lldb().kill();
  t_.respond(r);
}

void Adapter::terminate(const Object &r) {
  const bool live = session_ && !terminated_;
  if (live)
    session_->lldb().kill();
  t_.respond(r);
  if (live) {
    // DAP: the client's `disconnect` comes after the terminated event.
    terminated_ = true;
    t_.event("terminated");
  }
}

bool Adapter::command(const std::string &line) {
  const unsigned before = session_->lastStop().count;
  session_->execute(line);
  flushConsole();
  if (session_->lastStop().count == before)
    return false;
  reportStop();
  return true;
}

void Adapter::reportStop() {
  forgetStop();
  if (endRequested)
    return; // the interrupt of disconnect/terminate: no stop to show
  const host::Session::StopRecord &s = session_->lastStop();
  if (s.kind == HostStop::Exited || !session_->lldb().live()) {
    terminated_ = true;
    t_.event("exited", Object{{"exitCode", s.exitStatus}});
    t_.event("terminated");
    return;
  }
  std::string reason = "step", description;
  int breakpoint = 0;
  int64_t thread = 0;
  if (session_->atDeviceStop()) {
    std::optional<Object> stop = ask("maintenance dap-stop");
    if (!stop) {
      reason = "exception"; // what went wrong is in the console
    } else {
      reason = stop->getString("reason").value_or("step").str();
      description = stop->getString("description").value_or("").str();
      breakpoint = int(stop->getInteger("breakpoint").value_or(0));
      if (const Object *w = stop->getObject("warp")) {
        const WarpKey k = warpKeyOf(*w);
        thread = warpId(k);
        focused_ = k;
        haveFocus_ = true;
      }
    }
    if (!thread && session_->started()) // stopped, but in no warp: name the host's
      thread = session_->lldb().thread().GetIndexID();
  } else {
    haveFocus_ = false;
    thread = session_->lldb().thread().GetIndexID();
    if (s.kind == HostStop::Breakpoint) {
      reason = "breakpoint";
      breakpoint = s.breakpoint;
    } else if (s.kind == HostStop::Signal) {
      reason = s.signal == SIGINT ? "pause" : "exception";
    }
  }
  if (reason == "breakpoint" && stopOnEntry_ && !session_->atDeviceStop()) {
    reason = "entry";
    stopOnEntry_ = false;
  }
  Object body{{"reason", reason}, {"allThreadsStopped", true}};
  if (thread)
    body["threadId"] = thread;
  if (!description.empty())
    body["description"] = description;
  if (breakpoint)
    body["hitBreakpointIds"] = json::Array{breakpoint};
  t_.event("stopped", std::move(body));
}

} // namespace dap

int serveDap() {
  // The protocol owns the real standard output; anything else that writes
  // to fd 1 (a library's message) lands on stderr instead.
  const int protocolOut = dup(STDOUT_FILENO);
  dup2(STDERR_FILENO, STDOUT_FILENO);
  // SIMT_DBG_DAP_LOG=FILE: every message both ways, for an adapter's bugs.
  const char *logPath = std::getenv("SIMT_DBG_DAP_LOG");
  std::FILE *log = logPath && *logPath ? std::fopen(logPath, "w") : nullptr;

  // A reader thread, so that `pause` reaches a program that runs. It may
  // still wait in read() when the session ends (the client keeps its end
  // open after `disconnect`), so what it uses is shared with it.
  struct Inbox {
    Inbox(int in, int out, std::FILE *log) : transport(in, out, log) {}
    dap::Transport transport;
    std::mutex m;
    std::condition_variable ready;
    std::deque<llvm::json::Object> queue;
    bool ended = false;
  };
  auto inbox = std::make_shared<Inbox>(STDIN_FILENO, protocolOut, log);
  std::thread([inbox] {
    std::string error;
    while (std::optional<llvm::json::Object> msg = inbox->transport.read(&error)) {
      const std::optional<llvm::StringRef> type = msg->getString("type");
      if (type == "response" || type == "event")
        continue; // the client's answers and events: nothing to respond to
      const std::optional<llvm::StringRef> command = msg->getString("command");
      if (command == "pause") {
        host::requestInterrupt(); // the command loop waits for the program
        inbox->transport.respond(*msg);
        continue;
      }
      if (command == "disconnect" || command == "terminate") {
        // The command loop may wait for a program that does not stop (a
        // kernel that spins): the IDE's Stop button must still end it.
        dap::endRequested = true;
        host::requestInterrupt();
      }
      std::lock_guard<std::mutex> lock(inbox->m);
      inbox->queue.push_back(std::move(*msg));
      inbox->ready.notify_one();
    }
    if (!error.empty())
      std::fprintf(stderr, "simt-dbg --dap: %s\n", error.c_str());
    std::lock_guard<std::mutex> lock(inbox->m);
    inbox->ended = true;
    inbox->ready.notify_one();
  }).detach();

  dap::Adapter adapter(inbox->transport);
  for (;;) {
    llvm::json::Object request;
    {
      std::unique_lock<std::mutex> lock(inbox->m);
      inbox->ready.wait(lock, [&] { return inbox->ended || !inbox->queue.empty(); });
      if (inbox->queue.empty())
        break;
      request = std::move(inbox->queue.front());
      inbox->queue.pop_front();
    }
    if (!adapter.handle(request))
      break;
  }
  return 0;
}

} // namespace simt::dbg
