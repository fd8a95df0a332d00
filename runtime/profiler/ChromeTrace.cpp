//===-- ChromeTrace.cpp - A profile in the Chrome trace event format ------===//
#include "runtime/profiler/ChromeTrace.h"

#include "runtime/profiler/Timeline.h"

#include <bit>
#include <cmath>

namespace simt::prof {

namespace {

constexpr int HostPid = 1, DevicePid = 2;

int pidOf(Clock c) { return c == Clock::Host ? HostPid : DevicePid; }

/// Microseconds to the nanosecond: the format's readers need no more.
double micros(double v) { return std::round(v * 1000) / 1000; }

void metadata(emu::JsonWriter &w, const char *what, int pid, uint32_t tid, std::string_view name) {
  w.beginObject().field("name", what).field("ph", "M").field("pid", pid).field("tid", tid);
  w.key("args").beginObject().field("name", name).endObject();
  w.endObject();
}

} // namespace

std::string chromeTraceJson(const Profile &p) {
  const Timeline t = buildTimeline(p);
  emu::JsonWriter w(false);
  w.beginObject().key("traceEvents").beginArray();
  metadata(w, "process_name", HostPid, 0, "host (wall time)");
  metadata(w, "process_name", DevicePid, 0, "device (emulated cycles as us)");
  for (const Track &tr : t.tracks)
    metadata(w, "thread_name", pidOf(tr.clock), tr.id, tr.name);
  for (const Span &s : t.spans) {
    const Track &tr = t.tracks[s.track];
    const double scale = tr.clock == Clock::Host ? 1e6 : 1.0;
    w.beginObject()
        .field("name", s.name)
        .field("cat", s.category)
        .field("ph", "X")
        .field("pid", pidOf(tr.clock))
        .field("tid", tr.id)
        .field("ts", micros(s.start * scale))
        .field("dur", micros(s.duration * scale));
    if (s.grid)
      w.key("args").beginObject().field("grid", s.grid).endObject();
    w.endObject();
  }
  for (size_t i = 0; i < p.bins.size(); ++i) {
    const TimeBin &b = p.bins[i];
    const double ts = double(i * p.binCycles);
    w.beginObject().field("name", "SIMD efficiency").field("ph", "C").field("pid", DevicePid);
    w.field("tid", 0).field("ts", ts);
    const double percent = b.warp ? 100.0 * double(b.thread) / (32.0 * double(b.warp)) : 0.0;
    w.key("args").beginObject().field("percent", micros(percent));
    w.endObject().endObject();
    w.beginObject().field("name", "active warps").field("ph", "C").field("pid", DevicePid);
    w.field("tid", 0).field("ts", ts);
    w.key("args").beginObject();
    for (size_t sm = 0; sm < b.slotsPerSm.size(); ++sm)
      w.field("SM " + std::to_string(sm), std::popcount(b.slotsPerSm[sm]));
    w.endObject().endObject();
  }
  w.endArray().field("displayTimeUnit", "ns").endObject();
  return w.take();
}

} // namespace simt::prof
