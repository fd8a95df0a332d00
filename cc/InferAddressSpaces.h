//===-- InferAddressSpaces.h - Generic accesses made .shared/.local -------===//
//
// The ISA has no generic address space: LD/ST reach global memory only,
// LDS/STS and LDL/STL the shared and local windows. PTX reaches shared and
// local memory through generic pointers made by `cvta.shared`/`cvta.local`,
// which clang emits at -O0 (every local variable through `%SP`) and where
// its own inference gives up. This pass follows each register's pointer
// provenance through the instructions that carry a pointer (mov, add, sub,
// and, or, selp, cvt between integers), joined over every write of the
// register, and rewrites a generic ld/st/atom/red whose address is known to
// point into one window as an access of that state space; `cvta` to or
// from those spaces then copies the window offset (cc/ISel.cpp), and
// `isspacep` becomes a mov of the answer the provenance gives. Generic
// addresses of unknown provenance are global, as PTX kernel parameters are.
// What it cannot follow is an error, never a wrong guess: an address that
// may point into two spaces, or a shared/local generic pointer stored to
// memory (where its provenance would be lost).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/PTXIR.h"

namespace simt::cc {

class Diagnostics;

/// Rewrites F's generic accesses; false after reporting what it cannot.
bool inferAddressSpaces(Function &F, Diagnostics &Diag);

} // namespace simt::cc
