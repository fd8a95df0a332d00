//===-- StructurizeIR.h - LLVM IR made structured, for the SIMT stack -----===//
//
// The SIMT stack reconverges a divergent branch only where every path from
// it meets (cc/mir/InsertReconvergence.h): a region entered from its side,
// or a loop left for two levels out at once (a `return` inside nested
// loops), has no place for its token. The translator's node splitting
// handles the first in most code; what is left, simt-cc hands to LLVM's
// own structurizer, AMDGPU's (lower-switch, fix-irreducible,
// unify-loop-exits, structurizecfg): every region then has one entry and
// one exit, a loop one exit, with the paths chosen by flags. It costs
// instructions, so simt-cc uses it only for a kernel the plain route
// rejects.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>

namespace simt::cc {

/// Reads the LLVM IR (text or bitcode) at InPath, structurizes every
/// function and writes bitcode to OutPath; false with *Why set.
bool structurizeIR(llvm::StringRef InPath, llvm::StringRef OutPath, std::string *Why);

} // namespace simt::cc
