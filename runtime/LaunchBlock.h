//===-- LaunchBlock.h - Constant bank 0 of a launch, from the host --------===//
//
// The launch ABI (ISA.md 1.1) as the host lays it out. c[0x0] opens with the
// launch block, which the device writes in the layout the kernel reads
// (emu/core/LaunchBlock.h; launchLayoutOf picks it); the kernel parameters
// follow from limits::kFirstParamOffset, and the host places them: at the
// offsets the kernel's `.param`s declare, or, for a kernel that declares
// none, one after the other at their C alignment. A run script's `launch`
// (packLaunchParams, runtime/LaunchArgs.h) and the CUDA runtime's launches
// place their arguments through ParamBlock, so both lay out bank 0 alike.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_LAUNCHBLOCK_H
#define SIMT_RUNTIME_LAUNCHBLOCK_H

#include "emu/core/LaunchBlock.h"
#include "runtime/ObjectFile.h"
#include "support/Expected.h"

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace simt::rt {

/// The launch block layout of a kernel: Fermi's for a listing kernel (its
/// code reads blockDim at c[0x0][0x8], gridDim at c[0x0][0x14]), else ISA.md 1.1's.
emu::LaunchLayout launchLayoutOf(const KernelInfo &kernel);

/// The parameter bytes of a launch, as they stand from
/// c[0x0][limits::kFirstParamOffset] (LaunchRequest::params).
class ParamBlock {
public:
  /// Puts `bytes` at parameter `param`'s declared offset. An offset inside
  /// the launch block, or bytes past the end of bank 0, are errors naming the
  /// parameter of kernel `kernel`.
  Status place(const ParamInfo &param, std::span<const uint8_t> bytes, std::string_view kernel);
  /// Puts `bytes` at the first offset aligned to `align` after everything
  /// placed so far; false, placing nothing, if they would run past bank 0.
  bool append(std::span<const uint8_t> bytes, unsigned align);
  std::vector<uint8_t> take() { return std::move(bytes_); }

private:
  void put(uint64_t offset, std::span<const uint8_t> bytes);
  std::vector<uint8_t> bytes_;
};

} // namespace simt::rt

#endif // SIMT_RUNTIME_LAUNCHBLOCK_H
