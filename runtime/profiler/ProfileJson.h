//===-- ProfileJson.h - A profile's figures as JSON -----------------------===//
//
// The data the HTML report embeds (<script type="application/json"
// id="profile-data">) for tools and tests: per kernel its totals, its
// source rows (runtime/profiler/SourceView.h) and instructions; per launch
// its figures; and the device-wide counters as --stats names them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/profiler/Profile.h"

#include <string>

namespace simt::prof {

std::string profileJson(const Profile &p);

} // namespace simt::prof
