//===-- StoreBuffer.h - An SM's global stores held back for its epoch -----===//
//
// In a parallel epoch (emu/device/Device.h) an SM runs against global memory
// as it was when the epoch began plus its own stores: they go here instead of
// into memory, its own loads see them (forward()), and the device writes them
// out in SM order at the epoch's end (commit()), so the last SM to store a
// byte wins, as when SMs run in turn. Entries name host bytes: the mapping
// does not change while the device runs.
//
// A load asks mayHold() first: one bit per 128-byte host line (hashed) says
// whether any entry can overlap it; only then are the entries scanned. A
// coarser summary (the line modulo 512, one cache line of bits) is what the
// device's commit threads read of each SM's buffer: when no two SMs' lines
// meet (addLinesTo), their order cannot matter and each thread writes out
// its own SMs' buffers.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
#include <bitset>
#include <cstdint>
#include <cstring>
#include <vector>

namespace simt::emu {

class StoreBuffer {
  static constexpr size_t kFilterBits = size_t{1} << 12;
  static constexpr size_t kSummaryBits = 512;

public:
  /// The host lines some buffers may store to, modulo 512: one cache line of
  /// bits, what another thread reads of this buffer (addLinesTo).
  using LineFilter = std::bitset<kSummaryBits>;

  bool empty() const { return entries_.empty(); }
  size_t size() const { return entries_.size(); }

  /// Holds back a store of `len` bytes from `src` to host bytes `dst`.
  void record(uint8_t *dst, const void *src, uint32_t len) {
    // A store right after the previous one (consecutive lanes) extends it.
    if (!entries_.empty()) {
      Entry &last = entries_.back();
      if (last.dst + last.len == dst && last.off + last.len == data_.size()) {
        append(src, len);
        last.len += len;
        mark(dst, len);
        return;
      }
    }
    entries_.push_back(Entry{dst, len, static_cast<uint32_t>(data_.size())});
    append(src, len);
    mark(dst, len);
  }

  /// Whether some held store may overlap host bytes [p, p + len).
  bool mayHold(const uint8_t *p, uint64_t len) const {
    if (entries_.empty())
      return false;
    const uintptr_t first = reinterpret_cast<uintptr_t>(p) >> kLineShift;
    const uintptr_t last = (reinterpret_cast<uintptr_t>(p) + len - 1) >> kLineShift;
    for (uintptr_t line = first; line <= last; ++line)
      if (filter_.test(line & (kFilterBits - 1)))
        return true;
    return false;
  }

  /// Overwrites out[0, len), read from host bytes [p, p + len), with the
  /// held stores that overlap them, oldest first.
  void forward(const uint8_t *p, uint64_t len, uint8_t *out) const {
    for (const Entry &e : entries_) {
      const uint8_t *lo = std::max<const uint8_t *>(p, e.dst);
      const uint8_t *hi = std::min<const uint8_t *>(p + len, e.dst + e.len);
      if (lo < hi)
        std::memcpy(out + (lo - p), data_.data() + e.off + (lo - e.dst), size_t(hi - lo));
    }
  }

  /// Writes every held store to memory, oldest first, and empties the buffer.
  void commit() {
    for (const Entry &e : entries_)
      std::memcpy(e.dst, data_.data() + e.off, e.len);
    clear();
  }

  void clear() {
    if (entries_.empty())
      return;
    entries_.clear();
    data_.clear();
    filter_.reset();
    summary_.reset();
  }

  /// Adds the lines this buffer may store to to `lines` (those of other
  /// buffers); false if one may be there already. While every buffer's
  /// lines are new, their commits can run in any order, on any thread.
  bool addLinesTo(LineFilter &lines) const {
    if (entries_.empty())
      return true;
    const bool fresh = (lines & summary_).none();
    lines |= summary_;
    return fresh;
  }

private:
  static constexpr unsigned kLineShift = 7;

  struct Entry {
    uint8_t *dst;
    uint32_t len;
    uint32_t off; // into data_
  };

  void append(const void *src, uint32_t len) {
    const auto *s = static_cast<const uint8_t *>(src);
    data_.insert(data_.end(), s, s + len);
  }
  void mark(const uint8_t *dst, uint32_t len) {
    const uintptr_t first = reinterpret_cast<uintptr_t>(dst) >> kLineShift;
    const uintptr_t last = (reinterpret_cast<uintptr_t>(dst) + len - 1) >> kLineShift;
    for (uintptr_t line = first; line <= last; ++line) {
      filter_.set(line & (kFilterBits - 1));
      summary_.set(line & (kSummaryBits - 1));
    }
  }

  std::vector<Entry> entries_;
  std::vector<uint8_t> data_;
  std::bitset<kFilterBits> filter_;
  alignas(64) LineFilter summary_;
};

} // namespace simt::emu
