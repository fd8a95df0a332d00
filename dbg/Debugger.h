//===-- Debugger.h - simt-dbg's state and the services commands use -------===//
//
// The hub the command table works on (DESIGN.md 8): the runtime's
// DeviceSession (and through it the emulator Device) with a ScriptRunner on
// it for the script's commands, the parsed run script, the focus,
// breakpoints and watchpoints, displays, settings, and the Execution engine
// that runs the script and the device. Everything here goes through the
// runtime/emulator public API. Output goes to one stream in program order,
// so --batch prints exactly what the prompt shows.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Disassembler/SIMTWordDisassembler.h"
#include "dbg/Breakpoints.h"
#include "dbg/CommandTable.h"
#include "dbg/Execution.h"
#include "dbg/Expr.h"
#include "dbg/Focus.h"
#include "dbg/SanitizerWatch.h"
#include "dbg/ValueHistory.h"
#include "runtime/DeviceSession.h"
#include "runtime/script/ScriptRunner.h"

#include <filesystem>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace simt::dbg {

class ProgramControl;

struct DebuggerOptions {
  rt::DeviceSessionConfig config;
  /// A program under the debugger (dbg/program/): its runtime owns the
  /// session; null when debugging an object and a run script.
  ProgramControl *program = nullptr;
  std::string object;  // loaded into the default context
  std::string script;  // run script; may be empty
};

/// `display/FMT EXPR`: printed after every stop.
struct Display {
  int number = 0;
  std::string format;
  std::string text;
  /// Made at a host stop: simt-dbg evaluates it through LLDB at host stops;
  /// the device debugger only numbers and lists it.
  bool host = false;
};

/// A stream buffer that forwards to another or drops everything (the
/// session's output while reverse-stepi replays the past).
class MutableBuf : public std::streambuf {
public:
  explicit MutableBuf(std::streambuf *to) : to_(to) {}
  void mute(bool m) { muted_ = m; }
  bool muted() const { return muted_; }

protected:
  int overflow(int c) override {
    if (muted_ || c == traits_type::eof())
      return traits_type::not_eof(c);
    return to_->sputc(char(c));
  }
  std::streamsize xsputn(const char *s, std::streamsize n) override {
    return muted_ ? n : to_->sputn(s, n);
  }
  int sync() override { return to_->pubsync(); }

private:
  std::streambuf *to_;
  bool muted_ = false;
};

class Debugger {
public:
  Debugger(DebuggerOptions opts, std::ostream &out);
  ~Debugger();

  /// Loads the object and parses the script; prints the problem and returns
  /// false when that fails (a fatal start).
  bool start();
  /// Executes one command line; user errors are reported (errorSink),
  /// never thrown.
  void execute(std::string_view line);
  /// Where a failed command's message goes, after what the command printed
  /// (which is flushed first): gdb's standard error when unset. The
  /// program's agent under simt-dbg hands it to simt-dbg instead, which
  /// puts a command file's "Error in sourced command file" line before it.
  std::function<void(const std::string &)> errorSink;
  bool quitRequested() const { return quit_; }
  /// Whether the last execute() ended in an error (gdb stops a command
  /// file there, and -batch exits with 1 when its last command failed).
  bool lastCommandFailed() const { return failed_; }
  void requestQuit() { quit_ = true; }
  /// Completion candidates for the word under the cursor.
  std::vector<std::string> complete(std::string_view before, std::string_view word);

  //===-- Services for commands ----------------------------------------------===//

  std::ostream &out() { return out_; }
  rt::DeviceSession &session() { return **slot_; }
  /// The run-script interpreter on the session in the slot, made for each
  /// use: checkpoints replace the session, and a runner keeps nothing the
  /// debugger needs (a failed `expect` prints; grids' names are the device's).
  rt::ScriptRunner runner() { return rt::ScriptRunner(session()); }
  emu::Device &device() { return (*slot_)->device(); }
  CommandTable &commands() { return root_; }
  BreakpointTable &breakpoints() { return bps_; }
  Execution &exec() { return *exec_; }
  std::vector<Display> &displays() { return displays_; }
  /// The values `print` has shown: $1, $2, ...
  ValueHistory &history() { return history_; }
  int nextDisplayNumber() { return nextDisplay_++; }
  /// Breakpoint `number` goes at the next stop, whatever stops (gdb's
  /// momentary breakpoint of until/advance LOCATION).
  void deleteAtNextStop(int number) { deleteAtStop_.push_back(number); }

  const DebuggerOptions &options() const { return opts_; }
  /// `set sanitize`: the tool watching the device runs, or off.
  SanitizerWatch &sanitizer() { return sanitizer_; }
  /// `set memcheck`: this session's and every later one's (`run`).
  void setMemcheck(emu::Memcheck m) {
    opts_.config.memcheck = m;
    (*slot_)->setMemcheck(m);
  }
  const rt::Script &script() const { return script_; }
  bool hasScript() const { return !opts_.script.empty(); }
  /// The program under the debugger, or null (an object and a script).
  ProgramControl *program() const { return opts_.program; }
  std::filesystem::path scriptDir() const;

  /// A fresh session with the object loaded (run, kill); forgets the
  /// execution log and checkpoints.
  void resetSession();
  /// A fresh session with the object loaded, not installed.
  std::unique_ptr<rt::DeviceSession> newSession();
  /// Installs `s` (fresh, or a checkpoint's copy) and keeps the execution
  /// log: reverse-stepi. Breakpoints are marked again on its device.
  void adoptSession(std::unique_ptr<rt::DeviceSession> s) { exchangeSession(std::move(s)); }
  /// Installs `s` as adoptSession does and returns the session it replaces.
  std::unique_ptr<rt::DeviceSession> exchangeSession(std::unique_ptr<rt::DeviceSession> s);
  /// The session in the slot is another one (adoptSession, or the program
  /// reset its device): breakpoints and watchpoints are found again.
  void sessionChanged();
  /// The stream sessions print to; muted while muteSession(true).
  std::ostream &sessionStream() { return sessionOut_; }
  void muteSession(bool m) { sessionBuf_.mute(m); }

  //===-- Focus --------------------------------------------------------------===//

  Focus &focus() { return focus_; }
  /// The focused warp. With nothing focused, focuses the first resident
  /// warp. Throws CommandError when there is none and `required`.
  std::optional<emu::WarpView> focusedWarp(bool required = true);
  /// The focused grid (also when its warps are gone), or null.
  const emu::Grid *focusedGrid();
  /// The focused grid's kernel, else the first loaded one (the code that
  /// `x/i` and `disassemble` show); CommandError when none is loaded.
  const rt::LoadedKernel &focusedOrFirstKernel();
  /// Names resolve against the focus (warp, grid, lane, kernel labels).
  EvalScope scope(bool needWarp = false);
  EvalScope scopeFor(emu::WarpView w, uint32_t lane);

  //===-- Text ---------------------------------------------------------------===//

  const rt::LoadedKernel *kernelOf(const emu::Grid &g) { return (*slot_)->kernelOf(g); }
  /// The instruction at byte address `pc` of grid `g`'s image, printed by the
  /// MC printer with labels for branch targets.
  std::string instText(const emu::Grid &g, uint32_t pc);
  std::string instText(const rt::LoadedKernel &k, uint32_t pc);
  /// Branch target of the instruction at `pc`, if it has one.
  std::optional<uint64_t> branchTarget(const rt::LoadedKernel &k, uint32_t pc);
  /// "<join+0x8>" (empty when no symbol).
  std::string symbolText(const rt::LoadedKernel &k, uint32_t pc);
  /// "=> 0x0048 <join>:  IADD R2, R2, R0"
  std::string pcLine(const emu::Grid &g, uint32_t pc);

  //===-- Stops ----------------------------------------------------------------===//

  /// Prints a stop: its preface, the `stopped:` line and the instruction,
  /// then the displays; moves the focus there.
  void reportStop(const StopEvent &e);
  void printDisplays();
  /// The newest stop reportStop printed.
  const StopEvent &lastStop() const { return lastStop_; }
  /// How many stops reportStop has printed.
  unsigned stopCount() const { return stopCount_; }
  /// A user breakpoint's stop or a source step's end in source code, in
  /// cuda-gdb's words: the focus line when the stop `moved` it, then "CUDA
  /// thread hit Breakpoint 1, FRAME" (a breakpoint) or the frame when the
  /// step entered or left a function, and the source line. False where the
  /// pc has no line (code without line tables keeps the `stopped:` line,
  /// with its mask).
  /// The number a breakpoint's hit at `pc` of `k` is reported by ("1.2").
  std::string hitNumber(int number, const rt::LoadedKernel &k, uint32_t pc);
  /// The stop's temporary breakpoints that were hit, and deleteAtNextStop's.
  void removeAfterStop(const StopEvent &e);
  /// A stop at the location of `until LOCATION` or `advance LOCATION`.
  static bool reachedRunTo(const StopEvent &e);
  bool reportSourceStop(const StopEvent &e, emu::WarpView w, bool moved);
  /// One display; `atStop`, one whose variables are out of scope shows
  /// nothing (gdb's), else the error in its place.
  void printDisplay(const Display &d, bool atStop = false);

  //===-- Settings -------------------------------------------------------------===//

  bool breakOnLaunch = false;
  bool cudaCoalescing = true; // `info cuda blocks/threads` as ranges
  unsigned listSize = 10; // disassemble: instructions on each side of the PC

  /// Where `list` goes on from: the last stop's or listing's file and
  /// line; `next` (when not 0) is the line a plain `list` continues at.
  struct SourceMark {
    std::string file;
    unsigned line = 0, next = 0;
  };
  SourceMark listMark;

  /// The frame `frame`, `up` and `down` selected (0: the innermost); a stop
  /// or a focus on another thread selects 0 again.
  size_t selectedFrame() const { return sameThread(frameFocus_, focus_) ? frame_ : 0; }
  void selectFrame(size_t n) {
    frame_ = n;
    frameFocus_ = focus_;
  }

private:
  void registerCommands();
  void dispatch(const CommandTable &table, std::string_view line, const std::string &prefix);

  DebuggerOptions opts_;
  std::ostream &out_;
  MutableBuf sessionBuf_;
  std::ostream sessionOut_;
  std::unique_ptr<rt::DeviceSession> ownSession_;  // an object and a run script
  std::unique_ptr<rt::DeviceSession> *slot_;       // where the session lives
  SanitizerWatch sanitizer_;
  rt::Script script_;
  /// Without an object on the command line: the script's leading `load`s
  /// (a capture's), which every session runs first, as it loads the object.
  std::vector<rt::Command> preload_;
  /// Loads the object, or runs preload_, into `s`.
  rt::Status loadObjects(rt::DeviceSession &s);
  CommandTable root_;
  BreakpointTable bps_;
  std::unique_ptr<Execution> exec_;
  std::vector<Display> displays_;
  std::vector<int> deleteAtStop_;
  ValueHistory history_;
  int nextDisplay_ = 1;
  Focus focus_;
  size_t frame_ = 0;
  Focus frameFocus_; // the thread frame_ is of
  StopEvent lastStop_;
  unsigned stopCount_ = 0;
  SIMTWordDisassembler disasm_;
  bool quit_ = false;
  bool failed_ = false;
};

} // namespace simt::dbg
