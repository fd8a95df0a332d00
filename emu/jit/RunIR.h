//===-- RunIR.h - LLVM IR of a compiled run -------------------------------===//
#pragma once

#include "emu/core/Jit.h"

#include "llvm/IR/Module.h"

#include <string>
#include <vector>

namespace simt::emu::jit {

/// Adds to `m` (which holds the semantics' bitcode) a function named `name`
/// with JitRunFn's signature that runs `run` of `code`: the whole run of a
/// converged warp, or from `first` for `count` instructions, as calls of
/// each instruction's step function with the instruction as a constant,
/// each storing its mask.
llvm::Function *emitRun(llvm::Module &m, const std::string &name, const std::vector<Inst> &code,
                        const JitRun &run);

} // namespace simt::emu::jit
