//===-- SelectAtomicsVotesBits.cpp - atom, red, vote and bit intrinsics ---===//
#include "cc/isel/Selector.h"

using namespace llvm;

namespace simt::cc::isel {

MOperand Selector::valueReg(const Operand &Op, bool Is64) {
  if (Op.K == Operand::Reg)
    return vreg(Op);
  if (!Is64)
    return regOf(Op, Op.K == Operand::FImm);
  MOperand R = MOperand::vreg(MF->newVReg(RegClass::GPR64));
  MOperand Lo = R, Hi = R;
  Lo.Sub = 1;
  Hi.Sub = 2;
  move(Lo, Op, false);
  move(Hi, Op, true);
  return R;
}

bool Selector::isRead(unsigned RegId) {
  if (!ReadRegs) {
    ReadRegs.emplace(F.numRegs());
    SmallVector<unsigned, 8> Uses;
    for (const auto &B : F.Blocks)
      for (const Instruction &I : B->Insts) {
        Uses.clear();
        I.uses(Uses);
        for (unsigned R : Uses)
          ReadRegs->set(R);
      }
  }
  return ReadRegs->test(RegId);
}

// atom/red on global memory (and generic addresses, which are global once
// InferAddressSpaces has run, or shared) are one ATOM/RED: the ISA applies the lanes
// in ascending order, each atomically. Types: u32/b32, s32 (signed
// min/max), f32 (add), and 64-bit add, min/max.u64, the bitwise ops, exch
// and cas as U64 (f64 add is a loop of cas: cc/passes/ExpandAtomics.h).
ErrorReported Selector::selectAtomic(const Instruction &I) {
  using Op = SIMT::AtomOp;
  bool Returns = I.Op == Opcode::Atom;
  PTXType T = I.type();
  static constexpr std::pair<Modifier, Op> Ops[] = {
      {Modifier::Add, Op::ADD}, {Modifier::Min, Op::MIN}, {Modifier::Max, Op::MAX},
      {Modifier::Inc, Op::INC}, {Modifier::Dec, Op::DEC}, {Modifier::And, Op::AND},
      {Modifier::Or, Op::OR},   {Modifier::Xor, Op::XOR}, {Modifier::Exch, Op::EXCH},
      {Modifier::Cas, Op::CAS}};
  std::optional<Op> AOp;
  for (auto [Mod, O] : Ops)
    if (I.has(Mod))
      AOp = O;
  unsigned NumSrcs = AOp == Op::CAS ? 2 : 1;
  if (!AOp || I.Types.size() != 1 || I.Ops.size() != (Returns ? 2 : 1) + NumSrcs ||
      (Returns && I.Ops[0].K != Operand::Reg) || (!Returns && AOp == Op::CAS))
    return unsupported(I);
  // Shared ones are selected alike and become lock loops after the
  // reconvergence lowering (cc/mir/LowerSharedAtomics.h).
  if (I.Space != StateSpace::Global && I.Space != StateSpace::None &&
      I.Space != StateSpace::Shared)
    return unsupported(I);
  // f64's add is a compare-and-swap loop by now (the atomf pass); no
  // other f64 atomic may become an integer one.
  if (T == PTXType::F64)
    return Diag.error(I.Loc, "not supported yet: '" + opcodeSpelling(I) +
                                 "' (the ISA's float atomics add f32; f64 adds are loops)");
  bool Is64 = typeBits(T) == 64, Signed = T == PTXType::S32 || T == PTXType::S64;
  bool Float = T == PTXType::F32;
  bool MinMax = AOp == Op::MIN || AOp == Op::MAX;
  bool Bitwise = AOp == Op::AND || AOp == Op::OR || AOp == Op::XOR;
  // Signed 64-bit min/max: sm_35's ATOMS64 (the old value, or RZ for red).
  const bool SignedMinMax64 = Is64 && MinMax && Signed;
  if (SignedMinMax64 && needsLevel(I, 35, "sm_32"))
    return true;
  if (SignedMinMax64 && I.Space == StateSpace::Shared)
    return Diag.error(I.Loc, "not supported yet: '" + opcodeSpelling(I) +
                                 "' (signed 64-bit min/max on shared memory)");
  SIMT::AtomTy Ty = SignedMinMax64 ? SIMT::AtomTy::S64
                    : Is64 ? SIMT::AtomTy::U64
                    : Float ? SIMT::AtomTy::F32
                    : Signed && MinMax ? SIMT::AtomTy::S32
                                       : SIMT::AtomTy::U32;
  bool Valid = Float ? AOp == Op::ADD
               : Is64 ? (AOp == Op::ADD || Bitwise || AOp == Op::EXCH || AOp == Op::CAS || MinMax)
                      : (isInt32(T) && (!Bitwise || !Signed));
  if (!Valid || (typeBits(T) != 32 && !Is64))
    return Diag.error(I.Loc, "not supported yet: '" + opcodeSpelling(I) +
                                 "' (the ISA's atomics are u32, s32, f32 add, u64 and s64 min/max)");
  const Operand &Addr = I.Ops[Returns ? 1 : 0];
  MOperand Base;
  int64_t Offset;
  bool Wide;
  if (!addressOf(I, Addr, Base, Offset, Wide, /*OffsetBits=*/20))
    return unsupported(I);
  for (unsigned N = 0; N < NumSrcs; ++N) {
    const Operand &V = I.Ops[(Returns ? 2 : 1) + N];
    if (V.K == Operand::Reg && (classOf(F.reg(V.RegId).Type) == RegClass::GPR64) != Is64)
      return Diag.error(I.Loc, "'" + opcodeSpelling(I) + "' needs " +
                                   (Is64 ? "64" : "32") + "-bit registers; '" +
                                   F.reg(V.RegId).Name + "' is not");
  }
  MOperand B = valueReg(I.Ops[Returns ? 2 : 1], Is64);
  // RED has every operation but EXCH and CAS.
  bool Old = Returns && (isRead(I.Ops[0].RegId) || AOp == Op::EXCH || AOp == Op::CAS);
  // ATOM or ATOMCAS (the old value in Rd; CAS's swap in Rc), or RED.
  auto Atomic = [&](auto M) {
    M.e(Wide).op(*AOp).ty(Ty);
    if constexpr (requires { M.rd(B); })
      M.rd(vreg(I.Ops[0]));
    M.addr(Base, Offset).rb(B);
    if constexpr (requires { M.rc(B); })
      M.rc(valueReg(I.Ops[3], Is64));
    emit(M);
  };
  if (SignedMinMax64) {
    emit(build<mi::ATOMS64>().e(Wide).op(*AOp).ty(Ty)
             .rd(Old ? vreg(I.Ops[0]) : MOperand::zero()).addr(Base, Offset).rb(B));
    return false;
  }
  if (AOp == Op::CAS)
    Atomic(build<mi::ATOMCAS>());
  else if (Old)
    Atomic(build<mi::ATOM>());
  else
    Atomic(build<mi::RED>());
  return false;
}

// vote.all/any/uni.pred d, {!}p -> VOTE.ALL/ANY/EQ RZ, d, {!}p;
// vote.ballot.b32 d, {!}p -> VOTE.ANY d, PT, {!}p (Rd is the ballot).
// vote.sync.mode d, p, membermask: the warp runs in lockstep, so the mask
// asks for no convergence (a WARPSYNC states it: selectWarpSync), but only
// its lanes vote: lanes of other masks may run the same instruction at once
// (cooperative groups' tiles do, and NVIDIA's own tile code counts on a
// ballot holding its mask's lanes alone). With a register mask the vote is
// the ballot B of p and the ballot A of the active lanes, each within the
// mask: the ballot is B, any is B != 0, all is B == A, uni is B == 0 or
// B == A. An immediate mask is every executing lane's (a lane outside it is
// undefined behaviour), so the active lanes are its lanes: the plain VOTE.
ErrorReported Selector::selectVote(const Instruction &I) {
  const bool Sync = I.has(Modifier::Sync);
  if (I.Ops.size() != (Sync ? 3u : 2u) || I.Ops[0].K != Operand::Reg ||
      (I.Ops[1].K != Operand::Reg && I.Ops[1].K != Operand::Imm) || I.Types.size() != 1)
    return unsupported(I);
  bool Ballot = I.has(Modifier::Ballot);
  if (Ballot != (I.type() == PTXType::B32) || (!Ballot && I.type() != PTXType::Pred))
    return unsupported(I);
  if (Sync && I.Ops[2].K != Operand::Imm && I.Ops[2].K != Operand::Reg)
    return unsupported(I);
  if (Sync)
    warpSync(I.Ops[2]);
  using SIMT::Vote;
  if (!Sync || I.Ops[2].K == Operand::Imm) {
    auto M = build<mi::VOTE>().mode(I.has(Modifier::All)   ? Vote::ALL
                                    : I.has(Modifier::Uni) ? Vote::EQ
                                                           : Vote::ANY);
    M.rd(Ballot ? vreg(I.Ops[0]) : MOperand::zero());
    M.pd(Ballot ? MOperand::zero() : vreg(I.Ops[0]));
    emit(M.ps(predOf(I.Ops[1])));
    return false;
  }
  // The ballot of `P` (PT: the active lanes) within the mask.
  const MOperand Mask = regOf(I.Ops[2], false);
  auto MaskedBallot = [&](MOperand P, MOperand Dst) {
    MOperand All = temp();
    emit(build<mi::VOTE>().mode(Vote::ANY).rd(All).pd(MOperand::zero()).ps(P));
    emit(build<mi::LOP>().op(SIMT::Logic::AND).rd(Dst).ra(All).sb(SrcB::reg(Mask)));
    return Dst;
  };
  if (Ballot) {
    MaskedBallot(predOf(I.Ops[1]), vreg(I.Ops[0]));
    return false;
  }
  MOperand B = MaskedBallot(predOf(I.Ops[1]), temp());
  auto Compare = [&](SIMT::ICmp Cmp, MOperand Dst, SrcB Rhs, SIMT::BoolOp Op, MOperand With) {
    emit(build<mi::ISETP>().cmp(Cmp).u32().bop(Op).pu(Dst).pv(MOperand::zero()).ra(B).sb(Rhs)
             .pp(With));
  };
  const MOperand D = vreg(I.Ops[0]);
  if (I.has(Modifier::Any)) {
    Compare(SIMT::ICmp::NE, D, SrcB::imm(0), SIMT::BoolOp::AND, MOperand::zero());
    return false;
  }
  MOperand A = MaskedBallot(MOperand::zero(), temp());
  if (I.has(Modifier::All)) {
    Compare(SIMT::ICmp::EQ, D, SrcB::reg(A), SIMT::BoolOp::AND, MOperand::zero());
    return false;
  }
  MOperand Same = MOperand::vreg(MF->newVReg(RegClass::Pred));
  Compare(SIMT::ICmp::EQ, Same, SrcB::reg(A), SIMT::BoolOp::AND, MOperand::zero());
  Compare(SIMT::ICmp::EQ, D, SrcB::imm(0), SIMT::BoolOp::OR, Same);
  return false;
}

// prmt.mode's selectors for c & 3 = 0..3, one nibble a destination byte
// from byte 0 up (PTX ISA, prmt); null for another modifier.
static const uint16_t *prmtModeSelectors(Modifier Mode) {
  static const uint16_t F4e[] = {0x3210, 0x4321, 0x5432, 0x6543},
                        B4e[] = {0x5670, 0x6701, 0x7012, 0x0123},
                        Rc8[] = {0x0000, 0x1111, 0x2222, 0x3333},
                        Ecl[] = {0x3210, 0x3211, 0x3222, 0x3333},
                        Ecr[] = {0x0000, 0x1110, 0x2210, 0x3210},
                        Rc16[] = {0x1010, 0x3232, 0x1010, 0x3232};
  switch (Mode) {
  case Modifier::F4e: return F4e;
  case Modifier::B4e: return B4e;
  case Modifier::Rc8: return Rc8;
  case Modifier::Ecl: return Ecl;
  case Modifier::Ecr: return Ecr;
  case Modifier::Rc16: return Rc16;
  default: return nullptr;
  }
}

// popc (POPC; a 64-bit source as the sum of its words' counts), brev
// (BFE.U32.BREV of the whole word), bfind (FLO, .shiftamt as FLO.SH), prmt
// (PRMT: PTX's {b, a} by selector c is the ISA's {Rc, Ra} by Sb; a mode's
// selector from its table), trap (BPT.TRAP).
ErrorReported Selector::selectBitIntrinsic(const Instruction &I) {
  PTXType T = I.type();
  if (I.Op == Opcode::Trap) { // an immediate operand: the expansions' trap code
    if (I.Ops.size() > 1 || (I.Ops.size() == 1 && I.Ops[0].K != Operand::Imm))
      return unsupported(I);
    emit(build<mi::BPT>().mode(SIMT::Bpt::TRAP).imm(I.Ops.empty() ? 0 : I.Ops[0].Int));
    return false;
  }
  bool Prmt = I.Op == Opcode::Prmt;
  if (I.Ops.size() != (Prmt ? 4u : 2u) || I.Ops[0].K != Operand::Reg ||
      I.Ops[1].K != Operand::Reg || I.Types.size() != 1)
    return unsupported(I);
  MOperand D = vreg(I.Ops[0]);
  switch (I.Op) {
  case Opcode::Popc: {
    auto Count = [&](MOperand Dst, MOperand A) { emit(build<mi::POPC>().rd(Dst).ra(A).sb(A)); };
    if (T == PTXType::B32) {
      Count(D, vreg(I.Ops[1]));
      return false;
    }
    if (T != PTXType::B64)
      return unsupported(I);
    MOperand Lo = temp(), Hi = temp();
    Count(Lo, word(I.Ops[1], false));
    Count(Hi, word(I.Ops[1], true));
    emit(build<mi::IADD>().rd(D).ra(Lo).sb(Hi));
    return false;
  }
  case Opcode::Brev: { // .b64: each word reversed into the other
    auto Reverse = [&](MOperand Dst, MOperand A) { // the 32-bit field at 0, reversed
      emit(build<mi::BFE>().u32().brev().rd(Dst).ra(A).sb(SrcB::imm(32 << 8)));
    };
    if (T == PTXType::B32) {
      Reverse(D, vreg(I.Ops[1]));
      return false;
    }
    if (T != PTXType::B64)
      return unsupported(I);
    if (I.Ops[1].RegId == I.Ops[0].RegId) { // brev.b64 %rd, %rd: keep the high word
      MOperand Hi = temp();
      Reverse(Hi, word(I.Ops[1], true));
      Reverse(word(I.Ops[0], true), word(I.Ops[1], false));
      emit(build<mi::MOV>().rd(word(I.Ops[0], false)).sb(Hi));
      return false;
    }
    Reverse(word(I.Ops[0], false), word(I.Ops[1], true));
    Reverse(word(I.Ops[0], true), word(I.Ops[1], false));
    return false;
  }
  case Opcode::Bfind: {
    if (T != PTXType::U32 && T != PTXType::S32)
      return unsupported(I);
    auto M = build<mi::FLO>().u32(T == PTXType::U32).sh(I.has(Modifier::Shiftamt)).rd(D);
    emit(M.sb(srcB(I.Ops[1], false)));
    return false;
  }
  case Opcode::Prmt: {
    if (T != PTXType::B32 || I.Mods.size() > 1)
      return unsupported(I);
    auto M = build<mi::PRMT>().rd(D).ra(vreg(I.Ops[1])).rc(regOf(I.Ops[2], false));
    if (I.Mods.empty()) {
      emit(M.sb(srcB(I.Ops[3], false)));
      return false;
    }
    // A mode: c's two low bits pick one of four selectors (PTX's table).
    const uint16_t *Table = prmtModeSelectors(I.Mods[0]);
    if (!Table)
      return unsupported(I);
    const Operand &C = I.Ops[3];
    if (C.K == Operand::Imm) {
      emit(M.sb(SrcB::imm(Table[C.Int & 3])));
      return false;
    }
    // In a register: the selectors as the 8 bytes {Hi, Lo}, whose bytes
    // 2i and 2i + 1 a PRMT by (2i) | (2i + 1) << 4 = 0x22 i + 0x10 takes.
    MOperand Lo = temp(), Hi = temp(), Pick = temp(), Selector = temp();
    emit(build<mi::MOVWithImm>(Table[0] | uint32_t(Table[1]) << 16).rd(Lo));
    emit(build<mi::MOVWithImm>(Table[2] | uint32_t(Table[3]) << 16).rd(Hi));
    emit(build<mi::LOPWithImm>(3).op(SIMT::Logic::AND).rd(Pick).ra(regOf(C, false)));
    const SIMT::MulType U = SIMT::MulType::U32;
    emit(build<mi::IMUL>().atype(U).btype(U).rd(Pick).ra(Pick).sb(SrcB::imm(0x22)));
    emit(build<mi::IADD>().rd(Pick).ra(Pick).sb(SrcB::imm(0x10)));
    emit(build<mi::PRMT>().rd(Selector).ra(Lo).sb(Pick).rc(Hi));
    emit(M.sb(Selector));
    return false;
  }
  default:
    return unsupported(I);
  }
}

} // namespace simt::cc::isel
