//===-- AddressSpace.h - Global memory of one context -----------*- C++ -*-===//
//
// The global memory of one context (ISA.md 2 and 7): zero-filled allocations,
// 256-byte aligned, separated by unmapped guard gaps so that an overrun or a
// stray pointer faults (ISA.md 8); placed in the context's window below 4 GiB
// while it has room (so 32-bit addresses reach them), otherwise in a 64-bit
// window. Contexts get disjoint windows (Config::forContext). translate() maps
// a device address range to host memory: a range that leaves its allocation
// gives null. The emulator sees an AddressSpace through GlobalMemory
// (Memory.h, bindGlobalMemory); the runtime's DeviceMemory adds the run
// scripts' named, typed buffers on top. Allocations may carry a name (the
// buffer's) for fault reports.
//
// Memcheck modes (--memcheck): Strict, the default, maps exactly each
// allocation's bytes, like compute-sanitizer's memcheck. Page maps the 4 KiB
// pages an allocation touches and one page either side of them -- where, on
// a GPU, whose allocator packs buffers, the neighbouring allocations would
// be mapped -- so that a stencil's halo read a few elements before or after
// its buffer works as on hardware, while a wild pointer still faults. Each
// allocation's host block spans those pages (zero-filled), so page mode
// only widens the range findMapped() returns; where two allocations' guard
// pages overlap, the lower allocation owns the overlap.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_EMU_MEM_ADDRESSSPACE_H
#define SIMT_EMU_MEM_ADDRESSSPACE_H

#include "emu/mem/Memory.h"
#include "support/Expected.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

namespace simt::emu {

/// How global accesses are checked (--memcheck, `set memcheck`).
enum class Memcheck { Strict, Page };

class AddressSpace {
public:
  static constexpr uint64_t kAlignment = 256;
  /// The mapping granularity of Memcheck::Page.
  static constexpr uint64_t kPageBytes = 4096;

  struct Config {
    /// Preferred window [lowBase, lowEnd), below 4 GiB. lowBase must be
    /// non-zero so that null pointers fault.
    uint64_t lowBase = 0x1000'0000;
    uint64_t lowEnd = 0x2000'0000;
    /// Where allocations go when the low window is full.
    uint64_t highBase = uint64_t(1) << 40;
    uint64_t highEnd = uint64_t(2) << 40;
    /// Unmapped bytes at least between two allocations (rounded up to 256).
    uint64_t guard = 4096;
    /// Page-locked host memory (cudaMallocHost, cudaHostAlloc) as unified
    /// addressing has it: its device address is its host address, the host
    /// pages mapped there in this process (allocateHostVisible). Empty
    /// (0, 0): no such window.
    uint64_t hostBase = 0;
    uint64_t hostEnd = 0;

    /// Context k: low window [(k+1) * 0x1000'0000, (k+2) * 0x1000'0000) while
    /// that lies below 4 GiB (k <= 14; empty otherwise), high window
    /// [(k+1) << 40, (k+2) << 40), host window [(k+64) << 40, (k+65) << 40)
    /// for k < 48 (x86-64's user space ends at 128 TiB). Windows of
    /// different contexts are disjoint.
    static Config forContext(unsigned k);
  };

  AddressSpace(); ///< context 0's layout
  explicit AddressSpace(Config config);
  ~AddressSpace();
  /// A deep copy: the same allocations at the same addresses with their own
  /// host bytes (a debugger checkpoint). Explicit: never by accident.
  explicit AddressSpace(const AddressSpace &o);
  AddressSpace &operator=(const AddressSpace &) = delete;
  AddressSpace(AddressSpace &&) noexcept;
  AddressSpace &operator=(AddressSpace &&) noexcept;

  const Config &config() const { return config_; }

  //===-- Raw allocations -------------------------------------------------===//

  /// A zero-filled allocation of `bytes` (> 0) bytes, 256-byte aligned. Only
  /// [addr, addr + bytes) is mapped: the rest of the last 256-byte block is
  /// already a fault.
  Expected<uint64_t> allocate(uint64_t bytes);
  /// The same at `addr` (256-byte aligned, inside one of this space's
  /// windows, overlapping no allocation): a run script's `alloc ... at=`,
  /// which puts a captured launch's buffers where the program had them.
  Expected<uint64_t> allocateAt(uint64_t addr, uint64_t bytes);
  /// At least `bytes` unmapped between later allocations (compute-
  /// sanitizer's --padding).
  void widenGuard(uint64_t bytes) {
    config_.guard = std::max(config_.guard, std::min(bytes, uint64_t(1) << 32));
  }
  /// A zero-filled allocation in the host window whose host bytes are at
  /// the same address as its device bytes (translate(a, n) == a), so that a
  /// pointer to it works in host code and in kernels alike. An error when
  /// there is no host window, it is full, or the process already maps that
  /// range. A copy of this AddressSpace (a checkpoint) backs it elsewhere.
  Expected<uint64_t> allocateHostVisible(uint64_t bytes);
  /// The process's own memory [addr, addr + bytes) as an allocation at the
  /// same address, its bytes the host's (cudaHostRegister: a kernel
  /// dereferences the host pointer). An error where it overlaps an
  /// allocation. free() gives it back untouched; a copy of this
  /// AddressSpace (a checkpoint) copies its bytes into a block of its own.
  Expected<uint64_t> borrowHostRange(uint64_t addr, uint64_t bytes);
  /// Frees the allocation starting at `addr` (and its name).
  Status free(uint64_t addr);
  /// All allocations, sorted by address.
  const std::vector<MemRange> &allocations() const { return allocs_; }
  /// The allocation containing `addr`, or null.
  const MemRange *findAllocation(uint64_t addr) const;
  /// Incremented by free() and setMemcheck(): translations cached before it
  /// are stale.
  uint64_t generation() const { return generation_; }

  /// The emulator's check of global accesses; host accesses stay strict.
  Memcheck memcheck() const { return memcheck_; }
  void setMemcheck(Memcheck m);
  /// What the emulator may access around `addr` (GlobalMemory::find): the
  /// allocation holding it (Strict) or that allocation's pages and a guard
  /// page either side (Page; see the file comment). False if unmapped.
  bool findMapped(uint64_t addr, MemRange *out) const { return findMapped(addr, out, memcheck_); }
  bool findMapped(uint64_t addr, MemRange *out, Memcheck mode) const;
  /// describeAddress() for a fault of the emulated program: in Strict mode,
  /// an address that Page mode maps gains a hint that the mode exists.
  std::string describeFault(uint64_t addr) const;
  /// Names the allocation starting at `base` in describeAddress()'s text
  /// ("buffer 'NAME'"); free() forgets the name.
  void setName(uint64_t base, std::string name) { names_[base] = std::move(name); }

  //===-- Translation (the emulator's hot path) ---------------------------===//

  /// A translation cache with its own last-hit allocation: give each host
  /// thread (SM) its own. Valid until the AddressSpace is destroyed or moved.
  class Translator {
  public:
    explicit Translator(const AddressSpace &mem) : mem_(&mem) {}
    /// Host pointer to [addr, addr + size), or null if any byte of the range
    /// is outside every allocation or the range crosses an allocation end.
    uint8_t *translate(uint64_t addr, uint64_t size) {
      uint64_t off = addr - base_;
      if (off < size_ && size <= size_ - off && gen_ == mem_->generation_) [[likely]]
        return host_ + off;
      return slow(addr, size);
    }

  private:
    uint8_t *slow(uint64_t addr, uint64_t size);
    const AddressSpace *mem_;
    uint64_t base_ = 0, size_ = 0, gen_ = 0;
    uint8_t *host_ = nullptr;
  };

  /// translate() through the memory's own cache (not for concurrent use: give
  /// concurrent threads their own Translator).
  uint8_t *translate(uint64_t addr, uint64_t size) { return cache_.translate(addr, size); }

  //===-- Host access -----------------------------------------------------===//

  Status read(uint64_t addr, std::span<uint8_t> out);
  Status write(uint64_t addr, std::span<const uint8_t> in);
  template <class T> std::optional<T> load(uint64_t addr) {
    const uint8_t *p = translate(addr, sizeof(T));
    if (!p)
      return std::nullopt;
    T v;
    std::memcpy(&v, p, sizeof(T));
    return v;
  }
  template <class T> bool store(uint64_t addr, const T &v) {
    uint8_t *p = translate(addr, sizeof(T));
    if (!p)
      return false;
    std::memcpy(p, &v, sizeof(T));
    return true;
  }

  /// For fault reports: "0x10000104 is 4 bytes after buffer 'out'
  /// [0x10000000, 0x10000100), outside every allocation" (AddressSanitizer's
  /// counting: 0 bytes after = the first byte past the end), "... is 4 bytes
  /// before ...", "... is inside buffer 'a' [...) at offset 12", "... is
  /// outside every allocation" (nothing within 64 KiB). An allocation without
  /// a name is "allocation [...)".
  std::string describeAddress(uint64_t addr) const;

private:
  friend class Translator;
  /// addr if unmapped, else the end of its allocation.
  uint64_t firstUnmapped(uint64_t addr) const;
  /// First fit in [lo, hi) for `bytes` at `align`, `guard` bytes clear of
  /// every allocation; nullopt if none.
  std::optional<uint64_t> placeIn(uint64_t lo, uint64_t hi, uint64_t bytes, uint64_t align,
                                  uint64_t guard) const;
  Expected<uint64_t> place(uint64_t bytes) const;
  /// Maps `bytes` at `addr` (already placed) and records the allocation;
  /// `hostAtAddr`: its host block at the same address (allocateHostVisible).
  Expected<uint64_t> map(uint64_t addr, uint64_t bytes, bool hostAtAddr = false);
  void releaseAll();
  /// Allocation i's pages, clipped so that neighbours' ranges stay disjoint.
  MemRange pageRange(size_t i) const;
  /// The host block of `a`: it starts at a's first page.
  static uint8_t *blockOf(const MemRange &a);
  /// Unmaps the allocation's host block (not a borrowed range's).
  void release(const MemRange &a) const;

  Config config_;
  std::vector<MemRange> allocs_; ///< sorted by base
  std::map<uint64_t, std::string> names_; ///< by allocation base
  std::set<uint64_t> borrowed_;           ///< bases of borrowHostRange's
  uint64_t generation_ = 1;
  Memcheck memcheck_ = Memcheck::Strict;
  Translator cache_{*this};
};

} // namespace simt::emu

#endif // SIMT_EMU_MEM_ADDRESSSPACE_H
