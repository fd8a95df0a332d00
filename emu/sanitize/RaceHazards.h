//===-- RaceHazards.h - racecheck's findings, one per hazard or folded ----===//
//
// --racecheck-report hazard gives every hazard (an address and a pair of
// threads) as it is found; analysis folds them per kind, severity and pair
// of instructions, counting them in Finding::hazards, and gives the folded
// findings when the launch ends.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/sanitize/Finding.h"

#include <map>
#include <tuple>
#include <vector>

namespace simt::emu::sanitize {

class HazardLog {
public:
  explicit HazardLog(bool everyHazard) : everyHazard_(everyHazard) {}

  void add(const Finding &f, std::vector<Finding> &out);
  /// The folded findings, in the order their first hazards were found.
  void flush(std::vector<Finding> &out);

private:
  using Key = std::tuple<FindingKind, Severity, MemSpace, uint32_t, uint32_t>;
  bool everyHazard_;
  std::map<Key, size_t> index_;
  std::vector<Finding> folded_;
};

} // namespace simt::emu::sanitize
