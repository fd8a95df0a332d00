//===-- LowerSharedAtomics.h - Shared atomics as lock loops -----*- C++ -*-===//
//
// Fermi has no atomics on shared memory; its compiler made each one a loop
// on the load-and-lock instructions, and so does this pass. Instruction
// selection emits a shared `atom`/`red` as the ATOM/RED it would be in
// global memory (its PTX source says .shared); here, after the
// reconvergence lowering, each becomes
//
//       PBK done
//   retry:
//       LDSLK P, old, [addr]        threads whose lock was taken: P
//       @P <op> new, old, b         the operation (a few instructions)
//       @P STSUL [addr], new        store and release
//       @P BRK                      done: leave the loop
//       BRA retry                   the others try again
//   done:
//
// The guarded BRK pushes no DIV token per round, so the loop costs one
// stack entry whatever the contention. A guarded atom breaks out at once
// for the threads whose guard is false.
//
//===----------------------------------------------------------------------===//
#pragma once

namespace simt::cc {

struct MFunction;
class Diagnostics;

/// Expands MF's shared ATOM/ATOMCAS/RED (32-bit: instruction selection
/// rejects 64-bit ones). Always succeeds; the pipeline's pass signature.
bool lowerSharedAtomics(MFunction &MF, Diagnostics &Diag);

} // namespace simt::cc
