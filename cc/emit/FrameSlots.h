//===-- FrameSlots.h - Who writes the slots of an -O0 frame -----*- C++ -*-===//
//
// clang -O0 keeps every variable in the function's `__local_depot`, reached
// from the frame's roots (`mov %SPL, __local_depot0; cvta.local %SP, %SPL`)
// as [%SP+c]. A parameter's slot is written at entry, from where it was
// passed: before that store the slot does not hold it yet, and when it is
// the slot's only store, and no address of the frame is taken at or below
// it (through which C could write it), the slot always equals what was
// passed. This finds those stores for DebugInfo.h. In a module that gives
// local memory a generic window (a local pointer stored to memory, such as
// the `this` of an inlined CUB or cooperative-groups object: cc/passes/
// InferAddressSpaces.h), the addrspace pass has moved every function's
// root into the window and reaches the frame through its offset there
// (`add %SP, %SP, W; mov.b64 {%lo, _}, %SP; sub.u32 %shoff, %lo, W`):
// [%shoff+c] is slot c as [%SP+c] was.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

#include <cstdint>
#include <vector>

namespace simt::cc {

class FrameSlots {
public:
  explicit FrameSlots(const Function &F);

  /// The stores that write any of bytes [Offset, Offset + Size) of the
  /// depot, in the order of the PTX text.
  std::vector<const Instruction *> storesTo(int64_t Offset, uint64_t Size) const;
  /// The first of them after which every one of those bytes has been
  /// written (in text order), or null.
  const Instruction *completingStore(int64_t Offset, uint64_t Size) const;
  /// Whether C may write those bytes through a pointer: a frame address at
  /// or below them is computed, or a root is used other than as an
  /// address's base.
  bool mayBeWrittenThroughPointer(int64_t Offset, uint64_t Size) const;

private:
  struct Store {
    const Instruction *I;
    int64_t Offset;
    uint64_t Bytes;
  };
  std::vector<Store> Stores;
  int64_t LowestTaken = INT64_MAX; // the lowest frame address computed
};

} // namespace simt::cc
