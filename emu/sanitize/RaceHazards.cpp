//===-- RaceHazards.cpp - racecheck's findings, one per hazard or folded --===//
#include "emu/sanitize/RaceHazards.h"

#include <bit>

namespace simt::emu::sanitize {

void HazardLog::add(const Finding &f, uint64_t word, uint8_t overlap,
                    std::vector<Finding> &out) {
  if (everyHazard_) {
    // One record per byte, its values the byte's.
    for (uint8_t bytes = overlap; bytes; bytes &= bytes - 1) {
      const unsigned b = static_cast<unsigned>(std::countr_zero(bytes));
      Finding h = f;
      h.access.address = h.other.address = word + b;
      const uint64_t at = word + b - f.access.address;
      h.access.value = valueByte(f.access.value, at);
      h.access.hasValue = f.access.hasValue && at < 8; // valueByte's 8 bytes
      h.other.value = valueByte(f.other.value, b);
      out.push_back(std::move(h));
    }
    return;
  }
  const uint64_t hazards = static_cast<uint64_t>(std::popcount(overlap));
  const Key key{f.kind, f.severity, f.access.space, f.access.pc, f.other.pc};
  const auto [it, inserted] = index_.try_emplace(key, folded_.size());
  if (inserted) {
    folded_.push_back(f);
    folded_.back().hazards = hazards;
  } else {
    folded_[it->second].hazards += hazards;
  }
}

void HazardLog::flush(std::vector<Finding> &out) {
  out.insert(out.end(), folded_.begin(), folded_.end());
  folded_.clear();
  index_.clear();
}

} // namespace simt::emu::sanitize
