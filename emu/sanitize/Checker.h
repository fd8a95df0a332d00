//===-- Checker.h - A sanitizer tool that watches executed instructions ---===//
//
// racecheck, initcheck and synccheck watch every executed warp-instruction
// through the emulator's trace hook (emu/core/Trace.h): the plain run loop
// is untouched when no tool is on. A Checker is called per warp-instruction,
// never per lane, by whoever owns the hook (the runtime's sanitizer session,
// or the debugger, which forwards its records). Findings go to `out`.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/sanitize/Finding.h"

#include <cstdint>
#include <string>
#include <vector>

namespace simt::emu::sanitize {

/// A launch, as the checkers need it.
struct GridInfo {
  GridId grid = 0;
  std::string kernel;
  uint32_t gridDim[3] = {1, 1, 1};
  uint32_t blockDim[3] = {1, 1, 1};
  uint32_t sharedBytes = 0; // static + dynamic, per CTA
};

class Checker {
public:
  virtual ~Checker() = default;
  /// The TraceDetail bits the checker needs in its records.
  virtual uint8_t traceDetail() const { return TraceMemory; }
  virtual void beginGrid(const GridInfo &) {}
  /// One executed warp-instruction.
  virtual void observe(const TraceRecord &record, std::vector<Finding> &out) = 0;
  /// The grid ended (finished or stopped): report what only its end shows
  /// and drop its state.
  virtual void endGrid(GridId, std::vector<Finding> &) {}
};

} // namespace simt::emu::sanitize
