//===-- InsertReconvergence.cpp - SSY/.S and PBK/BRK in the code ----------===//
#include "cc/mir/InsertReconvergence.h"
#include "cc/ptx/Diagnostics.h"
#include "cc/mir/MIR.h"
#include "cc/analysis/Reconvergence.h"

#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>
#include <tuple>

using namespace llvm;

namespace simt::cc {

namespace {

using BlockSet = SmallPtrSet<MBlock *, 16>;

/// A divergent if/else (one branch) or the divergent exits of one loop.
struct Structure {
  bool Loop = false;
  SmallVector<MBlock *, 2> Branches; // the blocks ending in the branches
  MBlock *Join = nullptr;
  SMLoc Loc; // of the first branch, for errors
  size_t Size = 0;
  /// An if/else inside a loop whose sides may also leave it (Reconvergence.h,
  /// LoopJoin). LoopEnd is the loop's join (null when its exits end the
  /// threads); the region stops there and, once the loop is lowered, at the
  /// loop's pad (where its BRKs resume). It is lowered right after its loop:
  /// Size is the loop's, InnerSize its own region's (several in one loop).
  bool InLoop = false;
  MBlock *LoopEnd = nullptr;
  size_t InnerSize = 0;
};

class Lowering {
public:
  Lowering(MFunction &MF, Diagnostics &Diag, SideEntry *Split)
      : MF(MF), Diag(Diag), Split(Split) {}
  bool run(const Reconvergence &RC);

private:
  BlockSet regionOf(const Structure &S) const;
  /// The blocks outside S's region, other than its branch, with an edge into it.
  SmallVector<MBlock *, 4> sideEntries(const Structure &S, const BlockSet &R) const;
  void mergeSharedTails(std::vector<Structure> &Structures) const;
  /// The one block outside Ext, other than into Head, with edges into Ext,
  /// when every thread there goes on into Ext or to Head (its branch is
  /// uniform or it has none); it and the blocks on its ways to Head that
  /// are outside Ext (up to Join) join Ext. Else null, Ext unchanged.
  MBlock *uniformEntry(BlockSet &Ext, const MBlock *Head, const MBlock *Join) const;
  SmallVector<MBlock *, 4> predecessors(const MBlock *B) const;
  bool lower(const Structure &S);
  /// Moves the PBK/SSY that an inner structure put at the end of every
  /// exit of an if (it begins at the if's join) into the if's pad.
  static void hoistEntryTokens(ArrayRef<MBlock *> Exits, MBlock *Pad);
  void layout();
  void invertLoopLatches();
  /// Whether anything but a fall-through from `From` reaches C.
  bool hasOtherEntries(const MBlock *C, const MBlock *From) const;

  static MInst popSync();
  /// Puts I before the jump that ends B, or at its end.
  static void insertBeforeJump(MBlock &B, MInst I);
  static void redirect(MBlock &P, const MBlock *From, MBlock *To);
  /// Replaces P's conditional branch, one side of which leaves the loop
  /// for Join, with a guarded BRK.
  static void guardedBreak(MBlock &P, const MBlock *Join);
  /// A new block holding I on the edge P -> Y, placed before Before.
  MBlock *splitEdge(MBlock &P, MBlock *Y, MInst I, const MBlock *Before);

  MFunction &MF;
  Diagnostics &Diag;
  SideEntry *Split; // where to hand a side entry back, or null
  const Reconvergence *RC = nullptr;
  DenseMap<const MBlock *, MBlock *> PadOfLoop; // a lowered loop's join -> its pad
  /// Blocks no path from the entry reaches (code clang leaves after an
  /// inline `trap;`): never run, so no entry into a region, and no place
  /// for a token.
  BlockSet Unreachable;
  unsigned NumNew = 0;
  /// Each block's predecessors, gathered in one walk when first asked for
  /// after the edges changed (a lowering changes them): asking each block
  /// for its successors per query made lowering cubic in the branches
  /// (tpacf's 128 unrolled 31-way if/else chains took minutes).
  mutable DenseMap<const MBlock *, SmallVector<MBlock *, 4>> Preds;
  mutable bool PredsValid = false;
};

MInst Lowering::popSync() { return mi::NOP().s().take(); }

// Structures are lowered inner first, so a token already at the end of B
// belongs to a structure nested in I's, entered on the same edge (two loops
// with one header, a loop whose body starts with an if): it must stay on
// top of the stack, above I.
void Lowering::insertBeforeJump(MBlock &B, MInst I) {
  auto At = B.Insts.end();
  if (!B.Insts.empty() && B.Insts.back().Opcode == SIMT::BRA)
    --At;
  while (At != B.Insts.begin() &&
         (std::prev(At)->Opcode == SIMT::PBK || std::prev(At)->Opcode == SIMT::SSY))
    --At;
  B.Insts.insert(At, std::move(I));
}

void Lowering::redirect(MBlock &P, const MBlock *From, MBlock *To) {
  if (P.branchTarget() == From)
    for (MOperand &Op : P.Insts.back().Ops)
      if (Op.K == MOperand::Block)
        Op.Target = To;
  if (P.FallThrough == From)
    P.FallThrough = To;
}

MBlock *Lowering::splitEdge(MBlock &P, MBlock *Y, MInst I, const MBlock *Before) {
  MBlock *E = MF.insertBlock(Before, P.Name + ".edge" + std::to_string(NumNew++));
  E->Insts.push_back(std::move(I));
  E->FallThrough = Y;
  redirect(P, Y, E);
  return E;
}

BlockSet Lowering::regionOf(const Structure &S) const {
  const MBlock *LoopPad = S.LoopEnd ? PadOfLoop.lookup(S.LoopEnd) : nullptr;
  BlockSet R;
  SmallVector<MBlock *, 16> Work;
  for (MBlock *B : S.Branches)
    append_range(Work, B->successors());
  while (!Work.empty()) {
    MBlock *X = Work.pop_back_val();
    // Threads that enter a dead end finish there: it is no part of a region.
    if (X == S.Join || (S.LoopEnd && (X == S.LoopEnd || X == LoopPad)) ||
        (X->Source && RC->deadEnd(X->Source)) || !R.insert(X).second)
      continue;
    append_range(Work, X->successors());
  }
  return R;
}

SmallVector<MBlock *, 4> Lowering::sideEntries(const Structure &S, const BlockSet &R) const {
  SmallVector<MBlock *, 4> Entries;
  for (MBlock *X : R)
    for (MBlock *P : predecessors(X))
      if (!R.count(P) && P != S.Branches.front() && !is_contained(Entries, P))
        Entries.push_back(P);
  return Entries;
}

// clang merges the common tail of exclusive ifs (`if (a) s[i] = x; else if
// (b) s[i] = y;` stores from one block), so the inner if's region is also
// entered from the outer one's other arm. When both rejoin at the same
// block, the inner branch needs no token of its own: its split pushes a DIV
// entry under the outer SSY's SYNC token, every path out of the outer region
// waits at a NOP.S before the join, and the SYNC restores the warp once all
// have arrived. Such an inner if is dropped from the list; the outermost if
// with the same join whose region holds its branch and its side entries
// does the lowering.
void Lowering::mergeSharedTails(std::vector<Structure> &Structures) const {
  std::vector<bool> Merged(Structures.size());
  for (size_t I = 0; I < Structures.size(); ++I) {
    const Structure &S = Structures[I];
    if (S.Loop)
      continue;
    SmallVector<MBlock *, 4> Entries = sideEntries(S, regionOf(S));
    if (Entries.empty())
      continue;
    const Structure *Outer = nullptr;
    for (size_t J = 0; J < Structures.size(); ++J) {
      const Structure &T = Structures[J];
      if (J == I || T.Loop || T.Join != S.Join || T.InLoop != S.InLoop ||
          T.LoopEnd != S.LoopEnd || (Outer && T.Size <= Outer->Size))
        continue;
      BlockSet RT = regionOf(T);
      // The side entries come from inside T's region or from T's branch
      // itself (`if (a || b) return;` at -O0: a's branch jumps straight to
      // the block b's branch also reaches).
      if (RT.count(S.Branches.front()) && all_of(Entries, [&](MBlock *P) {
            return RT.count(P) != 0 || is_contained(T.Branches, P);
          }))
        Outer = &T;
    }
    Merged[I] = Outer != nullptr;
  }
  size_t N = 0;
  for (size_t I = 0; I < Structures.size(); ++I)
    if (!Merged[I])
      Structures[N++] = std::move(Structures[I]);
  Structures.resize(N);
}

// `for (...) { if (d == 0) t = w; else { t = f(); if (t == w) continue; }
// body; }` (d uniform, nvcc's -O3): the region of `t == w`'s divergent
// branch (up to the loop's latch) is also entered from the uniform test
// of d, whose other side reaches the branch through an if of its own.
// Every thread at that test goes on into the region or to the branch, so
// the region starts there: the SSY moves up, and the ways from the test to
// the branch (their inner if lowered already) become part of it.
MBlock *Lowering::uniformEntry(BlockSet &Ext, const MBlock *Head, const MBlock *Join) const {
  MBlock *Entry = nullptr;
  for (MBlock *X : Ext) {
    if (X == Head)
      continue;
    for (MBlock *P : predecessors(X)) {
      if (Ext.count(P))
        continue;
      if (Entry && Entry != P)
        return nullptr;
      Entry = P;
    }
  }
  if (!Entry || !Entry->Source)
    return nullptr;
  BranchKind K = RC->branch(Entry->Source).Kind;
  if (K != BranchKind::Uniform && K != BranchKind::None)
    return nullptr;
  // The blocks on Entry's ways into Ext: each must go on only into Ext or
  // to more of them, never back to Entry, to Join or out of the function.
  BlockSet Between;
  SmallVector<MBlock *, 8> Work;
  for (MBlock *Y : Entry->successors())
    if (!Ext.count(Y))
      Work.push_back(Y);
  while (!Work.empty()) {
    MBlock *B = Work.pop_back_val();
    if (B == Entry || B == Join || (B->Source && RC->deadEnd(B->Source)) ||
        B->successors().empty())
      return nullptr;
    if (!Between.insert(B).second)
      continue;
    for (MBlock *Y : B->successors())
      if (!Ext.count(Y))
        Work.push_back(Y);
  }
  Ext.insert(Entry);
  Ext.insert(Between.begin(), Between.end());
  return Entry;
}

SmallVector<MBlock *, 4> Lowering::predecessors(const MBlock *B) const {
  if (!PredsValid) {
    Preds.clear();
    for (const auto &P : MF.Blocks)
      if (!Unreachable.count(P.get()))
        for (MBlock *Y : P->successors())
          Preds[Y].push_back(P.get());
    PredsValid = true;
  }
  return Preds.lookup(B);
}

// The edges it changes are all after its last question about
// predecessors, but for the loop's entries: there a split edge's new block
// leads only into the region block whose entries are being handled, so the
// other blocks' predecessors are the same before and after.
bool Lowering::lower(const Structure &S) {
  PredsValid = false; // the last lowering changed edges
  BlockSet R = regionOf(S);
  MBlock *Join = S.Join;
  MBlock *Pad = MF.insertBlock(Join, Join->Name + ".join" + std::to_string(NumNew++));
  Pad->FallThrough = Join;
  // Edges into the join from the region (and, for an if, from the branch).
  SmallVector<MBlock *, 8> Exits;
  for (MBlock *P : predecessors(Join))
    if (R.count(P) || (!S.Loop && is_contained(S.Branches, P)))
      Exits.push_back(P);

  if (!S.Loop) {
    // `if (u || (d && e))` with u uniform: clang's test of u jumps into the
    // region of d's divergent branch. Every thread at u's test goes on into
    // that region, whose paths all reach the join: the SSY moves up into
    // u's block, so that the threads that skip d's test carry the token too.
    auto FindSideEntry = [&](const BlockSet &Ext, const MBlock *Head) {
      for (MBlock *X : Ext)
        for (MBlock *P : predecessors(X))
          if (!Ext.count(P) && X != Head)
            return std::make_pair(X, P);
      return std::pair<MBlock *, MBlock *>();
    };
    MBlock *Head = S.Branches.front();
    BlockSet Ext = R;
    Ext.insert(Head);
    const auto [X, P] = FindSideEntry(Ext, Head);
    if (X) {
      while (MBlock *U = uniformEntry(Ext, Head, Join))
        Head = U;
      if (FindSideEntry(Ext, Head).first) {
        // Handed back for node splitting: the first side entry, from the
        // PTX block it comes from (past blocks an earlier structure's
        // lowering put on its edge).
        MBlock *From = P;
        for (SmallVector<MBlock *, 4> Preds; !From->Source;) {
          Preds = predecessors(From);
          if (Preds.size() != 1)
            break;
          From = Preds.front();
        }
        if (Split && X->Source && From->Source && X->Source != From->Source) {
          *Split = {X->Source, From->Source};
          return false;
        }
        Diag.error(S.Loc, "not supported yet: unstructured control flow (the region "
                          "of this divergent branch is entered at " +
                              X->Name + " from " + P->Name + ")");
        return false;
      }
    }
    hoistEntryTokens(Exits, Pad);
    insertBeforeJump(*Head, mi::SSY().target(Pad).take());
    for (MBlock *P : Exits) {
      if (P->successors().size() == 1) {
        // The threads wait at the NOP.S: a jump after it would never run.
        if (!P->Insts.empty() && P->Insts.back().Opcode == SIMT::BRA)
          P->Insts.pop_back();
        P->Insts.push_back(popSync());
        P->FallThrough = Pad;
      } else {
        MBlock *E = splitEdge(*P, Join, popSync(), Pad);
        E->FallThrough = Pad;
      }
    }
    return true;
  }

  // A loop: PBK on the way in, BRK on the way out.
  PadOfLoop[Join] = Pad;
  for (MBlock *Y : SmallVector<MBlock *, 16>(R.begin(), R.end()))
    for (MBlock *X : predecessors(Y)) {
      if (R.count(X))
        continue;
      if (X->successors().size() == 1)
        insertBeforeJump(*X, mi::PBK().target(Pad).take());
      else
        splitEdge(*X, Y, mi::PBK().target(Pad).take(), Y);
    }
  for (MBlock *P : Exits) {
    if (P->successors().size() == 1) {
      if (!P->Insts.empty() && P->Insts.back().Opcode == SIMT::BRA)
        P->Insts.pop_back(); // the unguarded jump to the join
      P->Insts.push_back(mi::BRK().take());
      P->FallThrough = nullptr;
    } else {
      guardedBreak(*P, Join);
    }
    P->BreakTo = Pad;
  }
  return true;
}

// A loop lowered before the if that rejoins at its header (they are the
// same size: `continue` to a loop that shares its header with an inner one)
// put its PBK on each edge into the header, so at the end of each of the
// if's exits. The NOP.S that ends them must come first: the if's threads
// meet, then the loop's token goes on the stack once for all of them, so the
// tokens move to the pad, where the SYNC resumes the warp. Exits that do not
// all carry the same tokens keep them.
void Lowering::hoistEntryTokens(ArrayRef<MBlock *> Exits, MBlock *Pad) {
  auto Tokens = [](MBlock &B) {
    auto End = B.Insts.end();
    if (End != B.Insts.begin() && std::prev(End)->Opcode == SIMT::BRA)
      --End;
    auto Begin = End;
    while (Begin != B.Insts.begin() &&
           (std::prev(Begin)->Opcode == SIMT::PBK || std::prev(Begin)->Opcode == SIMT::SSY))
      --Begin;
    return std::make_pair(Begin, End);
  };
  auto SameTokens = [&](MBlock &A, MBlock &B) {
    auto [AB, AE] = Tokens(A);
    auto [BB, BE] = Tokens(B);
    return std::equal(AB, AE, BB, BE, [](const MInst &X, const MInst &Y) {
      return X.Opcode == Y.Opcode && X.Ops == Y.Ops;
    });
  };
  if (Exits.empty() || !all_of(Exits, [&](MBlock *P) {
        return P->successors().size() == 1 && SameTokens(*P, *Exits.front());
      }))
    return;
  auto [Begin, End] = Tokens(*Exits.front());
  Pad->Insts.insert(Pad->Insts.end(), Begin, End);
  for (MBlock *P : Exits) {
    auto [B, E] = Tokens(*P);
    P->Insts.erase(B, E);
  }
}

// A conditional exit breaks under its branch's guard, as Fermi's compiler
// does: the leaving threads drop out and the others go on, where a branch to
// a BRK would push a DIV token for the staying threads in every iteration
// in which some leave. `@P BRA join` becomes `@P BRK`; `@P BRA body` that
// falls through to the join becomes `@!P BRK` + `BRA body`.
void Lowering::guardedBreak(MBlock &P, const MBlock *Join) {
  MInst &Branch = P.Insts.back();
  const MOperand &G = Branch.Ops[0]; // the guard
  bool Negated = G.Value & SIMT::PredNegBit;
  bool TakenLeaves = P.branchTarget() == Join;
  MInst Brk = mi::BRK(Branch.Source).guard(G, TakenLeaves ? Negated : !Negated).take();
  if (TakenLeaves) {
    Branch = std::move(Brk);
    return;
  }
  MInst Jump = mi::BRA(Branch.Source).target(P.branchTarget()).take();
  Branch = std::move(Brk);
  P.Insts.push_back(std::move(Jump));
  P.FallThrough = nullptr;
}

bool Lowering::hasOtherEntries(const MBlock *C, const MBlock *From) const {
  for (const auto &B : MF.Blocks) {
    if ((B.get() != From && B->FallThrough == C) || B->BreakTo == C)
      return true;
    for (const MInst &I : B->Insts)
      for (const MOperand &Op : I.Ops)
        if (Op.K == MOperand::Block && Op.Target == C)
          return true;
  }
  return false;
}

// clang ends a loop `@p bra EXIT; bra.uni HEAD; EXIT:` (the jump back alone
// in a block the selection split off): the loop is a jump longer per trip
// than `@!p bra HEAD`, which ptxas writes. A plain guarded BRA (no CC test,
// no .U) over a lone unguarded jump that nothing else enters, to the block
// after that jump, becomes the inverted branch to the jump's target, and
// the jump's block is left empty, falling through. Divergent lanes then run
// the loop's side first, as after ptxas.
void Lowering::invertLoopLatches() {
  for (size_t N = 0; N + 2 < MF.Blocks.size(); ++N) {
    MBlock &B = *MF.Blocks[N], &C = *MF.Blocks[N + 1];
    MBlock *Exit = MF.Blocks[N + 2].get();
    if (B.Insts.empty() || B.FallThrough != &C || B.branchTarget() != Exit ||
        C.Insts.size() != 1 || C.Insts[0].Opcode != SIMT::BRA || isGuarded(C.Insts[0]) ||
        C.FallThrough || C.BreakTo || hasOtherEntries(&C, &B))
      continue;
    MInst &Branch = B.Insts.back();
    MOperand *Guard = nullptr;
    for (const Slot &S : slotsOf(SIMT::BRA))
      if (S.Kind == SlotKind::Guard)
        Guard = &Branch.Ops[S.McIndex];
    MInst Plain = mi::BRA().target(Exit).take();
    Plain.Ops[Guard - Branch.Ops.data()] = *Guard;
    if (Guard->K != MOperand::VReg || Branch.Ops != Plain.Ops)
      continue;
    MBlock *Head = C.branchTarget();
    for (MOperand &Op : Branch.Ops)
      if (Op.K == MOperand::Block)
        Op.Target = Head;
    Guard->Value ^= SIMT::PredNegBit;
    C.Insts.clear();
    C.FallThrough = Exit;
  }
}

// Explicit jumps where the fall-through successor is not the next block; a
// jump to the next block (clang's `bra.uni` to a block the exits pass
// brought next to it) is a fall-through.
void Lowering::layout() {
  invertLoopLatches();
  for (size_t N = 0; N < MF.Blocks.size(); ++N) {
    MBlock &B = *MF.Blocks[N];
    MBlock *Next = N + 1 < MF.Blocks.size() ? MF.Blocks[N + 1].get() : nullptr;
    if (Next && !B.FallThrough && B.branchTarget() == Next && !isGuarded(B.Insts.back())) {
      B.Insts.pop_back();
      B.FallThrough = Next;
    }
    bool Waits = !B.Insts.empty() && B.Insts.back().Opcode == SIMT::NOP;
    if (!B.FallThrough || Waits ||
        (N + 1 < MF.Blocks.size() && MF.Blocks[N + 1].get() == B.FallThrough))
      continue;
    B.Insts.push_back(mi::BRA().target(B.FallThrough).take());
    B.FallThrough = nullptr;
  }
}

bool Lowering::run(const Reconvergence &RC) {
  this->RC = &RC;
  if (!MF.Blocks.empty()) {
    BlockSet Seen;
    SmallVector<MBlock *, 16> Work{MF.Blocks.front().get()};
    Seen.insert(Work.front());
    while (!Work.empty())
      for (MBlock *S : Work.pop_back_val()->successors())
        if (Seen.insert(S).second)
          Work.push_back(S);
    for (const auto &B : MF.Blocks)
      if (!Seen.count(B.get()))
        Unreachable.insert(B.get());
  }
  DenseMap<const BasicBlock *, MBlock *> BlockOf;
  for (const auto &B : MF.Blocks)
    if (B->Source)
      BlockOf[B->Source] = B.get();
  std::vector<Structure> Structures, InLoop;
  DenseMap<MBlock *, size_t> LoopOfJoin;
  for (const auto &B : MF.Blocks) {
    if (!B->Source)
      continue;
    const BranchInfo &BI = RC.branch(B->Source);
    if (BI.Kind != BranchKind::Divergent && BI.Kind != BranchKind::LoopExit)
      continue;
    // Paths that meet only at the end need no reconvergence: every thread exits.
    bool AtEnd = !BI.Join || BI.Join->isVirtualExit();
    MBlock *Join = AtEnd ? nullptr : BlockOf.lookup(BI.Join);
    SMLoc Loc = B->Insts.empty() || !B->Insts.back().Source
                    ? SMLoc()
                    : B->Insts.back().Source->Loc;
    if (BI.LoopJoin) {
      Structure S;
      S.InLoop = true;
      S.Branches.push_back(B.get());
      S.Join = BlockOf.lookup(BI.LoopJoin);
      S.LoopEnd = Join;
      S.Loc = Loc;
      InLoop.push_back(std::move(S));
    }
    if (AtEnd)
      continue;
    if (BI.Kind == BranchKind::LoopExit) {
      auto [It, New] = LoopOfJoin.try_emplace(Join, Structures.size());
      if (!New) {
        Structures[It->second].Branches.push_back(B.get());
        continue;
      }
    }
    Structure S;
    S.Loop = BI.Kind == BranchKind::LoopExit;
    S.Branches.push_back(B.get());
    S.Join = Join;
    S.Loc = Loc;
    Structures.push_back(std::move(S));
  }
  for (Structure &S : Structures)
    S.Size = regionOf(S).size();
  for (Structure &S : InLoop) {
    S.InnerSize = regionOf(S).size();
    S.Size = S.LoopEnd ? Structures[LoopOfJoin.lookup(S.LoopEnd)].Size : S.InnerSize;
  }
  append_range(Structures, InLoop);
  mergeSharedTails(Structures);
  // Innermost first. An if around a loop may have the loop's region: the
  // loop is inner, and so are the ifs inside it.
  auto Rank = [](const Structure &S) { return S.Loop ? 0 : S.InLoop ? 1 : 2; };
  std::stable_sort(Structures.begin(), Structures.end(),
                   [&](const Structure &A, const Structure &B) {
                     return std::make_tuple(A.Size, Rank(A), A.InnerSize) <
                            std::make_tuple(B.Size, Rank(B), B.InnerSize);
                   });
  for (const Structure &S : Structures)
    if (!lower(S))
      return false;
  PredsValid = false;
  layout();
  return true;
}

} // namespace

bool insertReconvergence(MFunction &MF, const Reconvergence &RC, Diagnostics &Diag,
                         SideEntry *Split) {
  return Lowering(MF, Diag, Split).run(RC);
}

} // namespace simt::cc
