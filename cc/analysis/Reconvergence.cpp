//===-- Reconvergence.cpp - Where divergent branches rejoin ---------------===//
#include "cc/analysis/Reconvergence.h"
#include "cc/analysis/Loops.h"
#include "cc/analysis/PostDominators.h"
#include "cc/analysis/Uniformity.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace simt::cc {

/// One step of a post-dominator fixpoint: X's set becomes the meet of its
/// successors' plus X itself; whether it changed.
static bool refine(BitVector &Set, BitVector Meet, unsigned X) {
  Meet.set(X);
  if (Meet == Set)
    return false;
  Set = std::move(Meet);
  return true;
}

namespace {
/// The nearest block, other than Sink, on every way from each of Starts to
/// Sink inside Within (ways that leave Within do not count): null when a
/// start cannot reach Sink inside Within or the ways meet only at Sink.
/// Post-dominator sets on the blocks that reach Sink, with the edges into
/// Sink as the exit (loop bodies are small).
const BasicBlock *nearestMeet(const Function &F, ArrayRef<const BasicBlock *> Starts,
                              const BasicBlock *Sink,
                              function_ref<bool(const BasicBlock *)> Within) {
  const size_t N = F.nodes().size();
  // The blocks of Within from which Sink can be reached inside Within.
  BitVector Back(N);
  SmallVector<const BasicBlock *, 16> Work{Sink};
  while (!Work.empty()) {
    const BasicBlock *X = Work.pop_back_val();
    for (const BasicBlock *P : X->Preds)
      if (P != Sink && Within(P) && !Back.test(P->index())) {
        Back.set(P->index());
        Work.push_back(P);
      }
  }
  if (!all_of(Starts, [&](const BasicBlock *S) { return S == Sink || Back.test(S->index()); }))
    return nullptr;
  // PD[X]: the blocks on every way from X to Sink (Sink standing for the
  // exit). Greatest fixpoint, from "everything".
  std::vector<BitVector> PD(N);
  for (const BasicBlock *X : F.nodes())
    if (Back.test(X->index()))
      PD[X->index()].resize(N, true);
  BitVector AtSink(N);
  AtSink.set(Sink->index());
  auto wayFrom = [&](const BasicBlock *S) -> const BitVector & {
    return S == Sink ? AtSink : PD[S->index()];
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const BasicBlock *X : F.nodes()) {
      if (!Back.test(X->index()))
        continue;
      BitVector M(N, true);
      for (const BasicBlock *S : X->Succs)
        if (S == Sink || Back.test(S->index()))
          M &= wayFrom(S);
      Changed |= refine(PD[X->index()], std::move(M), X->index());
    }
  }
  BitVector Common(N, true);
  for (const BasicBlock *S : Starts)
    Common &= wayFrom(S);
  Common.reset(Sink->index());
  // The nearest of the common blocks is the one the others post-dominate:
  // the one with the most blocks on its own ways to Sink.
  const BasicBlock *Best = nullptr;
  for (int I : Common.set_bits())
    if (!Best || PD[I].count() > PD[Best->index()].count())
      Best = F.nodes()[I];
  return Best;
}

/// For a branch B in a cycle of Region (its influence region) whose both
/// sides can come back to B: the first block, other than B, on every way
/// from B's successors back to B inside Region; ways that leave (breaks,
/// exits) do not count. Null when one side always leaves (`if (a) { x;
/// break; }` needs no join: the leaving threads' BRK pops their DIV token)
/// or when the ways back meet only at B.
const BasicBlock *loopJoin(const Function &F, const BasicBlock *B, const BitVector &Region) {
  SmallVector<const BasicBlock *, 2> Succs(B->Succs.begin(), B->Succs.end());
  return nearestMeet(F, Succs, B,
                     [&](const BasicBlock *X) { return Region.test(X->index()); });
}

/// A divergent exit B of an inner loop whose ways meet only past its parent
/// loop, or only at the end: `while (t < end) { while (n && o[n-1] > t) --n;
/// ...; if (n == max) { *full = 1; break or return; } }`, where the early
/// exit's tail (nvcc shares the stores after both loops) makes the parent's
/// exit the first block every way passes. The inner loop's threads meet
/// where the inner loop's exits meet inside the parent, before it goes
/// round again (the parent's threads must go round together): the first
/// block on every way from those exits back to the parent's header.
const BasicBlock *innerLoopJoin(const BasicBlock *B, const BasicBlock *Join,
                                ArrayRef<NaturalLoop> Loops, const Function &F) {
  auto Inner = find_if(Loops, [&](const NaturalLoop &L) { return L.Body.contains(B); });
  if (Inner == Loops.end() ||
      all_of(B->Succs, [&](const BasicBlock *S) { return Inner->Body.contains(S); }))
    return nullptr;
  auto Parent = std::find_if(Inner + 1, Loops.end(), [&](const NaturalLoop &L) {
    return L.Header != Inner->Header && L.Body.contains(Inner->Header);
  });
  if (Parent == Loops.end() || (Join && !Join->isVirtualExit() && Parent->Body.contains(Join)))
    return nullptr;
  SmallVector<const BasicBlock *, 4> Exits;
  for (const BasicBlock *X : Inner->Body)
    for (const BasicBlock *S : X->Succs)
      if (!Inner->Body.contains(S) && !is_contained(Exits, S)) {
        if (!Parent->Body.contains(S))
          return nullptr; // leaves the parent too: one of its exits
        Exits.push_back(S);
      }
  const BasicBlock *J = nearestMeet(F, Exits, Parent->Header, [&](const BasicBlock *X) {
    return Parent->Body.contains(X) && !Inner->Body.contains(X);
  });
  if (!J)
    return nullptr;
  // The threads whose ways from the exits leave the parent before J (an
  // early return) must end there on their own: the blocks they pass are
  // entered only from those ways and never lead back into the parent, so
  // no join of another structure lies among them (the tokens they still
  // hold go with them at the EXIT or RET).
  DenseSet<const BasicBlock *> Region;
  SmallVector<const BasicBlock *, 8> Work(Exits.begin(), Exits.end());
  while (!Work.empty()) {
    const BasicBlock *X = Work.pop_back_val();
    if (X == J || X->isVirtualExit() || !Region.insert(X).second)
      continue;
    append_range(Work, X->Succs);
  }
  for (const BasicBlock *X : Region) {
    if (Parent->Body.contains(X))
      continue;
    if (any_of(X->Preds, [&](const BasicBlock *P) { return !Region.contains(P); }) ||
        any_of(X->Succs, [&](const BasicBlock *S) { return Parent->Body.contains(S); }))
      return nullptr;
  }
  return J;
}

/// Whether B's edge to the virtual exit returns (a `ret`, or running off
/// the function's end) rather than ending the thread (`exit`, `trap`).
bool returns(const Function &F, const BasicBlock *B) {
  const Instruction *T = B->terminator();
  if (T && T->Op == Opcode::Ret)
    return true;
  return (!T || T->Guard) && !F.Blocks.empty() && F.Blocks.back().get() == B;
}

/// The blocks every path from which ends the thread at an `exit` or a
/// `trap` (clang's `unreachable`, a failed assert, __trap()), never
/// returning: they can reach the virtual exit only through those.
BitVector findDeadEnds(const Function &F) {
  const size_t N = F.nodes().size();
  BitVector Returning(N), Ending(N);
  SmallVector<const BasicBlock *, 16> Work;
  auto Spread = [&](BitVector &Set) {
    while (!Work.empty())
      for (const BasicBlock *P : Work.pop_back_val()->Preds)
        if (!Set.test(P->index())) {
          Set.set(P->index());
          Work.push_back(P);
        }
  };
  for (const BasicBlock *P : F.exitNode()->Preds)
    if (returns(F, P) && !Returning.test(P->index())) {
      Returning.set(P->index());
      Work.push_back(P);
    }
  Spread(Returning);
  for (const BasicBlock *P : F.exitNode()->Preds)
    if (!Ending.test(P->index())) {
      Ending.set(P->index());
      Work.push_back(P);
    }
  Spread(Ending);
  Ending.reset(Returning);
  return Ending;
}

/// Where the threads of B's branch that go on meet again, the threads that
/// enter a dead end left out (they finish there): the nearest block on
/// every way from B to a return that passes no dead end. Post-dominator
/// sets over the blocks outside the dead ends, the virtual exit reached
/// only through returns; null when those ways meet only at the end.
class LiveJoins {
public:
  LiveJoins(const Function &F, const BitVector &Dead) : F(F), Dead(Dead) {}
  const BasicBlock *join(const BasicBlock *B) {
    if (PD.empty())
      solve();
    BitVector Common = meetOfSuccessors(B);
    const BasicBlock *Best = nullptr;
    for (int I : Common.set_bits()) {
      const BasicBlock *X = F.nodes()[I];
      if (X != B && !X->isVirtualExit() && (!Best || PD[I].count() > PD[Best->index()].count()))
        Best = X;
    }
    return Best;
  }

private:
  bool counts(const BasicBlock *From, const BasicBlock *S) const {
    return S->isVirtualExit() ? returns(F, From) : !Dead.test(S->index());
  }
  BitVector meetOfSuccessors(const BasicBlock *X) const {
    BitVector M(F.nodes().size(), true);
    for (const BasicBlock *S : X->Succs)
      if (counts(X, S))
        M &= PD[S->index()];
    return M;
  }
  void solve() {
    const size_t N = F.nodes().size();
    PD.assign(N, BitVector(N, true));
    const BasicBlock *Exit = F.exitNode();
    PD[Exit->index()] = BitVector(N);
    PD[Exit->index()].set(Exit->index());
    for (bool Changed = true; Changed;) {
      Changed = false;
      // Blocks in reverse layout order: successors mostly come first.
      for (auto It = F.nodes().rbegin(); It != F.nodes().rend(); ++It) {
        const BasicBlock *X = *It;
        if (X->isVirtualExit() || Dead.test(X->index()))
          continue;
        Changed |= refine(PD[X->index()], meetOfSuccessors(X), X->index());
      }
    }
  }
  const Function &F;
  const BitVector &Dead;
  std::vector<BitVector> PD;
};
} // namespace

void Reconvergence::run(const Function &F, const PostDominators &PDT,
                        const Uniformity &UA) {
  Info.assign(F.nodes().size(), BranchInfo());
  DeadEnds = LiveJoinsOn ? findDeadEnds(F) : BitVector(F.nodes().size());
  UsedLiveJoins = false;
  LiveJoins Live(F, DeadEnds);
  // Only read: the dominator tree's graph traits take blocks as non-const.
  const std::vector<NaturalLoop> Loops = naturalLoops(const_cast<Function &>(F));
  for (const BasicBlock *B : F.nodes()) {
    const Instruction *T = B->terminator();
    if (!T || !T->isBranch() || !T->Guard)
      continue;
    BranchInfo &BI = Info[B->index()];
    BI.Join = PDT.ipdom(B);
    // Paths that end the thread meet the others only at the end: a switch
    // whose default clang made unreachable (`exit`), an assert's failure,
    // a __trap(). The threads that go on meet at the first block all their
    // ways pass; the others leave the warp where they end.
    if ((!BI.Join || BI.Join->isVirtualExit()) && DeadEnds.any() && !DeadEnds.test(B->index()))
      if (const BasicBlock *J = Live.join(B)) {
        BI.Join = J;
        UsedLiveJoins = true;
      }
    if (!UA.isDivergentBranch(B)) {
      BI.Kind = BranchKind::Uniform;
      continue;
    }
    // A join moved inside the parent loop is a live join too: the pipeline's
    // second try (setLiveJoins(false)) goes without it.
    if (LiveJoinsOn)
      if (const BasicBlock *J = innerLoopJoin(B, BI.Join, Loops, F)) {
        BI.Join = J;
        UsedLiveJoins = true;
      }
    BitVector Region = influenceRegion(F, B, BI.Join);
    bool InCycle = Region.test(B->index());
    BI.Kind = InCycle ? BranchKind::LoopExit : BranchKind::Divergent;
    if (InCycle)
      BI.LoopJoin = loopJoin(F, B, Region);
  }
}

void Reconvergence::print(raw_ostream &OS, const Function &F) const {
  OS << "reconvergence of " << F.Name << ":\n";
  for (const BasicBlock *B : F.nodes()) {
    const BranchInfo &BI = branch(B);
    if (BI.Kind == BranchKind::None)
      continue;
    OS << "  " << B->name() << ": ";
    switch (BI.Kind) {
    case BranchKind::None:
      break;
    case BranchKind::Uniform:
      OS << "uniform";
      break;
    case BranchKind::Divergent:
      OS << "divergent, reconverges at " << (BI.Join ? BI.Join->name() : "(none)");
      break;
    case BranchKind::LoopExit:
      OS << "divergent loop exit, reconverges at "
         << (BI.Join ? BI.Join->name() : "(none)");
      if (BI.LoopJoin)
        OS << ", in the loop at " << BI.LoopJoin->name();
      break;
    }
    OS << '\n';
  }
}

} // namespace simt::cc
