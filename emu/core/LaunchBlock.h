//===-- LaunchBlock.h - The first 0x20 bytes of constant bank 0 -----------===//
//
// A launch's shape as its kernel reads it from c[0x0]. Kernels written for
// this ISA (assembly, simt-cc) read the ISA.md 1.1 layout: ntid at 0x0,
// nctaid at 0xc, the dynamic shared bytes at 0x18. Code from an sm_20
// cuobjdump listing was compiled by NVIDIA's compiler for Fermi's own
// layout, blockDim at 0x8 and gridDim at 0x14 (`IMAD R0, R0, c [0x0] [0x8],
// R2` is blockIdx.x * blockDim.x + threadIdx.x there), so a listing kernel
// gets that one (README.md, simt-as). This is the only place that knows
// either layout: the run-script runtime and the device both call it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "isa/SIMTLimits.h"

#include <cstdint>

namespace simt::emu {

enum class LaunchLayout : uint8_t {
  Isa,   ///< ISA.md 1.1: ntid 0x0..0x8, nctaid 0xc..0x14, dynamic shared bytes 0x18
  Fermi, ///< sm_20 listings: 0x0..0x7 zero, blockDim 0x8..0x10, gridDim 0x14..0x1c
};

/// Bytes of the launch block; the kernel parameters start here in both layouts.
inline constexpr uint32_t kLaunchBlockBytes = limits::kFirstParamOffset;

/// Writes the launch block of a launch into Out[0, kLaunchBlockBytes)
/// (little-endian words; bytes no word covers are zero).
inline void writeLaunchBlock(uint8_t *out, LaunchLayout layout, const uint32_t block[3],
                             const uint32_t grid[3], uint32_t dynamicShared) {
  auto put = [out](uint32_t offset, uint32_t v) {
    for (unsigned i = 0; i < 4; ++i)
      out[offset + i] = uint8_t(v >> (8 * i));
  };
  for (uint32_t i = 0; i < kLaunchBlockBytes; ++i)
    out[i] = 0;
  // Fermi's launch block has no dynamic-shared word (its kernels size
  // dynamic shared arrays from their own parameters).
  const bool fermi = layout == LaunchLayout::Fermi;
  const uint32_t blockAt = fermi ? 0x08 : limits::kNtidSlot;
  const uint32_t gridAt = fermi ? 0x14 : limits::kNctaidSlot;
  for (uint32_t i = 0; i < 3; ++i) {
    put(blockAt + 4 * i, block[i]);
    put(gridAt + 4 * i, grid[i]);
  }
  if (!fermi)
    put(limits::kDynamicSharedSlot, dynamicShared);
}

} // namespace simt::emu
