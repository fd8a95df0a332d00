//===-- Allocations.h - The program's device allocations, live and freed --===//
//
// memcheck's view of the host's allocation calls (cudaMalloc and kin): the
// live blocks with the call and its ordinal (for reports and --leak-check),
// and the freed ones (a fault inside one is a use after free; freeing one
// again is a double free). Freed ranges the allocator hands out again stop
// being "freed".
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/sanitizer/HostBacktrace.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace simt::rt::sanitizer {

struct Block {
  uint64_t base = 0, size = 0;
  std::string call;     // "cudaMalloc"
  uint64_t ordinal = 0; // the program's n-th allocation (from 1)
  std::string freedBy;  // freed blocks: "cudaFree"
  HostBacktrace allocatedAt; // the program's calls to `call` (a program's run)
};

class Allocations {
public:
  void allocated(uint64_t base, uint64_t size, std::string call, HostBacktrace at = {});
  /// The block freed, or nullopt if `base` is no live block's start.
  std::optional<Block> freed(uint64_t base, std::string call);
  /// The live block holding `addr`, or null.
  const Block *live(uint64_t addr) const;
  /// The freed block holding `addr` (the latest), or null.
  const Block *freedAt(uint64_t addr) const;
  /// Live blocks, in allocation order.
  std::vector<Block> leaks() const;

private:
  static const Block *holding(const std::map<uint64_t, Block> &m, uint64_t addr);
  std::map<uint64_t, Block> live_, freed_;
  uint64_t count_ = 0;
};

} // namespace simt::rt::sanitizer
