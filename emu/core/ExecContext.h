//===-- ExecContext.h - What a semantics function sees --------------------===//
//
// Every instruction's semantics is one plain function
//   void exec_<Record>(ExecContext &ctx, const Inst &inst);
// declared here from the generated opcode list (a missing one is a link
// error). The dispatcher fills `mask` with the participating lanes (active
// and guard true) and skips the call when it is empty -- except for control
// instructions, which also see guard-false lanes (`active`).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/Inst.h"
#include "emu/core/WarpState.h"

#include <cstdint>
#include <vector>

namespace simt::emu {

class Warp;
class Cta;
class Sm;
struct MemAccess;

enum class FaultKind : uint8_t {
  None,
  MemoryOutOfRange,
  MemoryMisaligned,
  InvalidInstruction,
  Trap,
  StackOverflow,
  StackUnderflow,
  Deadlock,
  LockNotReleased,
  StepLimit,
};

struct ExecContext {
  WarpRegs &regs;
  Warp &warp;
  Cta &cta;
  Sm &sm;
  uint32_t mask;    // participating lanes: active & guard
  uint32_t active;  // active lanes before the guard
  uint64_t cycle;   // the SM's clock at issue
  uint32_t stallCycles = 0; // extra cycles this instruction makes the warp wait
  FaultKind fault = FaultKind::None;
  /// Set by BAR.SYNC / BAR.RED (with Warp::bar and Warp::event): the warp
  /// arrives at a barrier. The SM performs the arrival after the body, before
  /// the instruction completes; a semantics body never schedules warps. (Next
  /// to `fault`: the SM's fast path tests both at once.)
  bool arrives = false;
  uint32_t faultLanes = 0;
  const char *faultReason = nullptr;
  /// Where the memory accesses go while a trace consumer asked for them
  /// (emu/core/Trace.h TraceMemory); null otherwise, and then nothing is built.
  std::vector<MemAccess> *memEffects = nullptr;
  /// With memEffects: stores also note their values (TraceValues).
  bool memValues = false;

  void raise(FaultKind kind, uint32_t lanes, const char *reason) {
    if (fault != FaultKind::None)
      return;
    fault = kind;
    faultLanes = lanes;
    faultReason = reason;
  }
};

/// Reads one 32-bit constant word for the warp (the bound constants version,
/// through the constant-cache model; charges latency to ctx.stallCycles).
/// Implemented by the core (emu/core/SmMemory.cpp).
uint32_t readConstant(ExecContext &ctx, uint8_t bank, uint32_t offset);
/// The 64-bit constant at c[bank][offset] (low word first) as ONE access:
/// a 64-bit operand is one warp-instruction touching one line.
uint64_t readConstant64(ExecContext &ctx, uint8_t bank, uint32_t offset);

#define SIMT_INSTR(Rec, Mnemonic, SemClass, Opcode, MayDiverge, IsControl,     \
                   WritesCC, MemSpace, ...)                                    \
  void exec_##Rec(ExecContext &ctx, const Inst &inst);
#include "SIMTInstrs.def"

} // namespace simt::emu
