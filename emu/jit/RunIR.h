//===-- RunIR.h - LLVM IR of a compiled run -------------------------------===//
#pragma once

#include "emu/core/Jit.h"

#include "llvm/IR/Module.h"

#include <string>
#include <vector>

namespace simt::emu::jit {

/// Adds to `m` (which holds the semantics' bitcode) a function named `name`
/// with JitRunFn's signature that runs `run` of `code`: a switch on `first`
/// enters a straight line of simt_jit_step calls, one per instruction with
/// the instruction as a constant, each storing its mask and leaving once
/// `count` have run.
llvm::Function *emitRun(llvm::Module &m, const std::string &name, const std::vector<Inst> &code,
                        const JitRun &run);

} // namespace simt::emu::jit
