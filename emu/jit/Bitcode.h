//===-- Bitcode.h - The semantics' bitcode, built into the library --------===//
#pragma once

#include "llvm/ADT/StringRef.h"

namespace simt::emu::jit {

/// emu/jit/JitSemantics.cpp and emu/core/FastForms.cpp compiled by clang-19
/// and linked (emu/jit/CMakeLists.txt): the step functions and what they
/// call.
llvm::StringRef semanticsBitcode();

/// The name of its table of step functions, one per value of Inst::fast.
inline constexpr const char *kStepTable = "simt_jit_steps";

} // namespace simt::emu::jit
