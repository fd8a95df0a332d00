//===-- RunSummary.cpp - simt-emu --summary: what a run did, in brief -----===//
#include "runtime/simt-emu/RunSummary.h"

#include "runtime/DeviceSession.h"

#include <cstdio>

namespace simt::rt {

RunSummary RunSummary::of(const DeviceSession &session, double wallSeconds) {
  const emu::DeviceStats st = session.device().stats();
  RunSummary s;
  s.launches = session.launches();
  s.warpInstructions = st.instr.warp();
  s.threadInstructions = st.instr.thread;
  s.cycles = st.cycles;
  s.wallSeconds = wallSeconds;
  return s;
}

double RunSummary::activeLanes() const {
  return warpInstructions ? double(threadInstructions) / double(warpInstructions) : 0.0;
}

std::string RunSummary::format() const {
  char efficiency[96], wall[32];
  std::snprintf(efficiency, sizeof efficiency, "%.1f%% (%.1f of 32 lanes active on average)",
                activeLanes() / 32.0 * 100.0, activeLanes());
  std::snprintf(wall, sizeof wall, "%.3f s", wallSeconds);
  auto row = [](const char *label, const std::string &value) {
    std::string r = "  ";
    r += label;
    r.resize(21, ' ');
    return r + value + "\n";
  };
  return "simt-emu summary:\n" + row("launches", std::to_string(launches)) +
         row("warp-instructions", std::to_string(warpInstructions)) +
         row("SIMD efficiency", efficiency) + row("cycles", std::to_string(cycles)) +
         row("wall time", wall);
}

} // namespace simt::rt
