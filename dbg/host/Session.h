//===-- Session.h - The state of one host-and-device session --------------===//
//
// HostSession.h's session, shared by its files: the process and its stops
// (HostSession.cpp), the host commands at a host stop (HostCommands.cpp)
// and host breakpoints (HostBreakpoints.cpp).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "dbg/Debugger.h"
#include "dbg/Repl.h"
#include "dbg/host/LldbProcess.h"
#include "dbg/host/OutputRelay.h"
#include "dbg/host/ProgramArguments.h"
#include "dbg/program/ControlFile.h"
#include "dbg/program/Inferior.h"

#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <unistd.h>

namespace simt::dbg::host {

/// The commands simt-dbg itself handles (the rest go to the device debugger).
enum class Cmd {
  Other, Run, Kill, Quit, Continue, Next, Step, Finish, Backtrace, Print, Frame, Up, Down,
  InfoLocals, InfoArgs, InfoThreads, InfoBreakpoints, Break, TBreak, Watch, Delete, Enable,
  Disable, Condition, Ignore, Display, Undisplay, Until, Advance, SetVar, Start, Whatis, Ptype,
  List, Thread, InfoRegisters, InfoFrame, InfoLine, InfoSource, Examine, Output, Printf, SetArgs, ShowArgs
};

/// The command a line starts with, as far as the session handles it
/// itself: `word` resolved by the command table (names, gdb's aliases,
/// unique prefixes), the one the device debugger dispatches by.
Cmd classify(const CommandTable &table, const std::string &word, const std::string &rest);

/// `expr` spelled for LLDB when every `$name` in it is a host register
/// (`$sp + 8`: gdb's names to LLDB's), or as it is when it has none;
/// nullopt when one is not (the value history, a device name).
std::optional<std::string> hostRegisterExpression(std::string_view expr);

class Session {
public:
  Session(const ProgramLaunch &launch, std::ostream &out) : launch_(launch), out_(out) {
    args_.words.assign(launch.argv.begin() + 1, launch.argv.end());
    args_.text = shellQuoted(args_.words);
    addHostOnlyCommands();
  }
  ~Session() {
    relay_.sync();
    relay_.setOutputFile(-1);
    if (outputFile_ >= 0)
      close(outputFile_);
    if (!controlPath_.empty()) {
      std::filesystem::remove(controlPath_);
      std::filesystem::remove(controlPath_ + ".new");
    }
  }
  /// The prompt's session: open(), then command lines until `quit`.
  int run(bool *fellBack);

  //===-- For a front end other than the prompt (dap/DapServer.h) ----------===//

  enum class Open { Ready, Failed, NoLldb };
  /// Starts the program to its first prompt (a device stop before main).
  /// NoLldb: LLDB cannot run programs here (the caller debugs the device
  /// alone); Failed: the reason is printed.
  Open open();
  /// One command line, as typed at the prompt; an error's message goes to
  /// standard error, gdb's (with separateDebuggerOutput, to the output).
  void execute(const std::string &line);
  bool quitRequested() const { return quit_; }
  /// The newest stop; `count` grows with every one, so a caller sees
  /// whether a command let the program run.
  struct StopRecord {
    unsigned count = 0;
    HostStop::Kind kind = HostStop::Failed;
    int breakpoint = 0; ///< the host breakpoint's number (host breakpoint stops)
    int signal = 0;
    int exitStatus = 0;
  };
  const StopRecord &lastStop() const { return lastStop_; }
  bool atHostStop() const { return place_ == Place::Host; }
  /// At a device stop, `thread N` moved the focus to a host thread (cuda-gdb's
  /// "Focus is not set on any active CUDA kernel."): the frame and data
  /// commands are LLDB's until a `cuda ...`/`focus ...` switch or the next stop.
  bool hostFocused() const { return place_ == Place::Device && hostFocus_; }
  bool atDeviceStop() const { return place_ == Place::Device; }
  /// main has started (the program runs its own code).
  bool started() const { return started_; }
  LldbProcess &lldb() { return lldb_; }
  OutputRelay &relay() { return relay_; }
  /// Calls the agent's `function` (HostedProtocol.h) with one string argument
  /// or none; its int result (0 when the call failed, which it prints).
  int callAgent(const std::string &function, const std::string &signature,
                const std::string &argument);
  /// Host thread `thread` (LLDB's index id) and its frame `frame` are the
  /// ones host commands (print, finish, up) work on.
  void selectHostFrame(uint32_t thread, uint32_t frame);
  /// The number of frames of `t` up to and including main.
  static uint32_t framesToMain(lldb::SBThread t);
  /// Whether an exited program starts again to its first prompt (the prompt
  /// keeps a session going; an IDE ends it).
  bool relaunchAtExit = true;
  /// The device debugger's lines go to the relay's Debugger stream, apart
  /// from the program's output (set before open()).
  bool separateDebuggerOutput = false;
  /// Called with true before the program resumes and false when it stops.
  std::function<void(bool running)> onRunning;

private:
  enum class Place { None, Device, Host };
  struct HostBreakpoint {
    int number;
    lldb::break_id_t id;
    bool temporary;
  };
  /// A host watchpoint: what it watches, and the value it last saw there
  /// (gdb's Old value).
  struct HostWatch {
    int number;
    lldb::watch_id_t id;
    std::string expression;
    uint64_t address;
    lldb::SBType type;
    std::string last;
    /// A local's or argument's watch (gdb's scope): its frame's CFA and a
    /// breakpoint where that frame returns to its caller; 0 / invalid for
    /// a watch on memory that outlives frames (a global, *p).
    lldb::addr_t scopeCfa = 0;
    lldb::break_id_t scopeBreak = LLDB_INVALID_BREAK_ID;
  };
  /// gdb's "Watchpoint N deleted because the program has left the block
  /// in which its expression is valid.": true when the stop is a watch's
  /// scope breakpoint (the watch is gone then, whether or not its frame
  /// returned: a recursive call's own return goes on).
  bool reportWatchScope(const std::vector<lldb::break_id_t> &hits, bool *resumeInstead);

  /// Into words_'s table, which classify() resolves by: the commands only
  /// simt-dbg has (`info threads`, LLDB's host threads).
  void addHostOnlyCommands();

  // The process.
  bool launch(bool autorun);
  void report(const HostStop &stop);
  /// What the run ending now leaves for the next (ProgramAgent::saveControl:
  /// the device breakpoints' ignore counts left, temporary ones deleted),
  /// from the control file the agent writes at the program's exit or, when
  /// `live`, at simt-dbg's call before it kills the process.
  void carryOver(bool live);
  void resume(const std::function<HostStop()> &how);
  /// `finish` with the focus on a host thread at a device stop: the device
  /// goes on (`continue`), with a one-shot breakpoint where the selected
  /// host frame returns, as gdb's finish runs every thread.
  void finishAtDeviceStop();
  lldb::SBFrame frame() { return lldb_.thread().GetFrameAtIndex(frame_); }
  /// The number of frames up to and including main (gdb's backtrace stops there).
  uint32_t frameCount() { return framesToMain(lldb_.thread()); }

  // Command lines.
  bool nextLine(std::string &line);
  /// The device debugger's command: hosted::Result bits (0 when it failed).
  int forward(const std::string &line);
  /// After an error in input_[at]: skips the rest of its -x file.
  void endCommandFile(size_t at);
  bool onDevice(const std::string &location);

  // Host commands (at a host stop).
  void step(Cmd how, const std::string &args);
  void finish();
  /// `until` without a location.
  void until();
  /// Whether the last resume ended a step on the host (not a breakpoint,
  /// a device stop, a signal or the end, which were reported).
  bool steppedOnHost();
  /// After a step that returned from frame `cfa` into the middle of the
  /// caller's line: `again` steps on to that line's end, as gdb does.
  void finishCallersLine(uint64_t cfa, const std::function<HostStop()> &again);
  /// `until LOCATION` / `advance LOCATION`.
  void runTo(Cmd how, const std::string &args);
  /// gdb's backtrace [full] [N|-N].
  void backtrace(const std::string &args);
  void print(const std::string &format, const std::string &expr);
  /// `output EXPR`: print's value alone, no newline.
  void output(const std::string &format, const std::string &expr);
  void printfCommand(const std::string &args);
  // The machine (HostMachine.cpp).
  /// `$pc`, `$sp`, `$rax`, ... alone: true with its value as gdb's print
  /// writes it (or a format's error) in `text`; false for anything else.
  bool hostRegister(const std::string &format, const std::string &expr, std::string &text);
  void infoRegisters(const std::string &args);
  void examine(const std::string &format, const std::string &arg);
  void infoLine(const std::string &arg);
  void infoFrame();
  void infoSource();
  /// whatis / ptype at a host stop.
  void typeOf(Cmd how, const std::string &arg);
  /// gdb's `list` at a host stop: around the stop's line, then on from
  /// the last line listed; `list N`, `list FILE:N`, `list FUNCTION`.
  void list(const std::string &arg);
  /// `expr` evaluated in the selected frame; false with gdb's words for
  /// what is wrong in `error`.
  bool hostEvaluate(const std::string &expr, lldb::SBValue &v, std::string &error);
  /// `expr`'s value as print shows it (true), or gdb's error (false);
  /// `natural`, if given, gets it without the format (the value history's).
  bool hostValue(const std::string &format, const std::string &expr, std::string &text,
                 std::string *natural = nullptr);
  /// `display[/FMT] EXPR` at a host stop: numbered by the device debugger,
  /// evaluated here at host stops.
  void display(const std::string &format, const std::string &expr);
  void printHostDisplays();
  void undisplay(const std::string &args);
  /// `frame N` (`exact`: N must be a frame), `up`/`down` (stop at the last).
  void selectFrame(int index, bool exact);
  void variables(bool arguments);
  void threads();
  /// gdb's `thread [N]`: the current host thread, or switch to thread N.
  void thread(const std::string &arg);

  // Breakpoints.
  void addBreakpoint(const std::string &line, const std::string &args, bool temporary);
  /// "0x5555... in main at app.cu:30": a place of a host breakpoint, as the
  /// device debugger's table lists it.
  static std::string placeText(lldb::SBBreakpointLocation loc);
  /// An LLDB breakpoint at FUNCTION, FILE:LINE or *ADDRESS; invalid (and
  /// gdb's words said) when there is no such place.
  /// The whole path of the program's source file `file` names (as a
  /// compile unit of the line tables), "" when it names none.
  std::string compiledFilePath(const std::string &file);
  /// `bareLine`: the user typed only the line, of the current file.
  lldb::SBBreakpoint createHostBreakpoint(const std::string &where, bool bareLine);
  /// A breakpoint on a function, at its first address where the end of
  /// its prologue lies in a function inlined into it (as gdb places it).
  lldb::SBBreakpoint functionBreakpoint(const std::string &name);
  /// After `break NAME` made a device breakpoint: NAME's host stub, when it
  /// names a kernel (cuda-gdb's location N.1).
  void addHostStub(const std::string &name);
  /// A C++ expression in the selected frame, with gdb's `@` (an artificial
  /// array); `error` set when `@` cannot apply.
  lldb::SBValue evaluate(const std::string &expr, std::string &error);
  /// The host's current source file (what `break LINE` means there): at a
  /// host stop the selected frame's, else main's; "" if neither has lines.
  std::string currentHostFile();
  void editBreakpoints(Cmd how, const std::string &args);
  /// `condition N [COND]` / `ignore N COUNT` of a host breakpoint: LLDB's
  /// (the device debugger's table records them too).
  void configureHostBreakpoint(Cmd how, const std::string &args);
  /// "3", or "3.2" for the second of several locations, as gdb names a hit.
  std::string hitNumber(const HostBreakpoint &b);
  /// Before `info breakpoints`: the host breakpoints' hit and ignore counts
  /// as LLDB has them, into the device debugger's table.
  void syncHostCounts();
  /// `watch EXPR` at a host stop: an LLDB watchpoint on EXPR's bytes.
  void addWatch(const std::string &expression);
  /// A watchpoint stopped the process: gdb's report, or on silently when
  /// the write left the value as it was (false).
  bool reportWatch(lldb::watch_id_t id);
  std::string watchedValue(const HostWatch &w);

  const ProgramLaunch &launch_;
  /// The program's arguments and redirections: --args's, then `run ARGS`'s
  /// or `set args`'s (a later `run` reuses them, as gdb's does).
  ProgramArguments args_, launchedArgs_;
  int outputFile_ = -1; // `run > FILE 2>&1`'s file, which the relay writes
  std::ostream &out_;
  LldbProcess lldb_;
  OutputRelay relay_;
  std::string controlPath_;
  ControlState control_;
  /// control_.persistent's length when the process started: the agent's
  /// additions come after.
  size_t launchedPersistent_ = 0;
  /// The host breakpoints' hit counts when the last run ended, by number:
  /// gdb shows them until the next run starts (LLDB's start over at once,
  /// as simt-dbg starts the program to its first prompt).
  std::map<int, uint32_t> lastRunHits_;
  std::vector<std::string> input_;
  std::vector<size_t> inputOrigin_; ///< each input_ line's startup command
  size_t nextInput_ = 0;
  /// The command being executed ended in an error (gdb's: the rest of its
  /// command file is not run; -batch exits with 1 when the last one did).
  bool failed_ = false;
  /// Its message (and a device command's, from the agent), printed when it
  /// ends: after a command file's "Error in sourced command file" line.
  std::string error_;
  /// A command failed with `message`.
  void fail(const std::string &message);
  /// Adds `message` to error_ (a device command's, which failed in the
  /// agent: forward() notes the failure itself).
  void noteError(const std::string &message);
  /// Prints error_, if any, and clears it.
  void reportError();
  /// execute() without the report.
  void executeLine(const std::string &line);
  /// Tab completes the commands' words at the prompt from a device debugger
  /// of simt-dbg's own (the one in the program holds the kernels).
  std::ostream nowhere_{nullptr};
  Debugger words_{DebuggerOptions{}, nowhere_};
  PromptReader prompt_{[this](std::string_view before, std::string_view word) {
    return words_.complete(before, word);
  }};
  Place place_ = Place::None;
  /// hostFocused(): set by `thread N` at a device stop, cleared by any stop
  /// and by a device focus switch.
  bool hostFocus_ = false;
  /// At a device stop, the host thread (LLDB index id) the agent waits in:
  /// its calls run there whichever thread `thread N` selected.
  uint32_t agentThread_ = 0;
  /// Where the next plain `list` goes on (a path and line; none since the
  /// last stop: around the stop's line).
  std::string listPath_;
  uint32_t listNext_ = 0;
  /// Where `x` without an address goes on (after an x or info line).
  uint64_t nextExamine_ = 0;
  bool haveExamine_ = false;
  bool started_ = false, quit_ = false;
  uint32_t frame_ = 0;
  std::vector<HostBreakpoint> hostBreakpoints_;
  std::vector<HostWatch> hostWatches_;
  struct HostDisplay {
    int number;
    std::string format; ///< "/x " or ""
    std::string expr;
  };
  std::vector<HostDisplay> hostDisplays_;
  StopRecord lastStop_;
  RunEnd lastEnd_ = RunEnd::Running; ///< how the agent saw the last run end
};

/// Ctrl-C: interrupts the program the session runs now (any thread may call it).
void requestInterrupt();

} // namespace simt::dbg::host
