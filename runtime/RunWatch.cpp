//===-- RunWatch.cpp - simt-emu's --timeout and progress line -------------===//
#include "runtime/RunWatch.h"

#include "emu/device/Device.h"
#include "runtime/KernelNames.h"

#include <cstdio>
#include <sstream>

namespace simt::rt {

std::string formatSeconds(double seconds) {
  std::ostringstream os;
  os << seconds;
  return os.str();
}

RunWatch::RunWatch(emu::Device &device, const Options &options)
    : device_(device), options_(options), start_(Clock::now()) {
  device_.subscribe(*this);
}

RunWatch::~RunWatch() {
  device_.unsubscribe(*this);
  eraseProgress();
}

std::string RunWatch::watch(bool ended) {
  if (ended) {
    eraseProgress();
    return "";
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start_).count();
  if (options_.timeoutSeconds && seconds >= *options_.timeoutSeconds) {
    timedOut_ = true;
    return "the --timeout of " + formatSeconds(*options_.timeoutSeconds) + " s ran out";
  }
  if (options_.progress && seconds >= options_.progressAfter &&
      (!shown_ || seconds - lastDrawn_ >= options_.progressEvery))
    drawProgress(seconds);
  return "";
}

// One line, rewritten in place ("\r", then erase to the end of the line):
//   simt-emu: 12.3 s, cycle 4194304, 8388608 warp-instructions, grid 1 'spin' running
void RunWatch::drawProgress(double seconds) {
  char elapsed[32];
  std::snprintf(elapsed, sizeof elapsed, "%.1f s", seconds);
  std::string line = options_.tool + ": " + std::string(elapsed) + ", cycle " +
                     std::to_string(device_.cycle()) + ", " + std::to_string(device_.steps()) +
                     " warp-instructions";
  const std::vector<emu::GridId> running = device_.runningGrids();
  if (!running.empty()) {
    const emu::Grid *g = device_.grid(running.front());
    line += ", grid " + std::to_string(running.front()) + " '" +
            (g ? plainKernelName(g->params.kernel.name) : std::string("?")) + "'";
    if (running.size() > 1)
      line += " and " + std::to_string(running.size() - 1) + " more";
    line += " running";
  }
  line += options_.hint;
  *options_.progress << "\r" << line << "\x1b[K" << std::flush;
  shown_ = true;
  lastDrawn_ = seconds;
}

void RunWatch::eraseProgress() {
  if (!shown_)
    return;
  *options_.progress << "\r\x1b[K" << std::flush;
  shown_ = false;
}

} // namespace simt::rt
