//===-- Capture.cpp - A launch written as a replayable run script ---------===//
//
// captureLaunch: the launch runs alone on a copy of the session, a trace
// hook noting the blocks of global memory it reads and writes; the script's
// setup is written from the session as it was, then run in a fresh session
// as `simt-emu` will run it, and what that run wrote becomes the expects.
// Where the program's run and the replay differ (a race, a result that
// depends on the schedule or on the device's state), the report says so.
//
//===----------------------------------------------------------------------===//
#include "runtime/capture/Capture.h"
#include "runtime/capture/CaptureScript.h"
#include "runtime/RunScript.h"
#include "runtime/script/ScriptRunner.h"

#include <sstream>

namespace simt::rt {

namespace {

/// Notes the global-memory accesses of one grid.
struct AccessRecorder final : emu::Subscriber {
  emu::GridId grid = 0; ///< 0: every grid
  TouchedBlocks touched;

  emu::Interests interests() const override {
    return {.records = true, .detail = emu::TraceMemory | emu::TraceMemoryOnly};
  }
  void record(const emu::TraceRecord &r) override {
    if (grid && r.grid != grid)
      return;
    for (const emu::MemAccess &m : r.mem) {
      if (m.space != emu::MemSpace::Global)
        continue;
      const bool read = m.kind != emu::MemAccessKind::Store, write = m.writes();
      for (uint32_t lanes = m.lanes; lanes; lanes &= lanes - 1)
        touched.note(m.addr[std::countr_zero(lanes)], m.bytes, read, write);
    }
  }
};

/// Where a fault stopped a grid, as the replay must reproduce it.
struct FaultSite {
  emu::FaultKind kind = emu::FaultKind::None;
  uint32_t pc = 0, cta[3] = {0, 0, 0}, warp = 0, lanes = 0;
  uint64_t address = 0;
  explicit FaultSite(const emu::FaultReport *f) {
    if (f) {
      kind = f->kind, pc = f->pc, warp = f->warp, lanes = f->lanes, address = f->address;
      std::copy(f->cta, f->cta + 3, cta);
    }
  }
  bool operator==(const FaultSite &) const = default;
};

/// What one run of the launch left: the blocks it touched, what it
/// printed, and the fault that stopped it (if one did).
struct LaunchRun {
  AccessRecorder recorder;
  std::ostringstream printed;
  std::string error;
  std::optional<FaultSite> fault;

  void attach(DeviceSession &s, emu::GridId grid) {
    recorder.grid = grid;
    s.device().subscribe(recorder);
  }
  void ended(DeviceSession &s, bool ok, const std::string &message) {
    s.device().unsubscribe(recorder);
    if (ok)
      return;
    const emu::FaultReport *f = s.device().lastFault();
    error = f ? f->format() : message;
    fault.emplace(f);
  }
};

/// Where the program's run of the launch and the replay's differ ("" if
/// nowhere): the fault, the output, or the bytes either wrote in `buffers`.
std::string difference(const LaunchRun &program, DeviceMemory &programMemory,
                       const LaunchRun &replay, DeviceMemory &replayMemory,
                       const std::vector<CapturedBuffer> &buffers) {
  if (program.fault != replay.fault)
    return program.fault ? "in the program the launch stopped: " + program.error
                         : "the replay stops: " + replay.error;
  if (program.printed.str() != replay.printed.str())
    return "it prints other lines than in the program";
  uint64_t differing = 0;
  std::string first;
  for (const CapturedBuffer &b : buffers) {
    const uint8_t *p = programMemory.translate(b.base, b.size);
    const uint8_t *r = replayMemory.translate(b.base, b.size);
    for (const ByteRun &run : writtenRuns(b, program.recorder.touched, replay.recorder.touched))
      for (uint64_t i = run.offset; i < run.offset + run.bytes; ++i)
        if (p[i] != r[i] && !differing++)
          first = b.name + " byte " + std::to_string(i);
  }
  if (!differing)
    return "";
  return std::to_string(differing) + " bytes it wrote differ from the program's run (the first: " +
         first + ")";
}

} // namespace

Expected<CaptureReport> captureLaunch(DeviceSession &session, const LaunchRequest &launch,
                                      const CaptureObject &object, const CaptureOptions &opts) {
  // The launch alone, on a copy: the program's other grids stay its own.
  LaunchRun program;
  std::unique_ptr<DeviceSession> copy = session.clone(program.printed);
  for (emu::GridId g : copy->device().runningGrids())
    copy->device().discardGrid(g);
  copy->flushPrintf();
  program.printed.str("");
  Expected<emu::GridId> grid = copy->launch(launch);
  if (!grid)
    return makeError("the launch cannot be issued: " + grid.message());
  program.attach(*copy, *grid);
  const Status ran = copy->runUntilEnded(*grid);
  program.ended(*copy, bool(ran), ran ? std::string() : ran.message());

  // The script up to its wait, run as `simt-emu` will run it: what that
  // run writes is what the script expects.
  CaptureReport report;
  CaptureWriter writer(session, launch, object, opts, program.recorder.touched);
  Expected<std::string> setup = writer.writeSetup(report);
  if (!setup)
    return setup.error();
  const ParseResult parsed = parseScript(*setup, writer.scriptPath().string());
  if (!parsed.ok())
    return makeError("the capture does not parse: " + parsed.errorText());
  LaunchRun replay;
  DeviceSessionConfig replayConfig; // simt-emu's, and the step limit the script names
  replayConfig.device.maxSteps = session.config().device.maxSteps;
  DeviceSession fresh(replayConfig, replay.printed);
  replay.attach(fresh, 0);
  std::ostringstream errors; // FILE:LINE: error: MESSAGE
  const bool passed = ScriptRunner(fresh).runScript(parsed.script, opts.dir, errors) == 0;
  const std::string text = errors.str();
  const size_t at = text.find("error: ");
  replay.ended(fresh, passed, at == std::string::npos ? text : text.substr(at + 7));
  if (Status st = writer.writeExpects(program.recorder.touched, replay.recorder.touched,
                                     fresh.memory(), replay.error, report);
      !st)
    return st.error();
  report.launchError = program.error;
  report.replayDiffers =
      difference(program, copy->memory(), replay, fresh.memory(), writer.buffers());
  return report;
}

} // namespace simt::rt
