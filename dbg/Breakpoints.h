//===-- Breakpoints.h - Breakpoints, watchpoints and their fast lookup ----===//
//
// Breakpoints name a location (LABEL, LABEL+OFF, ADDR, KERNEL:LABEL,
// KERNEL:ADDR) that resolves in every loaded kernel image that has it (device
// functions are linked into every kernel's image, so one label can be at a
// different address per kernel), with an optional condition over lanes. The
// break hook asks, before every instruction, whether the PC may hold one:
// a per-grid bitmap over the kernel image answers with one load, so a
// breakpoint that is never hit costs the emulator little. Watchpoints name a
// typed location in a memory space and remember its last value.
// Breakpoints and watchpoints share one numbering, as in gdb.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "dbg/Expr.h"
#include "dbg/Focus.h"
#include "dbg/Memory.h"
#include "runtime/Session.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace simt::dbg {

struct Location {
  std::string kernel; // only this kernel ("" = every kernel that resolves it)
  std::string label;  // a symbol, or "" for a plain address
  uint64_t offset = 0; // label + offset, or the address
  std::string text;   // as written
  std::optional<uint64_t> resolve(const rt::LoadedKernel &k) const;
};

/// LABEL, LABEL+OFF, ADDR, *ADDR, KERNEL:LABEL, KERNEL:ADDR. Throws
/// CommandError unless some loaded kernel resolves it to an instruction.
Location parseLocation(std::string_view text, const rt::Session &session);

struct Breakpoint {
  int number = 0;
  Location loc;
  bool temporary = false;
  bool enabled = true;
  std::optional<Expr> cond;
  uint64_t hits = 0;
};

struct Watchpoint {
  int number = 0;
  std::string text;        // as written
  SpaceRef space;
  uint64_t addr = 0;
  rt::ElemType type = rt::ElemType::U32;
  Focus scope;             // shared: its CTA; local/spill: its warp (and lane)
  std::vector<uint8_t> last;
  bool known = false;      // `last` holds a value
  bool enabled = true;
  uint64_t hits = 0;
};

class Debugger;

class BreakpointTable {
public:
  explicit BreakpointTable(Debugger &d) : dbg_(d) {}

  int addBreakpoint(Location loc, bool temporary, std::optional<Expr> cond);
  int addWatchpoint(Watchpoint w);
  /// Deletes breakpoint or watchpoint `number`; false if there is none.
  bool remove(int number);
  void clear();
  Breakpoint *breakpoint(int number);
  Watchpoint *watchpoint(int number);
  std::vector<Breakpoint> &breakpoints() { return bps_; }
  std::vector<Watchpoint> &watchpoints() { return wps_; }
  bool anyWatch() const;
  bool anyBreakpoint() const;
  /// Call after adding/removing/enabling, loading, or a new session.
  void invalidate() { maps_.clear(); }

  /// Whether an enabled breakpoint may be at byte address `pc` of grid `g`.
  bool mayBreak(emu::GridId g, uint32_t pc) {
    if (g < maps_.size() && maps_[g].ready) [[likely]] {
      const std::vector<uint8_t> &b = maps_[g].bits;
      return (pc >> 3) < b.size() && b[pc >> 3];
    }
    return buildMap(g, pc);
  }
  /// Grid `g`'s bitmap (one byte per instruction), once mayBreak built it.
  const std::vector<uint8_t> *bitmap(emu::GridId g) const {
    return g < maps_.size() && maps_[g].ready ? &maps_[g].bits : nullptr;
  }
  /// The enabled breakpoints at `pc` in kernel `k`.
  std::vector<Breakpoint *> at(const rt::LoadedKernel &k, uint32_t pc);

private:
  struct Map {
    bool ready = false;
    std::vector<uint8_t> bits;
  };
  bool buildMap(emu::GridId g, uint32_t pc);

  Debugger &dbg_;
  std::vector<Breakpoint> bps_;
  std::vector<Watchpoint> wps_;
  std::vector<Map> maps_;
  int next_ = 1;
};

} // namespace simt::dbg
