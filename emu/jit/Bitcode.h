//===-- Bitcode.h - The semantics' bitcode, built into the library --------===//
#pragma once

#include "llvm/ADT/StringRef.h"

namespace simt::emu::jit {

/// emu/jit/JitSemantics.cpp and emu/core/FastForms.cpp compiled by clang-19
/// and linked (emu/jit/CMakeLists.txt): simt_jit_step and what it calls.
llvm::StringRef semanticsBitcode();

/// The name of the step function in it.
inline constexpr const char *kStepFunction = "simt_jit_step";

} // namespace simt::emu::jit
