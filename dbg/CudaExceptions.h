//===-- CudaExceptions.h - A device fault as cuda-gdb names it ------------===//
//
// cuda-gdb reports a kernel's fault as a signal of its own,
// `CUDA_EXCEPTION_14, Warp Illegal Address`, with the codes and names its
// manual lists ("CUDA Exception Codes"). The emulator's fault kinds map onto
// the ones the hardware raises for the same cause; a fault that is no
// hardware exception (a deadlock, a step limit) has none.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/ExecContext.h"

namespace simt::dbg {

struct CudaException {
  int code;         ///< CUDA_EXCEPTION_<code>
  const char *name; ///< "Warp Illegal Address"
};

/// The exception a fault of kind `k` is, or null when it is none.
const CudaException *cudaExceptionOf(emu::FaultKind k);

} // namespace simt::dbg
