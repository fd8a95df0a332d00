//===-- HtmlReport.h - The profile as one self-contained HTML file --------===//
//
// simt-prof --report / simt-emu --profile: one file with inline CSS and
// SVG only (no script to run, nothing fetched): the kernel and launch
// tables, the device's counters, each kernel's source view (lines
// heat-coloured by the lanes they lose, worst first, each with its
// instructions on demand), the timeline and the plots. The figures are also
// embedded as JSON (runtime/profiler/ProfileJson.h) for tools.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/profiler/Profile.h"

#include <string>

namespace simt::prof {

std::string htmlReport(const Profile &p);

} // namespace simt::prof
