//===-- UnifyLoopExits.cpp - Exits that leave two loops at once, made one -===//
#include "cc/passes/UnifyLoopExits.h"
#include "cc/analysis/CFG.h"
#include "cc/analysis/Loops.h"
#include "cc/passes/BlockEdits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace simt::cc {

namespace {

/// The labels given to blocks that had none.
constexpr const char *kStem = "$__loop_exit_";
/// At most this many loops changed per function (each change is one loop's
/// exits; the bound only stops a runaway).
constexpr unsigned kMaxLoops = 256;

struct ExitEdge {
  BasicBlock *From, *To;
};

/// L's exit edges, in layout order; empty when one of them leaves by other
/// than a branch or a fall-through (a `brx.idx` table), which this pass
/// does not rewrite.
std::vector<ExitEdge> exitEdges(const Function &F, const NaturalLoop &L) {
  std::vector<ExitEdge> Edges;
  for (const auto &B : F.Blocks) {
    if (!L.Body.contains(B.get()))
      continue;
    for (BasicBlock *S : B->Succs) {
      if (L.Body.contains(S) || S->isVirtualExit())
        continue;
      if (!hasEdge(F, *B, *S))
        return {};
      if (none_of(Edges, [&](const ExitEdge &E) { return E.From == B.get() && E.To == S; }))
        Edges.push_back({B.get(), S});
    }
  }
  return Edges;
}

/// Whether some edge of L leaves its parent loop too.
bool leavesParent(const NaturalLoop &L, const std::vector<NaturalLoop> &Loops,
                  const std::vector<ExitEdge> &Edges) {
  const NaturalLoop *Parent = nullptr;
  for (const NaturalLoop &M : Loops)
    if (&M != &L && M.Body.contains(L.Header) &&
        (!Parent || M.Body.size() < Parent->Body.size()))
      Parent = &M;
  return Parent && any_of(Edges, [&](const ExitEdge &E) { return !Parent->Body.contains(E.To); });
}

/// L's exits through one dispatch: each edge sets Which to its target's
/// number, the dispatch branches on it.
void unify(Function &F, const std::vector<ExitEdge> &Edges) {
  SmallVector<BasicBlock *, 4> Targets;
  for (const ExitEdge &E : Edges)
    if (!is_contained(Targets, E.To))
      Targets.push_back(E.To);
  // Where the new instructions say they come from: the first exit's.
  const BasicBlock &First = *Edges.front().From;
  Instruction Site; // none: no source position
  if (!First.Insts.empty())
    Site = First.terminator() ? *First.terminator() : First.Insts.back();
  Site.Scope = 0; // the new blocks lie outside any `{ }` call sequence
  const unsigned Which = F.addRegister(PTXType::U32, "%__loop_exit");
  const unsigned Is = F.addRegister(PTXType::Pred, "%__loop_exit_p");
  // The dispatch: `setp.eq.u32 Is, Which, K; @Is bra TARGET_K;` per target
  // but the last, which the final `bra` takes.
  SmallVector<BasicBlock *, 4> Dispatch;
  for (size_t K = 0; K < Targets.size(); ++K) {
    // One after the other: each falls through into the next.
    BasicBlock *D = K == 0 ? appendBlock(F, Site) : F.addBlock();
    Operand To = labelOperand(F, *Targets[K], kStem, Site.Loc);
    if (K + 1 < Targets.size()) {
      D->Insts.push_back(Instruction::at(Site, Opcode::Setp, {PTXType::U32},
                                         {Operand::reg(Is, Site.Loc), Operand::reg(Which, Site.Loc),
                                          Operand::imm(int64_t(K), Site.Loc)},
                                         {Modifier::Eq}));
      D->Insts.back().Guard.reset();
      Instruction Jump = plain(Site, Opcode::Bra, {To});
      Jump.Guard = Is;
      D->Insts.push_back(std::move(Jump));
    } else {
      D->Insts.push_back(plain(Site, Opcode::Bra, {To}));
    }
    Dispatch.push_back(D);
  }
  // Each edge through a block of its own that sets the number.
  for (const ExitEdge &E : Edges) {
    Instruction At = E.From->Insts.empty() ? Site : E.From->Insts.back();
    At.Scope = 0;
    BasicBlock *Set = appendBlock(F, At);
    const int64_t K = find(Targets, E.To) - Targets.begin();
    Set->Insts.push_back(Instruction::at(At, Opcode::Mov, {PTXType::U32},
                                         {Operand::reg(Which, At.Loc), Operand::imm(K, At.Loc)}));
    Set->Insts.back().Guard.reset();
    Set->Insts.push_back(
        plain(At, Opcode::Bra, {labelOperand(F, *Dispatch.front(), kStem, At.Loc)}));
    redirectEdges(F, *E.From, *E.To, *Set, kStem, At);
  }
  F.refreshNodes();
}

} // namespace

unsigned unifyLoopExits(Function &F) {
  if (F.Blocks.empty())
    return 0;
  unsigned Changed = 0;
  for (bool Again = true; Again && Changed < kMaxLoops;) {
    Again = false;
    buildCFG(F);
    const std::vector<NaturalLoop> Loops = naturalLoops(F);
    for (const NaturalLoop &L : Loops) {
      std::vector<ExitEdge> Edges = exitEdges(F, L);
      if (Edges.empty() || !leavesParent(L, Loops, Edges))
        continue;
      unify(F, Edges);
      ++Changed;
      Again = true;
      break;
    }
  }
  return Changed;
}

} // namespace simt::cc
