//===-- CudaExceptions.cpp - A device fault as cuda-gdb names it ----------===//
#include "dbg/CudaExceptions.h"

namespace simt::dbg {

const CudaException *cudaExceptionOf(emu::FaultKind k) {
  // cuda-gdb's table: 4 Warp Illegal Instruction, 6 Warp Misaligned Address,
  // 8 Warp Invalid PC, 9 Warp Hardware Stack Overflow, 12 Warp Assert,
  // 14 Warp Illegal Address. An access outside every allocation is what
  // today's GPUs report as 14 (and Fermi as 5, Warp Out-of-range Address).
  static const CudaException illegalInstruction{4, "Warp Illegal Instruction"},
      misaligned{6, "Warp Misaligned Address"}, invalidPc{8, "Warp Invalid PC"},
      stackOverflow{9, "Warp Hardware Stack Overflow"}, assertion{12, "Warp Assert"},
      illegalAddress{14, "Warp Illegal Address"};
  switch (k) {
  case emu::FaultKind::MemoryOutOfRange: return &illegalAddress;
  case emu::FaultKind::MemoryMisaligned: return &misaligned;
  case emu::FaultKind::InvalidInstruction: return &illegalInstruction;
  case emu::FaultKind::Trap: return &assertion;
  case emu::FaultKind::StackOverflow: return &stackOverflow;
  case emu::FaultKind::StackUnderflow: return &invalidPc;
  case emu::FaultKind::None:
  case emu::FaultKind::Deadlock:
  case emu::FaultKind::LockNotReleased:
  case emu::FaultKind::StepLimit: return nullptr;
  }
  return nullptr;
}

} // namespace simt::dbg
