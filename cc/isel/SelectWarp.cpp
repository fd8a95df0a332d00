//===-- SelectWarp.cpp - shfl, activemask, bar.warp.sync, shf -------------===//
//
// The warp-level PTX of sm_30 and later on the ISA's sm_35 level (ISA.md 9).
// A warp runs in lockstep here, so the `.sync` forms' member masks need no
// convergence step: each becomes a WARPSYNC that states the mask (for the
// sanitizer's synccheck) before the operation: shfl.sync is SHFL, vote.sync
// VOTE (selectVote), bar.warp.sync the WARPSYNC alone, which also orders the
// lanes' memory accesses; activemask is the ballot of PT.
// sm_70's match.sync and sm_80's redux.sync are sequences: each member lane
// broadcasts its value in turn (SHFL.IDX) and every lane folds it in.
//
//===----------------------------------------------------------------------===//
#include "cc/isel/Selector.h"

using namespace llvm;

namespace simt::cc::isel {

bool Selector::needsLevel(const Instruction &I, unsigned SM, StringRef FirstPTXTarget) {
  const Module &M = *F.getParent();
  if (M.IsaLevel >= SM)
    return false;
  Diag.error(I.Loc, "'" + opcodeSpelling(I) + "' needs " + FirstPTXTarget +
                        " or later (this ISA's " + simt::levels::archName(SM) +
                        " level); the module's .target is " +
                        (M.Target.empty() ? std::string("not given") : M.Target));
  return true;
}

// A `.sync` form's member mask as the warp barrier that states it
// (WARPSYNC); nothing on a module below sm_35, whose ISA lacks it (false).
bool Selector::warpSync(const Operand &Mask) {
  if (F.getParent()->IsaLevel < 35)
    return false;
  if (Mask.K == Operand::Imm)
    emit(build<mi::WARPSYNCi>().imm(uint32_t(Mask.Int)));
  else
    emit(build<mi::WARPSYNC>().ra(regOf(Mask, false)));
  return true;
}

// shfl[.sync].mode.b32 d[|p], a, b, c[, membermask]: SHFL with c as an
// immediate (SHFLi) or a register; b, the lane or offset, is any Sb.
ErrorReported Selector::selectShfl(const Instruction &I) {
  const bool Sync = I.has(Modifier::Sync);
  if (I.Ops.size() != (Sync ? 5u : 4u) || I.Types.size() != 1 || typeBits(I.type()) != 32)
    return unsupported(I);
  if (needsLevel(I, 35, "sm_30"))
    return true;
  using SIMT::ShflMode;
  std::optional<ShflMode> Mode;
  for (auto [Mod, M] : {std::pair{Modifier::Idx, ShflMode::IDX}, {Modifier::Up, ShflMode::UP},
                        {Modifier::Down, ShflMode::DOWN}, {Modifier::Bfly, ShflMode::BFLY}})
    if (I.has(Mod))
      Mode = M;
  if (!Mode)
    return unsupported(I);
  const Operand &Dst = I.Ops[0];
  const Operand *D = &Dst, *P = nullptr;
  if (Dst.K == Operand::Pair) {
    D = &Dst.Elems[0];
    P = &Dst.Elems[1];
  }
  if (D->K != Operand::Reg || (P && P->K != Operand::Reg))
    return unsupported(I);
  const Operand &C = I.Ops[3];
  MOperand A = regOf(I.Ops[1], false);
  SrcB Lane = srcB(I.Ops[2], false);
  MOperand Pd = P ? vreg(*P) : MOperand::zero();
  if (Sync)
    warpSync(I.Ops[4]);
  if (C.K == Operand::Imm) {
    // PTX reads c's bits 0..4 (clamp) and 8..12 (segment mask) only.
    uint32_t CBits = uint32_t(C.Int) & 0x1f1f;
    emit(build<mi::SHFLi>().mode(*Mode).pd(Pd).rd(vreg(*D)).ra(A).sb(Lane).imm(CBits));
  } else {
    emit(build<mi::SHFL>().mode(*Mode).pd(Pd).rd(vreg(*D)).ra(A).sb(Lane).rc(regOf(C, false)));
  }
  return false;
}

// activemask.b32 d: the ballot of PT over the active lanes.
ErrorReported Selector::selectActivemask(const Instruction &I) {
  if (I.Ops.size() != 1 || I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  emit(build<mi::VOTE>().mode(SIMT::Vote::ANY).rd(vreg(I.Ops[0])).pd(MOperand::zero())
           .ps(MOperand::zero()));
  return false;
}

// bar.warp.sync membermask: WARPSYNC (the warp barrier racecheck and
// synccheck see); below sm_35 a MEMBAR.CTA, which orders the lanes' memory
// accesses as well.
ErrorReported Selector::selectWarpSync(const Instruction &I) {
  if (I.Ops.size() != 1 || (I.Ops[0].K != Operand::Reg && I.Ops[0].K != Operand::Imm))
    return unsupported(I);
  if (!warpSync(I.Ops[0]))
    emit(build<mi::MEMBAR>().level(SIMT::Membar::CTA));
  return false;
}

// shf.l|r.wrap|clamp.b32 d, a, b, c: SHF, a the low word, b the high word,
// c the shift.
ErrorReported Selector::selectShf(const Instruction &I) {
  if (I.Ops.size() != 4 || I.Ops[0].K != Operand::Reg || I.Types.size() != 1 ||
      typeBits(I.type()) != 32 || I.has(Modifier::Wrap) == I.has(Modifier::Clamp) ||
      I.has(Modifier::L) == I.has(Modifier::R))
    return unsupported(I);
  if (needsLevel(I, 35, "sm_32"))
    return true;
  auto M = build<mi::SHF>().dir(I.has(Modifier::L) ? SIMT::ShfDir::L : SIMT::ShfDir::R);
  if (I.has(Modifier::Wrap))
    M.w();
  emit(M.rd(vreg(I.Ops[0])).ra(regOf(I.Ops[1], false)).sb(srcB(I.Ops[3], false))
           .rc(regOf(I.Ops[2], false)));
  return false;
}

// Lane J's value of A (and of A's high word for 64-bit values): SHFL.IDX.
MOperand Selector::laneValue(MOperand A, unsigned J) {
  MOperand T = temp();
  emit(build<mi::SHFLi>().mode(SIMT::ShflMode::IDX).pd(MOperand::zero()).rd(T).ra(A)
           .sb(SrcB::imm(int32_t(J))).imm(0x1f));
  return T;
}

// Whether lane J takes part: false for a lane an immediate mask leaves out;
// else P (a new predicate) is set to whether J is in a register mask, and
// Member true. P is PT (MOperand::zero()) for an immediate mask's lanes.
bool Selector::memberLane(const Operand &Mask, unsigned J, MOperand &P) {
  P = MOperand::zero();
  if (Mask.K == Operand::Imm)
    return uint32_t(Mask.Int) >> J & 1;
  MOperand Bit = temp();
  emit(build<mi::LOPWithImm>(1u << J).op(SIMT::Logic::AND).rd(Bit).ra(vreg(Mask)));
  P = MOperand::vreg(MF->newVReg(RegClass::Pred));
  emit(build<mi::ISETP>().cmp(SIMT::ICmp::NE).u32().pu(P).pv(MOperand::zero()).ra(Bit)
           .sb(SrcB::imm(0)).pp(MOperand::zero()));
  return true;
}

// redux.sync.op.type d, a, membermask: the member lanes' values folded in
// lane order, from the operation's identity.
ErrorReported Selector::selectRedux(const Instruction &I) {
  if (I.Ops.size() != 3 || I.Ops[0].K != Operand::Reg || I.Types.size() != 1 ||
      typeBits(I.type()) != 32 || I.Guard ||
      (I.Ops[2].K != Operand::Imm && I.Ops[2].K != Operand::Reg))
    return unsupported(I);
  if (needsLevel(I, 35, "sm_80"))
    return true;
  const bool Signed = I.type() == PTXType::S32;
  enum { Add, Min, Max, And, Or, Xor } Op;
  if (I.has(Modifier::Add))
    Op = Add;
  else if (I.has(Modifier::Min))
    Op = Min;
  else if (I.has(Modifier::Max))
    Op = Max;
  else if (I.has(Modifier::And))
    Op = And;
  else if (I.has(Modifier::Or))
    Op = Or;
  else if (I.has(Modifier::Xor))
    Op = Xor;
  else
    return unsupported(I);
  const uint32_t Identity = Op == And   ? ~0u
                            : Op == Min ? (Signed ? 0x7fffffffu : ~0u)
                            : Op == Max ? (Signed ? 0x80000000u : 0u)
                                        : 0u;
  warpSync(I.Ops[2]);
  MOperand A = regOf(I.Ops[1], false), Acc = temp();
  emit(build<mi::MOVWithImm>(Identity).rd(Acc));
  for (unsigned J = 0; J < 32; ++J) {
    MOperand P;
    if (!memberLane(I.Ops[2], J, P))
      continue;
    MOperand V = laneValue(A, J);
    if (P.K != MOperand::Zero) { // a register mask: the identity for a lane outside it
      MOperand Id = temp(), W = temp();
      emit(build<mi::MOVWithImm>(Identity).rd(Id));
      emit(build<mi::SEL>().rd(W).ra(V).sb(Id).pp(P));
      V = W;
    }
    switch (Op) {
    case Add: emit(build<mi::IADD>().rd(Acc).ra(Acc).sb(V)); break;
    case Min:
    case Max:
      emit(build<mi::IMNMX>().u32(!Signed).rd(Acc).ra(Acc).sb(V).pp(MOperand::zero(), Op == Max));
      break;
    default:
      emit(build<mi::LOP>().op(Op == And ? SIMT::Logic::AND : Op == Or ? SIMT::Logic::OR
                                                                       : SIMT::Logic::XOR)
               .rd(Acc).ra(Acc).sb(V));
      break;
    }
  }
  emit(build<mi::MOV>().rd(vreg(I.Ops[0])).sb(Acc));
  return false;
}

// match.any.sync.b32|b64 d, a, membermask: the member lanes whose value
// equals this lane's; match.all.sync d[|p], a, membermask: the mask when
// every member lane's value is the same, else 0 (p: whether it is).
ErrorReported Selector::selectMatch(const Instruction &I) {
  const bool All = I.has(Modifier::All);
  if (I.Ops.size() != 3 || I.Types.size() != 1 || I.Guard || (All == I.has(Modifier::Any)) ||
      (typeBits(I.type()) != 32 && typeBits(I.type()) != 64) ||
      (I.Ops[2].K != Operand::Imm && I.Ops[2].K != Operand::Reg))
    return unsupported(I);
  const Operand &Dst = I.Ops[0];
  const Operand *D = Dst.K == Operand::Pair ? &Dst.Elems[0] : &Dst;
  const Operand *PDst = Dst.K == Operand::Pair ? &Dst.Elems[1] : nullptr;
  if (D->K != Operand::Reg || (PDst && (PDst->K != Operand::Reg || !All)))
    return unsupported(I);
  if (needsLevel(I, 35, "sm_70"))
    return true;
  const bool Is64 = typeBits(I.type()) == 64;
  const Operand &Src = I.Ops[1];
  MOperand Lo = Is64 ? regWord(Src, false) : regOf(Src, false);
  MOperand Hi = Is64 ? regWord(Src, true) : MOperand::zero();
  warpSync(I.Ops[2]);
  MOperand Same = temp();
  emit(build<mi::MOVWithImm>(0).rd(Same));
  for (unsigned J = 0; J < 32; ++J) {
    MOperand Member;
    if (!memberLane(I.Ops[2], J, Member))
      continue;
    MOperand VLo = laneValue(Lo, J);
    MOperand Eq = MOperand::vreg(MF->newVReg(RegClass::Pred));
    emit(build<mi::ISETP>().cmp(SIMT::ICmp::EQ).u32().pu(Eq).pv(MOperand::zero()).ra(VLo)
             .sb(SrcB::reg(Lo)).pp(Member));
    if (Is64)
      emit(build<mi::ISETP>().cmp(SIMT::ICmp::EQ).u32().pu(Eq).pv(MOperand::zero())
               .ra(laneValue(Hi, J)).sb(SrcB::reg(Hi)).pp(Eq));
    emit(build<mi::LOPWithImm>(1u << J).op(SIMT::Logic::OR).rd(Same).ra(Same).guard(Eq, false));
  }
  if (!All) {
    emit(build<mi::MOV>().rd(vreg(*D)).sb(Same));
    return false;
  }
  MOperand Mask = regOf(I.Ops[2], false);
  MOperand Equal = PDst ? vreg(*PDst) : MOperand::vreg(MF->newVReg(RegClass::Pred));
  emit(build<mi::ISETP>().cmp(SIMT::ICmp::EQ).u32().pu(Equal).pv(MOperand::zero()).ra(Same)
           .sb(SrcB::reg(Mask)).pp(MOperand::zero()));
  emit(build<mi::SEL>().rd(vreg(*D)).ra(Mask).sb(SrcB::imm(0)).pp(Equal));
  return false;
}

// bmsk.clamp|wrap.b32 d, a, b (sm_70): b ones from bit a, both clamped to
// 32 or taken modulo 32: PTX bfi of all ones into 0 at position a, length b,
// which clamps the same way (BFI's control word is b << 8 | a).
ErrorReported Selector::selectBmsk(const Instruction &I) {
  const bool Wrap = I.has(Modifier::Wrap);
  if (I.Ops.size() != 3 || I.Ops[0].K != Operand::Reg || Wrap == I.has(Modifier::Clamp) ||
      I.Types.size() != 1 || typeBits(I.type()) != 32)
    return unsupported(I);
  auto Limited = [&](const Operand &Op) {
    MOperand R = temp();
    if (Wrap)
      emit(build<mi::LOP>().op(SIMT::Logic::AND).rd(R).ra(regOf(Op, false)).sb(SrcB::imm(31)));
    else // the minimum with 32 (IMNMX with PT), unsigned
      emit(build<mi::IMNMX>().u32().rd(R).ra(regOf(Op, false)).sb(SrcB::imm(32))
               .pp(MOperand::zero()));
    return R;
  };
  MOperand Pos = Limited(I.Ops[1]), Len = Limited(I.Ops[2]), Ctl = temp(), Ones = temp();
  emit(build<mi::ISCADD>().rd(Ctl).ra(Len).sb(Pos).shift(8));
  emit(build<mi::MOVWithImm>(~0u).rd(Ones));
  emit(build<mi::BFI>().rd(vreg(I.Ops[0])).ra(Ones).sb(Ctl).rc(MOperand::zero()));
  return false;
}

} // namespace simt::cc::isel
