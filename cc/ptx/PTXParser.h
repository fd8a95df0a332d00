//===-- PTXParser.h - PTX text to the IR ------------------------*- C++ -*-===//
//
// A hand-written recursive-descent parser for the PTX that clang-19 emits for
// CUDA and OpenCL (sm_20 to sm_50): module directives, global variables with
// initialisers, kernels and device functions with their parameters, `.reg`
// ranges, local declarations, call sequences, labels, guarded instructions
// with any suffixes, vector and address operands, `.loc`/`.file`/`.pragma`
// and debug sections. All state lives in the parser object.
//
// Each error names the construct at its file:line:col; the parser resumes at
// the next statement, so one run reports every independent error.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

#include <memory>

namespace simt::cc {

class Diagnostics;

/// Parses buffer BufID of Diag's SourceMgr. Returns the module, or null if
/// there was any error (all of them reported through Diag).
std::unique_ptr<Module> parsePTX(unsigned BufID, Diagnostics &Diag);

} // namespace simt::cc
