//===-- RaceCheck.cpp - racecheck: shared- and global-memory races --------===//
//
// Shared memory, per CTA: a warp's barrier interval is the number of
// BAR.SYNC / BAR.RED it has arrived at. A barrier opens only when every live
// warp has arrived, so an access is ordered after every earlier access made
// in an earlier interval, and concurrent with those of its own interval: two
// accesses to a byte in one interval by different threads, one a plain
// (non-atomic) write, are a hazard: atomics, and the lock loops shared
// atomics compile to, are ordered among themselves, and a plain read of
// what only atomics write is how a CAS loop starts. Lanes of one warp at
// different instructions are ordered by this ISA's lockstep but not by
// CUDA's model since Volta, so such hazards are warnings (warp-level
// programming, as compute-sanitizer calls them; options.intraWarpHazards)
// unless the warp executed a WARPSYNC between them: `__syncwarp()`, the
// warp-level barrier of CUDA's model (a fence orders one thread's accesses,
// not the lanes' among themselves). Lanes of one instruction
// storing to the same bytes are an error.
//
// Global memory, per launch: accesses by threads of different CTAs to a
// byte, one a plain write, are a race unless both CTAs have synchronised
// after the earlier access (an atomic, a lock, MEMBAR, or a load of a word
// an atomic wrote last: how lock-free code acquires); the launch's sequence
// counts those events.
//
// Severity: a hazard whose write stored the value already there (so the
// order cannot change what is read or left) is a warning, else an error;
// in global memory such hazards are not reported (every CTA setting one
// flag is the idiom).
//
//===----------------------------------------------------------------------===//
#include "emu/sanitize/RaceCheck.h"
#include "emu/sanitize/RaceHazards.h"
#include "emu/sanitize/RaceShadow.h"

#include <bit>
#include <unordered_map>

namespace simt::emu::sanitize {
namespace {

/// The ordering properties of the records (OpInfo); an undefined encoding
/// (NumOps), which a trace record may carry, has none. A lock's load or
/// store (the lowered form of a shared atomic, and of user locks) is
/// ordered among its kind like an atomic.
bool isLockOp(Op op) { return op < Op::NumOps && opInfo(op).isLock; }
bool isBarrier(Op op) { return op < Op::NumOps && opInfo(op).isBarrier; }
bool isWarpBarrier(Op op) { return op < Op::NumOps && opInfo(op).isWarpBarrier; }
/// MEMBAR and the warp barrier, which orders memory as MEMBAR.CTA.
bool isFence(Op op) { return op == Op::MEMBAR || isWarpBarrier(op); }

/// What the checker needs of one access of one lane.
struct LaneAccess {
  uint32_t thread;
  uint32_t pc;
  bool write;
  bool atomic;
  bool unchanged; // a store of the value already there
};

/// A CTA as long as the launch lives: where it is and when it last
/// synchronised in global memory.
struct CtaSummary {
  uint32_t coords[3] = {0, 0, 0};
  uint32_t lastSync = 0; // the launch's sequence at its last sync (0: none)
};

/// A CTA while its warps run: their barrier intervals and the shared shadow.
struct CtaLive {
  std::vector<uint32_t> intervals; // per warp
  std::vector<uint32_t> warpSyncs; // per warp: WARPSYNCs executed
  std::vector<SharedCell> shared;  // per 4-byte word
  uint32_t finishedWarps = 0;
};

struct GridState {
  GridInfo info;
  bool known = false; // beginGrid told the shape
  uint32_t warpsPerCta = 0;
  std::unordered_map<uint64_t, uint32_t> ctaIndex; // by packed coordinates
  std::vector<CtaSummary> ctas;
  std::unordered_map<uint32_t, CtaLive> live;
  GlobalShadow global;
  uint32_t sequence = 0;
  HazardLog log;
  // The last record's CTA (records come in runs of one SM's warps).
  uint64_t lastKey = ~uint64_t{0};
  uint32_t lastIndex = 0;
  CtaLive *lastLive = nullptr;

  explicit GridState(bool everyHazard) : log(everyHazard) {}
};

class RaceCheck final : public Checker {
public:
  explicit RaceCheck(const RaceCheckOptions &o) : opts_(o) {}

  uint8_t traceDetail() const override { return TraceMemory | TraceValues; }
  void beginGrid(const GridInfo &info) override;
  void observe(const TraceRecord &r, std::vector<Finding> &out) override;
  void endGrid(GridId grid, std::vector<Finding> &out) override;

private:
  GridState &grid(GridId id);
  /// The CTA of the record: its index in the launch and its live state.
  uint32_t ctaOf(GridState &g, const TraceRecord &r, CtaLive *&live);
  void sharedAccess(GridState &g, CtaLive &cta, const TraceRecord &r, const MemAccess &m,
                    bool atomic, std::vector<Finding> &out);
  void sameInstructionWrites(GridState &g, const TraceRecord &r, const MemAccess &m,
                             std::vector<Finding> &out);
  /// Whether a lane read a word an atomic wrote last (an acquire).
  bool globalAccess(GridState &g, uint32_t cta, const TraceRecord &r, const MemAccess &m,
                    bool atomic, std::vector<Finding> &out);
  /// Whether an earlier access `s` and thread `t`'s access at `pc` are
  /// ordered within one warp: always by the lockstep, unless warp-level
  /// hazards are asked for; then lanes of one instruction are (their
  /// writes to one word are sameInstructionWrites'), and accesses a
  /// __syncwarp (a WARPSYNC of the warp, `warpSyncs` of them so far)
  /// separates. An earlier iteration of the same instruction counts as it:
  /// a race is never invented.
  bool orderedInWarp(const SharedSite &s, uint32_t t, uint32_t pc, uint32_t warpSyncs) const {
    return s.thread / WarpSize == t / WarpSize &&
           (!opts_.intraWarpHazards || s.pc == pc || s.warpSyncs != warpSyncs);
  }
  Finding finding(FindingKind kind, Severity s, const TraceRecord &r, const MemAccess &m,
                  unsigned lane, bool atomic) const;

  RaceCheckOptions opts_;
  std::unordered_map<GridId, GridState> grids_;
  GridId lastGridId_ = 0;
  GridState *lastGrid_ = nullptr;
};

uint64_t packCoords(const uint32_t (&c)[3]) {
  return uint64_t{c[0]} | uint64_t{c[1] & 0xffff} << 32 | uint64_t{c[2] & 0xffff} << 48;
}

void RaceCheck::beginGrid(const GridInfo &info) {
  // A new launch: nothing of an earlier grid of that id (another device's).
  grids_.erase(info.grid);
  lastGrid_ = nullptr;
  GridState &g = grid(info.grid);
  g.info = info;
  g.known = true;
  const uint64_t threads = uint64_t{info.blockDim[0]} * info.blockDim[1] * info.blockDim[2];
  g.warpsPerCta = static_cast<uint32_t>((threads + WarpSize - 1) / WarpSize);
}

GridState &RaceCheck::grid(GridId id) {
  if (lastGrid_ && lastGridId_ == id)
    return *lastGrid_;
  auto it = grids_.find(id);
  if (it == grids_.end())
    it = grids_.emplace(id, GridState(opts_.everyHazard)).first;
  lastGridId_ = id;
  lastGrid_ = &it->second;
  return it->second;
}

void RaceCheck::endGrid(GridId id, std::vector<Finding> &out) {
  auto it = grids_.find(id);
  if (it == grids_.end())
    return;
  it->second.log.flush(out);
  grids_.erase(it);
  lastGrid_ = nullptr;
}

uint32_t RaceCheck::ctaOf(GridState &g, const TraceRecord &r, CtaLive *&live) {
  const uint64_t key = packCoords(r.cta);
  if (key != g.lastKey || !g.lastLive) {
    const auto [it, inserted] =
        g.ctaIndex.try_emplace(key, static_cast<uint32_t>(g.ctas.size()));
    if (inserted) {
      CtaSummary s;
      std::copy(r.cta, r.cta + 3, s.coords);
      g.ctas.push_back(s);
    }
    g.lastKey = key;
    g.lastIndex = it->second;
    g.lastLive = &g.live[it->second]; // elements stay put as the map grows
  }
  live = g.lastLive;
  if (live->intervals.size() <= r.warp) {
    live->intervals.resize(std::max<size_t>(r.warp + 1, g.warpsPerCta));
    live->warpSyncs.resize(live->intervals.size());
  }
  return g.lastIndex;
}

void RaceCheck::observe(const TraceRecord &r, std::vector<Finding> &out) {
  if (!r.inst)
    return;
  const Op op = r.inst->op;
  // A barrier whose guard no lane passed is not an arrival.
  const bool barrier = isBarrier(op) && r.participating != 0;
  if (r.mem.empty() && !barrier && !r.finished && !isFence(op))
    return;
  GridState &g = grid(r.grid);
  CtaLive *live = nullptr;
  const uint32_t cta = ctaOf(g, r, live);
  const bool lock = isLockOp(op);
  bool synced = isFence(op);
  for (const MemAccess &m : r.mem) {
    const bool atomic = lock || m.kind == MemAccessKind::Atomic;
    if (m.space == MemSpace::Shared) {
      sharedAccess(g, *live, r, m, atomic, out);
    } else if (m.space == MemSpace::Global) {
      synced = synced || atomic;
      if (opts_.globalRaces && globalAccess(g, cta, r, m, atomic, out))
        synced = true;
    }
  }
  if (synced)
    g.ctas[cta].lastSync = ++g.sequence;
  if (barrier)
    ++live->intervals[r.warp];
  if (isWarpBarrier(op) && r.participating)
    ++live->warpSyncs[r.warp];
  // The CTA's last warp done: its shared memory is gone, and its shadow.
  if (r.finished && ++live->finishedWarps == g.warpsPerCta) {
    g.live.erase(cta);
    g.lastLive = nullptr;
  }
}

Finding RaceCheck::finding(FindingKind kind, Severity s, const TraceRecord &r,
                           const MemAccess &m, unsigned lane, bool atomic) const {
  Finding f;
  f.tool = Tool::Racecheck;
  f.kind = kind;
  f.severity = s;
  AccessSite &a = f.access;
  a.grid = r.grid;
  std::copy(r.cta, r.cta + 3, a.cta);
  a.thread = r.warp * WarpSize + lane;
  a.pc = r.pc;
  a.space = m.space;
  a.kind = atomic ? MemAccessKind::Atomic : m.kind;
  a.bytes = m.bytes;
  a.address = m.addr[lane];
  a.hasValue = m.kind == MemAccessKind::Store;
  a.value = m.value[lane];
  f.hasOther = true;
  f.other.grid = r.grid;
  f.other.space = m.space;
  return f;
}

/// The other side of a hazard, from a cell's site.
template <class Site>
void setOther(AccessSite &o, const Site &s, uint64_t word, bool write) {
  o.thread = s.thread;
  o.pc = s.pc;
  o.kind = s.flags & SiteAtomic ? MemAccessKind::Atomic
           : write              ? MemAccessKind::Store
                                : MemAccessKind::Load;
  o.bytes = static_cast<uint8_t>(std::popcount(s.byteMask));
  o.address = word + static_cast<unsigned>(std::countr_zero(s.byteMask));
}

/// The bytes of `word` (bits of `mask`) that an access of `value` at
/// `start` writes, in their places in the word; the rest zero.
uint64_t wordBytes(uint64_t value, uint64_t start, uint64_t word, uint8_t mask) {
  uint64_t out = 0;
  for (uint8_t bytes = mask; bytes; bytes &= bytes - 1) {
    const unsigned b = static_cast<unsigned>(std::countr_zero(bytes));
    out |= valueByte(value, word + b - start) << 8 * b;
  }
  return out;
}

/// The kind of a hazard between an earlier access (a write or not) and a
/// later one.
FindingKind hazardKind(bool earlierWrites, bool laterWrites) {
  if (!laterWrites)
    return FindingKind::RaceReadAfterWrite;
  return earlierWrites ? FindingKind::RaceWriteAfterWrite : FindingKind::RaceWriteAfterRead;
}

/// A hazard's severity: a warning when its write left the value as it was
/// (the earlier one for read-after-write) or when only the lockstep of a
/// warp orders it; atomics' values are not known, an error.
Severity severityOf(bool harmlessValue, bool withinWarp) {
  return harmlessValue || withinWarp ? Severity::Warning : Severity::Error;
}

void RaceCheck::sharedAccess(GridState &g, CtaLive &cta, const TraceRecord &r,
                             const MemAccess &m, bool atomic, std::vector<Finding> &out) {
  const bool write = m.writes();
  if (write && !atomic)
    sameInstructionWrites(g, r, m, out);
  if (cta.shared.empty() && g.known)
    cta.shared.resize((g.info.sharedBytes + 3) / 4);
  const uint32_t interval = cta.intervals[r.warp], warpSyncs = cta.warpSyncs[r.warp];
  for (uint32_t lanes = m.lanes; lanes; lanes &= lanes - 1) {
    const unsigned l = static_cast<unsigned>(std::countr_zero(lanes));
    const uint32_t t = r.warp * WarpSize + l;
    const bool unchanged = (m.unchanged >> l) & 1;
    const uint64_t first = m.addr[l] & ~uint64_t{3};
    for (uint64_t word = first; word < m.addr[l] + m.bytes; word += 4) {
      const size_t index = word / 4;
      if (index >= cta.shared.size())
        cta.shared.resize(std::max(index + 1, cta.shared.size() * 2));
      SharedCell &c = cta.shared[index];
      const uint8_t mask = byteMaskOf(word, m.addr[l], m.bytes);
      // One kind of hazard a word: a write after both a write and a read
      // of the same bytes is reported as the first.
      bool reported = false;
      auto hazard = [&](const SharedSite &s, bool earlierWrites, bool harmless) {
        if (reported)
          return;
        reported = true;
        const bool withinWarp = s.thread / WarpSize == r.warp;
        Finding f = finding(hazardKind(earlierWrites, write), severityOf(harmless, withinWarp), r,
                            m, l, atomic);
        f.warpLevel = withinWarp;
        f.other.cta[0] = r.cta[0], f.other.cta[1] = r.cta[1], f.other.cta[2] = r.cta[2];
        setOther(f.other, s, word, earlierWrites);
        f.other.hasValue = earlierWrites && (s.flags & SiteHasValue);
        f.other.value = c.value;
        g.log.add(f, word, static_cast<uint8_t>(s.byteMask & mask), out);
      };
      // Concurrent with this access: the same interval, another thread,
      // overlapping bytes, a plain write on either side (a plain read of
      // what atomics update is how a CAS loop starts), not ordered by the
      // warp.
      auto concurrent = [&](const SharedSite &s, bool earlierWrites) {
        const bool plainWrite = (write && !atomic) || (earlierWrites && !(s.flags & SiteAtomic));
        return s.valid() && s.interval == interval && s.thread != t && (s.byteMask & mask) &&
               plainWrite && !orderedInWarp(s, t, r.pc, warpSyncs);
      };
      if (concurrent(c.write, true))
        hazard(c.write, true,
               write ? unchanged && !atomic && !(c.write.flags & SiteAtomic)
                     : (c.write.flags & SiteUnchanged) != 0);
      if (write && concurrent(c.read, false))
        hazard(c.read, false, unchanged && !atomic);
      else if (write && concurrent(c.otherRead, false))
        hazard(c.otherRead, false, unchanged && !atomic);
      const SharedSite site{r.pc, interval, warpSyncs, static_cast<uint16_t>(t),
                            static_cast<uint8_t>(SiteValid | (atomic ? SiteAtomic : 0) |
                                                 (unchanged ? SiteUnchanged : 0) |
                                                 // a value holds a lane's first 8 bytes
                                                 (m.kind == MemAccessKind::Store && m.bytes <= 8
                                                      ? SiteHasValue
                                                      : 0)),
                            mask};
      if (write) {
        c.write = site;
        c.value = wordBytes(m.value[l], m.addr[l], word, mask);
        c.read.flags = c.otherRead.flags = 0;
      } else {
        if (c.read.valid() && c.read.interval == interval && c.read.thread != t)
          c.otherRead = c.read;
        c.read = site;
      }
    }
  }
}

/// Lanes of one store instruction writing the same bytes: the last lane
/// wins, whichever order a GPU applies them in.
void RaceCheck::sameInstructionWrites(GridState &g, const TraceRecord &r, const MemAccess &m,
                                      std::vector<Finding> &out) {
  // Ascending, non-overlapping addresses (the usual case) need no pairs.
  bool ascending = true;
  uint64_t end = 0;
  for (uint32_t lanes = m.lanes; lanes && ascending; lanes &= lanes - 1) {
    const unsigned l = static_cast<unsigned>(std::countr_zero(lanes));
    ascending = m.addr[l] >= end;
    end = m.addr[l] + m.bytes;
  }
  if (ascending)
    return;
  for (uint32_t later = m.lanes & (m.lanes - 1); later; later &= later - 1) {
    const unsigned l = static_cast<unsigned>(std::countr_zero(later));
    // The nearest earlier lane on the same bytes: the one l overwrites.
    for (uint32_t earlier = m.lanes & ((1u << l) - 1); earlier;
         earlier &= ~(1u << (31 - std::countl_zero(earlier)))) {
      const unsigned e = 31u - static_cast<unsigned>(std::countl_zero(earlier));
      if (m.addr[e] >= m.addr[l] + m.bytes || m.addr[l] >= m.addr[e] + m.bytes)
        continue;
      const bool same = m.kind == MemAccessKind::Store && m.value[e] == m.value[l];
      Finding f = finding(FindingKind::RaceWriteAfterWrite, severityOf(same, false), r, m, l,
                          false);
      std::copy(r.cta, r.cta + 3, f.other.cta);
      f.other.thread = r.warp * WarpSize + e;
      f.other.pc = r.pc;
      f.other.kind = m.kind;
      f.other.bytes = m.bytes;
      f.other.address = m.addr[e];
      f.other.hasValue = f.access.hasValue;
      // The bytes both write, word by word.
      const uint64_t from = std::max(m.addr[e], m.addr[l]);
      const uint64_t to = std::min(m.addr[e], m.addr[l]) + m.bytes;
      for (uint64_t word = from & ~uint64_t{3}; word < to; word += 4) {
        const uint8_t both =
            byteMaskOf(word, m.addr[e], m.bytes) & byteMaskOf(word, m.addr[l], m.bytes);
        f.other.value = wordBytes(m.value[e], m.addr[e], word, both);
        g.log.add(f, word, both, out);
      }
      break;
    }
  }
}

bool RaceCheck::globalAccess(GridState &g, uint32_t cta, const TraceRecord &r,
                             const MemAccess &m, bool atomic, std::vector<Finding> &out) {
  bool acquired = false;
  const bool write = m.writes();
  const uint32_t self = cta + 1;
  const uint32_t selfSync = g.ctas[cta].lastSync;
  // A race needs a plain write (a plain read of what atomics update is how
  // CAS loops start); it is ordered within a CTA (barriers, or the warp,
  // order it: not checked here) or when both CTAs synchronised since the
  // earlier access.
  auto concurrent = [&](const GlobalSite &s, bool earlierWrites, uint8_t mask) {
    const bool plainWrite = (write && !atomic) || (earlierWrites && !(s.flags & SiteAtomic));
    return s.valid() && s.cta != self && (s.byteMask & mask) && plainWrite &&
           !(selfSync > s.sequence && g.ctas[s.cta - 1].lastSync > s.sequence);
  };
  for (uint32_t lanes = m.lanes; lanes; lanes &= lanes - 1) {
    const unsigned l = static_cast<unsigned>(std::countr_zero(lanes));
    const bool unchanged = (m.unchanged >> l) & 1;
    const uint64_t first = m.addr[l] & ~uint64_t{3};
    for (uint64_t word = first; word < m.addr[l] + m.bytes; word += 4) {
      GlobalCell &c = g.global.cell(word);
      const uint8_t mask = byteMaskOf(word, m.addr[l], m.bytes);
      const GlobalSite *other = nullptr;
      bool earlierWrites = true;
      if (concurrent(c.write, true, mask))
        other = &c.write;
      else if (write && concurrent(c.read, false, mask))
        other = &c.read, earlierWrites = false;
      // Stores of the value already there are not reported in global
      // memory: every CTA setting one flag (`*done = true`) is the idiom.
      const bool harmless = write ? unchanged && !atomic && !(other && other->flags & SiteAtomic)
                                  : other && (other->flags & SiteUnchanged);
      if (other && !harmless) {
        Finding f = finding(hazardKind(earlierWrites, write), Severity::Error, r, m, l, atomic);
        std::copy(g.ctas[other->cta - 1].coords, g.ctas[other->cta - 1].coords + 3,
                  f.other.cta);
        setOther(f.other, *other, word, earlierWrites);
        g.log.add(f, word, static_cast<uint8_t>(other->byteMask & mask), out);
      }
      const GlobalSite site{self, r.pc, g.sequence,
                            static_cast<uint16_t>(r.warp * WarpSize + l),
                            static_cast<uint8_t>(SiteValid | (atomic ? SiteAtomic : 0) |
                                                 (unchanged ? SiteUnchanged : 0)),
                            mask};
      if (write) {
        c.write = site;
        c.read.cta = 0;
      } else {
        acquired = acquired || (c.write.flags & SiteAtomic);
        c.read = site;
      }
    }
  }
  return acquired;
}

} // namespace

std::unique_ptr<Checker> makeRaceCheck(const RaceCheckOptions &options) {
  return std::make_unique<RaceCheck>(options);
}

} // namespace simt::emu::sanitize
