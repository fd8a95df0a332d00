//===-- WordKernel.h - A kernel of fuzzed instruction words -----*- C++ -*-===//
//
// The input of the emulator's fuzz targets (fuzz-emu, fuzz-jit): a launch
// header (grid size, block size and two bytes each target reads its own
// way) and instruction words. Only words the disassembler decodes are kept,
// and only a race-free subset: no global or shared memory (whose order
// between warps a scheduler decides), no SR_CLOCK or SR_SMID, no jumps to
// registers or absolute addresses; pc-relative branch targets are folded
// into the kernel. They run between a prologue that gives R0..R15
// per-thread values and an epilogue that stores R0..R15 to the thread's own
// 64 bytes.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/DeviceConfig.h"
#include "emu/core/Inst.h"
#include "emu/device/Device.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace simt::fuzz {

inline constexpr uint32_t kBytesPerThread = 64; // R0..R15

struct WordKernel {
  uint32_t grid = 1, block = 1;
  uint8_t header[2] = {0, 0}; // the header's bytes 2 and 3: the target's own
  std::vector<emu::Inst> code;
};

/// The kernel an input describes, or none when it is too short.
std::optional<WordKernel> wordKernel(const uint8_t *data, size_t size);

/// What a run left.
struct Outcome {
  emu::RunStatus status = emu::RunStatus::Idle;
  std::string fault;           // the fault report's text, when it faulted
  std::vector<uint8_t> memory; // the threads' 64 bytes each
  std::string state;           // what `inspect` wrote of the device, if given
  uint64_t warpInstructions = 0; // the statistics' warp-instructions
  uint64_t compiled = 0;         // of which ran compiled (--jit)
};

/// Runs `kernel` on a device of `config` (its sms, scheduler, steps and
/// JIT mode; `jit` is its compiler when the mode is not off). `inspect`,
/// when given, describes the device as the run left it into Outcome::state.
Outcome runWordKernel(const WordKernel &kernel, const emu::DeviceConfig &config,
                      std::shared_ptr<emu::JitCompiler> jit = nullptr,
                      void (*inspect)(const emu::Device &, std::string &) = nullptr);

} // namespace simt::fuzz
