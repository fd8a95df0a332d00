//===-- DeviceConfig.h - The emulated GPU's configuration -------*- C++ -*-===//
//
// What a Device is built with (emu/device/Device.h): its SMs and their
// resources, the scheduler, the memory system and the contexts. The SMs
// read it too (emu/core/Sm.h), without seeing the device itself.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/StackCache.h"
#include "emu/core/Context.h"
#include "emu/core/Jit.h"
#include "emu/mem/L2.h"
#include "isa/SIMTLevel.h"
#include "isa/SIMTLimits.h"

#include <cstdint>
#include <string>

namespace simt::emu {

enum class SchedPolicy : uint8_t { RoundRobin, Random };

struct DeviceConfig {
  uint32_t sms = 4;                 // --sms
  /// --arch sm_NN: the device's level of the ISA, its compute capability
  /// times ten (isa/SIMTLevel.h); 0: the highest level its objects need.
  uint32_t level = 0;
  /// An SM's warp slots: the level's (Fermi 48, GK110 64) unless
  /// warpsPerSmAsked says otherwise (atLevel decides).
  uint32_t warpsPerSm = levels::kLevels[0].warpsPerSm;
  uint32_t warpsPerSmAsked = 0;     // --warps-per-sm (1 to 64); 0: the level's
  uint32_t regsPerSm = limits::kRegsPerSm;
  uint32_t sharedPerSm = limits::kMaxSharedBytes;
  /// The CTAs an SM holds at once, whatever their size (the level's:
  /// Fermi 8, GK110 16; emu/device/Occupancy.h).
  uint32_t maxCtasPerSm = levels::kLevels[0].maxCtasPerSm;
  SchedPolicy sched = SchedPolicy::RoundRobin; // --sched
  /// --jit: beside `sched`, on the line the issue loop reads every cycle.
  JitMode jit = JitMode::Off;
  uint64_t jitCache = kDefaultJitCache; // --jit-cache: instructions compiled at most
  uint64_t jitHot = kAutoHotIssues;     // --jit-hot: auto's issues per instruction
  uint64_t seed = 0;                // --seed
  StackCacheConfig stackCache;      // --stack-cache-entries, ...
  uint8_t fillUninit = 0;           // --fill-uninit: shared and local memory
  uint64_t maxSteps = 0;            // --max-steps: warp-instructions; 0 = no limit
  uint32_t quantum = 64;            // cycles per SM turn (Device.h)
  bool parallelEpochs = false;      // --epochs parallel (Device.h)
  /// Parallel epochs in which no SM can issue are passed over at once, with
  /// the effects running them would have had (Device::skipQuietEpochs).
  /// Results never depend on it: off only to test that.
  bool skipQuietEpochs = true;
  uint32_t threads = 1;             // --threads: host threads for parallel epochs; 0: one per core
  bool statsDetail = false;         // --stats-detail: per-warp records
  L2Config l2;                      // --partitions, --partition-bytes, --mem-latency, ...
  ContextConfig contexts;           // --ctx-switch-cycles, --ctx-slice, --ctx-alloc, ...

  /// "" if usable, else a one-line message.
  std::string validate() const;
  /// The configuration of a device at level `sm` (isa/SIMTLevel.h): the
  /// level and the limits that come with it (registers, CTAs and warp
  /// slots per SM; the warp slots asked for instead of the level's).
  DeviceConfig atLevel(unsigned sm) const;
};

} // namespace simt::emu
