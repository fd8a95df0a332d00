//===-- StackDepth.h - The SIMT stack depth a kernel can need ---*- C++ -*-===//
//
// `.max_stack` from the code itself instead of the default. The warp's
// token stack is followed through the final code (ISA.md 5.1): SSY and PBK
// push, a divergent branch (one the Reconvergence analysis calls Divergent
// or LoopExit) pushes a DIV token on its taken path (and may also go either
// way whole, pushing nothing), `.S`, EXIT and BRK pop and resume where the
// popped token says (any token below the top too: tokens whose threads all
// left are discarded). DIV tokens hold disjoint sets of waiting threads, so
// at most 31 are stacked at once: a divergent loop whose exit is the
// fall-through of a conditional branch back to its header pushes one for
// each iteration in which some threads leave, up to that bound (a lowering
// that exits by `@P BRK` and loops by a plain `BRA` would push none).
// Every (position, token stack) state reachable from
// the entry is visited once; the deepest stack seen is the answer. A stack
// that can grow without bound (a loop that pushes more than it pops; taken
// to be one past 256 entries) is an error. A CAL goes on to the next
// instruction (the callee pushes its CALL token and whatever it needs on
// top, and RET pops down to it): each call site's depth is recorded, and
// the pipeline adds the callee's own depth plus one for the whole call
// graph (recursion gets a fixed allowance, CallABI.h). A RET ends its path
// like EXIT; a BPT.TRAP ends it without a pop (the run stops there). The
// analysis is exact for the structures InsertReconvergence
// builds and an over-approximation otherwise (it assumes every divergent
// branch can split the warp).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <optional>
#include <vector>

namespace simt::cc {

class Diagnostics;
class Function;
class Reconvergence;
struct MFunction;

/// A CAL and the depth of the caller's own stack there.
struct StackCallSite {
  const Function *Callee;
  unsigned Depth;
};

/// The deepest SIMT stack MF's code can build, its calls aside (their
/// sites go to Calls); none after reporting why it cannot be bounded.
std::optional<unsigned> computeStackDepth(const MFunction &MF, const Reconvergence &RC,
                                          Diagnostics &Diag,
                                          std::vector<StackCallSite> *Calls = nullptr);

} // namespace simt::cc
