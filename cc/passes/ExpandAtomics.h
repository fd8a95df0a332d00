//===-- ExpandAtomics.h - Float atomics the ISA lacks as CAS loops --------===//
//
// The ISA adds floats atomically in f32 only (ATOM/RED .F32). nvcc writes
// `atom.global.add.f64` for atomicAdd on a double from sm_60 on, which
// would otherwise select as a 64-bit *integer* add of the bits, and
// `atom.add.noftz.f16x2` for one on a __half2 from sm_60 on. Each such
// `atom`/`red` becomes the loop the CUDA Programming Guide gives for
// targets without it (here f64's; f16x2's swaps a b32 word and adds with
// add.rn.f16x2, which the expand pass then rewrites as it does any):
//
//       ld.u64          old, [a]          (under the site's guard)
//       @!p bra         done              (a guarded site only)
//   retry:
//       mov.b64         x, old
//       add.f64         y, x, b
//       mov.b64         new, y
//       atom.cas.b64    got, [a], old, new
//       setp.ne.u64     again, got, old
//       mov.b64         old, got
//       @again bra      retry
//   done:
//       mov.b64         d, old            (atom only, under the site's guard)
//
// in the site's state space, with its ordering and scope modifiers. (A
// scalar .f16 is a word's half: its address needs arithmetic; not yet.)
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

namespace simt::cc {

/// Rewrites each `atom`/`red` `.add.f64` and `.add.noftz.f16x2` of F as a
/// compare-and-swap loop.
/// Returns how many it rewrote.
unsigned expandFloatAtomics(Function &F);

} // namespace simt::cc
