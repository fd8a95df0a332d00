//===-- CudaExceptions.h - A device fault as cuda-gdb names it ------------===//
//
// cuda-gdb reports a kernel's fault as a signal of its own,
// `CUDA_EXCEPTION_14, Warp Illegal Address`, with the codes and names its
// manual lists ("CUDA Exception Codes"). The emulator's fault kinds map onto
// the ones the hardware raises for the same cause (an out-of-range access by
// its memory space: an H200 under cuda-gdb 13 reports one outside the
// CTA's shared memory as 5, Warp Out-of-range Address, one outside the
// thread's local memory or every allocation as 14, Warp Illegal Address);
// a fault that is no hardware exception (a deadlock, a step limit) has none.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/ExecContext.h"
#include "emu/core/Trace.h"

#include <optional>

namespace simt::dbg {

struct CudaException {
  int code;         ///< CUDA_EXCEPTION_<code>
  const char *name; ///< "Warp Illegal Address"
};

/// The exception a fault of kind `k` is, or null when it is none; `space`
/// is the memory a load, store or atomic faulted in (FaultReport::access),
/// when it was one.
const CudaException *cudaExceptionOf(emu::FaultKind k,
                                     std::optional<emu::MemSpace> space = std::nullopt);

} // namespace simt::dbg
