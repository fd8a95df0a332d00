//===-- RaceShadow.h - racecheck's shadow cells, shared and global --------===//
//
// One cell per 4-byte word: the last write and the last reads, each as the
// thread, the PC, the bytes of the word it touched and when it happened (a
// CTA's barrier interval for shared memory, the launch's synchronisation
// sequence for global memory). A cell keeps only the latest accesses, so a
// race whose earlier access was overwritten by a third, ordered one may go
// unseen; a race is never invented. Global cells live in pages made when a
// word of the page is first touched, freed with the launch.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace simt::emu::sanitize {

enum SiteFlags : uint8_t {
  SiteValid = 1,
  SiteAtomic = 2,    // an atomic (or a lock's load / store): ordered among atomics
  SiteUnchanged = 4, // a store that wrote the value already there
  SiteHasValue = 8,
};

/// One access as a shared-memory cell keeps it.
struct SharedSite {
  uint32_t pc = 0;
  uint32_t interval = 0; // the warp's BAR arrivals before the access
  uint32_t warpSyncs = 0; // the warp's WARPSYNCs (__syncwarp) before the access
  uint16_t thread = 0;   // linear within the CTA
  uint8_t flags = 0;
  uint8_t byteMask = 0;  // the word's bytes touched
  bool valid() const { return flags & SiteValid; }
};

struct SharedCell {
  SharedSite write;
  SharedSite read;       // the last read
  SharedSite otherRead;  // a read in the same interval by another thread than `read`
  uint64_t value = 0;    // the word's bytes as `write` left them (SiteHasValue)
};

/// One access as a global-memory cell keeps it.
struct GlobalSite {
  uint32_t cta = 0;      // the CTA's index in the launch + 1 (0: none)
  uint32_t pc = 0;
  uint32_t sequence = 0; // the launch's synchronisation sequence at the access
  uint16_t thread = 0;
  uint8_t flags = 0;
  uint8_t byteMask = 0;
  bool valid() const { return cta != 0; }
};

struct GlobalCell {
  GlobalSite write;
  GlobalSite read;
};

/// Global cells by address, a page of them at a time.
class GlobalShadow {
public:
  static constexpr unsigned PageWords = 1024;

  GlobalCell &cell(uint64_t address) {
    const uint64_t page = address / (PageWords * 4);
    if (page != lastPage_ || !last_) {
      std::unique_ptr<GlobalCell[]> &p = pages_[page];
      if (!p)
        p = std::make_unique<GlobalCell[]>(PageWords);
      last_ = p.get();
      lastPage_ = page;
    }
    return last_[(address / 4) % PageWords];
  }

private:
  std::unordered_map<uint64_t, std::unique_ptr<GlobalCell[]>> pages_;
  uint64_t lastPage_ = 0;
  GlobalCell *last_ = nullptr;
};

/// The bytes of the word at `word` (a multiple of 4) that [address,
/// address + bytes) covers, as a 4-bit mask.
inline uint8_t byteMaskOf(uint64_t word, uint64_t address, unsigned bytes) {
  const uint64_t begin = address > word ? address - word : 0;
  const uint64_t end = address + bytes - word < 4 ? address + bytes - word : 4;
  return static_cast<uint8_t>(((1u << end) - 1) & ~((1u << begin) - 1));
}

} // namespace simt::emu::sanitize
