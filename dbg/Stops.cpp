//===-- Stops.cpp - The hooks that stop a run, and what a stop reports ----===//
//
// The break hook (asked at the instructions marked as break sites: the
// breakpoints and their conditions; before every instruction only while it
// waits for the instruction after a watched write or a replay's stop point),
// the trace hook (the memory writes its records report: a write whose lanes
// touch a watched location compares that location's bytes) and the
// StopEvents built from them. Ctrl-C does not go through the
// hook: it asks the device to stop (Interrupt.h).
//
//===----------------------------------------------------------------------===//
#include "dbg/Execution.h"

#include "dbg/Debugger.h"
#include "dbg/Interrupt.h"
#include "emu/core/Fault.h"

#include <cstdlib>
#include <cstring>
#include <sstream>

namespace simt::dbg {

namespace {

/// Whether warp `w` is in the CTA (and, with `sameWarp`, is the warp) a
/// watchpoint's scope names.
bool inScope(emu::WarpView w, const Focus &scope, bool sameWarp) {
  return w.grid() && w.hasCta() && w.grid()->id == scope.grid && w.cta().id()[0] == scope.cta[0] &&
         w.cta().id()[1] == scope.cta[1] && w.cta().id()[2] == scope.cta[2] &&
         (!sameWarp || w.index() == scope.warp);
}

std::vector<std::string> splitLines(const std::string &s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);)
    out.push_back(l);
  return out;
}

} // namespace

//===-- Hooks ------------------------------------------------------------------===//

StopKey Execution::keyOf(const emu::BreakQuery &q, emu::WarpView w) const {
  return StopKey{q.sm, q.slot, w.uid(), w.instructions()};
}

bool Execution::breakBefore(const emu::BreakQuery &q) {
  emu::WarpView w = emu::viewSlot(dbg_.device(), q.sm, q.slot);
  if (replaying_)
    return replayQuery(q, w);
  if (stopNext_) {
    // A watched location changed during the previous instruction.
    stopNext_ = false;
    dbg_.device().setBreakEverywhere(false);
    pending_ = eventAt(w, lowestLane(w.active()), sanitizerHit_ ? "sanitizer" : "watchpoint");
    stopKey_ = keyOf(q, w);
    return true;
  }
  return q.site && !takeExemption(w) && checkBreakpoints(q, w);
}

uint32_t Execution::breakLanes(const Breakpoint &b, emu::WarpView w, std::string *condError) {
  uint32_t lanes = w.active();
  if (!b.cond)
    return lanes;
  try {
    return b.cond->truthMask(dbg_.scopeFor(w, lowestLane(lanes)), lanes);
  } catch (const std::exception &e) {
    // Never let an exception unwind through the emulator: stop instead.
    if (condError)
      *condError = "error in the condition of breakpoint " + std::to_string(b.number) + ": " +
                   e.what();
    return lanes;
  }
}

std::string Execution::breakReason(const Breakpoint &b) {
  return !b.reason.empty() ? b.reason
                           : (b.temporary ? "temporary breakpoint " : "breakpoint ") +
                                 std::to_string(b.number);
}

std::optional<StopEvent> Execution::breakpointHit(emu::WarpView w, uint32_t pc, uint32_t lane) {
  const rt::LoadedKernel *k = dbg_.kernelOf(*w.grid());
  if (!k)
    return std::nullopt;
  for (Breakpoint *b : dbg_.breakpoints().at(*k, pc)) {
    std::string condError;
    const uint32_t lanes = breakLanes(*b, w, &condError);
    if (!lanes)
      continue;
    ++b->hits;
    if (b->ignore) { // gdb's ignore count: a hit that does not stop
      --b->ignore;
      continue;
    }
    StopEvent e =
        eventAt(w, lane < 32 && (lanes >> lane & 1) ? lane : lowestLane(lanes), breakReason(*b));
    if (!condError.empty())
      e.preface.push_back(condError);
    if (b->temporary)
      e.deleteAfter.push_back(b->number);
    return e;
  }
  return std::nullopt;
}

bool Execution::checkBreakpoints(const emu::BreakQuery &q, emu::WarpView w) {
  std::optional<StopEvent> e = breakpointHit(w, q.pc, 32);
  if (!e)
    return false;
  pending_ = std::move(*e);
  stopKey_ = keyOf(q, w);
  return true;
}

bool Execution::stepHitsBreakpoint(emu::WarpRef ref, uint32_t lane) {
  std::optional<emu::WarpView> w = emu::viewWarp(dbg_.device(), ref);
  if (!w || w->state() == emu::WarpState::Done)
    return false;
  std::optional<StopEvent> e = breakpointHit(*w, w->pcBytes(), lane);
  if (!e)
    return false;
  // As a breakpoint's stop: `continue` lets this instruction issue.
  host_.resume = ref;
  dbg_.reportStop(*e);
  return true;
}

void Execution::record(const emu::TraceRecord &rec) { checkWatch(rec); }

void Execution::sanitizerReported(const emu::TraceRecord &rec) {
  if (!sanitizerHit_) { // the stop is the first report's warp's
    emu::WarpView w = emu::viewSlot(dbg_.device(), rec.sm, rec.slot);
    sanitizerWarp_ = emu::WarpRef{rec.sm, rec.slot, w.uid()};
    sanitizerLanes_ = rec.participating;
  }
  sanitizerHit_ = true;
  stopNext_ = true;
  dbg_.device().setBreakEverywhere(true); // stop before the next instruction
}

void Execution::addSanitizerReports(StopEvent &e) {
  std::vector<std::string> lines = dbg_.sanitizer().takeReports();
  sanitizerHit_ = false;
  // Focus the warp whose instruction was reported (now just past it), as
  // a watchpoint focuses the writer, unless something else stopped the run.
  if (e.reason == "sanitizer")
    if (std::optional<emu::WarpView> w = emu::viewWarp(dbg_.device(), sanitizerWarp_)) {
      StopEvent at =
          eventAt(*w, lowestLane(sanitizerLanes_ ? sanitizerLanes_ : w->active()), "sanitizer");
      at.deleteAfter = e.deleteAfter;
      at.preface = e.preface;
      e = std::move(at);
    }
  e.preface.insert(e.preface.begin(), lines.begin(), lines.end());
}

void Execution::checkWatch(const emu::TraceRecord &rec) {
  if (rec.mem.empty())
    return;
  emu::WarpView w = emu::viewSlot(dbg_.device(), rec.sm, rec.slot);
  for (Watchpoint &wp : dbg_.breakpoints().watchpoints()) {
    if (!wp.enabled)
      continue;
    const uint64_t n = rt::sizeOf(wp.type);
    const uint32_t watchLane = uint32_t(std::max(wp.space.index, 0));
    // The lanes whose writes touch the watched bytes, and where those are.
    uint32_t lanes = 0;
    const uint8_t *p = nullptr;
    for (const emu::MemAccess &a : rec.mem) {
      if (!a.writes())
        continue;
      if (wp.space.space == Space::Global && a.space == emu::MemSpace::Global) {
        if (const uint32_t l = a.lanesTouching(wp.addr, n)) {
          rt::DeviceMemory *mem = dbg_.session().memoryOf(*w.grid());
          p = mem ? mem->translate(wp.addr, n) : nullptr;
          lanes |= l;
        }
      } else if (wp.space.space == Space::Shared && a.space == emu::MemSpace::Shared) {
        if (!inScope(w, wp.scope, false) || wp.addr + n > w.cta().shared().size())
          continue;
        if (const uint32_t l = a.lanesTouching(wp.addr, n)) {
          p = w.cta().shared().data() + wp.addr;
          lanes |= l;
        }
      } else if (wp.space.space == Space::Local && a.space == emu::MemSpace::Local) {
        if (!inScope(w, wp.scope, true) || wp.addr + n > w.localWindow())
          continue;
        if (const uint32_t l = a.lanesTouching(wp.addr, n) & (1u << watchLane)) {
          p = w.local(watchLane) + wp.addr;
          lanes |= l;
        }
      }
    }
    if (!p)
      continue;
    if (wp.known && std::memcmp(p, wp.last.data(), n) == 0)
      continue;
    if (trace_) {
      // A trace replay notes where the value changed (before the writing
      // instruction) and goes on.
      traceHit({w.uid(), w.instructions() - 1, lanes, "watchpoint " + std::to_string(wp.number),
                "watchpoint " + std::to_string(wp.number) + ": " + wp.text +
                    " is written by the next instruction"});
      wp.last.assign(p, p + n);
      wp.known = true;
      continue;
    }
    WatchHit h;
    h.number = wp.number;
    h.hadOld = wp.known;
    h.oldBytes = wp.last;
    h.newBytes.assign(p, p + n);
    h.pc = rec.pc;
    h.grid = rec.grid;
    h.sm = rec.sm;
    h.slot = rec.slot;
    h.uid = w.uid();
    if (w.hasCta())
      std::copy(w.cta().id(), w.cta().id() + 3, h.cta);
    h.warp = w.index();
    h.lanes = lanes;
    wp.last = h.newBytes;
    wp.known = true;
    ++wp.hits;
    hits_.push_back(std::move(h));
    stopNext_ = true;
    dbg_.device().setBreakEverywhere(true); // stop before the next instruction
  }
}

emu::Interests Execution::interests() const {
  emu::Interests i;
  i.records = recordDetail_.has_value();
  i.detail = recordDetail_.value_or(0);
  i.breaks = breaks_;
  return i;
}

void Execution::listen(std::optional<uint8_t> records, bool breaks) {
  recordDetail_ = records;
  breaks_ = breaks;
  emu::Device &d = dbg_.device();
  // A replay repeats what the sanitizer has seen (its shadow state is not
  // rewound with the checkpoints): only first runs are watched.
  dbg_.sanitizer().pause(replaying_);
  if (records || breaks)
    d.subscribe(*this); // or reads the interests again
  else
    d.unsubscribe(*this);
}

void Execution::attachHooks(bool forRun) {
  emu::Device &d = dbg_.device();
  d.setBreakEverywhere(stopNext_ || replaying_);
  const bool watch = dbg_.breakpoints().anyWatch();
  // The records' memory accesses only: no register comparison.
  const std::optional<uint8_t> records =
      watch ? std::optional<uint8_t>(emu::TraceMemory) : recordDetail_;
  if (!forRun) {
    listen(records, breaks_);
    return;
  }
  // Only the breakpoints' instructions ask (Device::setBreakSite): without
  // breakpoints or watchpoints the run goes at full speed.
  dbg_.breakpoints().markSites(dbg_.session());
  listen(records, breaks_ || dbg_.breakpoints().anyBreakpoint() || watch || dbg_.sanitizer().on() ||
                      stopNext_ || replaying_);
  // Ctrl-C stops this run; one pressed since the last run stops it at once.
  armInterrupt(&d);
  if (interruptPending())
    d.requestStop();
}

void Execution::detachHooks() {
  emu::Device &d = dbg_.device();
  armInterrupt(nullptr);
  d.cancelStopRequest(); // a Ctrl-C the run did not see stays in interruptPending()
  listen(std::nullopt, false);
  d.setBreakEverywhere(false);
}

void Execution::prepareStop() {
  pending_.reset();
  hits_.clear();
  stopNext_ = false;
  sanitizerHit_ = false;
}

void Execution::refreshWatchValues() {
  for (Watchpoint &wp : dbg_.breakpoints().watchpoints()) {
    MemoryView v;
    v.session = &dbg_.session();
    if (wp.scope.valid())
      if (auto i = findFocused(dbg_.device(), wp.scope))
        v.warp = emu::editWarp(dbg_.device(), i->ref);
    v.grid = v.warp ? v.warp->view().grid() : nullptr;
    v.lane = wp.scope.lane;
    wp.last.assign(rt::sizeOf(wp.type), 0);
    wp.known = readMemory(v, wp.space, wp.addr, wp.last, nullptr);
  }
}

//===-- Stop events ------------------------------------------------------------===//

StopEvent Execution::eventAt(emu::WarpView w, uint32_t lane, std::string reason) {
  StopEvent e;
  e.reason = std::move(reason);
  // A user's breakpoint, found going forward or in reverse (not advance's or
  // until's, whose reasons are their own): reported in cuda-gdb's words.
  for (const char *kind : {"breakpoint ", "temporary breakpoint "})
    if (e.reason.rfind(kind, 0) == 0 && e.reason.size() > std::strlen(kind)) {
      e.breakpoint = std::atoi(e.reason.c_str() + std::strlen(kind));
      e.temporary = kind[0] == 't';
    }
  e.hasWarp = true;
  e.where = Focus::of(w, lane);
  e.pc = w.pcBytes();
  e.mask = w.active();
  e.finished = w.state() == emu::WarpState::Done || w.state() == emu::WarpState::Free;
  return e;
}

StopEvent Execution::faultEvent(const emu::RunResult &r) {
  const emu::FaultReport *f = r.fault ? r.fault : dbg_.device().lastFault();
  StopEvent e;
  // BPT.TRAP is a fault to simt-emu; here it is where the program asked to stop.
  e.reason = f && f->kind == emu::FaultKind::Trap ? "trap" : "fault";
  if (f)
    e.preface = splitLines(f->format());
  else if (!r.message.empty())
    e.preface = splitLines(r.message);
  if (std::optional<emu::WarpView> w = emu::viewWarp(dbg_.device(), r.warp)) {
    StopEvent at = eventAt(*w, lowestLane(f ? f->lanes : 0, lowestLane(w->active())), e.reason);
    at.preface = std::move(e.preface);
    // A faulting instruction does not complete: the PC stays at it.
    if (f) {
      at.pc = f->pc;
      at.fault = f->kind;
      if (f->access)
        at.faultSpace = f->access->space;
    }
    return at;
  }
  return e;
}

StopEvent Execution::limitEvent(const emu::RunResult &r) {
  StopEvent e;
  e.reason = r.status == emu::RunStatus::StepLimit ? "step limit" : "blocked";
  // The step limit names the warp about to issue: the stop is there.
  if (std::optional<emu::WarpView> w = emu::viewWarp(dbg_.device(), r.warp))
    e = eventAt(*w, lowestLane(w->active()), e.reason);
  e.preface = splitLines(r.message.empty() ? std::string(emu::runStatusName(r.status))
                                           : r.message);
  return e;
}

void Execution::addWatchHits(StopEvent &e, bool replaceReason) {
  if (hits_.empty())
    return;
  std::vector<std::string> lines;
  for (const WatchHit &h : hits_) {
    const Watchpoint *wp = dbg_.breakpoints().watchpoint(h.number);
    const std::string text = wp ? wp->text : "?";
    lines.push_back("watchpoint " + std::to_string(h.number) + ": " + text);
    auto fmt = [&](const std::vector<uint8_t> &b) {
      if (!wp || b.size() != rt::sizeOf(wp->type))
        return std::string("?");
      rt::Value v = rt::Value::load(wp->type, b.data());
      return rt::formatValue(v) + " (" + rt::formatHex(v) + ")";
    };
    lines.push_back("  old value = " + (h.hadOld ? fmt(h.oldBytes) : std::string("<unknown>")));
    lines.push_back("  new value = " + fmt(h.newBytes));
    const std::string who = "grid " + std::to_string(h.grid) + " cta " + ctaText(h.cta) +
                            " warp " + std::to_string(h.warp);
    const emu::Grid *g = dbg_.device().grid(h.grid);
    lines.push_back("  written by " + who + " lanes " + emu::formatLanes(h.lanes) + " at " +
                    (g ? dbg_.pcLine(*g, h.pc).substr(3) : std::to_string(h.pc)));
  }
  const WatchHit &first = hits_.front();
  std::optional<emu::WarpView> writer =
      emu::viewWarp(dbg_.device(), emu::WarpRef{first.sm, first.slot, first.uid});
  if (replaceReason && writer) {
    StopEvent at =
        eventAt(*writer, lowestLane(first.lanes), "watchpoint " + std::to_string(first.number));
    at.deleteAfter = e.deleteAfter;
    at.preface = e.preface;
    e = std::move(at);
  } else if (replaceReason) {
    e.reason = "watchpoint " + std::to_string(first.number);
  }
  e.preface.insert(e.preface.begin(), lines.begin(), lines.end());
  hits_.clear();
}

} // namespace simt::dbg
