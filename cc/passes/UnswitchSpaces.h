//===-- UnswitchSpaces.h - Loops copied per space of their pointer --------===//
//
// The addrspace pass compares a pointer of two spaces once, after its root
// is written, and guards each access through it by the predicate: `@p
// ld.f32` for one space and `@!p ld.const.f32` for the other, both issued
// whichever runs (Function::SpaceTests). In a loop that costs an issued,
// predicated-off access per access per iteration. This pass copies such a
// loop (a cycle of the CFG entered at one block, which does not write the
// predicate) once per space, each copy with only that space's accesses,
// unguarded, and enters them from a dispatch before the loop: a warp whose
// threads all have the predicate set runs the first copy, one whose threads
// all have it clear the second, and a warp whose threads' pointers differ
// (vote.all of both) runs the loop as it was, each thread's access under
// its guard, so that no warp runs the loop twice.
//
// Each loop is copied once, on the first predicate that guards accesses in
// it (a loop through two such pointers keeps the other's guards). Not
// copied: a loop with a `{ }` call sequence (the copies would share its
// .param declarations; the loops inside it are not copied either), one
// entered at more than one block or at the function's first, and one
// that falls off the function's end.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

namespace simt::cc {

/// Copies F's loops per space of F.SpaceTests' predicates; returns how
/// many loops it copied. Leaves F's CFG to be built again.
unsigned unswitchSpaceLoops(Function &F);

} // namespace simt::cc
