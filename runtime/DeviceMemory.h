//===-- DeviceMemory.h - Global memory of one context -----------*- C++ -*-===//
//
// The global memory of one context as the run scripts and the debugger see
// it: the emulator's address space (emu/mem/AddressSpace.h: allocations,
// guard gaps, windows, translation, fault wording) plus named, typed buffers
// (`alloc NAME TYPE[COUNT]`) and typed element access.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_DEVICEMEMORY_H
#define SIMT_RUNTIME_DEVICEMEMORY_H

#include "emu/mem/AddressSpace.h"
#include "runtime/Values.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace simt::rt {

/// A named device buffer of a run script: `alloc NAME TYPE[COUNT]`.
struct Buffer {
  std::string name;
  ElemType type = ElemType::U32;
  uint64_t count = 0;
  uint64_t addr = 0; ///< device address of element 0
  uint64_t bytes() const { return count * sizeOf(type); }
};

/// One mapped range: [base, base + size) backed by `host`.
using Allocation = emu::MemRange;

class DeviceMemory : public emu::AddressSpace {
public:
  DeviceMemory() = default; ///< context 0's layout
  explicit DeviceMemory(Config config) : AddressSpace(config) {}
  /// A deep copy: the same buffers at the same addresses with their own host
  /// bytes (a debugger checkpoint). Explicit: never by accident.
  explicit DeviceMemory(const DeviceMemory &o);
  DeviceMemory &operator=(const DeviceMemory &) = delete;
  DeviceMemory(DeviceMemory &&) noexcept;
  DeviceMemory &operator=(DeviceMemory &&) noexcept;

  /// Frees the allocation starting at `addr` and its buffer, if named.
  Status free(uint64_t addr);

  Expected<Value> readValue(uint64_t addr, ElemType type);
  Status writeValue(uint64_t addr, const Value &v);

  //===-- Named buffers ---------------------------------------------------===//

  /// Allocates a zero-filled buffer of `count` (> 0) elements, at address
  /// `at` if given (AddressSpace::allocateAt).
  Expected<const Buffer *> createBuffer(std::string_view name, ElemType type, uint64_t count,
                                        std::optional<uint64_t> at = std::nullopt);
  const Buffer *findBuffer(std::string_view name) const;
  /// Buffers in creation order.
  std::vector<const Buffer *> buffers() const;
  /// The host bytes of a buffer.
  std::span<uint8_t> bytes(const Buffer &b);
  /// Element `index`, read as `as` (default: the buffer's type; another type
  /// reinterprets the bytes, `dump NAME:TYPE`).
  Expected<Value> readElement(const Buffer &b, uint64_t index,
                              std::optional<ElemType> as = std::nullopt);
  /// Stores `v` as element `index` (v's type must be the buffer's).
  Status writeElement(const Buffer &b, uint64_t index, const Value &v);
  /// Number of elements of type `as` the buffer holds.
  static uint64_t elementCount(const Buffer &b, ElemType as) { return b.bytes() / sizeOf(as); }

private:
  std::vector<std::unique_ptr<Buffer>> buffers_;
};

} // namespace simt::rt

#endif // SIMT_RUNTIME_DEVICEMEMORY_H
