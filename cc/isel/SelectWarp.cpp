//===-- SelectWarp.cpp - shfl, activemask, bar.warp.sync, shf -------------===//
//
// The warp-level PTX of sm_30 and later on the ISA's sm_35 level (ISA.md 7).
// A warp runs in lockstep here, so the `.sync` forms' member masks need no
// convergence step: shfl.sync is SHFL, vote.sync is VOTE (selectVote),
// activemask the ballot of PT, and bar.warp.sync a MEMBAR.CTA, which orders
// the lanes' memory accesses and marks the warp-level barrier for the tools.
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

// bar.warp.sync membermask: the lanes run in lockstep; MEMBAR.CTA orders
// their memory accesses (and is the warp barrier racecheck sees).
ErrorReported Selector::selectWarpSync(const Instruction &I) {
  if (I.Ops.size() != 1 || (I.Ops[0].K != Operand::Reg && I.Ops[0].K != Operand::Imm))
    return unsupported(I);
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

} // namespace simt::cc::isel
