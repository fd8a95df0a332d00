//===-- UnswitchSpaces.cpp - Loops copied per space of their pointer ------===//
#include "cc/passes/UnswitchSpaces.h"
#include "cc/analysis/CFG.h"
#include "cc/passes/BlockEdits.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SCCIterator.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace simt::cc {

namespace {

using Loop = std::vector<BasicBlock *>; // a cycle's blocks, in layout order

StringRef armName(StateSpace S) {
  return S == StateSpace::Global ? "global" : spaceName(S);
}

bool writes(const Instruction &I, unsigned R) {
  SmallVector<unsigned, 4> Defs;
  I.defs(Defs);
  return is_contained(Defs, R);
}

/// The block L is entered at, if L is a loop this pass can copy on Pred:
/// some access of it is guarded by Pred, none of it writes Pred, every
/// edge into it from outside reaches that one block (not F's first), its
/// blocks do not fall off F's end, and it has no call sequence's `{ }`.
/// Needs F's CFG.
BasicBlock *entryToCopy(const Function &F, const Loop &L, const DenseSet<BasicBlock *> &In,
                        unsigned Pred) {
  bool Guarded = false;
  for (BasicBlock *B : L)
    for (const Instruction &I : B->Insts) {
      if (I.Scope != 0 || writes(I, Pred))
        return nullptr;
      Guarded |= I.Guard == Pred;
    }
  if (!Guarded)
    return nullptr;
  BasicBlock *Entry = nullptr;
  for (BasicBlock *B : L)
    for (BasicBlock *P : B->Preds)
      if (!In.contains(P)) {
        if (Entry && Entry != B)
          return nullptr;
        Entry = B;
      }
  if (!Entry || Entry == F.Blocks.front().get())
    return nullptr;
  for (BasicBlock *B : L) {
    const size_t N = indexOf(F, B);
    if (fallsThrough(*B) && N + 1 == F.Blocks.size())
      return nullptr;
  }
  return Entry;
}

class Unswitch {
public:
  explicit Unswitch(Function &F) : F(F) {}

  /// Copies one loop not copied yet, if there is one; false when none is
  /// left.
  bool copyOne() {
    buildCFG(F);
    for (auto SCC = scc_begin(F.entry()); !SCC.isAtEnd(); ++SCC) {
      if (!SCC.hasCycle() || any_of(*SCC, [&](BasicBlock *B) { return Done.contains(B); }))
        continue;
      Loop L(SCC->begin(), SCC->end());
      sort(L, [&](BasicBlock *A, BasicBlock *B) { return A->index() < B->index(); });
      DenseSet<BasicBlock *> In(L.begin(), L.end());
      for (const Function::SpaceTest &T : F.SpaceTests)
        if (BasicBlock *Entry = entryToCopy(F, L, In, T.Pred)) {
          copy(L, In, *Entry, T);
          return true;
        }
      Done.insert(L.begin(), L.end()); // nothing to copy it on
    }
    return false;
  }

private:
  /// L once per arm of T, appended to the layout, and the dispatch before
  /// its entry, which the edges into L from outside now reach.
  void copy(const Loop &L, const DenseSet<BasicBlock *> &In, BasicBlock &Entry,
            const Function::SpaceTest &T) {
    const Instruction Site = siteOf(L);
    // The block now last must not run into the copies.
    BasicBlock &Last = *F.Blocks.back();
    if (fallsThrough(Last)) {
      Instruction Ret = plain(Site, Opcode::Ret, {});
      (Last.terminator() ? F.addBlock()->Insts : Last.Insts).push_back(std::move(Ret));
    }
    BasicBlock *IfSet = copyArm(L, In, Entry, T.Pred, /*Set=*/true, armName(T.IfSet));
    BasicBlock *IfClear = copyArm(L, In, Entry, T.Pred, /*Set=*/false, armName(T.IfClear));
    // The dispatch: a vote for each arm, then a branch to each (a
    // terminator ends its block); warps that differ fall into L.
    const size_t At = indexOf(F, &Entry);
    BasicBlock *Vote = F.insertBlock(At);
    BasicBlock *Second = F.insertBlock(At + 1);
    if (!Entry.Labels.empty())
      Vote->Labels.push_back(freshLabel(F, Twine(Entry.Labels.front()) + "_spaces"));
    Operand Cleared = Operand::reg(T.Pred, Site.Loc), Set = Cleared;
    Cleared.Negated = true;
    const Operand AllSet = Operand::reg(F.addRegister(PTXType::Pred, "%allspace"), Site.Loc);
    const Operand AllClear = Operand::reg(F.addRegister(PTXType::Pred, "%allspace"), Site.Loc);
    Vote->Insts.push_back(voteAll(Site, AllSet, Set));
    Vote->Insts.push_back(voteAll(Site, AllClear, Cleared));
    Vote->Insts.push_back(branch(Site, AllSet, *IfSet));
    Second->Insts.push_back(branch(Site, AllClear, *IfClear));
    // The edges into L from outside (the copies of loops copied before
    // included): branches now reach the dispatch, and the block before it,
    // if not L's, falls into it. L's copies branch to their own blocks.
    for (auto &B : F.Blocks) {
      if (In.contains(B.get()))
        continue;
      for (Instruction &I : B->Insts)
        if (I.branchTarget() == &Entry)
          I.Ops[0] = labelOperand(F, *Vote, kStem, I.Ops[0].Loc);
    }
    // A block of L that fell into the entry (a loop whose test is laid out
    // last) jumps over the dispatch.
    if (BasicBlock &Before = *F.Blocks[At - 1]; In.contains(&Before) && fallsThrough(Before))
      jump(Before, Entry, Site);
    Done.insert(L.begin(), L.end());
    Done.insert(Vote);
    Done.insert(Second);
    F.refreshNodes();
  }

  /// A copy of L, appended to the layout, that runs the accesses of one arm
  /// of Pred (Set: those under Pred, else those under !Pred) unguarded and
  /// drops the other's; returns the copy of Entry, L's entry.
  BasicBlock *copyArm(const Loop &L, const DenseSet<BasicBlock *> &In, BasicBlock &Entry,
                      unsigned Pred, bool Set, StringRef Arm) {
    DenseMap<BasicBlock *, BasicBlock *> CopyOf;
    for (BasicBlock *B : L) {
      BasicBlock *C = F.addBlock();
      if (!B->Labels.empty()) // else one is made if a branch needs it
        C->Labels.push_back(freshLabel(F, Twine(B->Labels.front()) + "_" + Arm));
      CopyOf[B] = C;
      Done.insert(C);
    }
    for (size_t K = 0; K < L.size(); ++K) {
      BasicBlock &B = *L[K];
      BasicBlock &C = *CopyOf[&B];
      for (const Instruction &I : B.Insts) {
        if (I.Guard == Pred && I.GuardNegated == Set)
          continue; // the other arm
        Instruction J = I;
        if (J.Guard == Pred) {
          J.Guard.reset();
          J.GuardNegated = false;
        }
        if (BasicBlock *To = J.branchTarget(); To && In.contains(To))
          J.Ops[0] = labelOperand(F, *CopyOf[To], kStem, J.Ops[0].Loc);
        C.Insts.push_back(std::move(J));
      }
      if (!fallsThrough(C))
        continue;
      // Where B falls through: the next copy when it is that block's, else
      // a jump (past a guarded terminator, a block of its own).
      BasicBlock *Next = F.Blocks[indexOf(F, &B) + 1].get();
      BasicBlock *To = In.contains(Next) ? CopyOf[Next] : Next;
      if (K + 1 < L.size() && L[K + 1] == Next)
        continue;
      jump(C, *To, siteOf(L));
    }
    return CopyOf[&Entry];
  }

  /// B, which falls through, made to jump to To instead (past a guarded
  /// terminator, from a block of its own after B).
  void jump(BasicBlock &B, BasicBlock &To, const Instruction &Site) {
    const Instruction &At = B.Insts.empty() ? Site : B.Insts.back();
    Instruction Jump = plain(At, Opcode::Bra, {labelOperand(F, To, kStem, At.Loc)});
    if (B.terminator()) {
      BasicBlock *Hop = F.insertBlock(indexOf(F, &B) + 1);
      Hop->Insts.push_back(std::move(Jump));
      Done.insert(Hop);
    } else {
      B.Insts.push_back(std::move(Jump));
    }
  }

  /// An instruction of L, whose place the dispatch and jumps take.
  static const Instruction &siteOf(const Loop &L) {
    for (BasicBlock *B : L)
      if (!B->Insts.empty())
        return B->Insts.front();
    llvm_unreachable("a loop of empty blocks has no access to copy it on");
  }

  static Instruction voteAll(const Instruction &Site, const Operand &D, const Operand &P) {
    Instruction I = Instruction::at(Site, Opcode::Vote, {PTXType::Pred}, {D, P}, {Modifier::All});
    I.Guard.reset();
    I.GuardNegated = false;
    return I;
  }
  Instruction branch(const Instruction &Site, const Operand &P, BasicBlock &To) {
    Instruction I = plain(Site, Opcode::Bra, {labelOperand(F, To, kStem, Site.Loc)});
    I.Guard = P.RegId;
    return I;
  }

  static constexpr const char *kStem = "$__spaces_to_";

  Function &F;
  DenseSet<BasicBlock *> Done; // loops copied or left, their copies and dispatches
};

} // namespace

unsigned unswitchSpaceLoops(Function &F) {
  if (F.SpaceTests.empty() || F.Blocks.empty())
    return 0;
  Unswitch U(F);
  unsigned Copied = 0;
  while (U.copyOne())
    ++Copied;
  return Copied;
}

} // namespace simt::cc
