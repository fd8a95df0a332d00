//===-- Memory.cpp - Loads, stores, atomics, locks, LDC -------------------===//
//
// ISA.md 2, 3.3 and 4 "Memory". Every access first maps each participating
// lane to host bytes (address = Ra + imm modulo 2^32, or the pair Ra:Ra+1 +
// imm modulo 2^64 with .E): a regular warp (consecutive elements, or one
// offset in every local window) with one check and one range lookup, any
// other with a pointer per lane; a misaligned or unmapped lane faults the
// whole instruction before anything is read or written, so a fault leaves
// registers and memory as they were. Then lanes are applied in ascending
// order (the last lane's store to an address wins; atomics and lock requests
// are serialised lowest lane first).
//
// Widths (MG_Width, bytes from the .td): .64/.128 move the register
// pair/quad starting at the named register (RZ: zeros / discarded).
// Global memory goes through the SM's cached GlobalMemory range (emu/
// Memory.h); shared memory is the CTA's; lane l's local window is
// [0, localWindow) at Warp::local + l * localWindow.
//
//===----------------------------------------------------------------------===//
#include "emu/core/Cta.h"
#include "emu/core/Sm.h"
#include "emu/mem/ConstCache.h"
#include "emu/core/Operands.h"
#include "support/Text.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <cstring>

namespace simt::emu {
namespace {

struct Width {
  uint8_t bytes;
  uint8_t words;
  bool sext;
};
constexpr auto kWidths = [] {
  std::array<Width, SIMT::NumWidthValues> t{};
  for (unsigned v = 0; v < t.size(); ++v) {
    const SIMT::Width w = SIMT::Width(v);
    const unsigned bytes = SIMT::bytesOf(w);
    t[v] = {uint8_t(bytes), uint8_t(bytes < 4 ? 1 : bytes / 4),
            w == SIMT::Width::S8 || w == SIMT::Width::S16};
  }
  return t;
}();
inline const Width &widthOf(const Inst &inst) {
  return kWidths[inst.mod[SIMT::MG_Width] % SIMT::NumWidthValues];
}

using Space = MemSpace; // emu/core/Trace.h

constexpr const char *kMisaligned[3] = {"misaligned global memory access",
                                        "misaligned shared memory access",
                                        "misaligned local memory access"};
constexpr const char *kOutOfRange[3] = {"global memory access out of range",
                                        "shared memory access out of range",
                                        "local memory access out of range"};
constexpr const char *kSpaceName[3] = {"global", "shared", "local"};
constexpr const char *kVerb[3] = {"load", "store", "atomic"}; // by MemAccessKind

using Addrs = uint64_t[WarpSize];
using Ptrs = uint8_t *[WarpSize];

inline uint32_t regAt(const WarpRegs &r, unsigned reg, unsigned lane) {
  return reg < RZ ? r.r[reg][lane] : 0;
}

/// The register holding a store's data: the Rb operand (Inst::rb), or Rd
/// where a decoder puts the stored register there.
inline uint8_t storeReg(const Inst &inst) { return inst.rb.reg != RZ ? inst.rb.reg : inst.rd; }

/// Per-lane addresses of [memBase + memOffset] (all 32 lanes; only the
/// participating ones mean anything).
void addresses(const ExecContext &ctx, const Inst &inst, bool wide, Addrs &a) {
  const unsigned base = inst.memBase;
  const uint32_t *lo = ctx.regs.r[base & 63];
  if (!wide) {
    const uint32_t off = static_cast<uint32_t>(inst.memOffset);
    for (unsigned l = 0; l < WarpSize; ++l)
      a[l] = static_cast<uint32_t>(lo[l] + off);
    return;
  }
  const uint64_t off64 = static_cast<uint64_t>(static_cast<int64_t>(inst.memOffset));
  if (base >= RZ) {
    for (unsigned l = 0; l < WarpSize; ++l)
      a[l] = off64;
    return;
  }
  const uint32_t *hi = ctx.regs.r[(base + 1) & 63];
  const uint64_t hiMask = base + 1 < RZ ? ~uint64_t{0} : 0;
  for (unsigned l = 0; l < WarpSize; ++l)
    a[l] = ((uint64_t{lo[l]} | (uint64_t{hi[l]} << 32 & hiMask)) + off64);
}

/// Keeps every lane's address of a faulting access for the report.
template <Space S>
void noteFaultAccess(Warp &w, const Addrs &a, unsigned bytes, MemAccessKind kind) {
  FaultAccess &f = w.faultAccess.emplace();
  f.space = S;
  f.kind = kind;
  f.bytes = static_cast<uint8_t>(bytes);
  std::copy(a, a + WarpSize, f.laneAddress);
}

/// Host pointers for every participating lane, or raises the fault (the
/// misaligned lanes first, else the unmapped ones) and returns false.
template <Space S>
bool resolve(ExecContext &ctx, uint32_t mask, const Addrs &a, unsigned bytes, Ptrs &p,
             MemAccessKind kind) {
  Warp &w = ctx.warp;
  // Fast path: every lane aligned and the whole span [lo, hi + bytes) in one
  // mapped range (coalesced accesses): one lookup, pointers by offset.
  uint64_t lo = ~uint64_t{0}, hi = 0, bits = 0;
  for (unsigned l = 0; l < WarpSize; ++l) {
    const bool on = (mask >> l) & 1;
    lo = std::min(lo, on ? a[l] : ~uint64_t{0});
    hi = std::max(hi, on ? a[l] : 0);
    bits |= on ? a[l] & (bytes - 1) : 0;
  }
  if (bits == 0 && hi - lo < (uint64_t{1} << 32)) [[likely]] {
    uint8_t *base = nullptr;
    if constexpr (S == Space::Global) {
      base = ctx.sm.globalAt(w.grid->params.memory, lo, hi - lo + bytes);
    } else if constexpr (S == Space::Shared) {
      if (hi + bytes <= ctx.cta.shared.size() && hi + bytes > hi)
        base = ctx.cta.shared.data() + lo;
    } else {
      if (hi + bytes <= w.localWindow && hi + bytes > hi) {
        const uint64_t win = w.localWindow;
        for (unsigned l = 0; l < WarpSize; ++l)
          p[l] = w.local + l * win + ((mask >> l & 1) ? a[l] : 0);
        return true;
      }
    }
    if (base) {
      for (unsigned l = 0; l < WarpSize; ++l)
        p[l] = base + ((mask >> l & 1) ? a[l] - lo : 0);
      return true;
    }
  }
  uint32_t misaligned = 0;
  for (uint32_t m = mask; m; m &= m - 1) {
    const unsigned l = static_cast<unsigned>(std::countr_zero(m));
    if (a[l] & (bytes - 1))
      misaligned |= 1u << l;
  }
  if (misaligned) [[unlikely]] {
    const uint64_t addr = a[std::countr_zero(misaligned)];
    w.setFaultAddress(addr);
    noteFaultAccess<S>(w, a, bytes, kind);
    w.faultDetail = std::string(kSpaceName[int(S)]) + " " + kVerb[int(kind)] + " of " +
                    std::to_string(bytes) + " bytes at " + hex(addr) + " is not " +
                    std::to_string(bytes) + "-byte aligned";
    ctx.raise(FaultKind::MemoryMisaligned, misaligned, kMisaligned[int(S)]);
    return false;
  }
  uint32_t bad = 0;
  if constexpr (S == Space::Global) {
    const GlobalMemory &mem = w.grid->params.memory;
    for (uint32_t m = mask; m; m &= m - 1) {
      const unsigned l = static_cast<unsigned>(std::countr_zero(m));
      p[l] = ctx.sm.globalAt(mem, a[l], bytes);
      bad |= uint32_t(p[l] == nullptr) << l;
    }
  } else if constexpr (S == Space::Shared) {
    std::vector<uint8_t> &sh = ctx.cta.shared;
    for (uint32_t m = mask; m; m &= m - 1) {
      const unsigned l = static_cast<unsigned>(std::countr_zero(m));
      const bool ok = a[l] + bytes <= sh.size();
      p[l] = ok ? sh.data() + a[l] : nullptr;
      bad |= uint32_t(!ok) << l;
    }
  } else {
    const uint64_t win = w.localWindow;
    for (uint32_t m = mask; m; m &= m - 1) {
      const unsigned l = static_cast<unsigned>(std::countr_zero(m));
      const bool ok = a[l] + bytes <= win;
      p[l] = ok ? w.local + l * win + a[l] : nullptr;
      bad |= uint32_t(!ok) << l;
    }
  }
  if (bad) [[unlikely]] {
    const uint64_t addr = a[std::countr_zero(bad)];
    w.setFaultAddress(addr);
    noteFaultAccess<S>(w, a, bytes, kind);
    std::string d = std::string(kSpaceName[int(S)]) + " " + kVerb[int(kind)] + " of " +
                    std::to_string(bytes) + " bytes at " + hex(addr) + ": ";
    if constexpr (S == Space::Global)
      d += w.grid->params.memory.describe(addr);
    else if constexpr (S == Space::Shared)
      d += "the CTA has " + std::to_string(ctx.cta.shared.size()) + " bytes of shared memory";
    else
      d += "the thread's local window is " + std::to_string(w.localWindow) + " bytes";
    w.faultDetail = std::move(d);
    ctx.raise(FaultKind::MemoryOutOfRange, bad, kOutOfRange[int(S)]);
    return false;
  }
  return true;
}

/// Where the participating lanes' bytes are on the host, lane l's at at(l).
/// A regular access has a pattern, lane l at `base + l * stride` --
/// consecutive global or shared elements (stride = the width) or local lanes
/// all at one offset (stride = the window) -- established with one check and
/// one range lookup for the whole warp; any other access has a pointer per
/// lane. `base` may lie before the first participating lane's bytes (it is
/// lane 0's place), so it is an integer.
struct LaneMap {
  Addrs a;             // the lanes' addresses
  uintptr_t base = 0;  // regular: lane 0's place
  uint64_t stride = 0; // regular: bytes between lanes; 0: per-lane pointers in p
  Ptrs p;
  /// Nonzero: every lane takes part, in runs of `run` lanes on consecutive
  /// elements, run r's first lane at p[r * run] (a row of a 2-D block
  /// narrower than a warp); p holds every lane's pointer as well.
  unsigned run = 0;
  uint8_t *at(unsigned l) const {
    return stride ? reinterpret_cast<uint8_t *>(base + l * stride) : p[l];
  }
};

/// Calls f(l) for the lanes of `mask` in ascending order (a plain loop over
/// all 32 when every lane takes part, which the compiler can unroll and
/// vectorise).
template <class F> inline void eachLane(uint32_t mask, F f) {
  if (mask == AllLanes) {
    for (unsigned l = 0; l < WarpSize; ++l)
      f(l);
    return;
  }
  for (uint32_t m = mask; m; m &= m - 1)
    f(static_cast<unsigned>(std::countr_zero(m)));
}

/// A regular access of the lanes from `first` on, spanning [lo, end), where
/// it lies in mapped bytes: m.base and m.stride for it, else false.
template <Space S>
bool mapRegular(ExecContext &ctx, uint64_t lo, uint64_t end, unsigned first, unsigned bytes,
                LaneMap &m) {
  Warp &w = ctx.warp;
  if constexpr (S == Space::Global) {
    uint8_t *h = ctx.sm.globalAt(w.grid->params.memory, lo, end - lo);
    if (!h)
      return false;
    m.base = reinterpret_cast<uintptr_t>(h) - first * uint64_t{bytes};
    m.stride = bytes;
  } else if constexpr (S == Space::Shared) {
    if (end > ctx.cta.shared.size())
      return false;
    m.base = reinterpret_cast<uintptr_t>(ctx.cta.shared.data() + lo) - first * uint64_t{bytes};
    m.stride = bytes;
  } else {
    if (end > w.localWindow)
      return false;
    m.base = reinterpret_cast<uintptr_t>(w.local + lo);
    m.stride = w.localWindow;
  }
  return true;
}

/// Whether the access of the lanes in `mask` is regular (LaneMap) and lies
/// entirely in mapped, aligned bytes; then fills m.base and m.stride. Any
/// other access, faulting ones included, goes through resolve().
template <Space S>
bool regular(ExecContext &ctx, const Inst &inst, bool wide, uint32_t mask, unsigned bytes,
             LaneMap &m) {
  const Addrs &a = m.a;
  const unsigned first = static_cast<unsigned>(std::countr_zero(mask));
  const unsigned last = WarpSize - 1 - static_cast<unsigned>(std::countl_zero(mask));
  const uint64_t lo = a[first];
  if (lo & (bytes - 1))
    return false;
  // Global and shared: a[l] = a0 + l * bytes; local: one offset.
  const uint64_t step = S == Space::Local ? 0 : bytes;
  const uint64_t a0 = lo - first * step;
  uint64_t diff = 0;
  if (mask == AllLanes && !wide) {
    // Lane l `l * step` past lane 0, on the 32-bit base register (the
    // offset cancels; a wrap past 2^32 fails the span check below): 32
    // iterations, which vectorise.
    const uint32_t *row = ctx.regs.r[inst.memBase & 63];
    const uint32_t r0 = row[0];
    const unsigned shift = static_cast<unsigned>(std::countr_zero(bytes)); // step = 1 << shift
    uint32_t d = 0;
    for (unsigned l = 0; l < WarpSize; ++l)
      d |= (row[l] - r0) ^ (S == Space::Local ? 0u : l << shift);
    diff = d;
  } else if (mask == AllLanes) { // neighbours `step` apart
    for (unsigned l = 1; l < WarpSize; ++l)
      diff |= (a[l] - a[l - 1]) ^ step;
  } else {
    eachLane(mask, [&](unsigned l) { diff |= a[l] ^ (a0 + l * step); });
  }
  const uint64_t end = a[last] + bytes; // the span is [lo, end)
  if (diff != 0 || end <= lo)            // irregular, or wrapping around
    return false;
  return mapRegular<S>(ctx, lo, end, first, bytes, m);
}

/// How a whole warp's addresses lie, recognised on the base register rows
/// (pair) without the 32 addresses: each lane `bytes` past the one before
/// (the coalesced access), every lane on one address (a broadcast, as of a
/// row element every thread of a row reads), runs of 16 or 8 such lanes
/// (the rows of a 2-D block), or none of these.
enum class WarpPattern : uint8_t {
  Other,       // not recognised here: regular() decides
  Scattered,   // the low words are not consecutive: regular() would say no
  Consecutive,
  Broadcast,
  Runs, // runs of 16 or 8 lanes each on consecutive elements (runLanes)
};

/// For Scattered warps: the run length (16, else 8) for which every run of
/// lanes is consecutive in the low words, with an aligned first element
/// and no wrap inside the run; 0 if none. (The high words of .E pairs are
/// checked by the caller.)
unsigned runLanes(const uint32_t *lo, uint32_t offset, bool wide, unsigned bytes) {
  // Runs of 8 first (one pass), then whether neighbouring ones join up.
  const unsigned shift = static_cast<unsigned>(std::countr_zero(bytes));
  // Each lane one element past the one before, but at a run's start.
  static constexpr auto kInRun = [] {
    std::array<uint32_t, WarpSize> t{};
    for (unsigned l = 1; l < WarpSize; ++l)
      t[l] = (l & 7u) ? ~0u : 0u;
    return t;
  }();
  const uint32_t step = uint32_t{bytes};
  uint32_t d = 0;
  for (unsigned l = 1; l < WarpSize; ++l)
    d |= ((lo[l] - lo[l - 1]) ^ step) & kInRun[l];
  if (d != 0)
    return 0;
  const uint32_t eight = 8u << shift;
  const unsigned run = lo[8] - lo[0] == eight && lo[24] - lo[16] == eight ? 16 : 8;
  // The base register's low word must not carry within a run (.E: the
  // offset adds to all 64 bits alike), nor, for 32-bit addresses, the sum.
  bool ok = true;
  for (unsigned l = 0; l < WarpSize; l += run) {
    const uint32_t first = lo[l] + offset; // the low word of the run's address
    const uint64_t low = wide ? lo[l] : first;
    ok = ok && (first & (bytes - 1)) == 0 && low + run * bytes <= (uint64_t{1} << 32);
  }
  return ok ? run : 0;
}

/// The warp's pattern and lane 0's address `a0` (aligned; for Consecutive
/// the lanes stay in one 2^32 window of the base register, as regular()
/// requires of them).
WarpPattern warpPattern(const ExecContext &ctx, const Inst &inst, bool wide, unsigned bytes,
                        uint64_t &a0, unsigned &run) {
  const unsigned base = inst.memBase;
  if (base >= RZ)
    return WarpPattern::Other; // the general path (rare: an absolute address)
  const uint32_t *lo = ctx.regs.r[base & 63];
  const unsigned shift = static_cast<unsigned>(std::countr_zero(bytes));
  const uint32_t lo0 = lo[0];
  uint32_t step = 0, same = 0; // nonzero: not consecutive / not one address
  for (unsigned l = 0; l < WarpSize; ++l) {
    step |= (lo[l] - lo0) ^ (l << shift);
    same |= lo[l] ^ lo0;
  }
  const uint32_t lowStep = step;
  uint64_t first; // lane 0's address
  uint32_t hiDiff = 0;
  if (!wide) {
    first = static_cast<uint32_t>(lo0 + static_cast<uint32_t>(inst.memOffset));
  } else {
    if (base + 1 < RZ) {
      const uint32_t *hi = ctx.regs.r[(base + 1) & 63];
      const uint32_t hi0 = hi[0];
      for (unsigned l = 0; l < WarpSize; ++l)
        hiDiff |= hi[l] ^ hi0;
      step |= hiDiff;
      same |= hiDiff;
      first = uint64_t{hi0} << 32 | lo0;
    } else {
      first = lo0;
    }
    first += static_cast<uint64_t>(static_cast<int64_t>(inst.memOffset));
  }
  if (same == 0 && (first & (bytes - 1)) == 0) {
    a0 = first;
    return WarpPattern::Broadcast;
  }
  if (lowStep != 0) { // lane l is not l elements on from lane 0
    if (hiDiff == 0 &&
        (run = runLanes(lo, static_cast<uint32_t>(inst.memOffset), wide, bytes)))
      return WarpPattern::Runs;
    return WarpPattern::Scattered;
  }
  if (first & (bytes - 1))
    return WarpPattern::Other; // misaligned: the general path reports it
  a0 = first;
  // The low words must not wrap within the warp (for 32-bit addresses, the
  // sum with the offset neither): else the lanes are not consecutive.
  const uint64_t span = uint64_t{WarpSize} * bytes;
  const uint64_t low = wide ? lo0 : first;
  if (step != 0 || low + span > (uint64_t{1} << 32) || first + span <= first)
    return WarpPattern::Other;
  return WarpPattern::Consecutive;
}

/// A Runs warp (warpPattern) mapped run by run: m.p, m.a and m.run, or false
/// (a run outside mapped bytes: the general path reports it).
template <Space S>
bool mapRuns(ExecContext &ctx, const Inst &inst, bool wide, unsigned bytes, unsigned run,
             LaneMap &m) {
  addresses(ctx, inst, wide, m.a);
  for (unsigned l = 0; l < WarpSize; l += run) {
    LaneMap r;
    if (!mapRegular<S>(ctx, m.a[l], m.a[l] + uint64_t{run} * bytes, 0, bytes, r))
      return false;
    for (unsigned k = 0; k < run; ++k)
      m.p[l + k] = reinterpret_cast<uint8_t *>(r.base) + k * bytes;
  }
  m.stride = 0;
  m.run = run;
  return true;
}

template <Space S>
void noteStoreValues(ExecContext &ctx, const Inst &inst, const LaneMap &m, MemAccess &e);

/// Reports an access to the trace consumer that asked for memory effects
/// (out of line: the plain run only tests the pointer).
template <Space S>
[[gnu::noinline, gnu::cold]] void reportAccess(ExecContext &ctx, const Inst &inst,
                                               MemAccessKind kind, unsigned bytes,
                                               const LaneMap &m) {
  MemAccess &e = ctx.memEffects->emplace_back();
  e.space = S;
  e.kind = kind;
  e.bytes = static_cast<uint8_t>(bytes);
  e.lanes = ctx.mask;
  std::copy(m.a, m.a + WarpSize, e.addr);
  if (ctx.memValues && kind == MemAccessKind::Store)
    noteStoreValues<S>(ctx, inst, m, e);
}

/// Loads and stores (`Addresses::FirstAndLast`) read only m.a's first and
/// last entries when the access is regular; locks and atomics read them all.
enum class Addresses : bool { FirstAndLast, All };

/// The start every access shares: the lanes' addresses, their host bytes
/// (else the fault is raised and the result is false: nothing was read or
/// written), the access for a trace consumer and, for global memory, the L2
/// model's account of the access (ISA.md 7).
template <Space S, Addresses Need = Addresses::FirstAndLast>
bool prepare(ExecContext &ctx, const Inst &inst, unsigned bytes, MemAccessKind kind, MemOp op,
             LaneMap &m) {
  const uint32_t mask = ctx.mask;
  const bool wide = S == Space::Global && inst.mod[SIMT::MG_E];
  WarpPattern pattern = WarpPattern::Other;
  if constexpr (S != Space::Local && Need == Addresses::FirstAndLast) {
    // The whole warp on consecutive elements or on one: its first and last
    // addresses are all the rest needs (m.a is not filled), unless a trace
    // asks.
    uint64_t a0 = 0;
    unsigned run = 0;
    if (mask == AllLanes && !ctx.memEffects)
      pattern = warpPattern(ctx, inst, wide, bytes, a0, run);
    if (pattern == WarpPattern::Runs && mapRuns<S>(ctx, inst, wide, bytes, run, m)) {
      if constexpr (S == Space::Global) {
        uint64_t firsts[WarpSize / 8];
        for (unsigned r = 0; r < WarpSize / run; ++r)
          firsts[r] = m.a[r * run];
        ctx.sm.globalAccessRuns(ctx, firsts, WarpSize / run, uint64_t{run} * bytes, op);
      }
      return true;
    }
    const bool broadcast = pattern == WarpPattern::Broadcast;
    const uint64_t span = broadcast ? bytes : uint64_t{WarpSize} * bytes;
    if ((broadcast || pattern == WarpPattern::Consecutive) &&
        mapRegular<S>(ctx, a0, a0 + span, 0, bytes, m)) {
      if (broadcast) { // one place for every lane: per-lane pointers, all equal
        std::fill(m.p, m.p + WarpSize, reinterpret_cast<uint8_t *>(m.base));
        m.stride = 0;
      }
      m.a[0] = a0;
      m.a[WarpSize - 1] = a0 + span - bytes;
      if constexpr (S == Space::Global)
        ctx.sm.globalAccessSpan(ctx, m.a[0], m.a[WarpSize - 1], op);
      return true;
    }
  }
  addresses(ctx, inst, wide, m.a);
  if ((pattern == WarpPattern::Scattered || !regular<S>(ctx, inst, wide, mask, bytes, m)) &&
      !resolve<S>(ctx, mask, m.a, bytes, m.p, kind))
    return false;
  if (ctx.memEffects) [[unlikely]]
    reportAccess<S>(ctx, inst, kind, bytes, m);
  if constexpr (S == Space::Global) {
    // Consecutive lanes, all taking part: their distinct lines, in lane
    // order, are every line from lane 0's to lane 31's (an element of at
    // most 16 aligned bytes never crosses a line).
    if (m.stride != 0 && mask == AllLanes)
      ctx.sm.globalAccessSpan(ctx, m.a[0], m.a[WarpSize - 1], op);
    else
      ctx.sm.globalAccess(ctx, m.a, mask, op);
  }
  return true;
}

/// v[k][l] = word k of lane l's value of width `wd`, for the lanes of `mask`.
template <class At>
void readLanes(At at, const Width &wd, uint32_t mask, uint32_t (&v)[4][WarpSize]) {
  switch (wd.bytes) {
  case 1:
    if (wd.sext)
      eachLane(mask, [&](unsigned l) { v[0][l] = uint32_t(int32_t(int8_t(*at(l)))); });
    else
      eachLane(mask, [&](unsigned l) { v[0][l] = *at(l); });
    break;
  case 2:
    eachLane(mask, [&](unsigned l) {
      uint16_t h;
      std::memcpy(&h, at(l), 2);
      v[0][l] = wd.sext ? uint32_t(int32_t(int16_t(h))) : h;
    });
    break;
  case 4: eachLane(mask, [&](unsigned l) { std::memcpy(&v[0][l], at(l), 4); }); break;
  default:
    eachLane(mask, [&](unsigned l) {
      for (unsigned k = 0; k < wd.words; ++k)
        std::memcpy(&v[k][l], at(l) + 4 * k, 4);
    });
    break;
  }
}
void readLanes(const LaneMap &m, const Width &wd, uint32_t mask, uint32_t (&v)[4][WarpSize]) {
  if (m.stride)
    readLanes([&](unsigned l) { return m.at(l); }, wd, mask, v);
  else
    readLanes([&](unsigned l) { return m.p[l]; }, wd, mask, v);
}

/// Writes the lanes of `mask` from register `reg` (and the ones after it
/// for .64/.128; RZ and beyond store zeros), lowest lane first.
template <class At>
void writeLanes(At at, const Width &wd, uint32_t mask, const WarpRegs &r, unsigned reg) {
  switch (wd.bytes) {
  case 1:
    eachLane(mask, [&](unsigned l) { *at(l) = static_cast<uint8_t>(regAt(r, reg, l)); });
    break;
  case 2:
    eachLane(mask, [&](unsigned l) {
      const uint16_t h = static_cast<uint16_t>(regAt(r, reg, l));
      std::memcpy(at(l), &h, 2);
    });
    break;
  case 4:
    eachLane(mask, [&](unsigned l) {
      const uint32_t x = regAt(r, reg, l);
      std::memcpy(at(l), &x, 4);
    });
    break;
  default:
    eachLane(mask, [&](unsigned l) {
      for (unsigned k = 0; k < wd.words; ++k) {
        const uint32_t x = reg < RZ ? regAt(r, reg + k, l) : 0;
        std::memcpy(at(l) + 4 * k, &x, 4);
      }
    });
    break;
  }
}
void writeLanes(const LaneMap &m, const Width &wd, uint32_t mask, const WarpRegs &r,
                unsigned reg) {
  if (m.stride)
    writeLanes([&](unsigned l) { return m.at(l); }, wd, mask, r, reg);
  else
    writeLanes([&](unsigned l) { return m.p[l]; }, wd, mask, r, reg);
}

/// Writes words v[0..words) to rd, rd+1, ... in `mask` (RZ discards all).
inline void writeWords(ExecContext &ctx, uint8_t rd, unsigned words,
                       const uint32_t (&v)[4][WarpSize], uint32_t mask) {
  if (rd >= RZ)
    return;
  for (unsigned k = 0; k < words && rd + k < RZ; ++k)
    ctx.regs.writeReg(static_cast<uint8_t>(rd + k), v[k], mask);
}

/// Runs of `run` (16 or 8) words: lane l's run from from(l) to to(l), in
/// lane order, each a copy of a constant size.
template <class To, class From> inline void copyRuns(unsigned run, To to, From from) {
  auto copy = [&](auto bytes) {
    for (unsigned l = 0; l < WarpSize; l += run)
      std::memcpy(to(l), from(l), bytes);
  };
  if (run == 16)
    copy(std::integral_constant<size_t, 64>());
  else
    copy(std::integral_constant<size_t, 32>());
}

/// Whole consecutive words, every lane: one 128-byte copy.
inline bool wholeWords(const LaneMap &m, const Width &wd, uint32_t mask) {
  return wd.bytes == 4 && m.stride == 4 && mask == AllLanes;
}

/// The SM's held-back global stores while it runs isolated in a parallel
/// epoch (emu/core/SmEpoch.h), else null: they go there instead of memory.
template <Space S> inline StoreBuffer *heldStores(ExecContext &ctx) {
  if constexpr (S == Space::Global)
    return ctx.sm.isolated() ? &ctx.sm.heldStores() : nullptr;
  return nullptr;
}

/// Whether a held-back store may overlap a lane's bytes.
bool mayHold(const StoreBuffer &sb, const LaneMap &m, unsigned bytes, uint32_t mask) {
  if (m.stride) { // consecutive: one span from the first lane to the last
    const unsigned first = static_cast<unsigned>(std::countr_zero(mask));
    const unsigned last = WarpSize - 1 - static_cast<unsigned>(std::countl_zero(mask));
    return sb.mayHold(m.at(first), uint64_t{last - first} * m.stride + bytes);
  }
  bool any = false;
  eachLane(mask, [&](unsigned l) { any = any || sb.mayHold(m.p[l], bytes); });
  return any;
}

/// A load that may read bytes this SM stored earlier in its epoch: memory,
/// then the held stores over it, lane by lane.
void loadThroughHeld(ExecContext &ctx, const Inst &inst, const Width &wd, const LaneMap &m,
                     const StoreBuffer &sb) {
  uint8_t bytes[WarpSize][16];
  eachLane(ctx.mask, [&](unsigned l) {
    std::memcpy(bytes[l], m.at(l), wd.bytes);
    sb.forward(m.at(l), wd.bytes, bytes[l]);
  });
  uint32_t v[4][WarpSize];
  readLanes([&](unsigned l) { return bytes[l]; }, wd, ctx.mask, v);
  writeWords(ctx, inst.rd, wd.words, v, ctx.mask);
}

/// A store held back: the lanes' bytes, lowest lane first (the last lane's
/// store to an address still wins when the buffer is written out).
void holdStore(ExecContext &ctx, const Width &wd, const LaneMap &m, unsigned reg,
               StoreBuffer &sb) {
  if (wholeWords(m, wd, ctx.mask)) {
    static constexpr uint32_t kZeros[WarpSize] = {};
    sb.record(m.at(0), reg < RZ ? ctx.regs.r[reg] : kZeros, sizeof(uint32_t) * WarpSize);
    return;
  }
  uint8_t bytes[WarpSize][16];
  writeLanes([&](unsigned l) { return bytes[l]; }, wd, ctx.mask, ctx.regs, reg);
  eachLane(ctx.mask, [&](unsigned l) { sb.record(m.at(l), bytes[l], wd.bytes); });
}

/// TraceValues: each lane's stored value and whether the store changes the
/// bytes (as memory holds them, held-back stores included), before any
/// lane's store is applied.
template <Space S>
void noteStoreValues(ExecContext &ctx, const Inst &inst, const LaneMap &m, MemAccess &e) {
  const Width &wd = widthOf(inst);
  uint8_t incoming[WarpSize][16];
  writeLanes([&](unsigned l) { return incoming[l]; }, wd, ctx.mask, ctx.regs, storeReg(inst));
  const StoreBuffer *sb = heldStores<S>(ctx);
  eachLane(ctx.mask, [&](unsigned l) {
    uint8_t present[16];
    std::memcpy(present, m.at(l), wd.bytes);
    if (sb)
      sb->forward(m.at(l), wd.bytes, present);
    std::memcpy(&e.value[l], incoming[l], std::min<unsigned>(wd.bytes, 8));
    if (std::memcmp(present, incoming[l], wd.bytes) == 0)
      e.unchanged |= 1u << l;
  });
}

template <Space S> void load(ExecContext &ctx, const Inst &inst) {
  const Width &wd = widthOf(inst);
  LaneMap m;
  if (!prepare<S>(ctx, inst, wd.bytes, MemAccessKind::Load, MemOp::Read, m))
    return;
  if (const StoreBuffer *sb = heldStores<S>(ctx); sb && mayHold(*sb, m, wd.bytes, ctx.mask))
    return loadThroughHeld(ctx, inst, wd, m, *sb);
  if (wholeWords(m, wd, ctx.mask)) {
    if (inst.rd < RZ)
      std::memcpy(ctx.regs.r[inst.rd], m.at(0), sizeof(uint32_t) * WarpSize);
    return;
  }
  if (m.run && wd.bytes == 4) { // one copy per run
    if (inst.rd < RZ)
      copyRuns(m.run, [&](unsigned l) { return ctx.regs.r[inst.rd] + l; },
               [&](unsigned l) { return m.p[l]; });
    return;
  }
  uint32_t v[4][WarpSize];
  readLanes(m, wd, ctx.mask, v);
  writeWords(ctx, inst.rd, wd.words, v, ctx.mask);
}

template <Space S> void store(ExecContext &ctx, const Inst &inst) {
  const Width &wd = widthOf(inst);
  LaneMap m;
  if (!prepare<S>(ctx, inst, wd.bytes, MemAccessKind::Store, MemOp::Write, m))
    return;
  const uint8_t reg = storeReg(inst);
  if (StoreBuffer *sb = heldStores<S>(ctx))
    return holdStore(ctx, wd, m, reg, *sb);
  if (wholeWords(m, wd, ctx.mask)) {
    if (reg < RZ)
      std::memcpy(m.at(0), ctx.regs.r[reg], sizeof(uint32_t) * WarpSize);
    else
      std::memset(m.at(0), 0, sizeof(uint32_t) * WarpSize);
    return;
  }
  if (m.run && wd.bytes == 4 && reg < RZ) { // one copy per run, in lane order
    copyRuns(m.run, [&](unsigned l) { return m.p[l]; },
             [&](unsigned l) { return ctx.regs.r[reg] + l; });
    return;
  }
  writeLanes(m, wd, ctx.mask, ctx.regs, reg);
}

//===-- Locks (ISA.md 3.3) ------------------------------------------------===//

inline LockHolder holderOf(const ExecContext &ctx, unsigned lane, uint32_t pcIndex) {
  return LockHolder{ctx.warp.grid->id, ctx.cta.linear, ctx.warp.threadIndex(lane), pcIndex * 8};
}
inline bool sameThread(const LockHolder &a, const LockHolder &b) {
  return a.grid == b.grid && a.ctaLinear == b.ctaLinear && a.thread == b.thread;
}

template <Space S> void loadLock(ExecContext &ctx, const Inst &inst) {
  const Width &wd = widthOf(inst);
  LaneMap m;
  if (!prepare<S, Addresses::All>(ctx, inst, wd.bytes, MemAccessKind::Load, MemOp::Read, m))
    return;
  uint32_t v[4][WarpSize];
  readLanes(m, wd, ctx.mask, v);
  const uint32_t pc = ctx.warp.ctl().pc;
  uint32_t taken = 0;
  eachLane(ctx.mask, [&](unsigned l) {
    const uint64_t word = m.a[l] & ~uint64_t{3};
    bool inserted;
    if constexpr (S == Space::Global) {
      const LockKey key{ctx.warp.grid->params.memory.identity(), word};
      inserted = ctx.sm.globalLocks().try_emplace(key, holderOf(ctx, l, pc)).second;
    } else {
      inserted = ctx.cta.sharedLocks.try_emplace(static_cast<uint32_t>(word),
                                                 holderOf(ctx, l, pc)).second;
    }
    taken |= uint32_t(inserted) << l;
  });
  writeWords(ctx, inst.rd, wd.words, v, ctx.mask);
  ctx.regs.writePred(inst.pd, taken, ctx.mask);
}

template <Space S> void storeUnlock(ExecContext &ctx, const Inst &inst) {
  const Width &wd = widthOf(inst);
  LaneMap m;
  if (!prepare<S, Addresses::All>(ctx, inst, wd.bytes, MemAccessKind::Store, MemOp::Write, m))
    return;
  writeLanes(m, wd, ctx.mask, ctx.regs, storeReg(inst));
  eachLane(ctx.mask, [&](unsigned l) {
    const uint64_t word = m.a[l] & ~uint64_t{3};
    const LockHolder me = holderOf(ctx, l, 0);
    if constexpr (S == Space::Global) {
      auto &locks = ctx.sm.globalLocks();
      auto it = locks.find(LockKey{ctx.warp.grid->params.memory.identity(), word});
      if (it != locks.end() && sameThread(it->second, me))
        locks.erase(it);
    } else {
      auto &locks = ctx.cta.sharedLocks;
      auto it = locks.find(static_cast<uint32_t>(word));
      if (it != locks.end() && sameThread(it->second, me))
        locks.erase(it);
    }
  });
}

//===-- Atomics -------------------------------------------------------------===//

using SIMT::AtomOp;
using SIMT::AtomTy;
using enum SIMT::AtomOp;
using enum SIMT::AtomTy;

/// The operations whose result is the same bits whatever the width and type:
/// INC and DEC (unsigned), the bitwise ones, EXCH and CAS. The callers own
/// ADD, MIN and MAX.
template <class U> U atomBits(AtomOp op, U old, U b, U c) {
  switch (op) {
  case INC: return old >= b ? 0 : old + 1;
  case DEC: return (old == 0 || old > b) ? b : old - 1;
  case AND: return old & b;
  case OR: return old | b;
  case XOR: return old ^ b;
  case EXCH: return b;
  case ADD:
  case MIN:
  case MAX:
  case CAS: break;
  }
  return old == b ? c : old;
}

uint32_t atom32(AtomOp op, AtomTy ty, uint32_t old, uint32_t b, uint32_t c) {
  switch (op) {
  case ADD:
    if (ty == F32)
      return sem::canon32(sem::bits32(sem::f32(old) + sem::f32(b)));
    return old + b;
  case MIN:
  case MAX: {
    const bool min = op == MIN;
    if (ty == F32) {
      const uint32_t r = sem::minMaxBits<float, uint32_t>(old, b, min);
      return sem::canon32(r);
    }
    if (ty == S32)
      return (int32_t(old) < int32_t(b)) == min ? old : b;
    return (old < b) == min ? old : b;
  }
  default: return atomBits(op, old, b, c);
  }
}

uint64_t atom64(AtomOp op, AtomTy ty, uint64_t old, uint64_t b, uint64_t c) {
  switch (op) {
  case ADD: return old + b;
  case MIN:
  case MAX: {
    const bool less = ty == S64 ? int64_t(old) < int64_t(b) : old < b;
    return less == (op == MIN) ? old : b;
  }
  default: return atomBits(op, old, b, c);
  }
}

inline uint64_t pairAt(const WarpRegs &r, unsigned reg, unsigned l) {
  if (reg >= RZ)
    return 0;
  return uint64_t{regAt(r, reg, l)} | uint64_t{regAt(r, reg + 1, l)} << 32;
}

void atomic(ExecContext &ctx, const Inst &inst, bool returnsOld) {
  const AtomOp op = inst.modValue<SIMT::MG_AtomOp>();
  const AtomTy ty = inst.modValue<SIMT::MG_AtomTy>();
  const unsigned bytes = SIMT::bytesOf(ty);
  const bool is64 = bytes == 8;
  LaneMap m;
  if (!prepare<Space::Global, Addresses::All>(ctx, inst, bytes, MemAccessKind::Atomic,
                              returnsOld ? MemOp::Atomic : MemOp::Write, m))
    return;
  const WarpRegs &r = ctx.regs;
  uint32_t old[4][WarpSize];
  for (uint32_t lanes = ctx.mask; lanes; lanes &= lanes - 1) { // ascending lane order
    const unsigned l = static_cast<unsigned>(std::countr_zero(lanes));
    uint8_t *p = m.at(l);
    if (is64) {
      uint64_t o;
      std::memcpy(&o, p, 8);
      const uint64_t n = atom64(op, ty, o, pairAt(r, inst.rb.reg, l), pairAt(r, inst.rc.reg, l));
      std::memcpy(p, &n, 8);
      old[0][l] = static_cast<uint32_t>(o);
      old[1][l] = static_cast<uint32_t>(o >> 32);
    } else {
      uint32_t o;
      std::memcpy(&o, p, 4);
      const uint32_t n =
          atom32(op, ty, o, regAt(r, inst.rb.reg, l), regAt(r, inst.rc.reg, l));
      std::memcpy(p, &n, 4);
      old[0][l] = o;
    }
  }
  if (returnsOld)
    writeWords(ctx, inst.rd, is64 ? 2 : 1, old, ctx.mask);
}

} // namespace

void exec_LD(ExecContext &ctx, const Inst &inst) { load<Space::Global>(ctx, inst); }
void exec_LDU(ExecContext &ctx, const Inst &inst) { load<Space::Global>(ctx, inst); }
void exec_ST(ExecContext &ctx, const Inst &inst) { store<Space::Global>(ctx, inst); }
// The read-only path's data is the memory's: nothing in this model keeps a
// stale copy (Kepler's texture cache may, for data the kernel writes).
void exec_LDG(ExecContext &ctx, const Inst &inst) { load<Space::Global>(ctx, inst); }
void exec_LDS(ExecContext &ctx, const Inst &inst) { load<Space::Shared>(ctx, inst); }
void exec_STS(ExecContext &ctx, const Inst &inst) { store<Space::Shared>(ctx, inst); }
void exec_LDL(ExecContext &ctx, const Inst &inst) { load<Space::Local>(ctx, inst); }
void exec_STL(ExecContext &ctx, const Inst &inst) { store<Space::Local>(ctx, inst); }

void exec_LDLK(ExecContext &ctx, const Inst &inst) { loadLock<Space::Global>(ctx, inst); }
void exec_LDSLK(ExecContext &ctx, const Inst &inst) { loadLock<Space::Shared>(ctx, inst); }
void exec_STUL(ExecContext &ctx, const Inst &inst) { storeUnlock<Space::Global>(ctx, inst); }
void exec_STSUL(ExecContext &ctx, const Inst &inst) { storeUnlock<Space::Shared>(ctx, inst); }

void exec_ATOM(ExecContext &ctx, const Inst &inst) { atomic(ctx, inst, true); }
void exec_ATOMCAS(ExecContext &ctx, const Inst &inst) { atomic(ctx, inst, true); }
void exec_ATOMS64(ExecContext &ctx, const Inst &inst) { atomic(ctx, inst, true); }
void exec_RED(ExecContext &ctx, const Inst &inst) { atomic(ctx, inst, false); }

void exec_LDC(ExecContext &ctx, const Inst &inst) {
  const Width &wd = widthOf(inst);
  const unsigned bank = inst.constBank;
  Warp &w = ctx.warp;
  const Grid &g = *w.grid;
  uint32_t off[WarpSize];
  uint32_t misaligned = 0, bad = 0;
  for (uint32_t m = ctx.mask; m; m &= m - 1) {
    const unsigned l = static_cast<unsigned>(std::countr_zero(m));
    off[l] = regAt(ctx.regs, inst.memBase, l) + static_cast<uint32_t>(inst.memOffset);
    misaligned |= uint32_t((off[l] & (wd.bytes - 1)) != 0) << l;
    bad |= uint32_t(uint64_t{off[l]} + wd.bytes > limits::kConstBankBytes) << l;
  }
  if (misaligned | bad) [[unlikely]] {
    const uint32_t lanes = misaligned ? misaligned : bad;
    const uint32_t o = off[std::countr_zero(lanes) & 31];
    w.setFaultAddress(o);
    w.faultDetail = "c[" + hex(bank) + "][" + hex(o) + "], " + std::to_string(wd.bytes) +
                    " bytes: " + (misaligned ? "misaligned" : "outside the 64 KiB bank");
    ctx.raise(misaligned ? FaultKind::MemoryMisaligned : FaultKind::MemoryOutOfRange, lanes,
              misaligned ? "misaligned constant access" : "constant access out of range");
    return;
  }

  // One modeled access per distinct line (user banks), values from the store.
  const ConstCache *cc = ctx.sm.constCache();
  const bool user = bank >= limits::kFirstUserConstBank;
  const bool modeled = user && cc && g.holdsConstRef;
  if (modeled) {
    const uint32_t lineMask = ~(cc->config().lineBytes - 1);
    uint32_t lines[WarpSize];
    unsigned n = 0;
    uint32_t stall = 0;
    for (uint32_t m = ctx.mask; m; m &= m - 1) {
      const uint32_t line = off[std::countr_zero(m)] & lineMask;
      bool seen = false;
      for (unsigned i = 0; i < n && !seen; ++i)
        seen = lines[i] == line;
      if (seen)
        continue;
      lines[n++] = line;
      stall = std::max(stall, ctx.sm.constAccess(g, static_cast<uint8_t>(bank), line));
    }
    ctx.stallCycles = std::max(ctx.stallCycles, stall);
  }
  auto word = [&](uint32_t o) -> uint32_t {
    if (bank == limits::kParamBank)
      return g.bank0Word(o);
    if (bank == limits::kRuntimeBank)
      return g.bank1Word(o);
    return modeled ? cc->value32(g.constVersion, bank, o) : 0;
  };
  uint32_t v[4][WarpSize];
  for (uint32_t m = ctx.mask; m; m &= m - 1) {
    const unsigned l = static_cast<unsigned>(std::countr_zero(m));
    const uint32_t o = off[l];
    if (wd.bytes < 4) {
      const uint32_t x = word(o & ~3u) >> (8 * (o & 3));
      if (wd.bytes == 1)
        v[0][l] = wd.sext ? uint32_t(int32_t(int8_t(x))) : (x & 0xff);
      else
        v[0][l] = wd.sext ? uint32_t(int32_t(int16_t(x))) : (x & 0xffff);
    } else {
      for (unsigned k = 0; k < wd.words; ++k)
        v[k][l] = word(o + 4 * k);
    }
  }
  writeWords(ctx, inst.rd, wd.words, v, ctx.mask);
}

} // namespace simt::emu
