//===-- ChromeTrace.h - A profile in the Chrome trace event format --------===//
//
// The JSON chrome://tracing and Perfetto open: {"traceEvents": [...],
// "displayTimeUnit": "ns"}. Two processes: pid 1 the host (ts in
// microseconds of wall time since the profile started), pid 2 the device,
// whose clock is emulated cycles written as if one cycle were one
// microsecond. Spans are complete events (ph "X"), tracks are named by
// metadata events (ph "M"), and the device's SIMD efficiency and each SM's
// active warps are counters (ph "C") over the time bins.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/profiler/Profile.h"

#include <string>

namespace simt::prof {

std::string chromeTraceJson(const Profile &p);

} // namespace simt::prof
