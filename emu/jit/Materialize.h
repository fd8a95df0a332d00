//===-- Materialize.h - Only the semantics a module's runs reach ----------===//
#pragma once

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace simt::emu::jit {

/// Reads the function bodies of lazily loaded `m` (the semantics' bitcode,
/// with the runs emitted into it) that the functions named in `roots`
/// reach, directly or through other functions and variables, and deletes
/// the bodies nothing reaches unread. The module is then fully
/// materialized.
llvm::Error materializeReached(llvm::Module &m, const std::vector<std::string> &roots);

} // namespace simt::emu::jit
