//===-- LowerIndirectCalls.h - Function pointers and calls through them ---===//
//
// CUDA's function pointers and virtual functions reach the PTX as function
// names used as values (`mov.u64 %rd1, f`, `.global .u64 table[2] = {f, g}`,
// a vtable `{0, 0, _ZNK2Sq4areaEv}`) and as calls through a register with a
// prototype (`call (retval0), %rd8, (param0), proto;`). This module pass,
// run right after parsing:
//
//  - gives each function whose address is taken an address
//    (abi::FunctionAddressBase + N * abi::FunctionAddressStep), written as
//    an immediate where the name was (instructions and initialisers);
//  - rewrites each indirect call into a switch over the functions whose
//    address is taken and whose parameters and results have the
//    prototype's sizes (the candidates): `setp.eq` of the register with
//    each candidate's address and a guarded `bra` to a copy of the call
//    sequence that calls that candidate directly, all copies joining after
//    it; no match is a `trap` (under the last test's predicate, false
//    there, so that the CFG goes on to the join, which then post-dominates
//    the tests). The switch is ordinary control flow, so the
//    reconvergence passes give it its SSY: threads that call different
//    functions run one candidate after the other and reconverge after the
//    call, as Fermi serializes an indirect call's targets.
//
// The candidates then are ordinary callees (calls of functions with bodies,
// translated like any other).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

namespace simt::cc {

class Diagnostics;

/// Rewrites M as above; false after reporting an indirect call it cannot
/// lower (a guarded one, one without a prototype).
bool lowerIndirectCalls(Module &M, Diagnostics &Diag);

} // namespace simt::cc
