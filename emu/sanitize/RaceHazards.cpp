//===-- RaceHazards.cpp - racecheck's findings, one per hazard or folded --===//
#include "emu/sanitize/RaceHazards.h"

namespace simt::emu::sanitize {

void HazardLog::add(const Finding &f, std::vector<Finding> &out) {
  if (everyHazard_) {
    out.push_back(f);
    return;
  }
  const Key key{f.kind, f.severity, f.access.space, f.access.pc, f.other.pc};
  const auto [it, inserted] = index_.try_emplace(key, folded_.size());
  if (inserted)
    folded_.push_back(f);
  else
    ++folded_[it->second].hazards;
}

void HazardLog::flush(std::vector<Finding> &out) {
  out.insert(out.end(), folded_.begin(), folded_.end());
  folded_.clear();
  index_.clear();
}

} // namespace simt::emu::sanitize
