//===-- Shadow.cpp - initcheck's record of written and used bytes ---------===//
#include "runtime/sanitizer/Shadow.h"

#include <algorithm>

namespace simt::rt::sanitizer {

void Shadow::track(uint64_t base, uint64_t size) {
  Block &b = blocks_[base];
  b.size = size;
  b.flags.assign(size, 0);
  last_ = nullptr;
}

void Shadow::forget(uint64_t base) {
  blocks_.erase(base);
  last_ = nullptr;
}

Shadow::Block *Shadow::find(uint64_t addr, uint64_t n, uint64_t &offset) {
  if (last_ && addr - lastBase_ < last_->size && n <= last_->size - (addr - lastBase_)) {
    offset = addr - lastBase_;
    return last_;
  }
  auto it = blocks_.upper_bound(addr);
  if (it == blocks_.begin())
    return nullptr;
  --it;
  offset = addr - it->first;
  if (offset >= it->second.size || n > it->second.size - offset)
    return nullptr;
  lastBase_ = it->first;
  last_ = &it->second;
  return last_;
}

void Shadow::write(uint64_t addr, uint64_t n) {
  uint64_t off = 0;
  if (Block *b = find(addr, n, off)) {
    std::fill_n(b->flags.begin() + off, n, uint8_t(Written | Used));
    return;
  }
  // A range over several blocks (a host copy): each block's part.
  for (auto &[base, b] : blocks_) {
    const uint64_t lo = std::max(base, addr), hi = std::min(base + b.size, addr + n);
    if (lo < hi)
      std::fill(b.flags.begin() + (lo - base), b.flags.begin() + (hi - base),
                uint8_t(Written | Used));
  }
}

bool Shadow::read(uint64_t addr, uint64_t n) {
  uint64_t off = 0;
  Block *b = find(addr, n, off);
  if (!b)
    return true;
  uint8_t all = Written;
  for (uint64_t i = 0; i < n; ++i) {
    all &= b->flags[off + i];
    b->flags[off + i] |= Used;
  }
  return all & Written;
}

std::optional<Shadow::Unused> Shadow::unusedIn(uint64_t base, const Block &b) {
  Unused u;
  u.base = base;
  u.size = b.size;
  for (uint64_t i = 0; i < b.size; ++i)
    if (!(b.flags[i] & Used)) {
      if (!u.unusedBytes)
        u.firstUnused = i;
      ++u.unusedBytes;
    }
  return u.unusedBytes ? std::optional<Unused>(u) : std::nullopt;
}

std::optional<Shadow::Unused> Shadow::unusedAt(uint64_t base) const {
  auto it = blocks_.find(base);
  return it == blocks_.end() ? std::nullopt : unusedIn(base, it->second);
}

std::vector<Shadow::Unused> Shadow::unused() const {
  std::vector<Unused> out;
  for (const auto &[base, b] : blocks_)
    if (auto u = unusedIn(base, b))
      out.push_back(*u);
  return out;
}

} // namespace simt::rt::sanitizer
