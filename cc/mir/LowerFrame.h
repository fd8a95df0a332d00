//===-- LowerFrame.h - Stack frames of device functions ---------*- C++ -*-===//
//
// After register allocation, each function with a frame (CallABI.h: device
// functions, and kernels that call) gets its prologue and epilogue. A
// kernel points R1 at the top of its local window (c[0x1][0x100]) less its
// frame; a device function moves R1 down by its frame on entry, stores the
// callee-saved registers it uses (R16..R31) at the frame's end, and before
// each RET (under the RET's guard) reloads them and moves R1 back. The frame
// holds the function's .local variables and spill slots (both addressed
// from R1), then the saved registers, and is a multiple of StackAlign bytes.
// Accesses of the stack-argument area above the frame (MInst::CallerFrame)
// get the frame's size added to their offsets.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>

namespace simt::cc {

struct Allocation;
struct MFunction;

/// Adds MF's prologue and epilogues; MF.LocalBytes becomes its frame size.
void lowerFrame(MFunction &MF, Allocation &A, uint64_t StackAlign = 8);

} // namespace simt::cc
