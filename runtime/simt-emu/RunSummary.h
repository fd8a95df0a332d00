//===-- RunSummary.h - simt-emu --summary: what a run did, in brief -------===//
//
// The few numbers `simt-emu --summary` prints after a run, as `time` and
// nvprof do, on standard error (standard output stays the script's results):
// launches, warp-instructions, SIMD efficiency, emulated cycles and the
// wall time of the whole run.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_SIMT_EMU_RUNSUMMARY_H
#define SIMT_RUNTIME_SIMT_EMU_RUNSUMMARY_H

#include <cstdint>
#include <string>

namespace simt::rt {

class DeviceSession;

struct RunSummary {
  uint64_t launches = 0;
  uint64_t warpInstructions = 0;
  uint64_t threadInstructions = 0; ///< active lanes summed over the warp-instructions
  uint64_t cycles = 0;
  double wallSeconds = 0;

  /// What `session` has run so far; `wallSeconds` is the caller's.
  static RunSummary of(const DeviceSession &session, double wallSeconds);
  /// Average active lanes per warp-instruction (0 without any).
  double activeLanes() const;
  /// The lines simt-emu prints, each ending in a newline:
  ///   simt-emu summary:
  ///     launches           1
  ///     warp-instructions  24
  ///     SIMD efficiency    100.0% (32.0 of 32 lanes active on average)
  ///     cycles             727
  ///     wall time          0.004 s
  std::string format() const;
};

} // namespace simt::rt

#endif // SIMT_RUNTIME_SIMT_EMU_RUNSUMMARY_H
