//===-- RunWatch.h - simt-emu's --timeout and progress line -----*- C++ -*-===//
//
// Watches a device's runs as a subscriber (emu/device/Subscriber.h) that the
// device calls between
// epochs every so many cycles or warp-instructions: past the deadline it
// stops the run (the script's `wait` then reports where each grid stood);
// on a terminal, once the whole run has taken a few seconds, it keeps one
// line on the progress stream up to date in place (time, cycle,
// warp-instructions, the grids running) and erases it as each device run
// ends, so that the script's own output never lands on it.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_RUNWATCH_H
#define SIMT_RUNTIME_RUNWATCH_H

#include <chrono>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

#include "emu/device/Subscriber.h"

namespace simt::emu {
class Device;
}

namespace simt::rt {

class RunWatch final : public emu::Subscriber {
public:
  struct Options {
    std::optional<double> timeoutSeconds; ///< --timeout
    std::ostream *progress = nullptr;     ///< null: no progress line
    double progressAfter = 2.0;           ///< seconds before it shows
    double progressEvery = 0.25;          ///< seconds between updates
    std::string tool = "simt-emu";        ///< the progress line's prefix
    std::string hint;                     ///< appended to the progress line
  };

  /// Attaches to `device` (its watcher until destroyed); time counts from now.
  RunWatch(emu::Device &device, const Options &options);
  ~RunWatch();
  RunWatch(const RunWatch &) = delete;
  RunWatch &operator=(const RunWatch &) = delete;

  /// Whether the deadline has stopped a run.
  bool timedOut() const { return timedOut_; }

  /// How often the device asks (cheap: one clock read per call).
  static constexpr uint64_t kEveryCycles = 1u << 16;
  static constexpr uint64_t kEverySteps = 1u << 20;

private:
  using Clock = std::chrono::steady_clock;
  emu::Interests interests() const override {
    return {.watchCycles = kEveryCycles, .watchSteps = kEverySteps};
  }
  /// The reason to stop, or "".
  std::string watch(bool ended) override;
  void drawProgress(double seconds);
  void eraseProgress();

  emu::Device &device_;
  Options options_;
  Clock::time_point start_;
  double lastDrawn_ = 0;
  bool shown_ = false;
  bool timedOut_ = false;
};

/// "2", "0.5": seconds as a user writes them.
std::string formatSeconds(double seconds);

} // namespace simt::rt

#endif // SIMT_RUNTIME_RUNWATCH_H
