//===-- RaceHazards.h - racecheck's findings, one per hazard or folded ----===//
//
// A hazard is a byte two threads' accesses both touch, as compute-sanitizer
// counts them (a float's race is 4). --racecheck-report hazard gives every
// hazard (a byte and a pair of threads) as it is found; analysis folds them
// per kind, severity and pair of instructions, counting them in
// Finding::hazards, and gives the folded findings when the launch ends.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/sanitize/Finding.h"

#include <map>
#include <tuple>
#include <vector>

namespace simt::emu::sanitize {

/// Byte `at` of an access's value (little-endian from its first byte); a
/// value holds a lane's first 8 bytes, so 0 beyond them.
inline uint64_t valueByte(uint64_t value, uint64_t at) {
  return at < 8 ? (value >> 8 * at) & 0xff : 0;
}

class HazardLog {
public:
  explicit HazardLog(bool everyHazard) : everyHazard_(everyHazard) {}

  /// The hazards of `f` on the bytes `overlap` (bit b: byte b) of the
  /// 4-byte word at `word`: f's access starts at f.access.address with
  /// value f.access.value; the other side's value, if it has one, is the
  /// word's as that write left it (f.other.value).
  void add(const Finding &f, uint64_t word, uint8_t overlap, std::vector<Finding> &out);
  /// The folded findings, in the order their first hazards were found.
  void flush(std::vector<Finding> &out);

private:
  using Key = std::tuple<FindingKind, Severity, MemSpace, uint32_t, uint32_t>;
  bool everyHazard_;
  std::map<Key, size_t> index_;
  std::vector<Finding> folded_;
};

} // namespace simt::emu::sanitize
