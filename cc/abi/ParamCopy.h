//===-- ParamCopy.h - The .local copy of an addressed parameter -----------===//
//
// A device function's parameter whose address is taken gets a .local copy
// (passes/CopyAddressedParams.h); the DWARF (emit/DebugInfo.cpp) finds the
// parameter there afterwards. Both name the copy here, in the layer they
// share.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>

namespace simt::cc {

/// The name of the .local copy of parameter Param.
inline std::string copyOfParam(llvm::StringRef Param) { return "__param_copy_" + Param.str(); }

} // namespace simt::cc
