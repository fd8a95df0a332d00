//===-- RegAlloc.cpp - Virtual registers onto R0..R62 and P0..P6 ----------===//
#include "cc/mir/RegAlloc.h"
#include "cc/abi/CallABI.h"
#include "cc/ptx/Diagnostics.h"
#include "cc/mir/MIR.h"

#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <bitset>
#include <cassert>
#include <climits>

using namespace llvm;

namespace simt::cc {

namespace {

constexpr unsigned NumGPR = 63, NumPred = 7;

/// The accesses of each instruction of B. A pair written word by word
/// (both words, unguarded, with no read of it in between, as the lowering
/// builds 64-bit values) is killed at the first of the two writes, as one
/// whole write would kill it; otherwise it would look live from the entry.
std::vector<SmallVector<Access, 8>> blockAccesses(const MBlock &B) {
  std::vector<SmallVector<Access, 8>> Out(B.Insts.size());
  DenseMap<unsigned, std::pair<size_t, uint8_t>> Pending; // pair -> (inst, word)
  for (size_t N = 0; N < B.Insts.size(); ++N) {
    accessesOf(B.Insts[N], Out[N]);
    for (const Access &X : Out[N])
      if (!X.Def)
        Pending.erase(X.VReg);
    for (const Access &X : Out[N]) {
      if (!X.Def)
        continue;
      if (X.Guarded || X.Sub == 0) {
        Pending.erase(X.VReg);
        continue;
      }
      auto It = Pending.find(X.VReg);
      if (It == Pending.end() || It->second.second == X.Sub) {
        Pending[X.VReg] = {N, X.Sub};
        continue;
      }
      for (Access &First : Out[It->second.first])
        if (First.Def && First.VReg == X.VReg)
          First.Kills = true;
      Pending.erase(It);
    }
  }
  return Out;
}

class Allocator {
public:
  Allocator(MFunction &MF, Allocation &A, Diagnostics *Diag) : MF(MF), A(A), Diag(Diag) {}
  bool run();
  void intervals(std::vector<int> &S, std::vector<int> &E) {
    computeIntervals();
    S = std::move(Start);
    E = std::move(End);
  }

private:
  void computeLiveness();
  void computeIntervals();
  /// Gives copies' sources and destinations one register where they do not
  /// interfere and deletes the copies; the number deleted.
  unsigned coalesceCopies();
  /// One linear scan; the values it had to spill, none on success.
  std::vector<unsigned> scan();
  /// Deletes the copies to and from ABI registers (and the hinted ones)
  /// that allocation made `MOV Rn, Rn`.
  void removeSelfCopies();
  /// Where a spilled value lives: a slot of local memory, or (a
  /// predicate) a GPR value.
  struct SpillPlan {
    // A GPR or a pair: a quad is never spilled (run()).
    bool Active = false, ToGPR = false, Pair = false;
    unsigned GPR = 0;
    int64_t Slot = 0;
    bool wide(const Access &X) const { return Pair && X.Sub == 0; }
    SIMT::Width width(const Access &X) const {
      return wide(X) ? SIMT::Width::B64 : SIMT::Width::B32;
    }
    int64_t offset(const Access &X) const { return Slot + (X.Sub == 2 ? 4 : 0); }
    RegClass temporaryClass(const Access &X) const {
      return ToGPR ? RegClass::Pred : wide(X) ? RegClass::GPR64 : RegClass::GPR;
    }
  };
  void spill(llvm::ArrayRef<unsigned> Values);
  SpillPlan planSpill(unsigned V);
  MInstBuilder reload(const SpillPlan &P, const Access &X, unsigned T,
                      const Instruction *Source) const;
  MInstBuilder save(const SpillPlan &P, const Access &X, unsigned T,
                    const Instruction *Source) const;
  MOperand slotBase() const;
  /// The reload or save B, marked as a slot's access (MInst::SpillSlot).
  MInst slotAccess(MInstBuilder B, const SpillPlan &P);
  /// Sizes the debugger's records (Allocation::HeldBy...) to the values.
  void growRecords();

  /// Whether V may not take physical register R of its class: another
  /// value is fixed there during V's interval, or V lives across a call
  /// and R is caller-saved (CallABI.h).
  bool blocked(unsigned V, unsigned R) const;
  bool isSpillTemp(unsigned V) const;

  MFunction &MF;
  Allocation &A;
  Diagnostics *Diag;
  std::vector<int> Start, End;
  std::vector<BitVector> LiveIn, LiveOut; // per block
  std::vector<bool> NoSpill; // spill temporaries, and registers the ABI fixes
  std::vector<int> CallWrites; // the write position (2K+1) of each CAL
  std::vector<int> Hint;       // a register each value prefers, -1: none
  /// Per GPR, the intervals of the values fixed to it.
  std::vector<std::vector<std::pair<int, int>>> FixedAt;
};

// A spill temporary is written and read right after, by the save under the
// same guard or by the instruction its reload precedes (or, for an
// instruction that rewrites its own guard, filled first, written under the
// guard, then saved): its write kills, guarded or not. (Otherwise a guarded
// write's temporary would look live from the function's entry, where
// nothing defines it, and could not be placed.)
bool Allocator::isSpillTemp(unsigned V) const {
  return V < A.SpillOf.size() && A.SpillOf[V] >= 0;
}

bool Allocator::blocked(unsigned V, unsigned R) const {
  bool Pred = MF.VRegs[V].Class == RegClass::Pred;
  if (!Pred && MF.Framed && R == abi::StackPointer)
    return true;
  if (Pred || !abi::isCalleeSaved(R))
    for (int W : CallWrites)
      if (Start[V] <= W && End[V] >= W)
        return true;
  if (!Pred)
    for (auto [S, E] : FixedAt[R])
      if (Start[V] <= E && End[V] >= S)
        return true;
  return false;
}

void Allocator::computeLiveness() {
  size_t N = MF.VRegs.size(), NB = MF.Blocks.size();
  std::vector<BitVector> Gen(NB, BitVector(N)), Kill(NB, BitVector(N));
  std::vector<BitVector> &In = LiveIn, &Out = LiveOut;
  In.assign(NB, BitVector(N));
  Out.assign(NB, BitVector(N));
  DenseMap<const MBlock *, size_t> Index;
  for (size_t B = 0; B < NB; ++B) {
    Index[MF.Blocks[B].get()] = B;
    for (const SmallVector<Access, 8> &Acc : blockAccesses(*MF.Blocks[B])) {
      for (const Access &X : Acc)
        if (!X.Def && !Kill[B].test(X.VReg))
          Gen[B].set(X.VReg);
      for (const Access &X : Acc)
        if (X.Kills || (X.Def && (isSpillTemp(X.VReg) || MF.VRegs[X.VReg].KilledUnderGuard)))
          Kill[B].set(X.VReg);
    }
  }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t B = NB; B-- > 0;) {
      BitVector NewOut(N);
      for (const MBlock *S : MF.Blocks[B]->successors())
        NewOut |= In[Index[S]];
      BitVector NewIn = NewOut;
      NewIn.reset(Kill[B]);
      NewIn |= Gen[B];
      if (NewIn != In[B] || NewOut != Out[B]) {
        In[B] = std::move(NewIn);
        Out[B] = std::move(NewOut);
        Changed = true;
      }
    }
  }
}

void Allocator::computeIntervals() {
  computeLiveness();
  size_t N = MF.VRegs.size(), NB = MF.Blocks.size();
  SmallVector<Access, 8> Acc;
  int Pos = 0;
  // Reads of instruction K are at 2K, writes at 2K+1.
  Start.assign(N, INT_MAX);
  End.assign(N, INT_MIN);
  auto Extend = [&](unsigned V, int P) {
    Start[V] = std::min(Start[V], P);
    End[V] = std::max(End[V], P);
  };
  CallWrites.clear();
  for (size_t B = 0; B < NB; ++B) {
    int K = Pos;
    int BlockStart = 2 * K;
    for (const MInst &I : MF.Blocks[B]->Insts) {
      if (I.Opcode == SIMT::CAL)
        CallWrites.push_back(2 * K + 1);
      Acc.clear();
      accessesOf(I, Acc);
      for (const Access &X : Acc)
        Extend(X.VReg, X.Def ? 2 * K + 1 : 2 * K);
      ++K;
    }
    Pos = K;
    int BlockEnd = std::max(BlockStart, 2 * K - 1);
    for (unsigned V : LiveIn[B].set_bits())
      Extend(V, BlockStart);
    for (unsigned V : LiveOut[B].set_bits())
      Extend(V, BlockEnd);
  }
}

// Chaitin's test: two values interfere when one is live just after an
// instruction that writes the other, other than the copy between them
// (which writes the destination with the value the source already holds).
// Values of one class only, merged greedily in program order with
// union-find; the merged value's interval is recomputed afterwards, so a
// longer interval can only make the scan spill sooner, never share wrongly.
unsigned Allocator::coalesceCopies() {
  size_t N = MF.VRegs.size();
  // The copies and the values they join.
  std::vector<std::pair<unsigned, unsigned>> Copies;
  DenseMap<const MInst *, unsigned> CopyAt;
  BitVector Candidate(N);
  for (const auto &B : MF.Blocks)
    for (const MInst &I : B->Insts) {
      auto [Dst, Src] = plainCopy(I);
      if (!Dst || Dst->Reg == Src->Reg)
        continue;
      const VirtReg &D = MF.VRegs[Dst->Reg], &S = MF.VRegs[Src->Reg];
      // Whole 32-bit registers, or a pair copied word by word; never the
      // registers the ABI fixes.
      if (D.Class != S.Class || D.Class == RegClass::Pred || D.Fixed >= 0 || S.Fixed >= 0 ||
          (D.Class == RegClass::GPR) != (Dst->Sub == 0))
        continue;
      CopyAt[&I] = Copies.size();
      Copies.push_back({Dst->Reg, Src->Reg});
      Candidate.set(Dst->Reg);
      Candidate.set(Src->Reg);
    }
  if (Copies.empty())
    return 0;
  computeLiveness();
  DenseMap<unsigned, BitVector> Interferes;
  for (unsigned V : Candidate.set_bits())
    Interferes[V] = BitVector(N);
  auto Mark = [&](unsigned X, unsigned Y) {
    if (Candidate.test(X))
      Interferes[X].set(Y);
    if (Candidate.test(Y))
      Interferes[Y].set(X);
  };
  for (size_t B = 0; B < MF.Blocks.size(); ++B) {
    BitVector Live = LiveOut[B];
    const std::vector<MInst> &Insts = MF.Blocks[B]->Insts;
    std::vector<SmallVector<Access, 8>> Accesses = blockAccesses(*MF.Blocks[B]);
    for (size_t K = Insts.size(); K-- > 0;) {
      const SmallVector<Access, 8> &Acc = Accesses[K];
      auto Copy = CopyAt.find(&Insts[K]);
      for (const Access &X : Acc)
        if (X.Def)
          for (unsigned V : Live.set_bits())
            if (V != X.VReg && !(Copy != CopyAt.end() && Copies[Copy->second].first == X.VReg &&
                                 Copies[Copy->second].second == V))
              Mark(X.VReg, V);
      for (const Access &X : Acc)
        if (X.Kills)
          Live.reset(X.VReg);
      for (const Access &X : Acc)
        if (!X.Def)
          Live.set(X.VReg);
    }
  }
  // Union-find over the candidates; a class's interference is its members'.
  std::vector<unsigned> Leader(N);
  for (unsigned V = 0; V < N; ++V)
    Leader[V] = V;
  auto Find = [&](unsigned V) {
    while (Leader[V] != V)
      V = Leader[V] = Leader[Leader[V]];
    return V;
  };
  DenseMap<unsigned, SmallVector<unsigned, 4>> Members;
  for (unsigned V : Candidate.set_bits())
    Members[V] = {V};
  for (auto [D, S] : Copies) {
    unsigned X = Find(D), Y = Find(S);
    if (X == Y || NoSpill[X] != NoSpill[Y] ||
        any_of(Members[Y], [&](unsigned M) { return Interferes[X].test(M); }))
      continue;
    Leader[Y] = X;
    Interferes[X] |= Interferes[Y];
    Members[X].append(Members[Y]);
  }
  for (unsigned V = 0; V < N; ++V)
    if (Find(V) != V)
      A.HeldBy[V] = int(Find(V));
  // Rename to the leaders; copies of a value to itself go.
  unsigned Removed = 0;
  for (auto &B : MF.Blocks) {
    for (MInst &I : B->Insts)
      for (MOperand &Op : I.Ops)
        if (Op.K == MOperand::VReg)
          Op.Reg = Find(Op.Reg);
    size_t Before = B->Insts.size();
    erase_if(B->Insts, [](const MInst &I) {
      auto [Dst, Src] = plainCopy(I);
      return Dst && Dst->Reg == Src->Reg;
    });
    Removed += Before - B->Insts.size();
  }
  return Removed;
}

std::vector<unsigned> Allocator::scan() {
  std::vector<unsigned> Order;
  A.Phys.assign(MF.VRegs.size(), -1);
  FixedAt.assign(NumGPR, {});
  for (unsigned V = 0; V < MF.VRegs.size(); ++V) {
    if (int R = MF.VRegs[V].Fixed; R >= 0) {
      A.Phys[V] = R; // precoloured; the SP (R1) is reserved throughout
      if (Start[V] <= End[V] && V != MF.SP)
        FixedAt[R].push_back({Start[V], End[V]});
    } else if (Start[V] <= End[V]) {
      Order.push_back(V);
    }
  }
  // In code with calls, caller-saved registers first: a value that lives
  // across no call then costs the callee no save.
  std::vector<unsigned> RegOrder;
  for (unsigned R = 0; R < NumGPR; ++R)
    if (!MF.Framed || !abi::isCalleeSaved(R))
      RegOrder.push_back(R);
  if (MF.Framed)
    for (unsigned R = abi::FirstCalleeSaved; R <= abi::LastCalleeSaved; ++R)
      RegOrder.push_back(R);
  std::stable_sort(Order.begin(), Order.end(),
                   [&](unsigned X, unsigned Y) { return Start[X] < Start[Y]; });
  std::bitset<NumGPR> UsedR;
  std::bitset<NumPred> UsedP;
  std::vector<unsigned> Active, Spilled;
  // A value copied to or from an ABI register prefers that register, and a
  // pair whose low word is copied from such a value the even register of
  // it: the copies then disappear (removeSelfCopies).
  Hint.assign(MF.VRegs.size(), -1);
  for (bool Pairs : {false, true})
    for (const auto &B : MF.Blocks)
      for (const MInst &I : B->Insts) {
        auto [Dst, Src] = plainCopy(I);
        if (!Dst)
          continue;
        int FD = MF.VRegs[Dst->Reg].Fixed, FS = MF.VRegs[Src->Reg].Fixed;
        if (Pairs) {
          int H = FS >= 0 ? FS : Hint[Src->Reg];
          if (Dst->Sub == 1 && FD < 0 && H >= 0 && H % 2 == 0 &&
              MF.VRegs[Dst->Reg].Class == RegClass::GPR64)
            Hint[Dst->Reg] = H;
        } else if (Dst->Sub == 0 && Src->Sub == 0) {
          if (FD >= 0 && FS < 0)
            Hint[Src->Reg] = FD;
          else if (FS >= 0 && FD < 0)
            Hint[Dst->Reg] = FS;
        }
      }
  auto Width = [&](unsigned V) { return wordsOf(MF.VRegs[V].Class); };
  auto IsPred = [&](unsigned V) { return MF.VRegs[V].Class == RegClass::Pred; };
  auto Release = [&](unsigned V) {
    if (IsPred(V))
      UsedP.reset(A.Phys[V]);
    else
      for (unsigned W = 0; W < Width(V); ++W)
        UsedR.reset(A.Phys[V] + W);
  };
  auto TryAssign = [&](unsigned V) {
    if (IsPred(V)) {
      for (unsigned P = 0; P < NumPred; ++P)
        if (!UsedP.test(P) && !blocked(V, P)) {
          UsedP.set(P);
          A.Phys[V] = P;
          return true;
        }
      return false;
    }
    unsigned W = Width(V);
    // Free for V, aligned to its size, within R0..R62.
    auto Free = [&](unsigned R) {
      if (R % W != 0 || R + W > NumGPR)
        return false;
      for (unsigned K = 0; K < W; ++K)
        if (UsedR.test(R + K) || blocked(V, R + K))
          return false;
      return true;
    };
    if (int H = Hint[V]; H >= 0 && Free(unsigned(H))) {
      for (unsigned K = 0; K < W; ++K)
        UsedR.set(H + K);
      A.Phys[V] = H;
      return true;
    }
    for (unsigned R : RegOrder)
      if (Free(R)) {
        for (unsigned K = 0; K < W; ++K)
          UsedR.set(R + K);
        A.Phys[V] = R;
        return true;
      }
    return false;
  };
  for (unsigned V : Order) {
    erase_if(Active, [&](unsigned X) {
      if (End[X] >= Start[V])
        return false;
      Release(X);
      return true;
    });
    while (!TryAssign(V)) {
      // Spill what ends last among the values of V's kind (V included).
      // Only a value whose register V could take.
      unsigned Victim = V;
      for (unsigned X : Active)
        if (IsPred(X) == IsPred(V) && !NoSpill[X] && !blocked(V, A.Phys[X]) &&
            (NoSpill[Victim] || End[X] > End[Victim]))
          Victim = X;
      if (NoSpill[Victim])
        return {~0u}; // cannot make room
      Spilled.push_back(Victim);
      if (Victim == V)
        break;
      Release(Victim);
      llvm::erase(Active, Victim);
      A.Phys[Victim] = -1;
    }
    if (A.Phys[V] >= 0)
      Active.push_back(V);
  }
  return Spilled;
}

// A GPR value goes to a slot of local memory: STL after each write, LDL
// before each read (a pair's word accesses use their half of the slot).
// A predicate goes to a GPR value, 1 or 0 (what P2R would give one bit of,
// without tying every predicate to one register): `SEL G, RZ, 0x1, !T`
// after each write, `ISETP.NE.U32.AND T, PT, G, 0x0, PT` before each read.
// G is an ordinary value: the next round allocates it, spilling it to local
// memory in its turn if GPRs are short too.
Allocator::SpillPlan Allocator::planSpill(unsigned V) {
  ++A.NumSpilled;
  SpillPlan P;
  P.Active = true;
  if (MF.VRegs[V].Class == RegClass::Pred) {
    P.ToGPR = true;
    P.GPR = MF.newVReg(RegClass::GPR);
    NoSpill.resize(MF.VRegs.size(), false);
    growRecords();
    A.HeldBy[V] = int(P.GPR);
    return P;
  }
  assert(MF.VRegs[V].Class != RegClass::GPR128 && "a quad is never spilled");
  P.Pair = MF.VRegs[V].Class == RegClass::GPR64;
  P.Slot = int64_t(alignTo(MF.LocalBytes, P.Pair ? 8 : 4));
  MF.LocalBytes = uint64_t(P.Slot) + (P.Pair ? 8 : 4);
  A.SpillSlot[V] = int(P.Slot);
  return P;
}

MInstBuilder Allocator::reload(const SpillPlan &P, const Access &X, unsigned T,
                               const Instruction *Source) const {
  if (P.ToGPR)
    return mi::ISETP(Source)
        .cmp(SIMT::ICmp::NE)
        .u32()
        .bop(SIMT::BoolOp::AND)
        .pu(MOperand::vreg(T))
        .pv(MOperand::zero())
        .ra(MOperand::vreg(P.GPR))
        .sb(SrcB::imm(0))
        .pp(MOperand::zero());
  return mi::LDL(Source).width(P.width(X)).rd(MOperand::vreg(T)).addr(slotBase(), P.offset(X));
}

MInst Allocator::slotAccess(MInstBuilder B, const SpillPlan &P) {
  MInst I = B.take();
  I.SpillSlot = !P.ToGPR && MF.Framed;
  return I;
}

MInstBuilder Allocator::save(const SpillPlan &P, const Access &X, unsigned T,
                             const Instruction *Source) const {
  if (P.ToGPR)
    return mi::SEL(Source).rd(MOperand::vreg(P.GPR)).ra(MOperand::zero()).sb(SrcB::imm(1)).pp(
        MOperand::vreg(T), /*Negated=*/true);
  return mi::STL(Source).width(P.width(X)).addr(slotBase(), P.offset(X)).rb(MOperand::vreg(T));
}

// In a frame, slots are at the stack pointer (CallABI.h).
MOperand Allocator::slotBase() const {
  return MF.Framed ? MOperand::vreg(MF.SP) : MOperand::zero();
}

// All of a round's spills in one walk over the code (one per value made
// compiling large kernels quadratic): each read of a spilled value gets a
// new temporary that a reload fills before the instruction, each write a
// new temporary that a save keeps after it, under the instruction's guard
// (the old value stays where it is false; where the instruction changes
// its guard, the temporary is filled first and the save is unguarded).
void Allocator::spill(ArrayRef<unsigned> Values) {
  std::vector<SpillPlan> Plan(MF.VRegs.size());
  for (unsigned V : Values)
    Plan[V] = planSpill(V);
  auto Spilled = [&](const Access &X) { return X.VReg < Plan.size() && Plan[X.VReg].Active; };
  for (auto &B : MF.Blocks) {
    std::vector<SmallVector<Access, 8>> Acc(B->Insts.size());
    bool Any = false;
    for (size_t N = 0; N < B->Insts.size(); ++N) {
      accessesOf(B->Insts[N], Acc[N]);
      Any |= any_of(Acc[N], Spilled);
    }
    if (!Any)
      continue;
    std::vector<MInst> Insts;
    Insts.reserve(B->Insts.size() * 2);
    for (size_t N = 0; N < B->Insts.size(); ++N) {
      MInst &I = B->Insts[N];
      SmallVector<std::pair<const Access *, unsigned>, 4> Writes;
      for (const Access &X : Acc[N]) {
        if (!Spilled(X))
          continue;
        const SpillPlan &P = Plan[X.VReg];
        unsigned T = MF.newVReg(P.temporaryClass(X));
        NoSpill.resize(MF.VRegs.size(), false);
        NoSpill[T] = true;
        growRecords();
        A.SpillOf[T] = int(X.VReg);
        I.Ops[X.McIndex].Reg = T;
        I.Ops[X.McIndex].Sub = 0;
        if (X.Def)
          Writes.push_back({&X, T});
        else
          Insts.push_back(slotAccess(reload(P, X, T, I.Source), P));
      }
      // The saves go under the guard as renamed (a spilled guard reads its
      // temporary). An instruction that also writes its own guard (`@P0
      // ISETP P0, P1`) has changed it by then: its temporaries are reloaded
      // first, so that they hold every lane, and saved unguarded.
      const MOperand Guard = I.Ops[0];
      const bool Guarded = Guard.K == MOperand::VReg;
      const bool WritesGuard = Guarded && any_of(Acc[N], [&](const Access &X) {
        return X.Def && X.VReg == Guard.Reg && !Spilled(X);
      });
      SmallVector<MInst, 2> After;
      for (auto [X, T] : Writes) {
        MInstBuilder S = save(Plan[X->VReg], *X, T, I.Source);
        if (WritesGuard)
          Insts.push_back(slotAccess(reload(Plan[X->VReg], *X, T, I.Source), Plan[X->VReg]));
        else if (Guarded)
          S.guard(Guard, Guard.Value & SIMT::PredNegBit);
        After.push_back(slotAccess(std::move(S), Plan[X->VReg]));
      }
      Insts.push_back(std::move(I));
      for (MInst &S : After)
        Insts.push_back(std::move(S));
    }
    B->Insts = std::move(Insts);
  }
}

// A copy between two values that got the same register (an ABI hint, or
// two live ranges that merely do not overlap, as `cvta %rd1, %rd1`) is a no-op.
void Allocator::removeSelfCopies() {
  auto Phys = [&](const MOperand *Op) { return A.Phys[Op->Reg] + (Op->Sub ? Op->Sub - 1 : 0); };
  for (auto &B : MF.Blocks)
    erase_if(B->Insts, [&](const MInst &I) {
      auto [Dst, Src] = plainCopy(I);
      return Dst && A.Phys[Dst->Reg] >= 0 && Phys(Dst) == Phys(Src);
    });
}

void Allocator::growRecords() {
  for (std::vector<int> *R : {&A.HeldBy, &A.SpillSlot, &A.SpillOf})
    R->resize(MF.VRegs.size(), -1);
}

bool Allocator::run() {
  NoSpill.assign(MF.VRegs.size(), false);
  for (unsigned V = 0; V < MF.VRegs.size(); ++V)
    // A quad (a 128-bit access's, live from the access to its word copies)
    // is never spilled: its slot would need 16-byte alignment, which a
    // frame's stack pointer (8-aligned) does not give; others make room.
    NoSpill[V] = MF.VRegs[V].Fixed >= 0 || MF.VRegs[V].Class == RegClass::GPR128;
  growRecords();
  A.NumCoalesced = coalesceCopies();
  for (unsigned Round = 0; Round < 16; ++Round) {
    computeIntervals();
    std::vector<unsigned> Spilled = scan();
    if (Spilled.empty()) {
      removeSelfCopies();
      A.NumGPRs = 0;
      for (unsigned V = 0; V < MF.VRegs.size(); ++V)
        if (A.Phys[V] >= 0 && MF.VRegs[V].Class != RegClass::Pred)
          A.NumGPRs = std::max<unsigned>(
              A.NumGPRs, A.Phys[V] + wordsOf(MF.VRegs[V].Class));
      return true;
    }
    if (Spilled.front() == ~0u)
      break;
    spill(Spilled);
  }
  Diag->error(MF.Source->Loc, "not supported yet: register allocation of '" +
                                 MF.Source->Name +
                                 "' (no room left after spilling: one instruction "
                                 "needs more registers than there are)");
  return false;
}

} // namespace

bool allocateRegisters(MFunction &MF, Allocation &A, Diagnostics &Diag) {
  return Allocator(MF, A, &Diag).run();
}

void liveIntervals(const MFunction &MF, std::vector<int> &Start, std::vector<int> &End) {
  Allocation Unused;
  // Computing intervals only reads the code.
  Allocator(const_cast<MFunction &>(MF), Unused, nullptr).intervals(Start, End);
}

void printAllocation(raw_ostream &OS, const MFunction &MF, const Allocation &A) {
  OS << "registers of " << MF.Source->Name << ":\n";
  for (unsigned V = 0; V < MF.VRegs.size(); ++V) {
    if (A.Phys[V] < 0)
      continue;
    const VirtReg &R = MF.VRegs[V];
    OS << "  " << R.Name << " -> ";
    if (R.Class == RegClass::Pred)
      OS << 'P' << A.Phys[V];
    else if (R.Class != RegClass::GPR)
      OS << 'R' << A.Phys[V] << ":R" << A.Phys[V] + wordsOf(R.Class) - 1;
    else
      OS << 'R' << A.Phys[V];
    OS << '\n';
  }
  OS << "  " << A.NumGPRs << " registers, " << A.NumSpilled << " spilled, " << MF.LocalBytes
     << " bytes of local memory, " << A.NumCoalesced << " copies coalesced\n";
}

} // namespace simt::cc
