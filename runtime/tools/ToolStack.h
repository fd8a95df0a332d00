//===-- ToolStack.h - The tools a front end attaches to a session ---------===//
//
// simt-emu and libcudart (SIMT_EMU_FLAGS, SIMT_CAPTURE) take the same tools
// from the same options: the trace writer, the sanitizer, the profiler, the
// launch capture, the statistics JSON and the --timeout watch. A ToolStack
// attaches them to a DeviceSession's device in one fixed order (their
// records arrive in the order they subscribed: emu/device/Subscriber.h) and
// ends them in one place. What differs between the front ends (where the
// trace and the profile's tables go, their messages' prefix, where the
// sanitizer's summary falls) is the Frontend they give, not the code.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_TOOLS_TOOLSTACK_H
#define SIMT_RUNTIME_TOOLS_TOOLSTACK_H

#include "runtime/capture/Capture.h"
#include "runtime/RunWatch.h"
#include "runtime/DeviceSession.h"
#include "runtime/TraceWriter.h"
#include "runtime/profiler/ProfileOptions.h"
#include "runtime/profiler/Profiler.h"
#include "runtime/sanitizer/Sanitizer.h"

#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>

namespace CLI {
class App;
}

namespace simt::rt {

/// The tools' options, as simt-emu's flags and SIMT_EMU_FLAGS give them.
struct ToolOptions {
  bool trace = false;                   ///< --trace
  std::string traceFile;                ///< --trace=FILE ("": the front end's stream)
  std::string sanitize;                 ///< --sanitize's spec ("": none)
  prof::ProfileOptions profile;         ///< --profile...
  bool statsToStderr = false;           ///< --stats
  std::string statsFile;                ///< --stats-file
  std::optional<double> timeoutSeconds; ///< --timeout: per device run
};

/// Whose help the tools' flags carry: simt-emu's, a program's
/// (SIMT_EMU_FLAGS: reports at exit, a time limit as an error code), or
/// simt-dbg's (simt-emu's, without --timeout: a person decides when a
/// debugger's run stops).
enum class ToolFlagsFor { SimtEmu, Program, Debugger };
/// --trace, --stats, --stats-file and --timeout (runtime/tools/ToolFlags.def).
void addToolOptions(CLI::App &app, ToolOptions &o, ToolFlagsFor who);
/// Whether `o` attaches any tool (the --timeout watch aside).
bool anyTool(const ToolOptions &o);
/// After the parse: what it leaves to set (--trace given without a file).
void finishToolOptions(const CLI::App &app, ToolOptions &o);
/// The rows of docs/tools/simt-emu.md's tables of them
/// (--help-options-markdown).
void printToolMarkdown(std::ostream &os);

/// This process's command line, its words joined by spaces ("./app -n 10"),
/// as nvprof names the application it profiles; `fallback` where /proc
/// cannot tell.
std::string commandLine(const std::string &fallback);

/// What the front end's tools write where.
struct Frontend {
  std::string tool;                 ///< the progress line's name ("simt-emu")
  std::string errorPrefix;          ///< before a file's error ("simt-emu: error: ")
  std::ostream *traceOut = nullptr; ///< --trace without a file
  std::string program;              ///< the profile's program
  /// The profile's tables begin each line with the process's "==PID== ".
  bool pidPrefix = false;
  std::string timeoutHint = "";     ///< on the progress line while no --timeout
  /// The sanitizer's summary comes after everything else, and after the
  /// output is flushed (a program's, as compute-sanitizer's); otherwise
  /// first (simt-emu's, before the profile).
  bool summaryLast = false;
  /// The sanitizer's reports show the host's calls that led to them (a
  /// program's own frames; simt-emu's would say nothing).
  bool hostBacktraces = false;
  /// A profile or statistics file that cannot be written fails the run
  /// (simt-emu); a program's exit status stays its own.
  bool filesFailRun = false;
};

class ToolStack {
public:
  explicit ToolStack(Frontend frontend, ToolOptions options = {});
  ~ToolStack();
  ToolStack(const ToolStack &) = delete;
  ToolStack &operator=(const ToolStack &) = delete;

  /// Subscribes the tools to `session`'s device: the trace, the sanitizer,
  /// the profiler. The sanitizer and the profiler are made once and outlive
  /// detach() (a program's counts and profile span cudaDeviceReset). An
  /// error (a trace file that cannot be written, a sanitizer that cannot
  /// start) leaves nothing attached.
  Status attach(DeviceSession &session);
  /// Leaves `session` before it goes (cudaDeviceReset): the profile and
  /// the trace first, then `endGrids` (the running grids' cycles stay in
  /// the profile), then the sanitizer (the context's leaks). Its statistics
  /// are kept for finish() when the program ends without a new session.
  void detach(DeviceSession &session, const std::function<void()> &endGrids);

  /// A watch of the next device runs (the --timeout and, on a terminal, the
  /// progress line), or null when there is nothing to watch for.
  std::unique_ptr<RunWatch> watch(emu::Device &device) const;

  /// Ends every tool, in one order: the sanitizer's summary unless it comes
  /// last, the profile, the capture, `report` (simt-emu's --summary), the
  /// statistics of `session` (null: the last detached one's, after a
  /// program's final cudaDeviceReset), then the sanitizer's summary if it
  /// comes last.
  /// Returns `status` as the sanitizer replaces it; with filesFailRun, 1
  /// when the statistics file could not be written, or the profile's files
  /// on an otherwise passing run.
  int finish(DeviceSession *session, int status, const std::function<void()> &report = {});
  /// Whether a session was ever attached (so finish() has tools to end).
  bool everAttached() const { return everAttached_; }

  /// The options, to be set before the first attach().
  ToolOptions &options() { return options_; }
  sanitizer::Sanitizer *sanitizer() { return sanitizer_.get(); }
  prof::Profiler *profiler() { return profiler_.get(); }
  /// The launch capture (SIMT_CAPTURE, the debugger's `capture`), or null.
  LaunchCapturer *capture() { return capture_.get(); }
  void setCapture(std::unique_ptr<LaunchCapturer> capture) { capture_ = std::move(capture); }

private:
  /// The statistics JSON on stderr and in the file; false if the file
  /// could not be written (said on stderr).
  bool writeStats(const std::string &json);

  ToolOptions options_;
  Frontend frontend_;
  std::ofstream traceFile_;
  std::unique_ptr<TraceWriter> trace_;
  std::ofstream sanitizerLog_; // --log-file's; outlives the sanitizer writing to it
  std::unique_ptr<sanitizer::Sanitizer> sanitizer_;
  std::unique_ptr<prof::Profiler> profiler_;
  std::unique_ptr<LaunchCapturer> capture_;
  std::string detachedStats_; // the statistics JSON of the last detached session
  bool everAttached_ = false;
};

} // namespace simt::rt

#endif // SIMT_RUNTIME_TOOLS_TOOLSTACK_H
