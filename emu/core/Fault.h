//===-- Fault.h - Fault reports of the emulator (ISA.md section 8) --------===//
//
// A fault stops its grid and is reported with the kernel, CTA, warp, lanes,
// PC, the instruction and the reason; memory and the warp state are left as
// they were for inspection. The instruction text comes from a printer the
// runtime installs on the Device (it owns the MC disassembler); without one
// the report names the opcode.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/ExecContext.h"
#include "emu/core/Trace.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace simt::emu {

using GridId = uint32_t;

/// "memory access out of range", "misaligned memory access", ...
std::string_view faultKindName(FaultKind kind);

/// A memory fault's access: its space, kind and width, and the address of
/// every lane of the fault (FaultReport::lanes), so that a report can name
/// each lane's bytes (the sanitizer's memcheck, runtime/sanitizer/).
struct FaultAccess {
  MemSpace space = MemSpace::Global;
  MemAccessKind kind = MemAccessKind::Load;
  uint8_t bytes = 0;
  uint64_t laneAddress[WarpSize] = {};
};

struct FaultReport {
  FaultKind kind = FaultKind::None;
  std::string reason;      // one line: what went wrong
  std::string detail;      // more (an address description, the depth), may be empty
  GridId grid = 0;
  std::string gridName;    // `launch ... as NAME`, may be empty
  std::string kernel;
  uint32_t cta[3] = {0, 0, 0};
  uint32_t warp = 0;       // index within the CTA
  uint32_t sm = 0;
  uint32_t lanes = 0;      // lane mask
  uint32_t pc = 0;         // byte address in the kernel image
  uint64_t cycle = 0;      // the SM's clock
  bool hasAddress = false;
  uint64_t address = 0;
  std::string instruction; // assembly text of the instruction at pc (if known)
  std::optional<FaultAccess> access; // a load, store or atomic's fault

  /// Multi-line human-readable report (no trailing newline), e.g.
  ///   fault: misaligned memory access in kernel 'k' (grid 1)
  ///     cta (1,0,0) warp 2 lanes 3,5-7 (0x000000e8) pc 0x0040 sm 0 cycle 1234
  ///     0x0040: LD.64 R2, [R4]
  ///     address 0x10000004 is inside buffer 'a' ... 
  std::string format() const;
  /// "kernel 'k' (grid 1)" or "kernel 'k' (grid 1 'name')".
  std::string formatKernel() const;
  /// The report's second and third lines: the cta/warp/lanes/pc line and the
  /// instruction (no trailing newline). Also where --max-steps stopped.
  std::string formatSite() const;
};

/// "3,5-7" for lane mask 0xe8; "none" for 0.
std::string formatLanes(uint32_t mask);

} // namespace simt::emu
