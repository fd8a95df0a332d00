//===-- Breakpoints.h - Breakpoints, watchpoints and their fast lookup ----===//
//
// Breakpoints name a location (LABEL, LABEL+OFF, ADDR, KERNEL:LABEL,
// KERNEL:ADDR) that resolves in every loaded kernel image that has it (device
// functions are linked into every kernel's image, so one label can be at a
// different address per kernel), with an optional condition over lanes.
// Before a run, the table marks each enabled breakpoint's instruction as a
// break site of the device (Device::setBreakSite): the emulator calls the
// break hook only there, so a breakpoint that is never hit costs a byte test
// per instruction. Watchpoints name a
// typed location in a memory space and remember its last value.
// Breakpoints and watchpoints share one numbering, as in gdb.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "dbg/Expr.h"
#include "dbg/Focus.h"
#include "dbg/Memory.h"
#include "runtime/DeviceSession.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace simt::dbg {

struct Location {
  std::string kernel; // only this kernel ("" = every kernel that resolves it)
  std::string label;  // a symbol, or "" for a plain address
  uint64_t offset = 0; // label + offset, or the address
  std::string file;   // FILE:LINE (line tables): the file as written
  unsigned line = 0;
  std::string text;   // as written
  /// `*FUNCTION`: its first instruction, not its first line after the
  /// prologue (what `break FUNCTION` means in code compiled with -g).
  bool exact = false;
  /// A host location (simt-dbg drives the program through LLDB, which owns
  /// the breakpoint): where LLDB put it, "0x5555... in main at app.cu:30".
  /// It resolves in no kernel; the table numbers and lists it.
  std::string host;
  /// Every place LLDB has for it, as `host`: a host breakpoint's locations,
  /// or a kernel's host stub (cuda-gdb's location N.1 of a kernel's name).
  std::vector<std::string> hostPlaces;
  /// A host watchpoint LLDB keeps (`host` is then its expression).
  bool hostWatch = false;
  /// A function's name (no offset, `*` or line): in a program a kernel's
  /// name is also its host stub's.
  bool namesFunction() const { return !label.empty() && !offset && !exact && file.empty(); }
  /// The first address in `k` (of a source line: where its code begins).
  std::optional<uint64_t> resolve(const rt::LoadedKernel &k) const;
  /// Every address in `k`: a source line's code may begin at several.
  std::vector<uint64_t> resolveAll(const rt::LoadedKernel &k) const;
};

/// A place of a location in the loaded kernels.
struct Site {
  const rt::LoadedKernel *kernel;
  uint64_t addr;
};
/// Every place of `loc` in `session`'s kernels, in the order `info
/// breakpoints` numbers a breakpoint's locations (after its host places).
std::vector<Site> sitesOf(const Location &loc, const rt::DeviceSession &session);

/// LABEL, LABEL+OFF, ADDR, *ADDR, KERNEL:LABEL, KERNEL:ADDR, FILE:LINE.
/// Throws CommandError unless some loaded kernel resolves it to an
/// instruction; FILE:LINE may be pending (no loaded object has the file yet).
Location parseLocation(std::string_view text, const rt::DeviceSession &session);

/// A decimal line number as gdb's `break LINE` takes it (no leading 0, so
/// not an address such as 0x88 or 0120).
bool isLineNumber(std::string_view text);

/// `LOCATION if COND` (break, tbreak): the location and, after an `if`, the
/// condition, both trimmed (either may be empty).
struct BreakArgs {
  std::string location;
  std::optional<std::string> condition;
};
BreakArgs splitBreakArgs(std::string_view args);

struct Breakpoint {
  int number = 0;
  Location loc;
  bool temporary = false;
  bool enabled = true;
  std::optional<Expr> cond;
  /// A host breakpoint's condition as typed (LLDB evaluates it, in C++).
  std::string hostCond;
  std::string reason; // the stop's reason when not "breakpoint N" (advance, until)
  uint64_t hits = 0;
  /// gdb's ignore count: crossings still to count without stopping.
  uint64_t ignore = 0;
  /// `ignore` was given: a new run of the program starts with the count
  /// this one left, as gdb's (ProgramAgent::saveControl).
  bool ignoreGiven = false;
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

class BreakpointTable {
public:
  int addBreakpoint(Location loc, bool temporary, std::optional<Expr> cond);
  /// A temporary breakpoint of the debugger's own (a negative number, as
  /// gdb's internal ones: no row in `info breakpoints`), stopping with
  /// `reason`.
  int addInternal(Location loc, std::string reason);
  int addWatchpoint(Watchpoint w);
  /// Deletes breakpoint or watchpoint `number`; false if there is none.
  bool remove(int number);
  void clear();
  Breakpoint *breakpoint(int number);
  Watchpoint *watchpoint(int number);
  std::vector<Breakpoint> &breakpoints() { return bps_; }
  std::vector<Watchpoint> &watchpoints() { return wps_; }
  /// gdb's `run` starts the hit counts over (not the ignore counts).
  void clearHitCounts() {
    for (Breakpoint &b : bps_)
      b.hits = 0;
    for (Watchpoint &w : wps_)
      w.hits = 0;
  }
  bool anyWatch() const;
  bool anyBreakpoint() const;
  /// Call after adding/removing/enabling, loading, or a new session: the
  /// next markSites() marks the device's break sites again.
  void invalidate() { sitesStale_ = true; }
  /// Makes the break sites of `session`'s device the enabled breakpoints'
  /// instructions in every loaded kernel (before a run; cheap when nothing
  /// changed since the last call).
  void markSites(rt::DeviceSession &session);

  /// The enabled breakpoints at `pc` in kernel `k`.
  std::vector<Breakpoint *> at(const rt::LoadedKernel &k, uint32_t pc);

private:
  std::vector<Breakpoint> bps_;
  std::vector<Watchpoint> wps_;
  bool sitesStale_ = true;
  const emu::Device *sitesDevice_ = nullptr; // the device last marked
  int next_ = 1;
  int nextInternal_ = -1;
};

} // namespace simt::dbg
