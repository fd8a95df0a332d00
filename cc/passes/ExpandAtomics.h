//===-- ExpandAtomics.h - Atomics the ISA lacks as CAS loops ----*- C++ -*-===//
//
// The ISA adds floats atomically in f32 only (ATOM/RED .F32) and swaps 32
// or 64 bits. nvcc writes `atom.global.add.f64` for atomicAdd on a double
// from sm_60 on, which would otherwise select as a 64-bit *integer* add of
// the bits, `atom.add.noftz.f16x2` for one on a __half2 from sm_60 on,
// `atom.add.noftz.f16` for one on a __half and `atom.cas.b16` for
// atomicCAS on 16 bits from sm_70 on, `.bf16` and `.bf16x2` from sm_90
// on. (sm_90's `atom.add.v2.f32`/`.v4.f32`, whose elements PTX adds
// atomically one by one, become scalar f32 adds.) Each such `atom`/`red`
// other than those becomes the
// loop the CUDA Programming Guide gives for targets without it (here
// f64's; f16x2's swaps a b32 word and adds with add.rn.f16x2, which the
// expand pass then rewrites as it does any):
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
// in the site's state space, with its ordering and scope modifiers. A
// 16-bit site swaps the aligned b32 word at a & ~3: before the loop, the
// half's bit offset s = (a & 2) * 8 and the mask of the other half; in it,
// x = old >> s (16 bits), new = (old & keep) | (x + b) << s; a cas.b16's
// new half is its third source, and where x differs from its comparand new
// is old (the cas that finds the word unchanged is the failed compare, in
// its lane's turn); `done` gives d = old >> s.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

namespace simt::cc {

/// Rewrites each `atom`/`red` `.add.f64` and `.add.noftz` of a 16-bit float
/// type (f16, f16x2, bf16, bf16x2), and each `atom.cas.b16`, of F as a
/// compare-and-swap loop, and each `.add.v2.f32`/`.v4.f32` as scalar adds.
/// Returns how many it rewrote.
unsigned expandAtomicLoops(Function &F);

} // namespace simt::cc
