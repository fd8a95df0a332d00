//===-- KernelExits.h - Branches to a bare return made guarded exits ------===//
//
// `if (i >= n) return;` is, in clang's PTX, `@%p bra L; ... L: ret;`. In a
// kernel, `ret` is EXIT, and a thread that exits is done for good: EXIT
// drops it from every SIMT-stack token (ISA.md 5.1). So the branch can be
// the return itself, `@%p ret` (`@P0 EXIT`), as Fermi's compiler writes it:
// the threads that leave need no reconvergence point, so the divergent
// branch costs no SSY, no SYNC and no DIV token, and a loop with an early
// `return` loses its divergent back edge. Device functions keep their
// branches (their RET resumes the caller).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

namespace simt::cc {

/// Rewrites each branch of kernel F whose target block is one unguarded
/// `ret`/`exit` as that return under the branch's guard, and removes the
/// return blocks no branch or fall-through reaches any more. Returns how
/// many branches it rewrote.
unsigned foldExitBranches(Function &F);

/// nvcc shares a kernel's last statements between its ways out (`if (full)
/// { flag = 1; goto tail; } ... tail: size[i] = n; return;`): the early way
/// jumps back to the tail, so it meets the normal end there, past the loops
/// it leaves, and those loops' threads could rejoin only after both (the
/// reconvergence lowering refuses such a function). Replaces each
/// unguarded jump of kernel F to a short tail that returns (straight-line
/// code, no call or barrier) with a copy of the tail, so that each way ends
/// on its own (in a kernel, returning is exiting), as if written out
/// twice. The pipeline's first remedy for a function it cannot lower;
/// returns how many jumps it replaced.
unsigned copyReturnTails(Function &F);

} // namespace simt::cc
