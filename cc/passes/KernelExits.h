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

} // namespace simt::cc
