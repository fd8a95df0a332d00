//===-- Memory.h - The emulator's view of global memory -------------------===//
//
// Global memory is an AddressSpace (AddressSpace.h, one per context, owned by
// the runtime); the core sees it through GlobalMemory, a plain struct of two
// function pointers and a context pointer: no virtual calls, no dependency on
// who owns it. find() maps an address to the whole mapped range that holds
// it, so the core caches that range and checks every other lane inline (one
// find per warp-instruction that leaves the cached range, not one per lane).
// describe() words an address for fault reports ("... 4 bytes past the end of
// buffer 'out' ...").
//
// The host only changes the mapping (alloc/free) while the device is not
// running; the core drops its cached ranges at the start of every run call.
//
// bindGlobalMemory(obj) adapts any object with
//   const R *findAllocation(uint64_t addr) const   (R has base, size, host)
//   std::string describeAddress(uint64_t addr) const
// or, preferred when present, findMapped(addr, MemRange *) and
// describeFault(addr) -- AddressSpace (and so runtime::DeviceMemory) has these
// (its --memcheck mode decides what findMapped maps).
// FlatMemory is a single mapped range for unit tests and benchmarks.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace simt::emu {

/// One mapped range [base, base + size) backed by host bytes.
struct MemRange {
  uint64_t base = 0;
  uint64_t size = 0;
  uint8_t *host = nullptr;

  /// Host pointer for [addr, addr + bytes) if it lies inside this range.
  uint8_t *at(uint64_t addr, uint64_t bytes) const {
    const uint64_t off = addr - base;
    return (off < size && bytes <= size - off) ? host + off : nullptr;
  }
};

struct GlobalMemory {
  /// Fills *out with the mapped range holding `addr`; false if unmapped.
  using FindFn = bool (*)(void *ctx, uint64_t addr, MemRange *out);
  /// Text for a fault report about `addr` (optional).
  using DescribeFn = std::string (*)(void *ctx, uint64_t addr);

  FindFn findFn = nullptr;
  DescribeFn describeFn = nullptr;
  void *ctx = nullptr;

  bool valid() const { return findFn != nullptr; }
  bool find(uint64_t addr, MemRange *out) const {
    return findFn != nullptr && findFn(ctx, addr, out);
  }
  std::string describe(uint64_t addr) const {
    if (describeFn)
      return describeFn(ctx, addr);
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(addr));
    return buf;
  }
  /// Identifies the memory (a context): global locks are keyed by it.
  const void *identity() const { return ctx; }

  /// Host pointer for [addr, addr + bytes), or null (outside every range or
  /// crossing a range's end). Slow path: no caching.
  uint8_t *translate(uint64_t addr, uint64_t bytes) const {
    MemRange r;
    return find(addr, &r) ? r.at(addr, bytes) : nullptr;
  }
};

/// Adapts an object with findAllocation()/describeAddress() (AddressSpace).
template <class Mem> GlobalMemory bindGlobalMemory(Mem &mem) {
  GlobalMemory g;
  g.ctx = &mem;
  g.findFn = [](void *ctx, uint64_t addr, MemRange *out) -> bool {
    const Mem &m = *static_cast<Mem *>(ctx);
    if constexpr (requires { m.findMapped(addr, out); }) {
      return m.findMapped(addr, out);
    } else {
      const auto *a = m.findAllocation(addr);
      if (!a)
        return false;
      out->base = a->base;
      out->size = a->size;
      out->host = a->host;
      return true;
    }
  };
  g.describeFn = [](void *ctx, uint64_t addr) -> std::string {
    const Mem &m = *static_cast<Mem *>(ctx);
    if constexpr (requires { m.describeFault(addr); })
      return m.describeFault(addr);
    else
      return m.describeAddress(addr);
  };
  return g;
}

/// A single zero-filled mapped range: for tests and benchmarks.
struct FlatMemory {
  uint64_t base = 0x10000000;
  std::vector<uint8_t> bytes;

  explicit FlatMemory(uint64_t size, uint64_t base_ = 0x10000000)
      : base(base_), bytes(size, 0) {}

  GlobalMemory bind() {
    GlobalMemory g;
    g.ctx = this;
    g.findFn = [](void *ctx, uint64_t addr, MemRange *out) -> bool {
      auto *m = static_cast<FlatMemory *>(ctx);
      if (addr - m->base >= m->bytes.size())
        return false;
      *out = {m->base, m->bytes.size(), m->bytes.data()};
      return true;
    };
    return g;
  }
  template <class T> T load(uint64_t addr) const {
    T v;
    __builtin_memcpy(&v, bytes.data() + (addr - base), sizeof(T));
    return v;
  }
  template <class T> void store(uint64_t addr, T v) {
    __builtin_memcpy(bytes.data() + (addr - base), &v, sizeof(T));
  }
};

} // namespace simt::emu
