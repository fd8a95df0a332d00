//===-- DeviceModel.h - The times a profile shows: the modeled device -----===//
//
// A profile's GPU times are the model's, never the host's: a kernel takes
// its emulated cycles at the modeled shader clock (the clockRate
// cudaGetDeviceProperties reports, runtime/cudart takes it from here); a
// copy or a set takes its bytes at the modeled bandwidth of the link it
// crosses. The device is a Fermi-class board (a GTX 480's figures): GDDR5
// at 1848 MHz on a 384-bit bus, two transfers a clock (177.4 GB/s), behind
// a PCIe 2.0 x16 link (8 GB/s raw, about 6 GB/s achieved each way).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "isa/SIMTLimits.h"

#include <cstdint>
#include <string>

namespace simt::prof {

/// The shader clock, kHz (cudaDeviceProp::clockRate).
inline constexpr int kClockKHz = static_cast<int>(limits::kShaderClockKHz);
/// The memory clock, kHz, and bus width, bits (cudaDeviceProp::memoryClockRate,
/// memoryBusWidth).
inline constexpr int kMemoryClockKHz = 1848000;
inline constexpr int kMemoryBusBits = 384;
/// Device memory bandwidth: double data rate, bytes a second.
inline constexpr double kDeviceBytesPerSecond = 2.0 * kMemoryClockKHz * 1e3 * kMemoryBusBits / 8;
/// The host link, each way, bytes a second (PCIe 2.0 x16 as achieved).
inline constexpr double kHostLinkBytesPerSecond = 6e9;

/// The copies and sets the runtime reports (nvprof's GPU activities).
enum class CopyKind : uint8_t { HtoD, DtoH, DtoD, Memset };

/// "[CUDA memcpy HtoD]", "[CUDA memset]": nvprof's names.
const char *activityName(CopyKind kind);

/// The device's name at compute level `level` (20: 2.0), as
/// cudaGetDeviceProperties gives it.
std::string deviceName(unsigned level);

/// Emulated cycles at the shader clock.
inline double cyclesToSeconds(uint64_t cycles) { return double(cycles) / (kClockKHz * 1e3); }

/// A copy or set of `bytes`: host copies cross the link once; a
/// device-to-device copy reads and writes each byte; a set writes each.
inline double copySeconds(CopyKind kind, uint64_t bytes) {
  switch (kind) {
  case CopyKind::HtoD:
  case CopyKind::DtoH: return double(bytes) / kHostLinkBytesPerSecond;
  case CopyKind::DtoD: return 2.0 * double(bytes) / kDeviceBytesPerSecond;
  case CopyKind::Memset: return double(bytes) / kDeviceBytesPerSecond;
  }
  return 0;
}

} // namespace simt::prof
