//===-- Finding.h - What a sanitizer tool found ---------------------------===//
//
// The sanitizer's tools (memcheck, racecheck, initcheck, synccheck; see
// docs/sanitizer.md) report Findings: the kind of hazard, its severity, the
// access (or barrier) that showed it and, for a race, the other access. A
// Finding holds coordinates, not text: the runtime's reporter
// (runtime/sanitizer/) words it as compute-sanitizer does, with the kernel's
// name, the instruction and the source line.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/Trace.h"

#include <algorithm>
#include <cstdint>
#include <string>

namespace simt::emu::sanitize {

enum class Tool : uint8_t { Memcheck, Racecheck, Initcheck, Synccheck };

enum class FindingKind : uint8_t {
  // memcheck
  InvalidAccess,    // outside every allocation (or past a shared/local window)
  MisalignedAccess, // an address not a multiple of the access size
  UseAfterFree,     // inside an allocation already freed
  InvalidFree,      // cudaFree / free() of something never allocated
  DoubleFree,       // freed twice
  InvalidApiUse,    // a host API call given bad arguments (detail names it)
  Leak,             // --leak-check full: never freed at exit
  DeviceTrap,       // a thread's trap (__trap(), asm("trap;")): "Trace/breakpoint trap"
  // initcheck
  UninitializedRead, // global bytes nothing wrote
  UnusedAllocation,  // --track-unused-memory: bytes never accessed
  // racecheck
  RaceReadAfterWrite,
  RaceWriteAfterRead,
  RaceWriteAfterWrite,
  // synccheck
  DivergentBarrier,     // part of a warp's live threads at a barrier
  BarrierMismatch,      // warps of a CTA at different barrier instructions
  BarrierCountMismatch, // bar.sync's thread count disagrees with the arrivals
  WarpSyncMissingLanes, // a WARPSYNC's mask names live lanes not executing it
  WarpSyncNotInMask,    // a lane executes a WARPSYNC whose mask leaves it out
};
inline constexpr FindingKind LastFindingKind = FindingKind::WarpSyncNotInMask;

enum class Severity : uint8_t { Error, Warning };

/// One side of a finding: a thread's access (or a barrier it reached).
struct AccessSite {
  GridId grid = 0;
  uint32_t cta[3] = {0, 0, 0};
  uint32_t thread = 0; // linear index within the CTA (warp * 32 + lane)
  uint32_t pc = 0;     // byte address in the kernel image
  MemSpace space = MemSpace::Global;
  MemAccessKind kind = MemAccessKind::Load;
  uint8_t bytes = 0;
  uint64_t address = 0; // global address, or shared / local offset
  bool hasValue = false;
  uint64_t value = 0;   // a race's written value, when known
};

/// The site of one thread's memory access (`thread`: warp * 32 + lane).
inline AccessSite memorySite(GridId grid, const uint32_t cta[3], uint32_t thread, uint32_t pc,
                             MemSpace space, MemAccessKind kind, uint8_t bytes,
                             uint64_t address) {
  AccessSite a;
  a.grid = grid;
  std::copy(cta, cta + 3, a.cta);
  a.thread = thread;
  a.pc = pc;
  a.space = space;
  a.kind = kind;
  a.bytes = bytes;
  a.address = address;
  return a;
}

struct Finding {
  Tool tool = Tool::Memcheck;
  FindingKind kind = FindingKind::InvalidAccess;
  Severity severity = Severity::Error;
  AccessSite access;       // the access found (the later one of a race)
  bool hasOther = false;
  AccessSite other;        // a race's earlier access
  uint64_t hazards = 1;    // hazards (bytes of thread pairs) folded into this record
  /// A race only the lockstep of one warp orders (compute-sanitizer's
  /// "Warp Level Programming" hazards).
  bool warpLevel = false;
  std::string detail;      // more, in words (may be empty)
};

} // namespace simt::emu::sanitize
