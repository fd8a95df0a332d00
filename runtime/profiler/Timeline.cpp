//===-- Timeline.cpp - The events the trace file and the report draw ------===//
#include "runtime/profiler/Timeline.h"

#include <algorithm>
#include <map>

namespace simt::prof {

namespace {

bool isCopy(const std::string &call) {
  return call.find("Memcpy") != std::string::npos || call.find("Memset") != std::string::npos;
}

std::string ctaName(const CtaSpan &c) {
  return "CTA (" + std::to_string(c.cta[0]) + "," + std::to_string(c.cta[1]) + "," +
         std::to_string(c.cta[2]) + ")";
}

} // namespace

Timeline buildTimeline(const Profile &p) {
  Timeline t;
  auto track = [&](Clock clock, uint32_t id, std::string name) {
    for (size_t i = 0; i < t.tracks.size(); ++i)
      if (t.tracks[i].clock == clock && t.tracks[i].id == id)
        return static_cast<uint32_t>(i);
    t.tracks.push_back({clock, id, std::move(name)});
    return static_cast<uint32_t>(t.tracks.size() - 1);
  };
  for (const HostCall &c : p.calls) {
    t.spans.push_back({track(Clock::Host, 1, "API calls"), c.name, "api", c.start,
                       c.end - c.start, 0});
    if (isCopy(c.name))
      t.spans.push_back(
          {track(Clock::Host, 2, "copies"), c.name, "copy", c.start, c.end - c.start, 0});
  }
  for (const LaunchProfile &l : p.launches)
    t.spans.push_back({track(Clock::Device, 100 + l.stream, "stream " + std::to_string(l.stream)),
                       l.kernel + " (grid " + std::to_string(l.grid) + ")", "launch",
                       double(l.launchCycle), double(l.cycles()), l.grid});
  // Rows per SM: each CTA takes the first row free at its start.
  std::vector<CtaSpan> ctas = p.ctas;
  std::stable_sort(ctas.begin(), ctas.end(), [](const CtaSpan &a, const CtaSpan &b) {
    return a.sm != b.sm ? a.sm < b.sm : a.first < b.first;
  });
  std::map<uint32_t, std::vector<uint64_t>> rowFreeAt; // per SM: each row's end
  for (const CtaSpan &c : ctas) {
    std::vector<uint64_t> &rows = rowFreeAt[c.sm];
    size_t row = 0;
    while (row < rows.size() && rows[row] > c.first)
      ++row;
    if (row == rows.size())
      rows.push_back(0);
    rows[row] = c.last + 1;
    const uint32_t id = 1000 + c.sm * 64 + static_cast<uint32_t>(row);
    t.spans.push_back({track(Clock::Device, id, "SM " + std::to_string(c.sm)), ctaName(c), "cta",
                       double(c.first), double(c.last + 1 - c.first), c.grid});
  }
  // Tracks in display order within each clock.
  std::vector<uint32_t> order(t.tracks.size());
  for (uint32_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    const Track &x = t.tracks[a], &y = t.tracks[b];
    return x.clock != y.clock ? x.clock < y.clock : x.id < y.id;
  });
  std::vector<uint32_t> newIndex(order.size());
  std::vector<Track> sorted;
  for (uint32_t i = 0; i < order.size(); ++i) {
    newIndex[order[i]] = i;
    sorted.push_back(t.tracks[order[i]]);
  }
  t.tracks = std::move(sorted);
  for (Span &s : t.spans)
    s.track = newIndex[s.track];
  return t;
}

} // namespace simt::prof
