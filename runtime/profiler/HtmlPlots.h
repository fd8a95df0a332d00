//===-- HtmlPlots.h - The report's pictures as inline SVG -----------------===//
//
// The timeline (host tracks over wall time, device tracks over emulated
// cycles), SIMD efficiency over time, active warps per SM over time (a heat
// map) and the instruction mix per kernel (stacked bars by class).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/profiler/Profile.h"
#include "runtime/profiler/Timeline.h"

#include <string>

namespace simt::prof {

/// The spans of one clock's tracks; "" if that clock has none.
std::string timelineSvg(const Timeline &t, Clock clock);
std::string simdEfficiencySvg(const Profile &p);
std::string activeWarpsSvg(const Profile &p);
std::string instructionMixSvg(const Profile &p);

} // namespace simt::prof
