//===-- StackDepth.cpp - The SIMT stack depth a kernel can need -----------===//
#include "cc/mir/StackDepth.h"
#include "cc/ptx/Diagnostics.h"
#include "cc/mir/MIR.h"
#include "cc/analysis/Reconvergence.h"

#include "MCTargetDesc/SIMTMCTargetDesc.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

#include <set>
#include <vector>

using namespace llvm;

namespace simt::cc {

namespace {

enum class TokenKind : uint8_t { Div, Sync, Brk };

struct Token {
  TokenKind Kind;
  unsigned Block, Inst; // where the token resumes
  auto operator<=>(const Token &) const = default;
};

struct State {
  unsigned Block, Inst;
  std::vector<Token> Stack;
  auto operator<=>(const State &) const = default;
};

/// Past this many states the code is not one InsertReconvergence built.
constexpr size_t MaxStates = 1u << 20;
/// Past this many states (and 16 an instruction: every reachable instruction
/// is one at least) the walk with DIV tokens gives up for the coarser bound
/// of the walk without them (computeStackDepth).
constexpr size_t ExactStates = 1u << 16;
/// A stack deeper than this is taken to grow without bound: structured code
/// needs two entries per nesting level, and no kernel nests 128 deep.
constexpr size_t UnboundedDepth = 256;
/// DIV tokens hold disjoint, non-empty sets of waiting threads while at
/// least one thread runs: a warp never has more than 31 of them. (A loop
/// whose divergent exit branched to a BRK would push one per iteration in
/// which some threads leave; InsertReconvergence breaks under the guard.)
constexpr unsigned MaxDivTokens = 31;

class DepthWalker {
public:
  /// With `CountDivs` false, divergent branches push no DIV tokens (both
  /// outcomes are still followed): the walk then bounds the SSY and PBK
  /// tokens alone.
  DepthWalker(const MFunction &MF, const Reconvergence &RC, Diagnostics &Diag,
              std::vector<StackCallSite> *Calls, bool CountDivs)
      : MF(MF), RC(RC), Diag(Diag), Calls(Calls), CountDivs(CountDivs) {
    size_t Insts = 0;
    for (unsigned N = 0; N < MF.Blocks.size(); ++N) {
      Index[MF.Blocks[N].get()] = N;
      Insts += MF.Blocks[N]->Insts.size();
    }
    Limit = CountDivs ? std::min(MaxStates, std::max(ExactStates, 16 * Insts)) : MaxStates;
  }
  std::optional<unsigned> run();
  /// The walk gave up: more states than its limit.
  bool tooManyStates() const { return TooMany; }

private:
  void visit(unsigned Block, unsigned Inst, std::vector<Token> Stack);
  /// The block's successor in program order after its last instruction.
  std::optional<unsigned> fallThrough(unsigned Block) const;
  void next(const State &S, std::vector<Token> Stack);
  /// The warp's active mask emptied: resume at any token (those above it
  /// were left empty and are discarded).
  void pop(const std::vector<Token> &Stack);
  unsigned target(const MInst &I) const;
  bool fail(const MInst &I, const Twine &Msg);

  const MFunction &MF;
  const Reconvergence &RC;
  Diagnostics &Diag;
  std::vector<StackCallSite> *Calls;
  bool CountDivs;
  size_t Limit; // states
  bool TooMany = false;
  DenseMap<const MBlock *, unsigned> Index;
  std::set<State> Seen;
  std::vector<State> Work;
  unsigned Deepest = 0;
  bool Failed = false;
};

/// Whether the instruction runs for some threads only (a guard that is not
/// PT), and whether it never runs (`@!PT`).
std::pair<bool, bool> guardOf(const MInst &I) {
  for (const Slot &S : slotsOf(I.Opcode))
    if (S.Kind == SlotKind::Guard) {
      const MOperand &G = I.Ops[S.McIndex];
      if (G.K == MOperand::VReg)
        return {true, false};
      return {false, G.K == MOperand::Zero && (G.Value & SIMT::PredNegBit)};
    }
  return {false, false};
}

bool DepthWalker::fail(const MInst &I, const Twine &Msg) {
  if (!Failed)
    Diag.error(I.Source ? I.Source->Loc : MF.Source->Loc, Msg);
  Failed = true;
  return false;
}

unsigned DepthWalker::target(const MInst &I) const {
  for (const MOperand &Op : I.Ops)
    if (Op.K == MOperand::Block)
      return Index.lookup(Op.Target);
  llvm_unreachable("a control instruction without its target");
}

std::optional<unsigned> DepthWalker::fallThrough(unsigned Block) const {
  const MBlock &B = *MF.Blocks[Block];
  if (B.FallThrough)
    return Index.lookup(B.FallThrough);
  if (Block + 1 < MF.Blocks.size())
    return Block + 1;
  return std::nullopt;
}

void DepthWalker::visit(unsigned Block, unsigned Inst, std::vector<Token> Stack) {
  // Empty blocks (pads) pass control on.
  for (unsigned Hops = 0; Inst >= MF.Blocks[Block]->Insts.size(); ++Hops) {
    std::optional<unsigned> F = fallThrough(Block);
    if (!F || Hops > MF.Blocks.size())
      return; // running off the end: the emulator faults, nothing is pushed
    Block = *F;
    Inst = 0;
  }
  Deepest = std::max<unsigned>(Deepest, Stack.size());
  State S{Block, Inst, std::move(Stack)};
  if (Seen.insert(S).second)
    Work.push_back(std::move(S));
}

void DepthWalker::next(const State &S, std::vector<Token> Stack) {
  if (S.Inst + 1 < MF.Blocks[S.Block]->Insts.size())
    return visit(S.Block, S.Inst + 1, std::move(Stack));
  if (std::optional<unsigned> F = fallThrough(S.Block))
    visit(*F, 0, std::move(Stack));
}

void DepthWalker::pop(const std::vector<Token> &Stack) {
  for (size_t Depth = Stack.size(); Depth-- > 0;)
    visit(Stack[Depth].Block, Stack[Depth].Inst,
          std::vector<Token>(Stack.begin(), Stack.begin() + Depth));
}

std::optional<unsigned> DepthWalker::run() {
  if (MF.Blocks.empty())
    return 0;
  visit(0, 0, {});
  while (!Work.empty() && !Failed) {
    State S = std::move(Work.back());
    Work.pop_back();
    const MBlock &B = *MF.Blocks[S.Block];
    const MInst &I = B.Insts[S.Inst];
    if (S.Stack.size() > UnboundedDepth) {
      fail(I, "the SIMT stack of '" + MF.Source->Name + "' can grow without bound (more than " +
                  Twine(UnboundedDepth) +
                  " entries): a loop pushes reconvergence tokens it does not pop");
      break;
    }
    if (Seen.size() > Limit) {
      TooMany = true;
      if (!CountDivs)
        fail(I, "not supported yet: control flow of '" + MF.Source->Name +
                    "' too irregular to bound its SIMT stack depth");
      break;
    }
    auto [Guarded, Never] = guardOf(I);
    if (Never) {
      next(S, S.Stack);
      continue;
    }
    auto Pushed = [&](TokenKind K, unsigned At) {
      std::vector<Token> T = S.Stack;
      T.push_back({K, At, 0});
      return T;
    };
    switch (I.Opcode) {
    case SIMT::SSY:
      next(S, Pushed(TokenKind::Sync, target(I)));
      continue;
    case SIMT::PBK:
      next(S, Pushed(TokenKind::Brk, target(I)));
      continue;
    case SIMT::BRA:
    case SIMT::JMP: {
      unsigned T = target(I);
      if (!Guarded) {
        visit(T, 0, S.Stack);
        continue;
      }
      // Whole-warp outcomes push nothing; a split pushes DIV for the
      // threads that fall through and runs the taken ones first.
      visit(T, 0, S.Stack);
      next(S, S.Stack);
      // The block's conditional branch is the analysis's; one in a block
      // the lowering added is taken to diverge.
      BranchKind K = B.Source ? RC.branch(B.Source).Kind : BranchKind::Divergent;
      unsigned Divs = count_if(S.Stack, [](const Token &X) { return X.Kind == TokenKind::Div; });
      if (CountDivs && I.Opcode == SIMT::BRA && !modifierOf(I, SIMT::MG_Uni) &&
          (K == BranchKind::Divergent || K == BranchKind::LoopExit) && Divs < MaxDivTokens) {
        std::vector<Token> T2 = S.Stack;
        if (S.Inst + 1 < B.Insts.size()) {
          T2.push_back({TokenKind::Div, S.Block, S.Inst + 1});
        } else if (std::optional<unsigned> After = fallThrough(S.Block)) {
          T2.push_back({TokenKind::Div, *After, 0});
        } else {
          continue; // the not-taken threads would run off the end
        }
        visit(T, 0, std::move(T2));
      }
      continue;
    }
    case SIMT::BRK: // the breaking threads leave every token above the BRK one
    case SIMT::EXIT:
    case SIMT::RET:
      if (Guarded)
        next(S, S.Stack);
      pop(S.Stack);
      continue;
    case SIMT::BPT: // a trap stops the run: nothing after it is reached
      if (modifierOf<SIMT::MG_Bpt>(I) != SIMT::Bpt::TRAP)
        break;
      if (Guarded)
        next(S, S.Stack);
      continue;
    case SIMT::CAL:
      for (const MOperand &Op : I.Ops)
        if (Op.K == MOperand::Func && Calls)
          Calls->push_back({Op.Callee, unsigned(S.Stack.size())});
      next(S, S.Stack);
      continue;
    case SIMT::JCAL:
    case SIMT::BRX:
    case SIMT::JMX:
      fail(I, "not supported yet: " + mnemonicOf(I.Opcode) +
                  " in '" + MF.Source->Name + "' (its SIMT stack depth is not bounded)");
      continue;
    default:
      break;
    }
    if (modifierOf(I, SIMT::MG_PopSync)) {
      if (Guarded)
        next(S, S.Stack);
      pop(S.Stack);
      continue;
    }
    next(S, S.Stack);
  }
  if (Failed || TooMany)
    return std::nullopt;
  return Deepest;
}

} // namespace

std::optional<unsigned> computeStackDepth(const MFunction &MF, const Reconvergence &RC,
                                          Diagnostics &Diag,
                                          std::vector<StackCallSite> *Calls) {
  std::vector<StackCallSite> Sites;
  DepthWalker Exact(MF, RC, Diag, Calls ? &Sites : nullptr, true);
  std::optional<unsigned> Depth = Exact.run();
  if (!Exact.tooManyStates()) {
    if (Calls)
      Calls->insert(Calls->end(), Sites.begin(), Sites.end());
    return Depth;
  }
  // Many divergent branches whose DIV tokens can stack up in many orders
  // (the SDK's Mandelbrot): the states multiply. Every state's SSY and PBK
  // tokens are those of a state of the walk without DIV tokens (a DIV
  // token resumes at its branch's fall-through with the stack the branch
  // saw, which that walk follows too), and a warp holds at most
  // MaxDivTokens of them: their sum bounds the depth, a little above it.
  Sites.clear();
  std::optional<unsigned> Structured =
      DepthWalker(MF, RC, Diag, Calls ? &Sites : nullptr, false).run();
  if (!Structured)
    return std::nullopt;
  if (Calls)
    for (StackCallSite &Site : Sites)
      Calls->push_back({Site.Callee, Site.Depth + MaxDivTokens});
  return *Structured + MaxDivTokens;
}

} // namespace simt::cc
