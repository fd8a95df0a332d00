//===-- Decoder.h - Kernel images to the emulator's decoded form ----------===//
//
// Decodes each instruction word once, at load time, with the LLVM MC
// disassembler (the same tables simt-objdump uses), and lowers the MCInst to
// the compact emu::Inst the hot loop executes. Also renders instructions as
// text for fault reports, traces and the debugger.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/Inst.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace simt::rt {

class Decoder {
public:
  Decoder();
  ~Decoder();
  /// One Inst per word; an undefined encoding decodes to op == NumOps.
  std::vector<emu::Inst> decode(std::span<const uint64_t> words) const;
  /// Assembly text of the word at kernel address `pc`.
  std::string text(uint64_t word, uint64_t pc) const;

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

/// The process-wide decoder (LLVM MC setup is not free); safe to use from
/// several threads.
const Decoder &decoder();

} // namespace simt::rt
