//===-- Emit.h - Allocated code into the MC layer ---------------*- C++ -*-===//
//
// The last step of simt-ptxas: each kernel's blocks, on physical registers,
// become MCInsts (slot for slot, MIR.h) that go through the same
// SIMTMCOutput streamer and SIMTTargetStreamer as the assembler's, so the
// object is what simt-as would make of the same code, and the text output
// (-S) is that code as simt-as reads it. The kernel's directives come from
// the PTX entry (.param in order, with their sizes and alignments) and from
// the lowering (.shared, .local, .regs). PTX `.file`/`.loc` (clang -g)
// become the MC layer's `.file`/`.loc`, so it writes `.debug_line`; clang's
// `.debug_info` becomes the object's (DebugInfo.h).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/mir/MIR.h"
#include "cc/mir/RegAlloc.h"

#include <vector>

namespace llvm {
class raw_pwrite_stream;
}

namespace simt::cc {

class Diagnostics;

struct CompiledKernel {
  const MFunction *MF = nullptr;
  const Allocation *Regs = nullptr;
  unsigned MaxStack = 0; // StackDepth.h
};

/// Writes the kernels as an object (or assembly text when Text) to OS;
/// false after reporting an error. With clang's DWARF in the module, the
/// object carries it (DebugInfo.h; Unoptimised: the PTX is -O0 code).
bool emitKernels(llvm::ArrayRef<CompiledKernel> Kernels, bool Text, bool Unoptimised,
                 llvm::raw_pwrite_stream &OS, Diagnostics &Diag);

} // namespace simt::cc
