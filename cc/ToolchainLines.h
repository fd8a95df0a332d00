//===-- ToolchainLines.h - Positions in the toolchain headers ---*- C++ -*-===//
//
// clang gives the code its CUDA headers expand to (threadIdx.x is a call of
// __clang_cuda_builtin_vars.h's __fetch_builtin_x, __syncthreads one of
// ours) positions in those headers, so `next` would stop on a header line
// no user wrote. nvcc attributes such code to the user's line; so do we:
// an instruction positioned in a file under one of the toolchain's include
// directories takes the position of the user code before it on its path
// (not across a label that a branch goes to, nor after a jump: the PTX text
// before such a block is often another path's).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"

#include <string>

namespace simt::cc {

class Module;

/// Rewrites, in every function body, the positions whose `.file` lies under
/// one of Dirs to the last position outside them before it on its path
/// (none: no position, so the emitter gives the next instruction's).
/// Returns how many instructions changed.
unsigned attributeToolchainLines(Module &M, llvm::ArrayRef<std::string> Dirs);

} // namespace simt::cc
