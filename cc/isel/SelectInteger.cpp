//===-- SelectInteger.cpp - 32- and 16-bit integer arithmetic and logic ---===//
#include "cc/isel/Selector.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace llvm;

namespace simt::cc::isel {

MOperand Selector::extend16(const Operand &Op, bool Signed) {
  using SIMT::IntType;
  MOperand W = temp();
  auto M = build<mi::I2I>()
               .dty(Signed ? IntType::S32 : IntType::U32)
               .sty(Signed ? IntType::S16 : IntType::U16)
               .rd(W);
  emit(M.sb(srcB(Op, false)));
  return W;
}

// shl.b16 is the 32-bit SHL: the low half is right, and counts of 16 and
// more clear it. shr.u16/s16 shift in bits of the high half, so the operand
// is extended first.
ErrorReported Selector::selectShift16(const Instruction &I) {
  if (!hasIntOperands(I, 3) || I.Ops[0].K != Operand::Reg || I.Ops[1].K != Operand::Reg)
    return unsupported(I);
  bool Left = I.Op == Opcode::Shl, Signed = I.type() == PTXType::S16;
  if (Left && Signed)
    return unsupported(I);
  if (Left) {
    auto M = build<mi::SHL>().rd(vreg(I.Ops[0])).ra(regOf(I.Ops[1], false));
    emit(M.sb(srcB(I.Ops[2], false)));
  } else {
    auto M = build<mi::SHR>().u32(!Signed).rd(vreg(I.Ops[0])).ra(extend16(I.Ops[1], Signed));
    emit(M.sb(srcB(I.Ops[2], false)));
  }
  return false;
}

// 16-bit arithmetic in 32-bit registers whose high half is undefined: add,
// sub, mul.lo, mad.lo and neg are the 32-bit instruction (the low half of
// the result depends on the low halves only); mul.hi, mul.wide, min and max
// extend their operands first and use the 32-bit operation on them.
ErrorReported Selector::selectInt16(const Instruction &I) {
  PTXType T = I.type();
  bool Signed = T == PTXType::S16, Hi = I.has(Modifier::Hi), Wide = I.has(Modifier::Wide);
  bool Extends = Hi || Wide || I.Op == Opcode::Min || I.Op == Opcode::Max;
  if (!Extends) {
    if (I.Op != Opcode::Add && I.Op != Opcode::Sub && I.Op != Opcode::Neg &&
        I.Op != Opcode::Mul && I.Op != Opcode::Mad)
      return unsupported(I);
    Instruction As32 = I;
    As32.Types[0] = Signed ? PTXType::S32 : PTXType::U32;
    return selectIntArith(As32);
  }
  if (I.Op == Opcode::Mad || !hasIntOperands(I, 3) || I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  MOperand D = vreg(I.Ops[0]);
  MOperand A = extend16(I.Ops[1], Signed), B = extend16(I.Ops[2], Signed);
  if (I.Op == Opcode::Min || I.Op == Opcode::Max) { // IMNMX: PT min, !PT max
    emit(build<mi::IMNMX>().u32(!Signed).rd(D).ra(A).sb(B).pp(
        MOperand::zero(), /*Negated=*/I.Op == Opcode::Max));
    return false;
  }
  // The 32-bit product of two extended halves is exact: .wide is it, .hi
  // its bits 16..31.
  MOperand P = Hi ? temp() : D;
  SIMT::MulType Ty = mulType(Signed);
  emit(build<mi::IMUL>().atype(Ty).btype(Ty).hi(false).rd(P).ra(A).sb(B));
  if (Hi)
    emit(build<mi::SHR>().u32(!Signed).rd(D).ra(P).sb(SrcB::imm(16)));
  return false;
}

ErrorReported Selector::selectIntArith(const Instruction &I) {
  PTXType T = I.type();
  if (isInt16(T) && (I.Op == Opcode::Shl || I.Op == Opcode::Shr))
    return selectShift16(I);
  if (isInt16(T))
    return selectInt16(I);
  bool Signed = T == PTXType::S32;
  auto Ops = [&](size_t N) { return hasIntOperands(I, N); };
  // Carries, saturation and 24-bit forms come later.
  if (!isInt32(T) || I.has(Modifier::Cc) || I.has(Modifier::Sat) || I.Ops.empty() ||
      I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  MOperand D = vreg(I.Ops[0]);
  switch (I.Op) {
  case Opcode::Add:
  case Opcode::Sub: {
    if (!Ops(3))
      return unsupported(I);
    bool IsSub = I.Op == Opcode::Sub;
    const Operand &B = I.Ops[2];
    if (IsSub && I.Ops[1].K == Operand::Imm && B.K == Operand::Reg &&
        fitsSbImm(int32_t(uint32_t(I.Ops[1].Int)))) { // k - b = -b + k
      emit(build<mi::IADD>().rd(D).ra(vreg(B), SIMT::RM_Neg).sb(srcB(I.Ops[1], false)));
      return false;
    }
    if (B.K == Operand::Imm) {
      uint32_t V = uint32_t(IsSub ? -B.Int : B.Int);
      emit(build<mi::IADDWithImm>(V).rd(D).ra(regOf(I.Ops[1], false)));
      return false;
    }
    auto M = build<mi::IADD>().rd(D).ra(regOf(I.Ops[1], false));
    emit(M.sb(srcB(B, false, IsSub ? unsigned(SIMT::SB_Neg) : 0u)));
    return false;
  }
  case Opcode::Mul:
  case Opcode::Mad: {
    bool Hi = I.has(Modifier::Hi);
    if (I.has(Modifier::Wide) && I.Op == Opcode::Mul && Ops(3)) {
      MOperand A = regOf(I.Ops[1], false);
      // By 2^k (an index scaled to bytes): two shifts, cheaper than
      // IMUL.HI on any SM, the emulator's included.
      const Operand &B = I.Ops[2];
      if (B.K == Operand::Imm && B.Int > 1 && B.Int <= INT32_MAX && isPowerOf2_64(B.Int)) {
        widenedShift(I.Ops[0], A, Log2_64(B.Int), Signed);
        return false;
      }
      // d = a * b as 64 bits: the low and the high word of the product.
      SIMT::MulType Ty = mulType(Signed);
      for (bool H : {false, true}) {
        auto M = build<mi::IMUL>().atype(Ty).btype(Ty).hi(H).rd(word(I.Ops[0], H)).ra(A);
        emit(M.sb(srcB(I.Ops[2], false)));
      }
      return false;
    }
    if (I.has(Modifier::Wide) || (!Hi && !I.has(Modifier::Lo)) ||
        !Ops(I.Op == Opcode::Mad ? 4 : 3))
      return unsupported(I);
    SIMT::MulType Ty = mulType(Signed);
    if (I.Op == Opcode::Mad) {
      auto M = build<mi::IMAD>().atype(Ty).btype(Ty).hi(Hi).rd(D).ra(regOf(I.Ops[1], false));
      M.sb(srcB(I.Ops[2], false));
      emit(M.rc(regOf(I.Ops[3], false)));
    } else {
      auto M = build<mi::IMUL>().atype(Ty).btype(Ty).hi(Hi).rd(D).ra(regOf(I.Ops[1], false));
      emit(M.sb(srcB(I.Ops[2], false)));
    }
    return false;
  }
  case Opcode::Min:
  case Opcode::Max: {
    if (!Ops(3))
      return unsupported(I);
    // IMNMX: Pp ? min : max; PT selects min, !PT max.
    auto M = build<mi::IMNMX>().u32(!Signed).rd(D).ra(regOf(I.Ops[1], false));
    M.sb(srcB(I.Ops[2], false));
    emit(M.pp(MOperand::zero(), /*Negated=*/I.Op == Opcode::Max));
    return false;
  }
  case Opcode::Neg: { // 0 - b
    if (!Ops(2))
      return unsupported(I);
    emit(build<mi::IADD>().rd(D).ra(MOperand::zero()).sb(srcB(I.Ops[1], false, SIMT::SB_Neg)));
    return false;
  }
  case Opcode::Abs: {
    if (!Ops(2) || !Signed)
      return unsupported(I);
    emit(build<mi::IABS>().rd(D).sb(srcB(I.Ops[1], false)));
    return false;
  }
  case Opcode::Shl:
  case Opcode::Shr: {
    // PTX clamps shift counts to 32, as SHL/SHR without .W do.
    if (!Ops(3) || (I.Op == Opcode::Shl && Signed))
      return unsupported(I);
    if (I.Op == Opcode::Shl) {
      auto M = build<mi::SHL>().rd(D).ra(regOf(I.Ops[1], false));
      emit(M.sb(srcB(I.Ops[2], false)));
    } else {
      auto M = build<mi::SHR>().u32(!Signed).rd(D).ra(regOf(I.Ops[1], false));
      emit(M.sb(srcB(I.Ops[2], false)));
    }
    return false;
  }
  default:
    return unsupported(I);
  }
}

// 16-bit logic (clang's and.b16 on a loaded bool) is the 32-bit operation:
// the low half is right, and nothing reads the high half of a 16-bit value
// without extending it first (cvt, setp).
ErrorReported Selector::selectLogic(const Instruction &I) {
  PTXType T = I.type();
  if ((!isInt32(T) && !isInt16(T)) || I.Ops.empty() || I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  MOperand D = vreg(I.Ops[0]);
  if (I.Op == Opcode::Not) { // ~b: LOP.PASS_B d, RZ, ~b
    if (I.Ops.size() != 2)
      return unsupported(I);
    auto M = build<mi::LOP>().op(SIMT::Logic::PASS_B).rd(D).ra(MOperand::zero());
    emit(M.sb(srcB(I.Ops[1], false, SIMT::SB_Inv)));
    return false;
  }
  if (I.Ops.size() != 3)
    return unsupported(I);
  SIMT::Logic Logic = I.Op == Opcode::And  ? SIMT::Logic::AND
                      : I.Op == Opcode::Or ? SIMT::Logic::OR
                                           : SIMT::Logic::XOR;
  const Operand &B = I.Ops[2];
  if (B.K == Operand::Imm) {
    emit(build<mi::LOPWithImm>(uint32_t(B.Int)).op(Logic).rd(D).ra(regOf(I.Ops[1], false)));
    return false;
  }
  auto M = build<mi::LOP>().op(Logic).rd(D).ra(regOf(I.Ops[1], false));
  emit(M.sb(srcB(B, false)));
  return false;
}

// bfe d, a, pos, len and bfi d, a, b, pos, len: BFE/BFI with the control
// word pos | len << 8 in Sb (PTX takes both from their low 8 bits, as the
// instructions do). Constant fields are one literal; otherwise a BFI builds
// the word: len's low byte over bits 8..15 of pos (the bits above 15 of the
// control word are ignored).
ErrorReported Selector::selectBitField(const Instruction &I) {
  PTXType T = I.type();
  bool Insert = I.Op == Opcode::Bfi;
  size_t N = Insert ? 5 : 4;
  if (!isInt32(T) || !hasIntOperands(I, N) || I.Ops[0].K != Operand::Reg ||
      (Insert && T != PTXType::B32))
    return unsupported(I);
  const Operand &Pos = I.Ops[N - 2], &Len = I.Ops[N - 1];
  // Both take Rd, Ra (the value, or the field inserted) and the control
  // word in Sb; BFI also the base the field goes into.
  auto Field = [&](auto M) {
    M.rd(vreg(I.Ops[0])).ra(regOf(I.Ops[1], false));
    if (Pos.K == Operand::Imm && Len.K == Operand::Imm) {
      M.sb(SrcB::imm(int32_t((Pos.Int & 0xff) | (Len.Int & 0xff) << 8)));
    } else {
      MOperand Ctl = temp();
      auto Pack = build<mi::BFI>().rd(Ctl).ra(regOf(Len, false)).sb(SrcB::imm(8 | 8 << 8));
      emit(Pack.rc(regOf(Pos, false)));
      M.sb(Ctl);
    }
    if constexpr (std::is_same_v<decltype(M), mi::BFI>)
      M.rc(regOf(I.Ops[2], false));
    emit(M);
  };
  if (Insert)
    Field(build<mi::BFI>());
  else
    Field(build<mi::BFE>().u32(T != PTXType::S32));
  return false;
}

// bfe.u64/.s64 with a constant field inside one word (libclc's frexp and
// ldexp take a double's exponent, bits 52..62): BFE on that word, the
// high word zero or the field's sign.
ErrorReported Selector::selectBitField64(const Instruction &I) {
  if (I.Ops.size() != 4 || I.Ops[0].K != Operand::Reg || I.Ops[1].K != Operand::Reg ||
      I.Ops[2].K != Operand::Imm || I.Ops[3].K != Operand::Imm)
    return unsupported(I);
  const int64_t Pos = I.Ops[2].Int & 0xff, Len = I.Ops[3].Int & 0xff;
  const bool Signed = I.type() == PTXType::S64;
  const bool High = Pos >= 32;
  if (Len < 1 || Len > 32 || (High ? Pos + Len > 64 : Pos + Len > 32))
    return Diag.error(I.Loc, "not supported yet: '" + opcodeSpelling(I) +
                                 "' of a field that is not inside one 32-bit word");
  MOperand Lo = word(I.Ops[0], false), Hi = word(I.Ops[0], true);
  auto M = build<mi::BFE>().u32(!Signed).rd(Lo).ra(word(I.Ops[1], High));
  emit(M.sb(SrcB::imm(int32_t(unsigned(Pos - (High ? 32 : 0)) | unsigned(Len) << 8))));
  extendHigh(Hi, Lo, Signed);
  return false;
}

// bfi.b64 d, a, b, pos, len with a constant field (nvcc writes it for
// 64-bit bit-fields, across the words too): each word of d is that word of
// b with its part of the field inserted by BFI, the part's bits of a
// shifted into a register's low bits first where the field crosses. The
// high word is written first, the low word reads nothing it writes, so d
// may be a or b.
ErrorReported Selector::selectBitInsert64(const Instruction &I) {
  if (I.Ops.size() != 5 || I.Ops[0].K != Operand::Reg || I.Ops[3].K != Operand::Imm ||
      I.Ops[4].K != Operand::Imm)
    return Diag.error(I.Loc, "not supported yet: '" + opcodeSpelling(I) +
                                 "' with a position or length that is not a constant");
  const unsigned Pos = unsigned(I.Ops[3].Int & 0xff);
  const unsigned End = std::min(64u, Pos + unsigned(I.Ops[4].Int & 0xff)); // PTX's msb clamp
  for (bool Hi : {true, false}) {
    const unsigned Base = Hi ? 32 : 0;
    const unsigned From = std::max(Pos, Base), To = std::min(End, Base + 32);
    MOperand D = word(I.Ops[0], Hi);
    if (From >= To) {
      emit(build<mi::MOV>().rd(D).sb(regWord(I.Ops[2], Hi)));
      continue;
    }
    // The field's bits from bit Skip of a: a's words shifted right by Skip.
    const unsigned Skip = From - Pos;
    MOperand Src = regWord(I.Ops[1], Skip >= 32);
    if (Skip % 32) {
      MOperand T = temp();
      emit(build<mi::SHR>().u32(true).rd(T).ra(Src).sb(SrcB::imm(int32_t(Skip))));
      auto Top = build<mi::BFI>().rd(T).ra(regWord(I.Ops[1], true));
      emit(Top.sb(SrcB::imm(int32_t((32 - Skip) | Skip << 8))).rc(T));
      Src = T;
    }
    auto Ins = build<mi::BFI>().rd(D).ra(Src);
    emit(Ins.sb(SrcB::imm(int32_t((From - Base) | (To - From) << 8))).rc(regWord(I.Ops[2], Hi)));
  }
  return false;
}

// Predicate logic through PSETP: Pu = (Pp bop Pq) AND PT.
ErrorReported Selector::selectPredLogic(const Instruction &I) {
  size_t N = I.Op == Opcode::Not ? 2 : 3;
  if (I.Ops.size() != N || I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  // `p = q op setp(a, b)` is one `setp.cmp.op p, a, b, q` (ISETP's own
  // combining predicate, as ptxas writes `a < n || b < m`); the first setp
  // then goes unread (the dce pass).
  if (I.Op != Opcode::Not && !I.Guard)
    for (unsigned K : {2u, 1u})
      if (const Instruction *Setp = movableSetp(I.Ops[K])) {
        Instruction Fused = *Setp;
        Fused.Mods.push_back(I.Op == Opcode::And ? Modifier::And
                             : I.Op == Opcode::Or ? Modifier::Or
                                                  : Modifier::Xor);
        Fused.Ops[0] = I.Ops[0];
        Fused.Ops.push_back(I.Ops[3 - K]);
        Fused.Loc = I.Loc;
        Fused.DL = I.DL;
        return select(Fused);
      }
  auto M = build<mi::PSETP>();
  if (I.Op != Opcode::Not)
    M.bop(I.Op == Opcode::And  ? SIMT::BoolOp::AND
          : I.Op == Opcode::Or ? SIMT::BoolOp::OR
                               : SIMT::BoolOp::XOR);
  M.pu(vreg(I.Ops[0])).pv(MOperand::zero());
  Operand Src = I.Ops[1];
  if (I.Op == Opcode::Not) { // !p AND PT
    Src.Negated = !Src.Negated;
    if (Src.K == Operand::Imm)
      Src.Int = !Src.Int;
  }
  M.pp(predOf(Src)).pq(I.Op == Opcode::Not ? MOperand::zero() : predOf(I.Ops[2]));
  emit(M.pr(MOperand::zero()));
  return false;
}

} // namespace simt::cc::isel
