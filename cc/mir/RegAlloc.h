//===-- RegAlloc.h - Virtual registers onto R0..R62 and P0..P6 --*- C++ -*-===//
//
// Linear scan (Poletto and Sarkar) over live intervals of the final block
// layout. Liveness is computed on the selected code itself (the temporaries
// and the blocks the reconvergence lowering added are not in the PTX's), by
// the same backward data-flow as Liveness.h: a guarded write, or a write of
// one word of a pair, does not kill. A value's interval is the hull of the
// instructions that read or write it and of the blocks it is live into or
// out of, so two values that share a register are never live at one point
// of any path. Per-thread paths are all that matters on this machine: a
// write under a partial active mask leaves the other lanes' registers alone,
// so threads waiting at a reconvergence point keep their values even when
// the running ones reuse the register. Reads happen before writes, so an
// instruction's last read and another value's first write may share one.
//
// Pairs take an even register (R0..R60); predicates P0..P6. When a class
// runs out, the live value whose interval ends last is spilled to a slot of
// local memory: each read becomes an LDL into a new short-lived temporary
// before the instruction, each write an STL after it, and allocation starts
// over (the temporaries' intervals are a single instruction).
//
// Before the scan, copies are coalesced: a MOV whose source and destination
// do not interfere (neither is live where the other is written, the copy
// aside) gets one value for both and disappears; a pair copied word by word
// is coalesced whole. Copies come from PTX `mov`, `cvta` (addresses need no
// conversion here) and the lowering's own moves.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <vector>

namespace llvm {
class raw_ostream;
}

namespace simt::cc {

class Diagnostics;
struct MFunction;

struct Allocation {
  std::vector<int> Phys;  // per virtual register: Rn (a pair's even one) or Pn
  // Where values went that no longer appear in the code, for the debugger's
  // map of PTX registers (RegMap.h); per virtual register, -1: none.
  std::vector<int> HeldBy;    // the value it was coalesced into, or the GPR
                              // value (0/1) a spilled predicate lives in
  std::vector<int> SpillSlot; // its slot of local memory (from 0, or from R1
                              // when MF.Framed) when spilled there
  std::vector<int> SpillOf;   // a spill temporary's spilled value
  unsigned NumGPRs = 0;   // highest R used + 1 (.regs)
  unsigned NumSpilled = 0;
  unsigned NumCoalesced = 0; // MOVs deleted by coalescing
};

/// Allocates MF's virtual registers (inserting spill code into MF); false
/// after reporting what it could not allocate.
bool allocateRegisters(MFunction &MF, Allocation &A, Diagnostics &Diag);

/// The live interval of each virtual register in MF's code as it is now
/// (after allocation: what the registers hold where): positions 2K (the
/// reads of instruction K, counting through the blocks in layout order) and
/// 2K+1 (its writes); Start > End for a value that never appears. Over its
/// interval an allocated value owns its register.
void liveIntervals(const MFunction &MF, std::vector<int> &Start, std::vector<int> &End);

/// `%r1 -> R4` per virtual register, then the counts (-print-after=regalloc).
void printAllocation(llvm::raw_ostream &OS, const MFunction &MF, const Allocation &A);

} // namespace simt::cc
