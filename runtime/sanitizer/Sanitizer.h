//===-- Sanitizer.h - The sanitizer's session: tools, hooks, reports ------===//
//
// simt-emu --sanitize=TOOL, SIMT_EMU_FLAGS=--sanitize=TOOL and
// simt-sanitizer (docs/sanitizer.md). Attached to a DeviceSession, it
//  - reports memcheck's device errors from the emulator's faults (strict
//    memcheck maps exactly each allocation's bytes, so a bad access
//    faults): every lane of the faulting instruction, the address and the
//    allocation it is in or next to, a freed block as a use after free;
//    with --destroy-on-device-error kernel the grid is discarded and the
//    run goes on;
//  - ends the run at the epoch a synccheck error is reported in, as
//    compute-sanitizer ends the kernel (the program sees a launch failure;
//    with --destroy-on-device-error kernel only that grid ends), unless a
//    report listener (the debugger) makes each report a stop of its own;
//  - checks the device heap's blocks (HeapCheck.h) from the trace hook,
//    attached for memcheck only once a kernel of an object with a heap is
//    launched;
//  - runs the instruction-watching tools (initcheck, synccheck, racecheck:
//    emu/sanitize/Checker.h) from the device's trace hook, attached only
//    for them, so memcheck and the plain run cost nothing;
//  - hears the host's calls from the CUDA runtime (allocations, frees, bad
//    arguments) and, at exit, reports leaks, unused memory and the summary.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/sanitize/Checker.h"
#include "runtime/DeviceSession.h"
#include "runtime/sanitizer/Allocations.h"
#include "runtime/sanitizer/HeapCheck.h"
#include "runtime/sanitizer/HostBacktrace.h"
#include "runtime/sanitizer/Reporter.h"
#include "runtime/sanitizer/SanitizerOptions.h"
#include "runtime/sanitizer/Shadow.h"
#include "runtime/sanitizer/Suppressions.h"

#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace simt::rt::sanitizer {

/// A failed CUDA call as compute-sanitizer names it.
struct ApiError {
  std::string call;    // "cudaFree"
  std::string name;    // "cudaErrorInvalidValue"
  int number = 0;      // 1
  std::string text;    // "invalid argument"
};

class Sanitizer final : public emu::Subscriber {
public:
  Sanitizer(SanitizerOptions options, std::ostream &out);
  ~Sanitizer();
  /// Subscribes to `session`'s device (the first time, loads the
  /// suppressions).
  Status start(DeviceSession &session);
  /// Stops (and starts again) taking the device's records, between runs:
  /// the debugger's replays run instructions the tools have seen already.
  void pauseRecords(bool paused);
  /// Called after each printed report with its lines as printed, and the
  /// record being observed when it was made (null for the host's reports
  /// and those at a run's end).
  using ReportListener =
      std::function<void(const std::vector<std::string> &printed, const emu::TraceRecord *record)>;
  void setReportListener(ReportListener l);
  /// The session ends (cudaDeviceReset, exit): its leaks and unused memory
  /// are reported, and the sanitizer lets go of it. The counts stay.
  void detach();
  /// The session was destroyed (and its device with this subscription):
  /// forget it without touching it, reporting nothing.
  void abandon() { session_ = nullptr; }
  const SanitizerOptions &options() const { return options_; }
  /// A program's run: reports show the host's calls that led to them
  /// (HostBacktrace.h), taken at each launch, allocation and failed call.
  void saveHostBacktraces() { hostBacktraces_ = true; }

  //===-- The host's calls (the CUDA runtime) -----------------------------===//
  void allocated(uint64_t base, uint64_t size, std::string call);
  void freed(uint64_t base, std::string call);
  /// A free the runtime refused: reported as a double free (a block freed
  /// before) or an invalid one, with the error the call returns.
  void badFree(uint64_t addr, const ApiError &error);
  /// A call refused for bad arguments: `detail` says which.
  void apiError(const ApiError &error, emu::sanitize::FindingKind kind,
                const std::string &detail);
  /// Any other failed call (--report-api-errors): the error alone.
  void apiFailed(const ApiError &error);
  /// The host-side reports made so far (a call that made one is not
  /// reported again by apiFailed).
  uint64_t hostReports() const { return hostReports_; }

  //===-- The device's events (emu/device/Subscriber.h) -------------------===//
  emu::Interests interests() const override;
  void record(const emu::TraceRecord &r) override;
  std::string watch(bool ended) override;
  void launched(const emu::Grid &g) override;
  void hostWrote(emu::ContextId ctx, uint64_t addr, uint64_t bytes) override;
  bool runEnded(const emu::RunResult &r) override;
  /// Whether memcheck reported the fault that ended the last run: the
  /// program then sees "unspecified launch failure", as under
  /// compute-sanitizer, whatever the fault.
  bool reportedLastFault() const { return reportedLastFault_; }

  /// At exit: detach(), then the summary. Returns the process's
  /// status for a program that ended with `programStatus`.
  int finish(int programStatus);
  uint64_t errors() const { return reporter_.errors(); }
  /// Errors and warnings reported so far.
  uint64_t reports() const { return reporter_.errors() + reporter_.warnings(); }

  /// The TraceDetail bits those tools need; 0 when none watches.
  uint8_t traceDetail() const;

private:
  /// runEnded's checks: whether the fault's grid was discarded.
  bool checkRunEnd(const emu::RunResult &r);
  /// Under simt-sanitizer, the counts so far in processTallyFile(), after
  /// each device run and host report: a program that dies before its exit
  /// handlers (a signal) still has them counted.
  void savePartialTally();
  /// One executed warp-instruction, for the tools that watch them.
  void observe(const emu::TraceRecord &r);
  /// Whether grid `g`'s findings are reported (--kernel-name,
  /// --launch-skip, --launch-count); begins the grids new to it on the
  /// checkers.
  bool checked(emu::GridId g);
  /// Ends, on the checkers, the grids begun that no longer run.
  void endGrids(bool all);
  void reportFindings();
  /// racecheck's analysis records: `races` grouped by the location that
  /// comes first in the code, one record each (RaceRecord).
  void reportRaceRecords(const std::vector<emu::sanitize::Finding> &races);
  /// One device finding, suppressions applied; with the warp's `stack`, its
  /// report names the device frames too.
  /// Reports a device finding; false where the suppressions (or the
  /// warning level) leave it out.
  bool reportDevice(const emu::sanitize::Finding &f, const std::vector<std::string> &where,
                    const emu::SimtStack *stack = nullptr);
  /// A host report: suppressed by `function`, else printed.
  void reportHost(emu::sanitize::FindingKind kind, const std::string &function,
                  const std::vector<std::string> &lines);
  /// `stack`: the warp's, for the call chain (may be null).
  /// --track-unused-memory's report of an allocation (at its free or exit).
  void reportUnused(const Shadow::Unused &u);
  /// The stack saved at grid `g`'s launch, as a report's lines.
  std::vector<std::string> launchBacktrace(emu::GridId g) const;
  /// A host stack, taken now when they are saved.
  HostBacktrace hostStackNow() const;
  SiteText siteOf(emu::GridId grid, uint32_t pc, const emu::SimtStack *stack = nullptr) const;
  /// memcheck's reports of a memory fault of `warp`: one per lane.
  void reportFault(const emu::FaultReport &fault, const emu::WarpRef &warp);
  /// memcheck's "Trace/breakpoint trap" of each lane of a trap `fault`
  /// (not a failed assert's); false when it is none.
  bool reportTrap(const emu::FaultReport &fault, const emu::WarpRef &warp);
  std::vector<std::string> whereGlobal(uint64_t addr, bool misaligned,
                                       emu::sanitize::FindingKind &kind,
                                       const emu::Grid *grid);

  DeviceSession *session_ = nullptr;
  SanitizerOptions options_;
  std::string savedTally_; // the text savePartialTally() last wrote
  bool reportedLastFault_ = false;
  bool hostBacktraces_ = false;
  emu::GridId endingGrid_ = 0; // a synccheck or device-heap error ends it at the next watch
  /// The recent launches' host stacks (a report comes soon after its
  /// launch), and their lines once a report has shown them.
  struct LaunchStack {
    HostBacktrace stack;
    std::optional<std::vector<std::string>> lines;
  };
  mutable std::map<emu::GridId, LaunchStack> launchStacks_;
  Reporter reporter_;
  Suppressions suppressions_;
  Allocations allocations_;
  Shadow shadow_;
  std::vector<std::unique_ptr<emu::sanitize::Checker>> checkers_;
  std::unique_ptr<HeapCheck> heap_; // memcheck with our own hook
  std::vector<HeapFinding> heapFound_;
  std::vector<emu::sanitize::Finding> found_;
  std::vector<bool> checked_;         // by grid id - 1: its findings reported
  std::vector<emu::GridId> begun_;    // on the checkers, not yet ended
  uint64_t matching_ = 0;             // launches --kernel-name matched
  emu::GridId lastGrid_ = 0;
  bool lastChecked_ = false;
  bool recordsPaused_ = false, suppressionsLoaded_ = false;
  const emu::TraceRecord *observing_ = nullptr; // in observe()
  ReportListener listener_;
  uint64_t hostReports_ = 0;
};

} // namespace simt::rt::sanitizer
