//===-- DeadCode.h - Instructions whose results nothing reads -------------===//
//
// Selection writes some values no instruction reads: the words of a
// `cvt.s64.s32` whose only reader, a `shl.b64`, was selected from the
// 32-bit source directly; the high word of a 64-bit value only its low
// word is taken of; a MOV the constants pass left behind. An instruction
// goes when every register it writes (general or predicate) is read
// nowhere in the function and it has no other effect: plain arithmetic,
// logic, moves, conversions and comparisons without .CC (which writes the
// condition code) or the .S bit; never memory, control, S2R, votes or
// barriers. Removing one can leave its sources unread in turn, so the pass
// repeats until nothing changes.
//
//===----------------------------------------------------------------------===//
#pragma once

namespace simt::cc {

struct MFunction;

/// Removes MF's dead instructions; returns how many.
unsigned removeDeadCode(MFunction &MF);

} // namespace simt::cc
