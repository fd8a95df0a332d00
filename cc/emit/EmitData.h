//===-- EmitData.h - Module variables into the MC layer ---------*- C++ -*-===//
//
// Emission's part for module variables (ModuleData.h): their directives
// and initial bytes, before the kernels' code.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringSet.h"

class SIMTTargetStreamer;

namespace simt::cc {

class Diagnostics;

/// The names (variables, functions, labels) the instructions of Functions
/// refer to.
llvm::StringSet<> symbolsUsedBy(llvm::ArrayRef<const Function *> Functions);
/// Whether module variable V is in the object: the kernels use it (Used:
/// symbolsUsedBy them), or it is `.visible`.
bool isEmittedVar(const VarDecl &V, const llvm::StringSet<> &Used);

/// Emits the module variables Kernels use and the `.visible` ones; false
/// after reporting an error.
bool emitModuleData(const Module &M, llvm::ArrayRef<const Function *> Kernels,
                    SIMTTargetStreamer &TS, Diagnostics &Diag);

} // namespace simt::cc
