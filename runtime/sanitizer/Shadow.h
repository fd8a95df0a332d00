//===-- Shadow.h - initcheck's record of written and used bytes -----------===//
//
// One flag byte per byte of each tracked allocation (the program's
// cudaMalloc blocks): written (by a host copy or memset, a device store or
// atomic) and used (any access). Bytes of untracked allocations (run-script
// buffers, zero-filled by definition; __device__ variables; the printf
// buffer) count as written.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace simt::rt::sanitizer {

class Shadow {
public:
  /// A new allocation: nothing written or used yet.
  void track(uint64_t base, uint64_t size);
  /// The allocation at `base` was freed.
  void forget(uint64_t base);
  bool empty() const { return blocks_.empty(); }
  /// Marks [addr, addr + n) written and used (untracked bytes: nothing).
  void write(uint64_t addr, uint64_t n);
  /// Marks [addr, addr + n) used; false if a tracked byte of it was never
  /// written.
  bool read(uint64_t addr, uint64_t n);
  /// A tracked allocation with bytes never used (--track-unused-memory).
  struct Unused {
    uint64_t base = 0, size = 0;
    uint64_t unusedBytes = 0, firstUnused = 0; // firstUnused: an offset
  };
  std::vector<Unused> unused() const;
  /// The allocation at `base`, if tracked and not wholly used.
  std::optional<Unused> unusedAt(uint64_t base) const;

private:
  enum : uint8_t { Written = 1, Used = 2 };
  struct Block {
    uint64_t size = 0;
    std::vector<uint8_t> flags;
  };
  static std::optional<Unused> unusedIn(uint64_t base, const Block &b);
  /// The block holding [addr, addr + n), or null; `offset` its offset.
  Block *find(uint64_t addr, uint64_t n, uint64_t &offset);
  std::map<uint64_t, Block> blocks_;
  uint64_t lastBase_ = 0;
  Block *last_ = nullptr;
};

} // namespace simt::rt::sanitizer
