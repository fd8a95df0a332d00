//===-- Allocations.cpp - The program's device allocations ----------------===//
#include "runtime/sanitizer/Allocations.h"

#include <algorithm>

namespace simt::rt::sanitizer {

void Allocations::allocated(uint64_t base, uint64_t size, std::string call, HostBacktrace at) {
  // The range is live again: forget the freed blocks it overlaps.
  for (auto it = freed_.begin(); it != freed_.end();)
    it = it->first < base + size && base < it->first + it->second.size ? freed_.erase(it)
                                                                       : std::next(it);
  live_[base] = Block{base, size, std::move(call), ++count_, {}, std::move(at)};
}

std::optional<Block> Allocations::freed(uint64_t base, std::string call) {
  auto it = live_.find(base);
  if (it == live_.end())
    return std::nullopt;
  Block b = std::move(it->second);
  live_.erase(it);
  b.freedBy = std::move(call);
  freed_[base] = b;
  return b;
}

const Block *Allocations::holding(const std::map<uint64_t, Block> &m, uint64_t addr) {
  auto it = m.upper_bound(addr);
  if (it == m.begin())
    return nullptr;
  --it;
  return addr - it->first < it->second.size ? &it->second : nullptr;
}

const Block *Allocations::live(uint64_t addr) const { return holding(live_, addr); }

const Block *Allocations::freedAt(uint64_t addr) const { return holding(freed_, addr); }

std::vector<Block> Allocations::leaks() const {
  std::vector<Block> out;
  for (const auto &[base, b] : live_)
    out.push_back(b);
  std::sort(out.begin(), out.end(),
            [](const Block &a, const Block &b) { return a.ordinal < b.ordinal; });
  return out;
}

} // namespace simt::rt::sanitizer
