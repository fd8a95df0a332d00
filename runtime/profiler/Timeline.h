//===-- Timeline.h - The events the trace file and the report draw --------===//
//
// One list of spans for both timelines: on the host (wall time since the
// profile started) each runtime API call, copies and sets also on their own
// track; on the device (emulated cycles) each launch on its stream's track
// and each CTA on its SM's, in rows so that CTAs resident together on one
// SM do not overlap (row r of SM s is its own track).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/profiler/Profile.h"

#include <string>
#include <vector>

namespace simt::prof {

enum class Clock : uint8_t { Host, Device };

struct Track {
  Clock clock = Clock::Host;
  uint32_t id = 0;  ///< unique per clock, in display order
  std::string name; ///< "API calls", "stream 0", "SM 3"
};

struct Span {
  uint32_t track = 0; ///< index in Timeline::tracks
  std::string name;
  std::string category; ///< "api", "copy", "launch", "cta"
  double start = 0, duration = 0; ///< seconds (host) or cycles (device)
  emu::GridId grid = 0;           ///< launch and CTA spans
};

struct Timeline {
  std::vector<Track> tracks;
  std::vector<Span> spans;
};

Timeline buildTimeline(const Profile &p);

} // namespace simt::prof
