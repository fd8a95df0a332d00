//===-- CudaExceptions.cpp - A device fault as cuda-gdb names it ----------===//
#include "dbg/CudaExceptions.h"

namespace simt::dbg {

const CudaException *cudaExceptionOf(emu::FaultKind k, std::optional<emu::MemSpace> space) {
  // cuda-gdb's table: 4 Warp Illegal Instruction, 5 Warp Out-of-range
  // Address, 6 Warp Misaligned Address, 8 Warp Invalid PC, 9 Warp Hardware
  // Stack Overflow, 12 Warp Assert, 14 Warp Illegal Address. An H200 (cuda-gdb
  // 13) raises 5 for an access past the CTA's shared memory and 14 for one
  // outside every allocation or past the thread's local memory.
  static const CudaException illegalInstruction{4, "Warp Illegal Instruction"},
      outOfRange{5, "Warp Out-of-range Address"}, misaligned{6, "Warp Misaligned Address"},
      invalidPc{8, "Warp Invalid PC"}, stackOverflow{9, "Warp Hardware Stack Overflow"},
      assertion{12, "Warp Assert"}, illegalAddress{14, "Warp Illegal Address"};
  switch (k) {
  case emu::FaultKind::MemoryOutOfRange:
    return space == emu::MemSpace::Shared ? &outOfRange : &illegalAddress;
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
