//===-- SelectInt64.cpp - 64-bit integer arithmetic, setp, selp -----------===//
#include "cc/isel/Selector.h"

using namespace llvm;

namespace simt::cc::isel {

// Pairs a word at a time: carries through .CC/.X for add and sub, funnel
// shifts by constants, logic word by word; shifts by registers, mul.hi,
// min/max/neg/abs and division are the sequences of LowerMath64.h.
ErrorReported Selector::selectInt64(const Instruction &I) {
  auto Simple = [&](size_t N) { return hasIntOperands(I, N); };
  if (I.Op == Opcode::Mov)
    return selectMov64(I);
  if (I.has(Modifier::Cc) || I.has(Modifier::Sat))
    return unsupported(I);
  switch (I.Op) {
  case Opcode::Add:
  case Opcode::Sub:
    return selectAddSub64(I);
  case Opcode::Mul:
    return selectMul64(I);
  case Opcode::Mad: {
    if (!Simple(4) || !I.has(Modifier::Lo))
      return unsupported(I);
    MathSink S = sinkFor(I);
    lowerMadLo64(S, vreg(I.Ops[0]), words(I.Ops[1]), words(I.Ops[2]), words(I.Ops[3]));
    return false;
  }
  case Opcode::And:
  case Opcode::Or:
  case Opcode::Xor: {
    if (!Simple(3))
      return unsupported(I);
    SIMT::Logic Op = I.Op == Opcode::And  ? SIMT::Logic::AND
                     : I.Op == Opcode::Or ? SIMT::Logic::OR
                                          : SIMT::Logic::XOR;
    for (bool Hi : {false, true}) {
      auto M = build<mi::LOP>().op(Op).rd(word(I.Ops[0], Hi)).ra(regWord(I.Ops[1], Hi));
      emit(M.sb(srcBWord(I.Ops[2], Hi)));
    }
    return false;
  }
  case Opcode::Shl:
  case Opcode::Shr:
    return selectShift64(I);
  case Opcode::Not: { // ~a a word at a time: LOP.PASS_B d, RZ, ~a
    if (!Simple(2))
      return unsupported(I);
    for (bool Hi : {false, true}) {
      auto M = build<mi::LOP>().op(SIMT::Logic::PASS_B).rd(word(I.Ops[0], Hi)).ra(MOperand::zero());
      emit(M.sb(srcBWord(I.Ops[1], Hi, SIMT::SB_Inv)));
    }
    return false;
  }
  case Opcode::Neg:
  case Opcode::Abs:
  case Opcode::Min:
  case Opcode::Max: {
    bool Binary = I.Op == Opcode::Min || I.Op == Opcode::Max;
    if (!Simple(Binary ? 3 : 2) || (I.Op == Opcode::Abs && I.type() != PTXType::S64))
      return unsupported(I);
    MathSink S = sinkFor(I);
    if (Binary)
      lowerMinMax64(S, vreg(I.Ops[0]), words(I.Ops[1]), words(I.Ops[2]),
                    I.type() == PTXType::S64, I.Op == Opcode::Max);
    else
      lowerNegAbs64(S, vreg(I.Ops[0]), words(I.Ops[1]), I.Op == Opcode::Abs);
    return false;
  }
  case Opcode::Div:
  case Opcode::Rem: {
    if (!Simple(3) || I.type() == PTXType::B64)
      return unsupported(I);
    MathSink S = sinkFor(I);
    lowerIntDivRem64(S, vreg(I.Ops[0]), words(I.Ops[1]), words(I.Ops[2]),
                     I.type() == PTXType::S64, I.Op == Opcode::Rem);
    return false;
  }
  default:
    return unsupported(I);
  }
}

// mov.b64/u64/s64: a register, a constant or the address of a variable, a
// word at a time.
ErrorReported Selector::selectMov64(const Instruction &I) {
  if (I.Ops.size() != 2 || I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  const Operand &Src = I.Ops[1];
  if (Src.K == Operand::Symbol) { // the address of a .shared/.local variable
    if (std::optional<int64_t> A = paramAddress(Src)) {
      Operand V = Src;
      V.K = Operand::Imm;
      V.Int = *A;
      move(word(I.Ops[0], false), V, false);
      move(word(I.Ops[0], true), V, true);
      return false;
    }
    auto It = SymbolOffset.find(Src.Name);
    if (It == SymbolOffset.end()) {
      bool Failed = false;
      if (const ModuleVarSlot *S = moduleVar(I, Src.Name, Failed)) {
        selectVarAddress(*S, Src.Int, vreg(I.Ops[0]), /*Wide=*/true);
        return false;
      }
      return Failed || unsupportedAddressOf(I, Src);
    }
    Operand V = Src;
    V.K = Operand::Imm;
    V.Int = int64_t(It->second + uint64_t(Src.Int));
    if (MF->Framed && LocalVars.contains(Src.Name)) {
      localAddress(word(I.Ops[0], false), uint64_t(V.Int));
      V.Int = 0; // the windows are 32-bit
      move(word(I.Ops[0], true), V, true);
      return false;
    }
    move(word(I.Ops[0], false), V, false);
    move(word(I.Ops[0], true), V, true);
    return false;
  }
  if (Src.K != Operand::Reg && Src.K != Operand::Imm)
    return unsupported(I);
  move(word(I.Ops[0], false), Src, false);
  move(word(I.Ops[0], true), Src, true);
  return false;
}

// add/sub: IADD on the low words with the carry out (.CC), on the high
// words with it in (.X).
ErrorReported Selector::selectAddSub64(const Instruction &I) {
  if (!hasIntOperands(I, 3))
    return unsupported(I);
  bool IsSub = I.Op == Opcode::Sub;
  Operand B = I.Ops[2];
  unsigned Flags = 0;
  if (B.K == Operand::Imm) {
    if (IsSub)
      B.Int = int64_t(0 - uint64_t(B.Int));
  } else if (IsSub) {
    Flags = SIMT::SB_Neg;
  }
  for (bool Hi : {false, true}) { // the low word's carry out, the high word's in
    auto M = build<mi::IADD>().x(Hi).cc(!Hi).rd(word(I.Ops[0], Hi));
    M.ra(regWord(I.Ops[1], Hi));
    emit(M.sb(srcBWord(B, Hi, Flags)));
  }
  return false;
}

// mul.hi.64 is LowerMath64's sequence. mul.lo.64, what indexing a 2D array
// with 64-bit addresses emits (a row times the row's byte size): the low
// word of alo*blo, and the high word from its high half plus the two cross
// products. The high word is written before the low one, each after the
// last read of what it may overwrite (d may be a or b).
ErrorReported Selector::selectMul64(const Instruction &I) {
  if (hasIntOperands(I, 3) && I.has(Modifier::Hi)) {
    MathSink S = sinkFor(I);
    lowerMulHi64(S, vreg(I.Ops[0]), words(I.Ops[1]), words(I.Ops[2]),
                 I.type() == PTXType::S64);
    return false;
  }
  if (!hasIntOperands(I, 3) || !I.has(Modifier::Lo) || I.Ops[1].K != Operand::Reg)
    return unsupported(I);
  const Operand &A = I.Ops[1], &B = I.Ops[2];
  // IMUL (or, with C, IMAD), unsigned: D = A's word * B's word (+ C).
  auto Mul = [&](bool Hi, MOperand D, bool AHi, bool BHi, std::optional<MOperand> C) {
    const SIMT::MulType U = SIMT::MulType::U32;
    if (C) {
      auto M = build<mi::IMAD>().atype(U).btype(U).hi(Hi).rd(D).ra(regWord(A, AHi));
      emit(M.sb(srcBWord(B, BHi)).rc(*C));
    } else {
      auto M = build<mi::IMUL>().atype(U).btype(U).hi(Hi).rd(D).ra(regWord(A, AHi));
      emit(M.sb(srcBWord(B, BHi)));
    }
  };
  MOperand T = temp();
  Mul(true, T, false, false, std::nullopt);
  if (B.K != Operand::Imm || uint64_t(B.Int) >> 32) // a constant's high word is often 0
    Mul(false, T, false, true, T);
  Mul(false, word(I.Ops[0], true), true, false, T);
  Mul(false, word(I.Ops[0], false), false, false, std::nullopt);
  return false;
}

// shl/shr: funnel shifts by a constant, LowerMath64's sequence by a register.
ErrorReported Selector::selectShift64(const Instruction &I) {
  bool Left = I.Op == Opcode::Shl, Signed = I.type() == PTXType::S64;
  if (!hasIntOperands(I, 3) || (Left && Signed))
    return unsupported(I);
  if (I.Ops[2].K != Operand::Imm || I.Ops[1].K != Operand::Reg || I.Ops[2].Int < 0 ||
      I.Ops[2].Int > 63) { // by a register, or a constant PTX clamps to 64
    MathSink S = sinkFor(I);
    lowerShift64(S, vreg(I.Ops[0]), words(I.Ops[1]), regOf(I.Ops[2], false), Left, Signed);
    return false;
  }
  int64_t K = I.Ops[2].Int;
  bool FromSigned = false;
  if (Left && K > 0 && K < 32)
    if (std::optional<unsigned> Narrow = widenedFrom(I.Ops[1], FromSigned)) {
      // (int64)r << K from r itself (the cvt's words may then go unread).
      widenedShift(I.Ops[0], MOperand::vreg(VRegOf[*Narrow]), unsigned(K), FromSigned);
      return false;
    }
  // The word written first is the one whose source word is read last, so
  // that d may be a.
  MOperand DLo = word(I.Ops[0], false), DHi = word(I.Ops[0], true);
  MOperand ALo = word(I.Ops[1], false), AHi = word(I.Ops[1], true);
  // D = A << N, or A >> N (arithmetic when S).
  auto Shl = [&](MOperand D, MOperand A, int64_t N) {
    emit(build<mi::SHL>().rd(D).ra(A).sb(SrcB::imm(int32_t(N))));
  };
  auto Shr = [&](MOperand D, MOperand A, int64_t N, bool S) {
    emit(build<mi::SHR>().u32(!S).rd(D).ra(A).sb(SrcB::imm(int32_t(N))));
  };
  auto Or = [&](MOperand D, MOperand A, MOperand B) {
    emit(build<mi::LOP>().op(SIMT::Logic::OR).rd(D).ra(A).sb(B));
  };
  if (K == 0) {
    move(DLo, I.Ops[1], false);
    move(DHi, I.Ops[1], true);
  } else if (Left && K < 32) {
    MOperand T1 = temp(), T2 = temp();
    Shl(T1, AHi, K);
    Shr(T2, ALo, 32 - K, false);
    Or(DHi, T1, T2);
    Shl(DLo, ALo, K);
  } else if (Left) {
    Shl(DHi, ALo, K - 32);
    Operand Zero = I.Ops[2];
    Zero.Int = 0;
    move(DLo, Zero, std::nullopt);
  } else if (K < 32) {
    MOperand T1 = temp(), T2 = temp();
    Shr(T1, ALo, K, false);
    Shl(T2, AHi, 32 - K);
    Or(DLo, T1, T2);
    Shr(DHi, AHi, K, Signed);
  } else {
    Shr(DLo, AHi, K - 32, Signed);
    if (Signed)
      Shr(DHi, AHi, 31, true);
    else {
      Operand Zero = I.Ops[2];
      Zero.Int = 0;
      move(DHi, Zero, std::nullopt);
    }
  }
  return false;
}

// a < b on pairs: (a.hi < b.hi) or (a.hi == b.hi and a.lo <u b.lo).
// With .and/.or/.xor, or two destinations (`p|q`: q = !cmp bop c), the
// comparison goes to a temporary that PSETP then combines with the
// predicate operand. Only the instruction writing the PTX predicates carries
// the guard: a temporary written under a guard would be live (its old value
// kept) from the kernel's entry on.
ErrorReported Selector::selectSetp64(const Instruction &I) {
  std::optional<SIMT::BoolOp> Combine = combineOf(I);
  const bool Both = !I.Ops.empty() && I.Ops[0].K == Operand::Pair;
  if (I.Ops.size() != (Combine ? 4u : 3u) || (I.Ops[0].K != Operand::Reg && !Both))
    return unsupported(I);
  if (checkSetpPair(I))
    return true;
  std::optional<SIMT::ICmp> Cmp = intCompareOf(I);
  if (!Cmp)
    return unsupported(I);
  bool Unsigned = I.type() != PTXType::S64 || I.has(Modifier::Lo) || I.has(Modifier::Ls) ||
                  I.has(Modifier::Hi) || I.has(Modifier::Hs);
  const bool ViaPsetp = Combine || Both;
  using SIMT::BoolOp;
  using SIMT::ICmp;
  MOperand P = ViaPsetp ? MOperand::vreg(MF->newVReg(RegClass::Pred)) : vreg(I.Ops[0]);
  auto Setp = [&](MOperand Dst, ICmp C, bool U, bool Hi, BoolOp Bop, MOperand Q) {
    bool Final = !ViaPsetp && Dst.K == MOperand::VReg && Dst.Reg == P.Reg;
    mi::ISETP M = Final ? build<mi::ISETP>() : mi::ISETP(CurI);
    M.cmp(C).u32(U).bop(Bop).pu(Dst).pv(MOperand::zero()).ra(regWord(I.Ops[1], Hi));
    emit(M.sb(srcBWord(I.Ops[2], Hi)).pp(Q));
  };
  MOperand T = MOperand::vreg(MF->newVReg(RegClass::Pred));
  if (*Cmp == ICmp::EQ || *Cmp == ICmp::NE) {
    Setp(T, *Cmp, true, false, BoolOp::AND, MOperand::zero());
    Setp(P, *Cmp, true, true, *Cmp == ICmp::EQ ? BoolOp::AND : BoolOp::OR, T);
  } else {
    ICmp Strict = (*Cmp == ICmp::LT || *Cmp == ICmp::LE) ? ICmp::LT : ICmp::GT;
    Setp(T, *Cmp, true, false, BoolOp::AND, MOperand::zero());
    Setp(T, ICmp::EQ, true, true, BoolOp::AND, T);
    Setp(P, Strict, Unsigned, true, BoolOp::OR, T);
  }
  if (ViaPsetp) { // p = (cmp bop c) AND PT, q = (!cmp bop c) AND PT; c is PT without bop
    auto M = build<mi::PSETP>().bop(Combine ? *Combine : BoolOp::AND);
    if (Both)
      M.pu(vreg(I.Ops[0].Elems[0])).pv(vreg(I.Ops[0].Elems[1]));
    else
      M.pu(vreg(I.Ops[0])).pv(MOperand::zero());
    emit(M.pp(P).pq(Combine ? predOf(I.Ops[3]) : MOperand::zero()).pr(MOperand::zero()));
  }
  return false;
}

// add.cc/sub.cc start a carry chain (IADD.CC), addc/subc continue it
// (IADD.X, with .CC when they pass it on); a 64-bit chain runs through
// both words. A subtrahend is a register with `-`, which IADD adds as its
// complement plus the carry in, as a borrow needs.
ErrorReported Selector::selectCarry(const Instruction &I) {
  if (I.Op == Opcode::Mad || I.Op == Opcode::Madc)
    return selectMadCarry(I);
  PTXType T = I.type();
  bool In = I.Op == Opcode::Addc || I.Op == Opcode::Subc, Out = I.has(Modifier::Cc);
  bool IsSub = I.Op == Opcode::Sub || I.Op == Opcode::Subc;
  if ((!isInt32(T) && !isInt64(T)) || !hasIntOperands(I, 3) ||
      (I.Op != Opcode::Add && I.Op != Opcode::Sub && !In))
    return unsupported(I);
  if (In && !CarryOut)
    return Diag.error(I.Loc, "'" + opcodeSpelling(I) +
                                 "' takes a carry that no add.cc, sub.cc or mad.cc made");
  bool Is64 = isInt64(T);
  unsigned Flags = IsSub ? unsigned(SIMT::SB_Neg) : 0u;
  static constexpr bool Halves[] = {false, true};
  for (bool Hi : ArrayRef(Halves).take_front(Is64 ? 2 : 1)) {
    bool First = !Hi, Final = Hi == Is64;
    auto M = build<mi::IADD>().x(First ? In : true).cc(Final ? Out : true);
    M.rd(Is64 ? word(I.Ops[0], Hi) : vreg(I.Ops[0]));
    M.ra(Is64 ? regWord(I.Ops[1], Hi) : regOf(I.Ops[1], false));
    emit(M.sb(Is64 ? regWord(I.Ops[2], Hi) : regOf(I.Ops[2], false), Flags));
  }
  CarryOut = Out && carryTaken(I) ? &I : nullptr;
  return false;
}

// nvcc ends an unsigned __int128 sum with an addc.cc whose carry nothing
// reads: a carry is dead when no addc/subc/madc of its block takes it
// before another chain starts, and when none does by the block's end after
// a 64-bit sequence set the flag itself. Without such a sequence it is
// taken to go on into the next block, where a chain may continue.
bool Selector::carryTaken(const Instruction &I) const {
  const std::vector<Instruction> &Insts = CurBlock->Insts;
  if (&I < Insts.data() || &I >= Insts.data() + Insts.size())
    return true; // an instruction the selection made (no place in the block)
  bool Overwritten = false;
  for (size_t N = size_t(&I - Insts.data()) + 1; N < Insts.size(); ++N) {
    const Opcode Op = Insts[N].Op;
    if (Op == Opcode::Addc || Op == Opcode::Subc || Op == Opcode::Madc)
      return true; // (after a 64-bit sequence: refused, "between")
    if (Insts[N].has(Modifier::Cc))
      return false; // another chain starts
    Overwritten |= usesCarryFlag(Insts[N]);
  }
  return !Overwritten;
}

// mad{.lo,.hi}.cc and madc{.lo,.hi}{.cc} (.u32, .s32): the multi-word
// products of nvcc's math library (sinf's argument reduction) and of
// extended-precision code, one IMAD each: the low or high word of a * b
// plus c, with .X taking the carry in and .CC giving it out.
ErrorReported Selector::selectMadCarry(const Instruction &I) {
  PTXType T = I.type();
  bool In = I.Op == Opcode::Madc, Out = I.has(Modifier::Cc);
  if (!isInt32(T) || !hasIntOperands(I, 4) || I.has(Modifier::Wide) ||
      I.has(Modifier::Lo) == I.has(Modifier::Hi))
    return unsupported(I);
  if (In && !CarryOut)
    return Diag.error(I.Loc, "'" + opcodeSpelling(I) +
                                 "' takes a carry that no add.cc, sub.cc or mad.cc made");
  SIMT::MulType Ty = mulType(T == PTXType::S32);
  auto M = build<mi::IMAD>().atype(Ty).btype(Ty).hi(I.has(Modifier::Hi)).x(In).cc(Out);
  M.rd(vreg(I.Ops[0])).ra(regOf(I.Ops[1], false)).sb(srcB(I.Ops[2], false));
  emit(M.rc(regOf(I.Ops[3], false)));
  CarryOut = Out && carryTaken(I) ? &I : nullptr;
  return false;
}

// selp.b64/u64/s64/f64 d, a, b, p: a SEL per word (each reads only its own
// words, so d may be a or b).
ErrorReported Selector::selectSelp64(const Instruction &I) {
  if (I.Ops.size() != 4 || I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  Operand A = I.Ops[1], B = I.Ops[2];
  for (Operand *Op : {&A, &B}) {
    if (Op->K == Operand::FImm || (Op->K == Operand::Imm && I.type() == PTXType::F64)) {
      Op->Int = int64_t(f64Bits(*Op));
      Op->K = Operand::Imm;
    } else if (Op->K != Operand::Reg && Op->K != Operand::Imm) {
      return unsupported(I);
    }
  }
  for (bool Hi : {false, true}) {
    auto M = build<mi::SEL>().rd(word(I.Ops[0], Hi)).ra(regWord(A, Hi));
    emit(M.sb(srcBWord(B, Hi)).pp(predOf(I.Ops[3])));
  }
  return false;
}

} // namespace simt::cc::isel
