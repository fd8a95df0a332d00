//===-- SourceBacktrace.h - Where a stopped warp is in the source ---------===//
//
// Reports of a fault, a --timeout, an interrupt or the step limit (simt-emu,
// the CUDA runtime) end with the source position of the warp they name when
// its object has a line table (simt-cc -g or -lineinfo): the line and its
// text, then each call that led there, from the CALL tokens on the warp's
// SIMT stack (the return address's call instruction), innermost first.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_SOURCEBACKTRACE_H
#define SIMT_RUNTIME_SOURCEBACKTRACE_H

#include "runtime/ObjectFile.h"
#include "runtime/SourceLines.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace simt::emu {
class SimtStack;
}

namespace simt::rt {

/// The source position of byte address `pc` of kernel `k`'s image, from its
/// object's line table (nullopt: no table, or no row for `pc`).
std::optional<SourcePos> sourcePosOf(const LoadedKernel &k, uint64_t pc);

/// One frame of a warp's call chain: the pc (a caller's is its call
/// instruction), the section holding it (null outside every section) and
/// its source position (nullopt without a line table).
struct DeviceFrame {
  uint64_t pc = 0;
  const ImageSection *section = nullptr;
  std::optional<SourcePos> pos;
};

/// The frames of a warp at byte address `pc`, innermost first: `pc`'s own,
/// then one per CALL token of `stack` (may be null: `pc`'s frame alone).
std::vector<DeviceFrame> deviceFrames(const LoadedKernel &k, uint64_t pc,
                                      const emu::SimtStack *stack);

/// The lines a report ends with, each after a newline (empty when `pc` has
/// no position):
///   at saxpy.cu:6 (in the kernel)
///       6 |   y[i] = a * x[i] + y[i];
///   called from calls.cu:12 (in the kernel)
/// A position in a device function reads "(in device function NAME)" with
/// its demangled name; a line whose source file cannot be read shows no
/// text. `stack` (may be null) gives the calls.
std::string sourceBacktrace(const LoadedKernel &k, uint64_t pc, const emu::SimtStack *stack);

} // namespace simt::rt

#endif // SIMT_RUNTIME_SOURCEBACKTRACE_H
