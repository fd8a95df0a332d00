//===-- SmMemory.cpp - One SM: global memory and constants ----------------===//
//
// The services the semantics functions call for memory: global addresses to
// host pointers (the last mapped range cached), the L2 model's accounting of
// a warp-instruction's distinct lines and its latency charge, held back in a
// parallel epoch's isolated phase (SmEpoch), and constant reads through the
// constant-cache model for the user banks.
//
//===----------------------------------------------------------------------===//
#include "emu/core/Sm.h"

#include "emu/mem/ConstCache.h"

#include <algorithm>
#include <bit>
#include <string_view>

namespace simt::emu {

bool Sm::serializes(const Inst &inst) {
  // Global atomics and locks read and write memory in place, past the
  // stores an isolated SM holds back.
  if (inst.op < Op::NumOps) {
    const OpInfo &info = opInfo(inst.op);
    if ((info.isAtomic || info.isLock) && std::string_view(info.memSpace) == "global")
      return true;
  }
  if (inst.op == Op::LDC)
    return inst.constBank >= limits::kFirstUserConstBank;
  // a user constant bank read as Sb or as the third source
  return (inst.sb.kind == SrcKind::Const && inst.sb.bank >= limits::kFirstUserConstBank) ||
         (inst.sc.kind == SrcKind::Const && inst.sc.bank >= limits::kFirstUserConstBank);
}

uint8_t *Sm::globalSlow(const GlobalMemory &mem, uint64_t addr, uint64_t bytes) {
  MemRange r;
  if (!mem.find(addr, &r))
    return nullptr;
  memTag_ = mem.ctx;
  memRange_ = r;
  return r.at(addr, bytes);
}

namespace {
/// Appends `line` to lines[0..n) unless it is there already (in order).
inline void addDistinctLine(uint64_t *lines, unsigned &n, uint64_t line) {
  for (unsigned i = 0; i < n; ++i)
    if (lines[i] == line)
      return;
  lines[n++] = line;
}

/// A profiled L2 access: every one, and apart the reads (nvprof's
/// l2_read_hit_rate leaves stores and atomics out).
inline void countL2(GridCounters &prof, bool hit, MemOp op) {
  ++(hit ? prof.l2Hits : prof.l2Misses);
  if (op == MemOp::Read)
    ++(hit ? prof.l2ReadHits : prof.l2ReadMisses);
}
} // namespace

void Sm::l2Access(ExecContext &ctx, const uint64_t *a, uint32_t mask, MemOp op) {
  // Distinct lines of the participating lanes, in lane order. Neighbouring
  // lanes mostly share a line, so compare with the previous one first.
  const uint32_t shift = l2_->lineShift();
  uint64_t lines[WarpSize];
  unsigned n = 0;
  uint64_t prev = ~uint64_t{0};
  for (uint32_t m = mask; m; m &= m - 1) {
    const uint64_t line = a[std::countr_zero(m)] >> shift;
    if (line == prev)
      continue;
    prev = line;
    addDistinctLine(lines, n, line);
  }
  l2Charge(ctx, lines, n, op);
}

void Sm::l2AccessSpan(ExecContext &ctx, uint64_t first, uint64_t last, MemOp op) {
  const uint32_t shift = l2_->lineShift();
  const uint64_t line0 = first >> shift;
  uint64_t lines[WarpSize];
  // At most one line per lane: no more than 32.
  const unsigned n =
      static_cast<unsigned>(std::min<uint64_t>((last >> shift) - line0 + 1, WarpSize));
  for (unsigned i = 0; i < n; ++i)
    lines[i] = line0 + i;
  l2Charge(ctx, lines, n, op);
}

void Sm::globalAccessRuns(ExecContext &ctx, const uint64_t *firsts, unsigned count,
                          uint64_t bytes, MemOp op) {
  if (!l2_ || count == 0)
    return;
  const uint32_t shift = l2_->lineShift();
  uint64_t lines[WarpSize];
  unsigned n = 0;
  for (unsigned r = 0; r < count; ++r)
    for (uint64_t line = firsts[r] >> shift, last = (firsts[r] + bytes - 1) >> shift;
         line <= last && n < WarpSize; ++line)
      addDistinctLine(lines, n, line);
  l2Charge(ctx, lines, n, op);
}

/// The L2 model for `n` distinct lines, in order: one access each in its
/// slice, then the latency charge.
void Sm::l2Charge(ExecContext &ctx, const uint64_t *lines, unsigned n, MemOp op) {
  const ContextId c = ctx.warp.grid->params.context;
  GridCounters *prof = hooks_.profile ? ctx.warp.profGrid : nullptr;
  uint32_t worst = 0;
  if (epoch_->isolated) {
    // A parallel epoch's isolated SM: the tags as the epoch began plus its
    // own lines; logged for the commit (SmEpoch).
    for (unsigned i = 0; i < n; ++i) {
      const L2System::Where where = l2_->locate(c, lines[i]);
      const bool hit = epoch_->seen.insert(c, lines[i]) || l2_->holds(where);
      epoch_->logL2(where, hit);
      if (prof)
        countL2(*prof, hit, op);
      worst = std::max(worst, l2_->latency(hit, op));
    }
  } else {
    bool hit;
    for (unsigned i = 0; i < n; ++i) {
      worst = std::max(worst, l2_->access(c, lines[i], op, hit));
      if (prof)
        countL2(*prof, hit, op);
    }
  }
  if (l2_->missLatency() == 0)
    return; // T = 0: counted, not charged
  // A load or atomic waits for its slowest line, the requests for the others
  // following one per cycle; a store is posted: one cycle per further line.
  // The issue cycle itself is already counted.
  const uint32_t cost = op == MemOp::Write ? n : worst + n - 1;
  if (cost > 1)
    ctx.stallCycles = std::max(ctx.stallCycles, cost - 1);
}

uint32_t Sm::constAccess(const Grid &g, uint8_t bank, uint32_t offset) {
  ConstCache *cc = hooks_.constCache;
  if (!cc || !g.holdsConstRef)
    return 0;
  const ConstCacheStats before = hooks_.profile ? cc->smStats(id_) : ConstCacheStats{};
  const uint32_t lat = cc->accessLine(id_, g.constVersion, bank, offset);
  if (hooks_.profile)
    noteConstAccess(g, before);
  return lat > 1 ? lat - 1 : 0; // an L1 hit is covered by the issue cycle
}

uint64_t Sm::userConstant(ExecContext &ctx, uint8_t bank, uint32_t offset,
                          unsigned words) {
  const Grid &g = *ctx.warp.grid;
  ConstCache *cc = hooks_.constCache;
  if (!cc || !g.holdsConstRef || bank >= limits::kNumConstBanks || offset > kConstBankBytes - 4)
    return 0;
  const uint32_t lineBytes = cc->config().lineBytes;
  const ConstCacheStats before = hooks_.profile ? cc->smStats(id_) : ConstCacheStats{};
  uint32_t lat = cc->accessLine(id_, g.constVersion, bank, offset);
  uint64_t v = cc->value32(g.constVersion, bank, offset);
  const uint32_t hiOffset = offset + 4;
  if (words == 2 && hiOffset <= kConstBankBytes - 4) {
    if (hiOffset / lineBytes != offset / lineBytes) // a misaligned pair spans two lines
      lat = std::max(lat, cc->accessLine(id_, g.constVersion, bank, hiOffset));
    v |= uint64_t(cc->value32(g.constVersion, bank, hiOffset)) << 32;
  }
  if (hooks_.profile)
    noteConstAccess(g, before);
  if (lat > 1)
    ctx.stallCycles = std::max(ctx.stallCycles, lat - 1);
  return v;
}

uint32_t readConstant(ExecContext &ctx, uint8_t bank, uint32_t offset) {
  const Grid &g = *ctx.warp.grid;
  if (bank == limits::kParamBank)
    return g.bank0Word(offset);
  if (bank == limits::kRuntimeBank)
    return g.bank1Word(offset);
  return static_cast<uint32_t>(ctx.sm.userConstant(ctx, bank, offset));
}

uint64_t readConstant64(ExecContext &ctx, uint8_t bank, uint32_t offset) {
  if (bank < limits::kFirstUserConstBank)
    return readConstant(ctx, bank, offset) |
           uint64_t(readConstant(ctx, bank, offset + 4)) << 32;
  return ctx.sm.userConstant(ctx, bank, offset, 2);
}

} // namespace simt::emu
