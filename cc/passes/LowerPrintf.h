//===-- LowerPrintf.h - vprintf calls as writes into the printf buffer ----===//
//
// clang makes CUDA's device printf a call of the external function
// `vprintf(format, args)`: the format string is a module variable and the
// arguments are packed in the caller's local depot. As CUDA does, no
// function is called: this pass replaces each call sequence, on the PTX
// before the analyses, by code that reserves a record in the launch's
// printf buffer with a global atomic add on its cursor, writes the header
// (size, flags, the format string's address, %ctaid and %tid) and copies
// the argument bytes, whose layout comes from parsing the constant format
// string now (support/PrintfFormat.h). A record that does not fit is not
// written; a second counter counts it. The call's result is the number of
// arguments, or -1 for a dropped record. The runtime formats the records
// when the grid is waited for (docs/cuda.md "printf"). The buffer's address
// and size come from %envreg8..10, constant bank 1 (SIMTLimits.h).
//
// Errors: a format string that is not a constant string of the module, and
// conversions the device cannot print (%n, long double, wide characters).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

namespace simt::cc {

class Diagnostics;

/// Rewrites F's vprintf calls; false after reporting what it cannot.
bool lowerPrintf(Function &F, Diagnostics &Diag);

} // namespace simt::cc
