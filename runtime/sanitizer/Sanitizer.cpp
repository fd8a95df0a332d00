//===-- Sanitizer.cpp - The sanitizer's session: tools, hooks, reports ----===//
#include "runtime/sanitizer/Sanitizer.h"

#include "emu/device/Facade.h"
#include "emu/sanitize/RaceCheck.h"
#include "emu/sanitize/SyncCheck.h"
#include "runtime/KernelNames.h"
#include "runtime/SourceBacktrace.h"
#include "runtime/sanitizer/InitCheck.h"
#include "runtime/sanitizer/KernelFilter.h"
#include "support/Text.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <utility>
#include <unistd.h>
#include <tuple>

namespace simt::rt::sanitizer {

using emu::sanitize::Finding;
using emu::sanitize::FindingKind;

Sanitizer::Sanitizer(SanitizerOptions options, std::ostream &out)
    : options_(std::move(options)),
      reporter_(out, options_.printLimit, !options_.printErrorsOnly, options_.prefix) {
  // Under simt-sanitizer the file is made (emptied) before the program runs.
  if (!options_.save.empty())
    reporter_.saveTo(options_.save, /*truncate=*/options_.summaryFile.empty());
}

Sanitizer::~Sanitizer() {
  if (session_)
    session_->device().unsubscribe(*this);
}

Status Sanitizer::start(DeviceSession &session) {
  if (!options_.suppressions.empty() && !suppressionsLoaded_) {
    auto s = Suppressions::load(options_.suppressions);
    if (!s)
      return s.error();
    suppressions_ = std::move(*s);
    suppressionsLoaded_ = true;
  }
  session_ = &session;
  if (options_.padding)
    session.memory().widenGuard(options_.padding);
  checkers_.clear();
  switch (options_.tool) {
  case Tool::Memcheck: break; // the emulator's faults
  case Tool::Initcheck: checkers_.push_back(std::make_unique<InitCheck>(shadow_)); break;
  case Tool::Synccheck: checkers_.push_back(emu::sanitize::makeSyncCheck()); break;
  case Tool::Racecheck: {
    emu::sanitize::RaceCheckOptions o;
    o.everyHazard = options_.everyHazard;
    checkers_.push_back(emu::sanitize::makeRaceCheck(o));
    break;
  }
  }
  // The device heap's check reads device memory between instructions,
  // which a parallel epoch's store buffers would hold back.
  heap_.reset();
  if (options_.tool == Tool::Memcheck && options_.checkDeviceHeap &&
      !session.config().device.parallelEpochs)
    heap_ = std::make_unique<HeapCheck>(session);
  session_->device().subscribe(*this);
  // The counts so far, from the start: simt-sanitizer tells a program that
  // never reached CUDA by their absence.
  savePartialTally();
  return {};
}

emu::Interests Sanitizer::interests() const {
  emu::Interests i;
  i.records = !recordsPaused_ && (!checkers_.empty() || (heap_ && heap_->watching()));
  i.detail = traceDetail();
  // Asked between epochs: a synccheck error, or memcheck's on the device
  // heap, ends the run in the epoch it was found in (as the hardware's
  // memcheck ends the kernel with an unspecified launch failure).
  if ((options_.tool == Tool::Synccheck || (heap_ && heap_->watching())) && !listener_)
    i.watchCycles = 1;
  return i;
}

std::string Sanitizer::watch(bool) {
  if (!endingGrid_)
    return {};
  const emu::Grid *g = session_->device().grid(endingGrid_);
  const bool sync = options_.tool == Tool::Synccheck;
  return std::string(sync ? "synccheck" : "memcheck") + " ended kernel '" +
         (g ? g->params.kernel.name : std::string("?")) + "' (grid " +
         std::to_string(endingGrid_) + ") at " +
         (sync ? "a barrier error" : "an invalid access to the device heap");
}

void Sanitizer::launched(const emu::Grid &g) {
  if (hostBacktraces_ && options_.hostBacktrace()) {
    constexpr emu::GridId kKept = 256;
    launchStacks_.erase(launchStacks_.begin(), launchStacks_.lower_bound(g.id > kKept ? g.id - kKept : 0));
    launchStacks_[g.id] = {HostBacktrace::capture(), std::nullopt};
  }
  // The device reads interests() again next: a kernel with the device heap
  // starts the heap check's records.
  if (heap_)
    if (const LoadedCode *code = session_->loadedOf(g))
      heap_->watch(*code);
}

std::vector<std::string> Sanitizer::launchBacktrace(emu::GridId g) const {
  auto it = launchStacks_.find(g);
  if (it == launchStacks_.end())
    return {};
  if (!it->second.lines)
    it->second.lines = hostBacktraceLines(it->second.stack, "kernel launch time", options_.demangle);
  return *it->second.lines;
}

HostBacktrace Sanitizer::hostStackNow() const {
  return hostBacktraces_ && options_.hostBacktrace() ? HostBacktrace::capture() : HostBacktrace();
}

uint8_t Sanitizer::traceDetail() const {
  uint8_t detail = 0;
  for (const auto &c : checkers_)
    detail |= c->traceDetail();
  if (heap_ && heap_->watching()) // memcheck: the heap check alone
    detail |= emu::TraceMemory | emu::TraceMemoryOnly;
  return detail;
}

void Sanitizer::detach() {
  if (!session_)
    return;
  endGrids(true);
  if (options_.leakCheck && options_.tool == Tool::Memcheck) {
    uint64_t bytes = 0, count = 0;
    for (const Block &b : allocations_.leaks()) {
      bytes += b.size;
      ++count;
      std::vector<std::string> lines{"Leaked " + byteCount(b.size) + " bytes at " + hex(b.base),
                                     "Allocated by " + b.call + " #" + std::to_string(b.ordinal)};
      for (std::string &l : hostBacktraceLines(b.allocatedAt, "allocation time", options_.demangle))
        lines.push_back(std::move(l));
      reportHost(FindingKind::Leak, b.call, lines);
    }
    reporter_.note("LEAK SUMMARY: " + byteCount(bytes) + " bytes leaked in " +
                   std::to_string(count) + " allocations");
  }
  if (options_.trackUnusedMemory)
    for (const Shadow::Unused &u : shadow_.unused())
      reportUnused(u);
  session_->device().unsubscribe(*this);
  session_ = nullptr;
  heap_.reset();
  allocations_ = Allocations();
  shadow_ = Shadow();
  checked_.clear();
  begun_.clear();
  lastGrid_ = 0;
}

//===-- Grids and the checkers -------------------------------------------------===//

void Sanitizer::pauseRecords(bool paused) {
  if (paused == recordsPaused_)
    return;
  recordsPaused_ = paused;
  if (session_)
    session_->device().interestsChanged();
}

void Sanitizer::setReportListener(ReportListener l) {
  listener_ = std::move(l);
  if (session_) // synccheck's watch is off while someone listens
    session_->device().interestsChanged();
  reporter_.setListener([this](const std::vector<std::string> &printed) {
    if (listener_)
      listener_(printed, observing_);
  });
}

void Sanitizer::record(const emu::TraceRecord &r) {
  observing_ = &r;
  observe(r);
  observing_ = nullptr;
}

void Sanitizer::observe(const emu::TraceRecord &r) {
  if (r.grid != lastGrid_) {
    lastGrid_ = r.grid;
    lastChecked_ = checked(r.grid);
  }
  // Every grid is watched (initcheck's stores count for later kernels);
  // only the checked ones' findings are reported.
  for (const auto &c : checkers_)
    c->observe(r, found_);
  if (!found_.empty())
    reportFindings();
  if (!heap_)
    return;
  heap_->observe(r, heapFound_);
  if (lastChecked_ && !heapFound_.empty()) {
    bool reported = false;
    for (const HeapFinding &f : heapFound_)
      reported |= reportDevice(f.finding, f.where);
    // The kernel ends here, as on the hardware (a store past a block would
    // otherwise go on to corrupt the next block's header), unless the
    // suppressions hid the error.
    if (reported && !listener_)
      endingGrid_ = r.grid;
  }
  heapFound_.clear();
}

bool Sanitizer::checked(emu::GridId id) {
  // Grid ids follow launch order: every grid up to `id` is decided in
  // turn, so --launch-skip counts launches (memcheck only sees the grids
  // that fault).
  while (checked_.size() < id) {
    const emu::GridId next = static_cast<emu::GridId>(checked_.size() + 1);
    const emu::Grid *g = session_->device().grid(next);
    bool on = false;
    if (g && kernelMatches(options_.kernelName, g->params.kernel.name) &&
        (options_.kernelNameExclude.empty() ||
         !kernelMatches(options_.kernelNameExclude, g->params.kernel.name))) {
      const uint64_t n = matching_++;
      on = n >= options_.launchSkip &&
           (!options_.launchCount || n - options_.launchSkip < options_.launchCount);
    }
    checked_.push_back(on);
    if (g && !checkers_.empty()) {
      emu::sanitize::GridInfo info;
      info.grid = next;
      info.kernel = g->params.kernel.name;
      std::copy(g->params.grid, g->params.grid + 3, info.gridDim);
      std::copy(g->params.block, g->params.block + 3, info.blockDim);
      info.sharedBytes = g->params.kernel.shared + g->params.dynamicShared;
      for (const auto &c : checkers_)
        c->beginGrid(info);
      begun_.push_back(next);
    }
  }
  return id >= 1 && checked_[id - 1];
}

void Sanitizer::endGrids(bool all) {
  std::vector<emu::GridId> still;
  for (emu::GridId id : begun_) {
    const emu::Grid *g = session_->device().grid(id);
    if (!all && g && g->state == emu::GridState::Running) {
      still.push_back(id);
      continue;
    }
    for (const auto &c : checkers_)
      c->endGrid(id, found_);
    reportFindings();
  }
  begun_ = std::move(still);
}

void Sanitizer::reportFindings() {
  std::vector<Finding> found, races;
  found.swap(found_);
  for (const Finding &f : found) {
    if (!checked(f.access.grid))
      continue;
    if (options_.tool == Tool::Racecheck && !options_.everyHazard && f.hasOther) {
      races.push_back(f);
      continue;
    }
    std::vector<std::string> where;
    if (f.kind == FindingKind::UninitializedRead)
      where.push_back("Address " + hex(f.access.address));
    reportDevice(f, where);
  }
  reportRaceRecords(races);
}

void Sanitizer::reportRaceRecords(const std::vector<Finding> &races) {
  // By the first location's grid, pc and access.
  std::vector<RaceRecord> records;
  std::map<std::tuple<emu::GridId, uint32_t, bool>, size_t> byHead;
  for (const Finding &f : races) {
    if (f.severity == Severity::Warning && !options_.raceWarnings)
      continue;
    const bool otherFirst = f.other.pc <= f.access.pc;
    const AccessSite &first = otherFirst ? f.other : f.access;
    const AccessSite &second = otherFirst ? f.access : f.other;
    const bool firstWrites = first.kind != emu::MemAccessKind::Load;
    const bool secondWrites = second.kind != emu::MemAccessKind::Load;
    // A head's site is looked up once, when its record is made.
    const std::tuple<emu::GridId, uint32_t, bool> head{first.grid, first.pc, firstWrites};
    auto at = byHead.find(head);
    if (at == byHead.end()) {
      at = byHead.emplace(head, records.size()).first;
      records.push_back(
          {Severity::Warning, {first.pc, firstWrites, siteOf(first.grid, first.pc), 0}, {}});
    }
    RaceRecord &r = records[at->second];
    if (suppressions_.suppresses(f.kind, r.head.site.function, r.head.site.source))
      continue;
    if (f.severity == Severity::Error)
      r.severity = Severity::Error;
    auto partner = std::find_if(r.partners.begin(), r.partners.end(), [&](const auto &p) {
      return p.pc == second.pc && p.write == secondWrites;
    });
    if (partner == r.partners.end()) {
      r.partners.push_back({second.pc, secondWrites, siteOf(second.grid, second.pc), 0});
      partner = r.partners.end() - 1;
    }
    partner->hazards += f.hazards;
  }
  // In the code's order, as compute-sanitizer lists them; a record whose
  // every hazard is suppressed is none.
  for (const auto &[head, index] : byHead)
    if (!records[index].partners.empty())
      reporter_.report(records[index].severity, raceRecordLines(records[index]));
}

//===-- Wording ------------------------------------------------------------------===//

SiteText Sanitizer::siteOf(emu::GridId id, uint32_t pc, const emu::SimtStack *stack) const {
  SiteText s;
  const emu::Grid *g = session_->device().grid(id);
  if (!g)
    return s;
  std::copy(g->params.block, g->params.block + 3, s.blockDim);
  const std::string kernel = reportedName(g->params.kernel.name, options_.demangle, true);
  s.function = kernel;
  const LoadedKernel *k = session_->kernelOf(*g);
  if (!k)
    return s;
  // compute-sanitizer's words: FUNCTION+OFFSET in FILE:LINE, a path under the
  // working directory named from there.
  std::error_code ec;
  const std::string cwd = std::filesystem::current_path(ec).string() + "/";
  auto sourceText = [&](const DeviceFrame &f) {
    if (!f.pos)
      return std::string();
    std::string file = f.pos->file;
    if (!ec && file.starts_with(cwd))
      file.erase(0, cwd.size());
    return file + ":" + std::to_string(f.pos->line);
  };
  auto functionText = [&](const DeviceFrame &f) {
    return f.section && !f.section->isKernel
               ? reportedName(f.section->name, options_.demangle, true)
               : kernel;
  };
  const std::vector<DeviceFrame> frames =
      deviceFrames(*k, pc, options_.deviceBacktrace() ? stack : nullptr);
  s.source = sourceText(frames.front());
  s.functionStart = frames.front().section ? frames.front().section->addr : 0;
  s.function = functionText(frames.front());
  for (size_t i = 1; i < frames.size(); ++i) {
    const DeviceFrame &f = frames[i];
    const std::string source = sourceText(f);
    s.backtrace.push_back("    Device Frame: " + functionText(f) + "+" +
                          hex(f.pc - (f.section ? f.section->addr : 0)) +
                          (source.empty() ? "" : " in " + source));
  }
  return s;
}

bool Sanitizer::reportDevice(const Finding &f, const std::vector<std::string> &where,
                             const emu::SimtStack *stack) {
  if (f.severity == Severity::Warning && !options_.raceWarnings)
    return false;
  const SiteText site = siteOf(f.access.grid, f.access.pc, stack);
  if (suppressions_.suppresses(f.kind, site.function, site.source))
    return false;
  SiteText other;
  if (f.hasOther)
    other = siteOf(f.other.grid, f.other.pc);
  std::vector<std::string> lines = deviceReport(f, site, f.hasOther ? &other : nullptr, where);
  for (std::string &l : launchBacktrace(f.access.grid))
    lines.push_back(std::move(l));
  reporter_.report(f.severity, lines);
  if (f.tool == Tool::Synccheck && !listener_)
    endingGrid_ = f.access.grid;
  return true;
}

void Sanitizer::reportHost(FindingKind kind, const std::string &function,
                           const std::vector<std::string> &lines) {
  if (!suppressions_.suppresses(kind, function, ""))
    reporter_.report(Severity::Error, lines);
  savePartialTally();
}

//===-- memcheck: faults -----------------------------------------------------------===//

bool Sanitizer::runEnded(const emu::RunResult &r) {
  const bool discarded = checkRunEnd(r);
  savePartialTally();
  return discarded;
}

bool Sanitizer::checkRunEnd(const emu::RunResult &r) {
  endGrids(false);
  reportedLastFault_ = false;
  if (const emu::GridId ended = std::exchange(endingGrid_, 0)) {
    // The run stopped at the watch: the reports say it all, and the
    // program sees a launch failure.
    reportedLastFault_ = r.status == emu::RunStatus::Interrupted;
    if (!reportedLastFault_ || !options_.destroyKernelOnly)
      return false;
    session_->device().discardGrid(ended);
    return true;
  }
  if (options_.tool != Tool::Memcheck || r.status != emu::RunStatus::Fault || !r.fault ||
      !checked(r.fault->grid))
    return false;
  if (r.fault->access) {
    reportFault(*r.fault, r.warp);
  } else {
    // A trap is memcheck's too, as compute-sanitizer's "Trace/breakpoint
    // trap", unless it is the device heap refusing a free (its own report)
    // or a failed assert (its message says it all).
    const auto refused =
        heap_ ? heap_->refusedFrees(*r.fault, emu::viewWarp(session_->device(), r.warp))
              : std::vector<HeapFinding>();
    for (const HeapFinding &f : refused)
      reportDevice(f.finding, f.where);
    if (refused.empty() && !reportTrap(*r.fault, r.warp))
      return false;
  }
  reportedLastFault_ = true;
  if (!options_.destroyKernelOnly)
    return false;
  // --destroy-on-device-error kernel: only this kernel ends.
  session_->device().discardGrid(r.fault->grid);
  return true;
}

bool Sanitizer::reportTrap(const emu::FaultReport &fault, const emu::WarpRef &warp) {
  if (fault.kind != emu::FaultKind::Trap)
    return false;
  const std::optional<emu::WarpView> w = emu::viewWarp(session_->device(), warp);
  const emu::SimtStack *stack = w ? w->stack() : nullptr;
  // clang's device assert (__assert_fail) and nvcc's PTX's (__assertfail).
  const std::string function = siteOf(fault.grid, fault.pc).function;
  if (function.rfind("__assert_fail", 0) == 0 || function.rfind("__assertfail", 0) == 0)
    return false;
  for (uint32_t lanes = fault.lanes; lanes; lanes &= lanes - 1) {
    Finding f;
    f.kind = FindingKind::DeviceTrap;
    f.access = emu::sanitize::memorySite(
        fault.grid, fault.cta, fault.warp * emu::WarpSize + uint32_t(std::countr_zero(lanes)),
        fault.pc, emu::MemSpace::Global, emu::MemAccessKind::Load, 0, 0);
    reportDevice(f, {}, stack);
  }
  return true;
}

void Sanitizer::reportFault(const emu::FaultReport &fault, const emu::WarpRef &warp) {
  const emu::FaultAccess &a = *fault.access;
  const emu::Grid *g = session_->device().grid(fault.grid);
  const bool misaligned = fault.kind == emu::FaultKind::MemoryMisaligned;
  const std::optional<emu::WarpView> w = emu::viewWarp(session_->device(), warp);
  const SiteText site = siteOf(fault.grid, fault.pc, w ? w->stack() : nullptr);
  for (uint32_t lanes = fault.lanes; lanes; lanes &= lanes - 1) {
    const unsigned l = static_cast<unsigned>(std::countr_zero(lanes));
    Finding f;
    f.kind = misaligned ? FindingKind::MisalignedAccess : FindingKind::InvalidAccess;
    f.access = emu::sanitize::memorySite(fault.grid, fault.cta, fault.warp * emu::WarpSize + l,
                                         fault.pc, a.space, a.kind, a.bytes, a.laneAddress[l]);
    std::vector<std::string> where;
    if (a.space == emu::MemSpace::Global) {
      where = whereGlobal(f.access.address, misaligned, f.kind, g);
    } else {
      // compute-sanitizer's one line (san_shared_oob): the CTA's or the
      // thread's size stays in the emulator's own fault report.
      where.push_back("Access to " + hex(f.access.address) +
                      (misaligned ? " is misaligned" : " is out of bounds"));
    }
    if (suppressions_.suppresses(f.kind, site.function, site.source))
      continue;
    std::vector<std::string> lines = deviceReport(f, site, nullptr, where);
    for (std::string &l : launchBacktrace(fault.grid))
      lines.push_back(std::move(l));
    reporter_.report(Severity::Error, lines);
  }
}

std::vector<std::string> Sanitizer::whereGlobal(uint64_t addr, bool misaligned,
                                                FindingKind &kind, const emu::Grid *grid) {
  std::vector<std::string> out{"Access to " + hex(addr) +
                               (misaligned ? " is misaligned" : " is out of bounds")};
  if (const Block *b = allocations_.freedAt(addr); b && !misaligned) {
    kind = FindingKind::UseAfterFree;
    out.push_back("and is " + byteCount(addr - b->base) +
                  " bytes inside a freed allocation at " + hex(b->base) + " of size " +
                  byteCount(b->size) + " bytes");
    out.push_back("Allocated by " + b->call + " #" + std::to_string(b->ordinal) +
                  ", freed by " + b->freedBy);
    return out;
  }
  DeviceMemory *mem = grid ? session_->memoryOf(*grid) : nullptr;
  if (!mem)
    return out;
  // The nearest allocation, by the distance from the address to its bytes.
  const emu::MemRange *near = nullptr;
  uint64_t best = ~uint64_t{0};
  for (const emu::MemRange &m : mem->allocations()) {
    const uint64_t d = addr < m.base ? m.base - addr : addr >= m.base + m.size ? addr - (m.base + m.size) : 0;
    if (d < best) {
      best = d;
      near = &m;
    }
  }
  if (!near)
    return out;
  out.push_back(placeText(addr, near->base, near->size));
  if (const Block *b = allocations_.live(near->base))
    out.push_back("Allocated by " + b->call + " #" + std::to_string(b->ordinal));
  return out;
}

//===-- The host's calls ---------------------------------------------------------===//

void Sanitizer::allocated(uint64_t base, uint64_t size, std::string call) {
  allocations_.allocated(base, size, std::move(call), hostStackNow());
  if (options_.tool == Tool::Initcheck)
    shadow_.track(base, size);
}

void Sanitizer::freed(uint64_t base, std::string call) {
  if (!allocations_.freed(base, std::move(call)))
    return;
  if (options_.trackUnusedMemory)
    if (auto u = shadow_.unusedAt(base))
      reportUnused(*u);
  shadow_.forget(base);
}

void Sanitizer::reportUnused(const Shadow::Unused &u) {
  if (suppressions_.suppresses(FindingKind::UnusedAllocation, "", ""))
    return;
  reporter_.report(Severity::Warning,
                   {"Unused memory in allocation " + hex(u.base) + " of size " +
                        byteCount(u.size) + " bytes",
                    "Not used " + byteCount(u.unusedBytes) + " bytes, the first at offset " +
                        hex(u.firstUnused) + " (" + hex(u.base + u.firstUnused) + ")",
                    std::to_string(u.unusedBytes * 100 / u.size) + "% of allocation were unused."});
}

void Sanitizer::badFree(uint64_t addr, const ApiError &error) {
  const Block *was = allocations_.freedAt(addr);
  if (was && was->base == addr) {
    apiError(error, FindingKind::DoubleFree,
             "Double free of " + hex(addr) + ": the allocation of size " +
                 byteCount(was->size) + " bytes (" + was->call + " #" +
                 std::to_string(was->ordinal) + ") was freed before by " + was->freedBy);
    return;
  }
  std::string why = "Invalid free of " + hex(addr) + ": ";
  if (const Block *b = allocations_.live(addr))
    why += "inside the allocation at " + hex(b->base) + " of size " + byteCount(b->size) +
           " bytes, not its start";
  else
    why += "not an address " + error.call + "'s allocations returned";
  apiError(error, FindingKind::InvalidFree, why);
}

void Sanitizer::apiFailed(const ApiError &error) {
  if (options_.apiErrors)
    apiError(error, FindingKind::InvalidApiUse, "");
}

void Sanitizer::apiError(const ApiError &error, FindingKind kind, const std::string &detail) {
  // compute-sanitizer's API checks are memcheck's: under racecheck,
  // synccheck and initcheck a failing call (a faulted launch's too) goes
  // unreported (seen with CUDA 13 on an H200).
  if (options_.tool != Tool::Memcheck)
    return;
  ++hostReports_;
  std::vector<std::string> lines{"Program hit " + error.name + " (error " +
                                 std::to_string(error.number) + ") due to \"" + error.text +
                                 "\" on CUDA API call to " + error.call + "."};
  if (!detail.empty())
    lines.push_back(detail);
  for (std::string &l : hostBacktraceLines(hostStackNow(), "error", options_.demangle))
    lines.push_back(std::move(l));
  reportHost(kind, error.call, lines);
}

void Sanitizer::hostWrote(emu::ContextId, uint64_t addr, uint64_t bytes) {
  if (options_.tool == Tool::Initcheck && bytes)
    shadow_.write(addr, bytes);
}

//===-- At exit ------------------------------------------------------------------===//

void Sanitizer::savePartialTally() {
  if (options_.summaryFile.empty() || reporter_.tally().text() == savedTally_)
    return;
  savedTally_ = reporter_.tally().text();
  // Whole or not at all: a program killed while writing leaves the last.
  const std::string partial = processTallyFile(options_.summaryFile, long(getpid()), true);
  {
    std::ofstream f(partial + ".new");
    f << savedTally_;
  }
  std::rename((partial + ".new").c_str(), partial.c_str());
}

int Sanitizer::finish(int programStatus) {
  detach();
  const Tally &tally = reporter_.tally();
  if (!options_.summaryFile.empty()) {
    // simt-sanitizer closes the run (it knows the program's own status),
    // summing up this process's counts and those of the processes the
    // program started.
    std::ofstream f(processTallyFile(options_.summaryFile, long(getpid()), false));
    f << tally.text();
    return programStatus;
  }
  printLines(reporter_.out(),
             closingLines(tally, options_.tool == Tool::Racecheck,
                          programStatus != 0 && options_.checkExitCode),
             reporter_.prefix());
  return tally.errors && options_.errorExitcode ? options_.errorExitcode : programStatus;
}

} // namespace simt::rt::sanitizer
