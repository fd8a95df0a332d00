//===-- InsertReconvergence.h - SSY/.S and PBK/BRK in the code --*- C++ -*-===//
//
// Turns the Reconvergence analysis into code on the selected function. Each
// divergent branch gets `SSY pad` before it, where `pad` is a new empty
// block just before its join, and every edge from its region (the blocks
// reachable from the branch without passing the join) into the join gets a
// `NOP.S` and goes to the pad instead: the threads wait there until every
// path has arrived, and the warp goes on at the pad with its mask
// restored. The divergent exits of one loop share a `PBK pad`, placed on
// every edge into the loop; every edge out of the loop to the join becomes
// a `BRK`. An if/else inside a loop whose sides may also leave it gets its
// SSY too, its pad at its loop join (Reconvergence.h), once its loop is
// lowered: each BRK then leaves both tokens at once. Structures are lowered
// innermost first (smallest region first),
// so an inner one whose join is the outer one's sees its own pad, and the
// outer one then syncs at the end of that pad. Uniform branches stay plain
// BRAs. Finally each block whose fall-through successor is not the next
// block in the layout gets an explicit `BRA` (unless it ends waiting at a
// `NOP.S`: its threads resume at the pad), so blocks may stay in PTX order
// (clang puts loop bodies after the `ret`).
//
// A region entered other than through its branch (unstructured control
// flow) is handed back to the pipeline, which splits the entered block for
// the edge that enters it (node splitting, cc/passes/SplitSideEntry.h) and
// translates the function again; what cannot be split so is reported as an
// error at the branch, never compiled wrongly.
//
//===----------------------------------------------------------------------===//
#pragma once

namespace simt::cc {

class BasicBlock;
class Diagnostics;
class Reconvergence;
struct MFunction;

/// An edge of the PTX into the region of a divergent branch other than
/// through the branch: Block, entered from From.
struct SideEntry {
  const BasicBlock *Block = nullptr;
  const BasicBlock *From = nullptr;
};

/// Returns false after reporting control flow it cannot lower; or, with
/// Split, false and the first side entry in *Split (nothing reported) when
/// both of its blocks come from the PTX.
bool insertReconvergence(MFunction &MF, const Reconvergence &RC, Diagnostics &Diag,
                         SideEntry *Split = nullptr);

} // namespace simt::cc
