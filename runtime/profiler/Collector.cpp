//===-- Collector.cpp - Per-PC counters from the emulator's trace hook ----===//
#include "runtime/profiler/Collector.h"

#include <algorithm>
#include <bit>

namespace simt::prof {

namespace {

/// The branches that can split a warp (SIMTInstrs.def's MayDiverge).
constexpr auto MayDiverge = [] {
  std::array<bool, emu::NumOps + 1> out{};
#define SIMT_INSTR(Rec, Mnemonic, SemClass, Opcode, Diverge, ...)                                 \
  out[static_cast<unsigned>(emu::Op::Rec)] = Diverge;
#include "SIMTInstrs.def"
  return out;
}();

constexpr uint64_t SegmentBytes = 128;

} // namespace

Collector::Collector(emu::Device &device, std::chrono::steady_clock::time_point start,
                     NewCodeFn newCode)
    : device_(device), start_(start), newCode_(std::move(newCode)) {
  slots_.resize(device.numSms());
  for (uint32_t i = 0; i < device.numSms(); ++i)
    slots_[i].resize(device.sm(i).numSlots());
}

Collector::~Collector() { detach(); }

void Collector::attach() {
  const emu::Device::TraceHook prev = device_.traceHook();
  prevFn_ = prev.fn;
  prevCtx_ = prev.ctx;
  prevDetail_ = prev.detail;
  device_.setTraceHook(&Collector::hook, this, prevDetail_ | emu::TraceMemory);
  attached_ = true;
}

void Collector::detach() {
  if (!attached_)
    return;
  device_.setTraceHook(prevFn_, prevCtx_, prevDetail_);
  attached_ = false;
}

void Collector::hook(void *self, const emu::TraceRecord &r) {
  auto *c = static_cast<Collector *>(self);
  c->record(r);
  if (c->prevFn_)
    c->prevFn_(c->prevCtx_, r);
}

Collector::GridCache &Collector::gridCache(emu::GridId id) {
  if (id == lastGrid_)
    return *lastCache_;
  if (id >= gridCache_.size())
    gridCache_.resize(id + 1);
  GridCache &g = gridCache_[id];
  if (!g.totals) {
    untilClock_ = 0; // a grid's first record reads the clock
    g.totals = &byGrid_[id];
    if (const emu::Grid *grid = device_.grid(id)) {
      auto [it, fresh] = byCode_.try_emplace(grid->params.kernel.code);
      std::vector<PcCounts> &pcs = it->second;
      pcs.resize(std::max<size_t>(pcs.size(), grid->codeSize));
      if (fresh && newCode_)
        newCode_(*grid);
      g.pcs = &pcs;
    }
  }
  lastGrid_ = id;
  lastCache_ = &g; // gridCache_ grows only above, before this
  return g;
}

void Collector::record(const emu::TraceRecord &r) {
  GridCache &g = gridCache(r.grid);
  // Also at each warp's end, so that a grid's last instruction has a time.
  if (untilClock_-- == 0 || r.finished) {
    untilClock_ = 1023;
    hostNow_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  GridTotals &t = *g.totals;
  if (t.hostFirst < 0)
    t.hostFirst = hostNow_;
  t.hostLast = hostNow_;
  const uint64_t threads = std::popcount(r.participating);
  PcCounts scratch;
  PcCounts &c = g.pcs && r.pc / 8 < g.pcs->size() ? (*g.pcs)[r.pc / 8] : scratch;
  ++c.warp, ++t.counts.warp;
  c.thread += threads, t.counts.thread += threads;
  // A split leaves the taken lanes active: fewer than before, but some.
  if (r.inst && MayDiverge[static_cast<unsigned>(r.inst->op)] && r.activeAfter &&
      r.activeAfter != r.activeBefore && r.fault == emu::FaultKind::None && !r.finished)
    ++c.divergent, ++t.counts.divergent;
  if (!r.mem.empty())
    countMemory(r, c, t);
  TimeBin &b = binAt(r.cycle);
  ++b.warp;
  b.thread += threads;
  b.slotsPerSm[r.sm] |= uint64_t{1} << (r.slot & 63);
  trackSlot(r);
}

void Collector::countMemory(const emu::TraceRecord &r, PcCounts &c, GridTotals &t) {
  for (const emu::MemAccess &a : r.mem) {
    const uint64_t bytes = uint64_t(std::popcount(a.lanes)) * a.bytes;
    // The distinct 128-byte segments the lanes touch: a coalescing measure.
    uint64_t seen[emu::WarpSize];
    unsigned n = 0;
    uint64_t last = UINT64_MAX;
    for (uint32_t m = a.lanes; m; m &= m - 1) {
      const unsigned l = static_cast<unsigned>(std::countr_zero(m));
      for (uint64_t s = a.addr[l] / SegmentBytes; s <= (a.addr[l] + a.bytes - 1) / SegmentBytes;
           ++s) {
        if (s == last) // neighbouring lanes mostly share a segment
          continue;
        last = s;
        if (std::find(seen, seen + n, s) == seen + n && n < emu::WarpSize)
          seen[n++] = s;
      }
    }
    ++c.memRequests, ++t.counts.memRequests;
    c.memBytes += bytes, t.counts.memBytes += bytes;
    c.memSegments += n, t.counts.memSegments += n;
  }
}

TimeBin &Collector::binAt(uint64_t cycle) {
  uint64_t i = cycle >> binShift_;
  while (i >= MaxBins) {
    // Twice as wide: pairs merge, the series keeps its length.
    for (size_t k = 0; k < bins_.size(); ++k) {
      TimeBin &into = bins_[k / 2];
      const TimeBin from = bins_[k];
      if (k % 2 == 0) {
        into = from;
        continue;
      }
      into.warp += from.warp, into.thread += from.thread;
      for (size_t s = 0; s < into.slotsPerSm.size(); ++s)
        into.slotsPerSm[s] |= from.slotsPerSm[s];
    }
    bins_.resize((bins_.size() + 1) / 2);
    ++binShift_;
    i = cycle >> binShift_;
  }
  while (bins_.size() <= i)
    bins_.push_back(TimeBin{0, 0, std::vector<uint64_t>(slots_.size())});
  return bins_[i];
}

void Collector::trackSlot(const emu::TraceRecord &r) {
  if (r.sm >= slots_.size() || r.slot >= slots_[r.sm].size())
    return;
  SlotRun &s = slots_[r.sm][r.slot];
  if (!s.open || s.grid != r.grid || s.warp != r.warp || s.cta[0] != r.cta[0] ||
      s.cta[1] != r.cta[1] || s.cta[2] != r.cta[2]) [[unlikely]] {
    if (s.open)
      mergeSpan(ctas_, r.sm, s);
    s = SlotRun{true, r.grid, {r.cta[0], r.cta[1], r.cta[2]}, r.warp, r.cycle, r.cycle};
  }
  s.last = r.cycle;
  if (r.finished || r.fault != emu::FaultKind::None) {
    mergeSpan(ctas_, r.sm, s);
    s.open = false;
  }
}

void Collector::mergeSpan(CtaMap &into, uint32_t sm, const SlotRun &s) const {
  const emu::Grid *g = device_.grid(s.grid);
  const uint64_t linear =
      g ? (uint64_t(s.cta[2]) * g->params.grid[1] + s.cta[1]) * g->params.grid[0] + s.cta[0] : 0;
  auto [it, fresh] = into.try_emplace({s.grid, linear});
  CtaSpan &c = it->second;
  if (fresh) {
    c = CtaSpan{sm, s.grid, {s.cta[0], s.cta[1], s.cta[2]}, s.first, s.last};
    return;
  }
  c.first = std::min(c.first, s.first);
  c.last = std::max(c.last, s.last);
}

std::vector<CtaSpan> Collector::ctaSpans() const {
  CtaMap all = ctas_; // the resident warps' spans close in the copy
  for (uint32_t sm = 0; sm < slots_.size(); ++sm)
    for (const SlotRun &s : slots_[sm])
      if (s.open)
        mergeSpan(all, sm, s);
  std::vector<CtaSpan> out;
  for (const auto &[key, span] : all)
    out.push_back(span);
  return out;
}

} // namespace simt::prof
