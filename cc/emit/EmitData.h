//===-- EmitData.h - Module variables into the MC layer ---------*- C++ -*-===//
//
// Emission's part for module variables (ModuleData.h): their directives
// and initial bytes, before the kernels' code.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

#include "llvm/ADT/ArrayRef.h"

class SIMTTargetStreamer;

namespace simt::cc {

class Diagnostics;

/// Emits the module variables Kernels use and the `.visible` ones; false
/// after reporting an error.
bool emitModuleData(const Module &M, llvm::ArrayRef<const Function *> Kernels,
                    SIMTTargetStreamer &TS, Diagnostics &Diag);

} // namespace simt::cc
