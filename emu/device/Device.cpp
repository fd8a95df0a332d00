//===-- Device.cpp - The emulated GPU: SMs, grids, the device clock -------===//
#include "emu/device/Device.h"
#include "emu/device/FloatEnvironment.h"
#include "emu/device/Occupancy.h"
#include "isa/SIMTLevel.h"
#include "isa/SIMTLimits.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>
#include <thread>
#include <utility>

namespace simt::emu {

const char *gridStateName(GridState s) {
  switch (s) {
  case GridState::Running: return "running";
  case GridState::Done: return "done";
  case GridState::Faulted: return "faulted";
  case GridState::Discarded: return "stopped";
  }
  return "?";
}

const char *runStatusName(RunStatus s) {
  switch (s) {
  case RunStatus::Idle: return "idle";
  case RunStatus::GridDone: return "grid done";
  case RunStatus::Advanced: return "advanced";
  case RunStatus::Fault: return "fault";
  case RunStatus::StepLimit: return "step limit";
  case RunStatus::Breakpoint: return "breakpoint";
  case RunStatus::Stepped: return "stepped";
  case RunStatus::Blocked: return "blocked";
  case RunStatus::Interrupted: return "interrupted";
  }
  return "?";
}

namespace {
std::vector<std::unique_ptr<Sm>> makeSms(SmHooks &hooks, const DeviceConfig &cfg) {
  std::vector<std::unique_ptr<Sm>> sms;
  for (uint32_t i = 0; i < cfg.sms; ++i)
    sms.push_back(std::make_unique<Sm>(hooks, i, cfg));
  return sms;
}
} // namespace

Device::Device(const DeviceConfig &cfg)
    : cfg_(cfg), sms_(makeSms(hooks_, cfg_)), l2_(cfg.l2), sched_(cfg_.contexts, sms_) {
  assert(cfg_.validate().empty());
  for (auto &sm : sms_)
    sm->setL2(&l2_);
}

Device::~Device() = default;

//===-- The instrumentation bus -------------------------------------------------===//

void Device::subscribe(Subscriber &s) {
  if (!subscribed(s))
    subscribers_.push_back(&s);
  combineInterests();
  if (s.interests().watches())
    restartWatch(); // its first call comes a period from now
}

void Device::unsubscribe(Subscriber &s) {
  std::erase(subscribers_, &s);
  combineInterests();
}

bool Device::subscribed(const Subscriber &s) const {
  return std::find(subscribers_.begin(), subscribers_.end(), &s) != subscribers_.end();
}

void Device::interestsChanged() { combineInterests(); }

void Device::combineInterests() {
  recorders_.clear();
  breakers_.clear();
  watchers_.clear();
  uint8_t detail = 0;
  bool allMemoryOnly = true;
  DeviceProfile *counters = nullptr;
  Watch watch{UINT64_MAX, UINT64_MAX};
  for (Subscriber *s : subscribers_) {
    const Interests i = s->interests();
    if (i.records) {
      const bool memoryOnly = (i.detail & TraceMemoryOnly) != 0;
      recorders_.push_back({s, memoryOnly});
      detail |= i.detail & ~TraceMemoryOnly;
      allMemoryOnly &= memoryOnly;
    }
    if (i.breaks)
      breakers_.push_back(s);
    if (i.counters) {
      assert(!counters || counters == i.counters); // one profile counts at a time
      counters = i.counters;
    }
    if (i.watches()) {
      // The shortest periods serve every watcher; all are asked when due.
      watchers_.push_back(s);
      watch.everyCycles = std::min(watch.everyCycles, i.watchCycles ? i.watchCycles : UINT64_MAX);
      watch.everySteps = std::min(watch.everySteps, i.watchSteps ? i.watchSteps : UINT64_MAX);
    }
  }
  if (recorders_.empty()) {
    hooks_.traceFn = nullptr;
    hooks_.traceCtx = nullptr;
    hooks_.traceDetail = 0;
  } else {
    const bool one = recorders_.size() == 1;
    hooks_.traceFn = one ? &Device::recordOne : &Device::recordAll;
    hooks_.traceCtx = one ? static_cast<void *>(recorders_[0].sub) : this;
    hooks_.traceDetail = uint8_t(detail | (allMemoryOnly ? TraceMemoryOnly : 0));
  }
  const bool oneBreaker = breakers_.size() == 1;
  hooks_.breakFn = breakers_.empty() ? nullptr : oneBreaker ? &Device::breakOne : &Device::breakAll;
  hooks_.breakCtx = oneBreaker ? static_cast<void *>(breakers_[0]) : this;
  if (hooks_.profile != counters) {
    hooks_.profile = counters;
    for (auto &sm : sms_)
      sm->profileAttached();
  }
  watch_.everyCycles = watch.everyCycles;
  watch_.everySteps = watch.everySteps;
}

void Device::restartWatch() {
  auto after = [](uint64_t now, uint64_t period) {
    return period > UINT64_MAX - now ? UINT64_MAX : now + period;
  };
  watch_.nextCycle = after(cycle_, watch_.everyCycles);
  watch_.nextStep = after(steps_, watch_.everySteps);
}

void Device::recordOne(void *sub, const TraceRecord &r) {
  static_cast<Subscriber *>(sub)->record(r);
}

void Device::recordAll(void *self, const TraceRecord &r) {
  for (const Recorder &to : static_cast<Device *>(self)->recorders_)
    if (!to.memoryOnly || !r.mem.empty())
      to.sub->record(r);
}

bool Device::breakOne(void *sub, const BreakQuery &q) {
  return static_cast<Subscriber *>(sub)->breakBefore(q);
}

bool Device::breakAll(void *self, const BreakQuery &q) {
  bool stop = false;
  for (Subscriber *s : static_cast<Device *>(self)->breakers_)
    stop |= s->breakBefore(q);
  return stop;
}

std::string Device::askWatchers(bool ended) {
  std::string why;
  for (Subscriber *s : watchers_) {
    std::string answer = s->watch(ended);
    if (why.empty())
      why = std::move(answer);
  }
  return why;
}

void Device::hostWrite(ContextId ctx, uint64_t addr, uint64_t bytes) {
  l2_.hostWrite(ctx, addr, bytes);
  for (Subscriber *s : subscribers_)
    s->hostWrote(ctx, addr, bytes);
}

bool Device::runEnded(const RunResult &r) {
  bool handled = false;
  for (Subscriber *s : subscribers_)
    handled |= s->runEnded(r);
  return handled;
}

const uint8_t *Device::breakSitesFor(const std::vector<Inst> &code) {
  for (const BreakSites &s : breakSites_)
    if (s.code == &code && s.bits.size() == code.size())
      return s.bits.data();
  breakSites_.push_back(BreakSites{&code, std::vector<uint8_t>(code.size(), 0)});
  return breakSites_.back().bits.data();
}

void Device::setBreakSite(const std::vector<Inst> &code, uint32_t pc, bool on) {
  if (pc / 8 >= code.size())
    return;
  breakSitesFor(code); // grids launched later find the marks
  for (BreakSites &s : breakSites_)
    if (s.code == &code && s.bits.size() == code.size())
      s.bits[pc / 8] = on;
}

void Device::clearBreakSites() {
  for (BreakSites &s : breakSites_)
    std::fill(s.bits.begin(), s.bits.end(), 0);
}

//===-- Launch and dispatch -------------------------------------------------===//

namespace {
void put32(std::vector<uint8_t> &bank, uint32_t offset, uint32_t v) {
  if (bank.size() < offset + 4)
    bank.resize(offset + 4, 0);
  std::memcpy(bank.data() + offset, &v, 4);
}

/// The kernel's resources against isa/SIMTLimits.h, whoever built the launch
/// (the loader checks them too): within them, every size computed from them
/// below and in Sm::startCta fits its type.
std::string checkKernelLimits(const LaunchParams &p) {
  const KernelDesc &k = p.kernel;
  if (k.regs > limits::kMaxRegs)
    return std::to_string(k.regs) + " registers per thread; the limit is " +
           std::to_string(limits::kMaxRegs);
  if (k.local > limits::kMaxLocalBytes)
    return std::to_string(k.local) + " bytes of local memory per thread; the limit is " +
           std::to_string(limits::kMaxLocalBytes);
  const uint32_t depth = p.maxStack ? p.maxStack : k.maxStack;
  if (depth > limits::kMaxStackDepth)
    return "a SIMT stack of " + std::to_string(depth) + " entries; the limit is " +
           std::to_string(limits::kMaxStackDepth);
  return {};
}
static_assert(uint64_t{limits::kMaxLocalBytes} * WarpSize + uint64_t{limits::kMaxStackDepth} * 8 <=
                  UINT32_MAX,
              "a warp's local memory (Cta::localPerWarp) must fit 32 bits");
} // namespace

static LaunchShape launchShape(const LaunchParams &p) {
  LaunchShape s;
  std::copy(p.grid, p.grid + 3, s.grid);
  std::copy(p.block, p.block + 3, s.block);
  s.regsPerThread = p.kernel.regs;
  s.sharedBytes = uint64_t{p.kernel.shared} + p.dynamicShared;
  return s;
}

LaunchCheck Device::validateLaunch(const LaunchShape &launch) const {
  return checkLaunch(cfg_, launch);
}

LaunchResult Device::launch(LaunchParams p) {
  LaunchResult res;
  const KernelDesc &k = p.kernel;
  if (p.context >= sched_.numContexts()) {
    res.error = "unknown context " + std::to_string(p.context);
    return res;
  }
  if (!k.code || k.code->empty()) {
    res.error = "kernel '" + k.name + "' has no code";
    return res;
  }
  if (k.code->size() > Token::kMaxPc) {
    res.error = "kernel '" + k.name + "' is too large";
    return res;
  }
  if (std::string e = checkKernelLimits(p); !e.empty()) {
    res.error = "kernel '" + k.name + "': " + e;
    return res;
  }
  if (LaunchCheck c = validateLaunch(launchShape(p)); !c.ok()) {
    res.error = c.problem == LaunchProblem::Dimensions
                    ? "kernel '" + k.name + "': " + c.message
                    : "launch of '" + k.name + "' can never run: " + c.message;
    return res;
  }
  const uint32_t threads = p.block[0] * p.block[1] * p.block[2];
  const uint64_t ctas = uint64_t{p.grid[0]} * p.grid[1] * p.grid[2];
  if (ctas > UINT32_MAX) {
    res.error = "too many CTAs in the grid";
    return res;
  }
  if (p.params.size() > limits::kConstBankBytes - kLaunchBlockBytes) {
    res.error = "kernel parameters exceed constant bank 0";
    return res;
  }
  if (constCache() && constCache()->config().numSMs < cfg_.sms) {
    res.error = "the constant cache models fewer SMs than the device has";
    return res;
  }

  auto owned = std::make_unique<Grid>();
  Grid &g = *owned;
  g.id = static_cast<GridId>(grids_.size() + 1);
  g.threadsPerCta = threads;
  const CtaShape shape = ctaShape(g.threadsPerCta, k.regs, uint64_t{k.shared} + p.dynamicShared);
  g.warpsPerCta = shape.warps;
  g.regsPerCta = shape.regs;
  g.sharedPerCta = shape.shared;
  g.localWindow = k.local;
  g.maxStack = p.maxStack ? p.maxStack : (k.maxStack ? k.maxStack : limits::kDefaultStackDepth);
  g.numCtas = static_cast<uint32_t>(ctas);
  g.codeSize = static_cast<uint32_t>(k.code->size());
  g.regSpan = registerSpan(*k.code);
  g.breakSites = breakSitesFor(*k.code);
  if (cfg_.jit != JitMode::Off && jit_)
    g.jit = jit_->imageFor(*k.code, cfg_.jit);
  for (size_t i = 0; i < k.code->size(); ++i)
    if (Sm::serializes((*k.code)[i])) {
      g.serialSites.resize(k.code->size(), 0);
      g.serialSites[i] = 1;
    }
  g.launchCycle = cycle_;
  g.params = std::move(p);

  // Constant bank 0: the launch block (ISA.md 1.1, or Fermi's for a
  // listing kernel) and the parameters; bank 1: the ABI word.
  const LaunchParams &lp = g.params;
  // Whole words: a parameter of 1 or 2 bytes that ends the list is read
  // with the word it starts (LDC.U8 c[0x0][0x28] of a trailing bool).
  g.bank0.assign((kLaunchBlockBytes + lp.params.size() + 3) & ~size_t(3), 0);
  writeLaunchBlock(g.bank0.data(), lp.kernel.launchLayout, lp.block, lp.grid, lp.dynamicShared);
  if (!lp.params.empty())
    std::memcpy(g.bank0.data() + kLaunchBlockBytes, lp.params.data(), lp.params.size());
  g.bank1.assign(limits::kRuntimeBankBytes, 0);
  put32(g.bank1, limits::kStackPointerSlot, lp.localStackPointer.value_or(g.localWindow));
  put32(g.bank1, limits::kGlobalVarBaseSlot, uint32_t(lp.globalVarBase));
  put32(g.bank1, limits::kGlobalVarBaseSlot + 4, uint32_t(lp.globalVarBase >> 32));
  auto putEnvReg = [&](unsigned n, uint32_t v) { put32(g.bank1, limits::kEnvRegSlot + 4 * n, v); };
  putEnvReg(limits::kPrintfBufferEnvReg, uint32_t(lp.printfBuffer));
  putEnvReg(limits::kPrintfBufferEnvReg + 1, uint32_t(lp.printfBuffer >> 32));
  putEnvReg(limits::kPrintfBufferEnvReg + 2, lp.printfBufferBytes);
  putEnvReg(limits::kGridWorkspaceLowEnvReg, uint32_t(lp.gridWorkspace));
  putEnvReg(limits::kGridWorkspaceHighEnvReg, uint32_t(lp.gridWorkspace >> 32));

  if (lp.constVersion) {
    g.constVersion = *lp.constVersion;
    g.holdsConstRef = constCache() != nullptr;
  } else if (constCache()) {
    g.constVersion = constCache()->bind();
    g.holdsConstRef = true;
  }

  grids_.push_back(std::move(owned));
  ++running_;
  for (Subscriber *s : subscribers_)
    s->launched(g);
  if (!subscribers_.empty())
    combineInterests(); // the fast path is chosen once per launch
  sched_.gridLaunched(g);
  sched_.schedule(cycle_, true);
  res.grid = g.id;
  return res;
}

void Device::ctaFinished(Grid &g, uint64_t now, uint64_t dispatchAt) {
  --g.ctasResident;
  ++g.ctasDone;
  sched_.ctaFinished(g);
  if (g.state == GridState::Running && g.ctasDone == g.numCtas)
    gridEnded(g, now);
  sched_.schedule(dispatchAt, false);
}

void Device::gridEnded(Grid &g, uint64_t endCycle) {
  g.endCycle = endCycle;
  // A global lock still held by one of the grid's threads is a fault
  // (ISA.md 8); report the one at the lowest address.
  const LockKey *worst = nullptr;
  const LockHolder *holder = nullptr;
  uint32_t held = 0;
  for (const auto &[key, h] : locks_) {
    if (h.grid != g.id)
      continue;
    ++held;
    if (!worst || key.addr < worst->addr) {
      worst = &key;
      holder = &h;
    }
  }
  if (held) {
    FaultReport r;
    r.kind = FaultKind::LockNotReleased;
    r.reason = "lock never released at grid end";
    r.grid = g.id;
    r.gridName = g.params.name;
    r.kernel = g.shownName();
    g.ctaCoords(holder->ctaLinear, r.cta);
    r.warp = holder->thread / WarpSize;
    r.lanes = 1u << (holder->thread % WarpSize);
    r.pc = holder->pc;
    r.cycle = endCycle;
    r.hasAddress = true;
    r.address = worst->addr;
    r.instruction = instText(g, holder->pc / 8);
    r.detail = "the lock of " + g.params.memory.describe(worst->addr) +
               " was taken here by thread " +
               std::to_string(holder->thread) + " and never released";
    if (held > 1)
      r.detail += " (" + std::to_string(held) + " locks held in all)";
    g.fault = std::move(r);
    stopGrid(g, GridState::Faulted);
    noteFault(g, WarpRef{});
    return;
  }
  finishGrid(g, GridState::Done);
}

void Device::finishGrid(Grid &g, GridState state) {
  sched_.gridEnded(g, state);
  if (g.state == GridState::Running)
    --running_;
  g.state = state;
  for (auto it = locks_.begin(); it != locks_.end();)
    it = it->second.grid == g.id ? locks_.erase(it) : std::next(it);
  if (g.holdsConstRef && constCache()) {
    constCache()->release(g.constVersion);
    g.holdsConstRef = false;
  }
}

void Device::stopGrid(Grid &g, GridState state) {
  finishGrid(g, state);
  sched_.parkSaved(g);
  for (auto &sm : sms_) {
    sm->setUpStartedCtas(); // a slot's warp names its grid once bound
    for (uint64_t m = sm->residentMask(); m; m &= m - 1) {
      Warp &w = sm->warp(static_cast<uint32_t>(std::countr_zero(m)));
      if (w.grid == &g)
        sm->freezeWarp(w);
    }
  }
}

void Device::noteFault(Grid &g, WarpRef ref) {
  lastFault_ = &*g.fault;
  hooks_.stop = true;
  if (pending_.status != RunStatus::Fault) {
    pending_.status = RunStatus::Fault;
    pending_.grid = g.id;
    pending_.warp = ref;
    pending_.fault = lastFault_;
    pending_.message = lastFault_->format();
  }
}

FaultReport Device::reportAt(const Warp &w, FaultKind kind, std::string reason,
                              uint32_t lanes, uint32_t pc) const {
  const Grid &g = *w.grid;
  FaultReport r;
  r.kind = kind;
  r.reason = std::move(reason);
  r.grid = g.id;
  r.gridName = g.params.name;
  r.kernel = g.shownName();
  std::copy(w.cta->id, w.cta->id + 3, r.cta);
  r.warp = w.index;
  r.sm = w.sm->id();
  r.lanes = lanes;
  r.pc = pc;
  r.cycle = w.sm->cycle();
  r.instruction = instText(g, pc / 8);
  return r;
}

void Device::faultWarp(Warp &w, FaultKind kind, const char *reason, uint32_t lanes,
                       uint32_t pc, std::optional<uint64_t> cycle) {
  Grid &g = *w.grid;
  if (g.state != GridState::Running)
    return;
  FaultReport r =
      reportAt(w, kind, reason ? reason : std::string(faultKindName(kind)), lanes, pc);
  if (cycle)
    r.cycle = *cycle; // held back by an isolated SM (SmEpoch)
  r.detail = w.faultDetail;
  r.hasAddress = w.faultHasAddress;
  r.address = w.faultAddress;
  r.access = w.faultAccess;
  g.fault = std::move(r);
  stopGrid(g, GridState::Faulted);
  noteFault(g, WarpRef{w.sm->id(), w.slot, w.uid});
}

std::string Device::stepLimitMessage(const Warp *next) const {
  std::string m =
      "stopped after " + std::to_string(steps_) + " warp-instructions: the --max-steps limit";
  if (!next || !next->grid || !next->cta)
    return m;
  // Where, as a fault report has it: the warp that was about to issue.
  const FaultReport r =
      reportAt(*next, FaultKind::StepLimit, "", next->ctl().active, next->pcBytes());
  return m + "\n  next to issue in " + r.formatKernel() + ":\n" + r.formatSite();
}

std::string Device::instText(const Grid &g, uint32_t pcIndex) const {
  if (pcIndex >= g.codeSize)
    return "<outside the kernel image>";
  const Inst &inst = g.code()[pcIndex];
  if (printer_)
    return printer_(g, inst);
  if (inst.op >= Op::NumOps)
    return "<undefined encoding>";
  return opInfo(inst.op).mnemonic;
}

void Device::discardGrid(GridId id) {
  Grid *g = gridMut(id);
  if (!g)
    return;
  if (g->state == GridState::Running)
    finishGrid(*g, GridState::Discarded);
  for (auto &sm : sms_)
    sm->discardCtas(*g);
  sched_.dropSaved(*g);
  sched_.schedule(cycle_, true);
}

//===-- Running -----------------------------------------------------------------===//

RunResult Device::runUntilIdle() { return run(Goal::Idle, 0, 0); }

RunResult Device::runUntil(GridId id) { return run(Goal::Grid, id, 0); }

RunResult Device::advance(uint64_t cycles) {
  return run(Goal::Cycle, 0, cycles > UINT64_MAX - cycle_ ? UINT64_MAX : cycle_ + cycles);
}

RunResult Device::run(Goal goal, GridId gridId, uint64_t untilCycle) {
  const DefaultFloatEnvironment fpEnvironment; // not the program's (FloatEnvironment.h)
  const auto t0 = std::chrono::steady_clock::now();
  hooks_.stop = false;
  pending_ = {};
  for (auto &sm : sms_)
    sm->dropCaches();
  if (cfg_.parallelEpochs)
    setUpThreads();
  quietKnown_ = false; // the host may have launched, written or discarded
  RunResult result;
  for (;;) {
    if (goal == Goal::Grid && gridState(gridId) != GridState::Running) {
      result.status = RunStatus::GridDone;
      result.grid = gridId;
      if (const Grid *g = grid(gridId); g && g->fault)
        result.fault = &*g->fault;
      break;
    }
    if (goal == Goal::Cycle && (cycle_ >= untilCycle || running_ == 0)) {
      // With nothing running, time passes without anything to simulate.
      cycle_ = std::max(cycle_, untilCycle);
      result.status = RunStatus::Advanced;
      break;
    }
    if (running_ == 0 && goal != Goal::Cycle) {
      result.status = goal == Goal::Grid ? RunStatus::GridDone : RunStatus::Idle;
      result.grid = gridId;
      break;
    }
    if (cfg_.maxSteps && steps_ >= cfg_.maxSteps) {
      // Already at the limit (a run after the one that reached it): name the
      // warp the first SM with work would issue.
      result.status = RunStatus::StepLimit;
      nameNextToIssue(result);
      result.message = stepLimitMessage(warp(result.warp));
      break;
    }
    if (!watchers_.empty() && (cycle_ >= watch_.nextCycle || steps_ >= watch_.nextStep)) {
      restartWatch();
      if (std::string why = askWatchers(false); !why.empty()) {
        result.status = RunStatus::Interrupted;
        result.message = std::move(why);
        nameNextToIssue(result);
        break;
      }
    }
    uint64_t epochEnd = cycle_ + cfg_.quantum * compiledQuanta();
    if (goal == Goal::Cycle)
      epochEnd = std::min(epochEnd, untilCycle);
    const bool parallel = parallelEpoch(epochEnd);
    if (parallel && stopRequestPending()) {
      // A parallel epoch honours requestStop() only between epochs.
      result.status = RunStatus::Interrupted;
      nameNextToIssue(result);
      cancelStopRequest();
      break;
    }
    if (parallel && skipQuietEpochs(goal == Goal::Cycle ? untilCycle : UINT64_MAX))
      continue;
    quietKnown_ = false; // what the epoch does is known only after it
    sched_.epochBegins(cycle_);
    const bool interrupted = parallel ? runParallelEpoch(epochEnd, result)
                                      : runSerialEpoch(epochEnd, result);
    sched_.epochEnded(cycle_, epochEnd);
    if (interrupted)
      break;
    if (running_ != 0) {
      bool live = false;
      for (auto &sm : sms_)
        live = live || sm->hasLiveWork();
      if (!live && sched_.multiContext()) {
        // An SM may be waiting to switch to a context with work.
        sched_.schedule(epochEnd, true);
        for (auto &sm : sms_)
          live = live || sm->hasLiveWork();
      }
      if (!live) {
        // Running grids whose CTAs cannot be placed while stopped grids'
        // frozen warps hold the SMs: nothing can ever happen.
        result.status = RunStatus::Blocked;
        result.message = "no warp can run: the SM resources are held by stopped grids "
                         "(discard them to go on)";
        break;
      }
    }
    if (running_ == 0 && goal != Goal::Cycle) {
      // Everything ended inside this epoch: the clock stops at the last issue.
      uint64_t last = cycle_;
      for (auto &sm : sms_)
        last = std::max(last, sm->cycle());
      cycle_ = std::min(last, epochEnd);
    } else {
      cycle_ = epochEnd;
    }
  }
  if (workers_)
    workers_->park(); // the last epoch's commit done, the helpers idle
  for (auto &sm : sms_)
    sm->setUpStartedCtas(); // before anyone looks at the warps
  hooks_.stop = false;
  wallSeconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!watchers_.empty()) {
    std::string why = askWatchers(true);
    const bool endedWell = result.status == RunStatus::Idle ||
                           result.status == RunStatus::GridDone ||
                           result.status == RunStatus::Advanced;
    if (!why.empty() && endedWell) {
      result.status = RunStatus::Interrupted;
      result.message = std::move(why);
    }
  }
  return result;
}

void Device::nameNextToIssue(RunResult &result) {
  for (const auto &sm : sms_)
    if (const int slot = sm->nextToIssue(); slot >= 0) {
      sm->setUpStartedCtas(); // the warp may not be bound yet
      const Warp &w = sm->warp(static_cast<uint32_t>(slot));
      result.grid = w.grid->id;
      result.warp = WarpRef{sm->id(), w.slot, w.uid};
      return;
    }
}

bool Device::runSerialEpoch(uint64_t epochEnd, RunResult &result) {
  for (auto &sm : sms_) {
    uint64_t budget = cfg_.maxSteps ? cfg_.maxSteps - steps_ : UINT64_MAX;
    const uint64_t before = budget;
    const SmStop s = sm->run(epochEnd, budget);
    steps_ += before - budget;
    if (s == SmStop::Stop || hooks_.stop) {
      result = pending_;
      return true;
    }
    if (s == SmStop::StepLimit || s == SmStop::Breakpoint || s == SmStop::Interrupted) {
      // Stopped before an instruction of this warp, which has not issued.
      const Warp &w = sm->warp(sm->stopSlot());
      result.grid = w.grid->id;
      result.warp = WarpRef{sm->id(), w.slot, w.uid};
      if (s == SmStop::StepLimit) {
        result.status = RunStatus::StepLimit;
        result.message = stepLimitMessage(&w);
      } else if (s == SmStop::Interrupted) {
        result.status = RunStatus::Interrupted;
        cancelStopRequest(); // honoured
      } else {
        result.status = RunStatus::Breakpoint;
      }
      return true;
    }
  }
  return false;
}

/// The most warp-instructions `sms` can issue from their clocks to `until`:
/// one per cycle each.
static uint64_t mostSteps(const std::vector<std::unique_ptr<Sm>> &sms, uint64_t until) {
  uint64_t sum = 0;
  for (const auto &sm : sms)
    sum += until - std::min(sm->cycle(), until);
  return sum;
}

uint64_t Device::compiledQuanta() const {
  if (cfg_.jit == JitMode::Off || sched_.multiContext())
    return 1;
  // A parallel epoch reserves CTAs of the grid the dispatch serves next and
  // takes their warp uids, once per epoch (reserveCtas).
  if (cfg_.parallelEpochs && sched_.reservableGrid())
    return 1;
  uint64_t horizon = UINT64_MAX;
  for (const auto &sm : sms_)
    horizon = std::min(horizon, sm->compiledUntil());
  const uint64_t q = cfg_.quantum;
  // UINT64_MAX: nothing is ready anywhere (the quiet epochs' case).
  if (horizon == UINT64_MAX || horizon < cycle_ + 2 * q)
    return 1;
  uint64_t n = (horizon - cycle_) / q;
  auto most = [&](uint64_t k) { return mostSteps(sms_, cycle_ + k * q); };
  // The step budget must last the whole epoch, as parallelEpoch asks.
  if (cfg_.maxSteps)
    while (n > 1 && most(n) > cfg_.maxSteps - steps_)
      n /= 2;
  // No watch may fall due at a boundary inside it.
  if (!watchers_.empty())
    while (n > 1 && (cycle_ + (n - 1) * q >= watch_.nextCycle ||
                     steps_ + most(n - 1) >= watch_.nextStep))
      n /= 2;
  return n;
}

bool Device::parallelEpoch(uint64_t epochEnd) const {
  if (!cfg_.parallelEpochs || hooks_.breakFn)
    return false;
  if (!cfg_.maxSteps)
    return true;
  // In parallel only if the budget cannot run out within the epoch.
  return cfg_.maxSteps - steps_ >= mostSteps(sms_, epochEnd);
}

void Device::setUpThreads() {
  // A trace hook keeps the isolated phase on this thread: its records stay
  // in SM order.
  const unsigned threads =
      hooks_.traceFn ? 1
               : std::min(cfg_.threads ? cfg_.threads
                                       : std::max(1u, std::thread::hardware_concurrency()),
                          numSms());
  if (threads < 2)
    workers_.reset();
  else if (!workers_ || workers_->threads() != threads)
    workers_ = std::make_unique<EpochWorkers>(threads);
  parallelThreads_ = workers_ ? workers_->threads() : 1; // read by the commit shares
  threadTotals_.resize(parallelThreads_);
  // Members, not locals: a helper may still be in the commit job after
  // runParallelEpoch returns (EpochWorkers::run with returnEarly).
  isolatedJob_ = [this](unsigned i) { runIsolated(i); };
  commitJob_ = [this](unsigned t) {
    // Every thread reads the SMs' store summaries and decides alike: no
    // further hand-off to tell the others.
    const bool ownStores = parallelThreads_ == 1 || storesDisjoint();
    commitShare(t, parallelThreads_, ownStores);
    if (t == 0)
      storesCommitted_ = ownStores;
  };
}

void Device::runIsolated(unsigned i) {
  const unsigned t = i % parallelThreads_;
  ThreadTotals &sum = threadTotals_[t];
  if (i == t) { // the thread's first SM (EpochWorkers: SM i on thread i % threads)
    sum.steps = 0;
    sum.faulted = sum.paused = false;
    sum.quiet = UINT64_MAX;
    std::fill(sum.retired.begin(), sum.retired.end(), 0);
  }
  Sm &sm = *sms_[i];
  SmEpoch &e = sm.epoch();
  e.beginIsolated(parallelThreads_);
  uint64_t budget = UINT64_MAX;
  sm.run(parallelEnd_, budget);
  // Done with isolation: a paused SM runs on after the commit, in turn.
  e.isolated = false;
  sum.steps += UINT64_MAX - budget;
  if (sum.retired.size() < e.retiredInstructions.size())
    sum.retired.resize(e.retiredInstructions.size(), 0);
  for (ContextId c = 0; c < e.retiredInstructions.size(); ++c)
    sum.retired[c] += e.retiredInstructions[c];
  e.retiredInstructions.clear();
  sum.faulted = sum.faulted || e.fault;
  sum.paused = sum.paused || e.paused;
  // Read here, on the SM's thread: the device reads this line anyway.
  sum.quiet = std::min(sum.quiet, sm.quietUntil());
}

bool Device::runParallelEpoch(uint64_t epochEnd, RunResult &result) {
  // Up to the workers' run, nothing here touches what the last epoch's
  // helpers may still touch in their commit shares (their slices' tags, their
  // SMs' stores): run() waits for them before this thread's SMs run.
  reserveCtas();
  EpochWorkers *workers = workers_.get();
  hooks_.deferCtas = true;
  // The isolated phase: the SMs in any order, on any threads (SM i on
  // thread i % threads, EpochWorkers), each thread summing its SMs'
  // counters; then each thread's share of the commit (commitShare).
  parallelEnd_ = epochEnd;
  if (workers) {
    // Returns once this thread's share is done. The helpers' shares (their
    // slices' tags, their SMs' stores) overlap the hand-over below and the
    // next epoch's reservations, which touch neither; whatever does waits.
    workers->run(numSms(), isolatedJob_, &commitJob_, true);
  } else {
    for (unsigned i = 0; i < numSms(); ++i)
      runIsolated(i);
    commitJob_(0);
  }
  bool faulted = false, paused = false;
  uint64_t quiet = UINT64_MAX;
  for (unsigned t = 0; t < parallelThreads_; ++t) {
    faulted = faulted || threadTotals_[t].faulted;
    paused = paused || threadTotals_[t].paused;
    quiet = std::min(quiet, threadTotals_[t].quiet);
  }
  if (workers && (faulted || paused || !storesCommitted_ || sched_.multiContext()))
    workers->wait(); // the stores, the faults' warps, the tags and the SMs, in turn

  // The rest of the commit, in SM order: stores (the last SM's byte wins)
  // unless written out above, counters, then faults; the paused SMs run on;
  // finished CTAs are handed over.
  commitHeld(!storesCommitted_, faulted);
  if (paused)
    for (auto &sm : sms_)
      if (std::exchange(sm->epoch().paused, false) && !hooks_.stop) {
        uint64_t budget = UINT64_MAX;
        sm->run(epochEnd, budget);
        steps_ += UINT64_MAX - budget;
      }
  const uint64_t placed = sched_.ctasPlaced();
  handOverCtas(epochEnd, workers != nullptr);
  // The SMs' wake-ups as their threads saw them, unless the device has
  // changed an SM since: a paused SM run in turn, a fault, a CTA placed.
  quietKnown_ = !paused && !faulted && sched_.ctasPlaced() == placed;
  quietBound_ = quiet;
  if (!hooks_.stop)
    return false;
  result = pending_;
  return true;
}

bool Device::skipQuietEpochs(uint64_t limit) {
  if (!cfg_.skipQuietEpochs || sched_.multiContext())
    return false;
  if (!quietKnown_) {
    quietBound_ = UINT64_MAX;
    for (const auto &sm : sms_)
      quietBound_ = std::min(quietBound_, sm->quietUntil());
    quietKnown_ = true;
  }
  if (quietBound_ == UINT64_MAX)
    return false; // nothing can ever issue: an epoch's run finds out why
  const uint64_t q = cfg_.quantum;
  const uint64_t n = std::min(quietBound_ > cycle_ ? (quietBound_ - cycle_) / q : 0,
                              limit > cycle_ ? (limit - cycle_) / q : 0);
  if (n == 0)
    return false;
  const uint64_t end = cycle_ + n * q;
  if (Grid *g = sched_.reservableGrid()) {
    // Each of the epochs would reserve CTAs, start none and return them all
    // (the dispatch order stays as it was) but take their warp uids.
    uint64_t takers = 0;
    for (const auto &sm : sms_)
      takers += reservesFor(*sm, *g);
    const uint32_t k = static_cast<uint32_t>(
        std::min<uint64_t>(takers * reservedPerSm(*g), g->ctasUndispatched()));
    warpUids_ += n * k * g->warpsPerCta;
  }
  for (auto &sm : sms_)
    sm->idleUntil(end);
  cycle_ = end;
  return true;
}

bool Device::storesDisjoint() const {
  StoreBuffer::LineFilter lines;
  for (const auto &sm : sms_)
    if (!sm->epoch().stores.addLinesTo(lines))
      return false;
  return true;
}

void Device::commitShare(unsigned t, unsigned threads, bool ownStores) {
  for (const auto &sm : sms_)
    for (const SmEpoch::L2Access &a : sm->epoch().l2Logs[t])
      l2_.replay(a.where(), a.hit);
  if (ownStores)
    for (unsigned i = t; i < numSms(); i += threads)
      sms_[i]->epoch().stores.commit();
}

void Device::commitHeld(bool stores, bool faulted) {
  if (stores)
    for (auto &sm : sms_)
      sm->epoch().stores.commit();
  for (unsigned t = 0; t < parallelThreads_; ++t) {
    const ThreadTotals &sum = threadTotals_[t];
    steps_ += sum.steps;
    for (ContextId c = 0; c < sum.retired.size(); ++c)
      if (sum.retired[c])
        sched_.addRetiredInstructions(c, sum.retired[c]);
  }
  if (faulted)
    for (auto &sm : sms_)
      if (const std::optional<SmEpoch::Fault> f = std::exchange(sm->epoch().fault, std::nullopt))
        faultWarp(sm->warp(f->slot), f->kind, f->reason, f->lanes, f->pc, f->cycle);
}

uint32_t Device::reservedPerSm(const Grid &g) const {
  return occupancy(cfg_, ctaShape(g)).ctas;
}

bool Device::reservesFor(const Sm &sm, const Grid &g) const {
  return !(constCache() && g.holdsConstRef && !constCache()->runs(sm.id(), g.constVersion));
}

void Device::reserveCtas() {
  Grid *g = sched_.reservableGrid();
  if (!g)
    return;
  // Positions in the dispatch order, SM after SM: nothing is taken from
  // the grid until the hand-over, where the CTAs started are.
  const uint32_t most = reservedPerSm(*g);
  const uint32_t available = g->ctasUndispatched();
  uint32_t from = 0;
  for (auto &sm : sms_) {
    if (!reservesFor(*sm, *g))
      continue;
    SmEpoch &e = sm->epoch();
    e.reservedGrid = g;
    e.reservedFrom = from;
    e.reservedCount = std::min(most, available - from);
    e.reservedUid = takeWarpUids(e.reservedCount * g->warpsPerCta);
    from += e.reservedCount;
  }
}

void Device::handOverCtas(uint64_t epochEnd, bool deferSetUp) {
  hooks_.deferCtas = false;
  hooks_.deferSetUp = deferSetUp;
  // Reserved CTAs: those started are resident and leave the dispatch
  // order; the others stay in it, in order (the SMs' ranges are in order).
  Grid *reserved = nullptr;
  uint32_t taken = 0;
  std::vector<uint32_t> left;
  for (auto &sm : sms_) {
    SmEpoch &e = sm->epoch();
    if (!e.reservedGrid)
      continue;
    if (e.reservedNext)
      sched_.placed(sm->id()); // in SM order, as the serial schedule's dispatch
    reserved = e.reservedGrid;
    reserved->ctasResident += e.reservedNext;
    for (uint32_t k = e.reservedNext; k < e.reservedCount; ++k)
      left.push_back(reserved->ctaAt(e.reservedFrom + k));
    taken = e.reservedFrom + e.reservedCount;
    e.reservedGrid = nullptr;
    e.reservedFrom = e.reservedCount = e.reservedNext = 0;
  }
  if (reserved)
    reserved->takeExcept(taken, left);
  for (auto &sm : sms_) {
    SmEpoch &e = sm->epoch();
    if (std::exchange(e.drained, false) && constCache() && sm->empty())
      constCache()->smDrained(sm->id());
    for (const SmEpoch::FinishedCta &f : e.finished)
      ctaFinished(*f.grid, f.cycle, std::max(f.cycle, epochEnd));
    e.finished.clear();
  }
  hooks_.deferSetUp = false;
}

RunResult Device::stepWarp(WarpRef ref) {
  RunResult result;
  Warp *w = warp(ref);
  if (!w || w->state != WarpState::Active) {
    result.status = RunStatus::Blocked;
    return result;
  }
  const auto t0 = std::chrono::steady_clock::now();
  hooks_.stop = false;
  pending_ = {};
  Sm &sm = *sms_[ref.sm];
  sm.dropCaches();
  result.grid = w->grid->id;
  result.warp = ref;
  sm.stepWarp(ref.slot);
  ++steps_;
  if (hooks_.stop) {
    result = pending_;
  } else {
    result.status = RunStatus::Stepped;
  }
  hooks_.stop = false;
  wallSeconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!watchers_.empty())
    askWatchers(true);
  return result;
}

void Device::resumeFrom(WarpRef ref) {
  // The skip names the warp's next instruction by count: it lapses if the
  // warp steps first, and follows the warp if its CTA moves to another SM.
  if (const Warp *w = warp(ref)) {
    hooks_.skipUid = w->uid;
    hooks_.skipCount = w->instructions;
  }
}

//===-- State ---------------------------------------------------------------------===//

Grid *Device::gridMut(GridId id) {
  return id >= 1 && id <= grids_.size() ? grids_[id - 1].get() : nullptr;
}

const Grid *Device::grid(GridId id) const {
  return id >= 1 && id <= grids_.size() ? grids_[id - 1].get() : nullptr;
}

GridState Device::gridState(GridId id) const {
  const Grid *g = grid(id);
  return g ? g->state : GridState::Discarded;
}

std::vector<GridId> Device::runningGrids() const {
  std::vector<GridId> out;
  for (const auto &g : grids_)
    if (g->state == GridState::Running)
      out.push_back(g->id);
  return out;
}

Warp *Device::warp(WarpRef ref) {
  if (ref.sm >= sms_.size() || ref.slot >= sms_[ref.sm]->numSlots())
    return nullptr;
  Warp &w = sms_[ref.sm]->warp(ref.slot);
  if (w.uid != ref.uid || w.state == WarpState::Free)
    return nullptr;
  return &w;
}

std::vector<WarpInfo> Device::warps() const {
  std::vector<WarpInfo> out;
  for (const auto &sm : sms_)
    for (uint32_t slot = 0; slot < sm->numSlots(); ++slot) {
      const Warp &w = sm->warp(slot);
      if (w.state == WarpState::Free || !w.cta)
        continue;
      WarpInfo i;
      i.ref = WarpRef{sm->id(), slot, w.uid};
      i.grid = w.grid->id;
      std::copy(w.cta->id, w.cta->id + 3, i.cta);
      i.warp = w.index;
      i.pc = w.pcBytes();
      i.active = w.ctl().active;
      i.exited = w.ctl().exited;
      i.launched = w.ctl().launched;
      i.state = w.state;
      out.push_back(i);
    }
  return out;
}

//===-- Statistics -------------------------------------------------------------------===//

DeviceStats Device::stats() const {
  DeviceStats d;
  for (const auto &sm : sms_) {
    SmStats s = sm->statsWithLive();
    d.instr.add(s.instr);
    d.simt.add(s.simt);
    d.stack.add(s.stack);
    d.bySm.push_back(std::move(s));
  }
  // Preempted warps' live counters (their SM issue counts are in by_sm).
  sched_.addPreemptedStats(d.stack, d.simt);
  if (constCache()) {
    d.hasConstCache = true;
    d.constCache = constCache()->totalStats();
  }
  d.cycles = cycle_;
  d.wallSeconds = wallSeconds_;
  d.jitMode = cfg_.jit;
  for (const SmStats &s : d.bySm)
    d.jitInstr += s.jitInstr;
  if (jit_)
    d.jit = jit_->totals();
  d.detail = cfg_.statsDetail;
  if (d.detail) {
    for (const auto &sm : sms_)
      d.byWarp.insert(d.byWarp.end(), sm->warpRecords().begin(), sm->warpRecords().end());
    for (const auto &sm : sms_)
      sm->appendLiveRecords(d.byWarp);
  }
  return d;
}

std::string Device::statsJson(const StatsJsonExtras &extras) const {
  StatsJsonExtras e = extras;
  if (e.l2.empty())
    e.l2 = l2Json(l2_);
  if (e.contexts.empty())
    e.contexts = sched_.contextsJson();
  return statsToJson(stats(), e);
}

void Device::resetStats() {
  l2_.resetStats();
  for (auto &sm : sms_)
    sm->resetStats();
  if (constCache())
    constCache()->resetStats();
  wallSeconds_ = 0;
}

void Device::setLevel(unsigned level) {
  cfg_ = cfg_.atLevel(level);
  for (auto &sm : sms_)
    sm->addWarpSlots();
}

} // namespace simt::emu
