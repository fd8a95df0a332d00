//===-- SelectConvert.cpp - cvt on 32-bit and narrower types --------------===//
#include "cc/isel/Selector.h"

using namespace llvm;

namespace simt::cc::isel {

std::optional<SIMT::IntType> intTypeOf(PTXType T) {
  using IT = SIMT::IntType;
  switch (T) {
  case PTXType::U8: case PTXType::B8: return IT::U8;
  case PTXType::S8: return IT::S8;
  case PTXType::U16: case PTXType::B16: return IT::U16;
  case PTXType::S16: return IT::S16;
  case PTXType::U32: case PTXType::B32: return IT::U32;
  case PTXType::S32: return IT::S32;
  case PTXType::U64: case PTXType::B64: return IT::U64;
  case PTXType::S64: return IT::S64;
  default: return std::nullopt;
  }
}

std::optional<SIMT::F2IRnd> integerRoundingOf(const Instruction &I) {
  using R = SIMT::F2IRnd;
  if (I.has(Modifier::Rzi))
    return R::TRUNC;
  if (I.has(Modifier::Rni))
    return R::ROUND;
  if (I.has(Modifier::Rmi))
    return R::FLOOR;
  if (I.has(Modifier::Rpi))
    return R::CEIL;
  return std::nullopt;
}

ErrorReported Selector::selectCvt(const Instruction &I) {
  if (I.Types.size() != 2 || I.Ops.size() != 2 || I.Ops[0].K != Operand::Reg ||
      I.Ops[1].K != Operand::Reg)
    return unsupported(I);
  PTXType Dst = I.type(0), Src = I.type(1);
  if (isInt64(Dst) || isInt64(Src) || Dst == PTXType::F64 || Src == PTXType::F64)
    return selectCvt64(I);
  MOperand D = vreg(I.Ops[0]);
  bool Ftz = I.has(Modifier::Ftz), Sat = I.has(Modifier::Sat);
  std::optional<SIMT::IntType> DstInt = intTypeOf(Dst), SrcInt = intTypeOf(Src);
  using SIMT::FloatType;
  if (Dst == PTXType::F32 && SrcInt) { // int -> f32, rounding .rn/.rz/.rm/.rp
    if (Sat || Ftz)
      return unsupported(I);
    auto M = build<mi::I2F>().dty(FloatType::F32).sty(*SrcInt).rnd(roundingOf(I)).rd(D);
    emit(M.sb(srcB(I.Ops[1], false)));
    return false;
  }
  std::optional<SIMT::F2IRnd> IntRnd = integerRoundingOf(I);
  if (Dst == PTXType::F32 && Src == PTXType::F32) { // floorf, truncf, ...: cvt.rmi.f32.f32
    if (!IntRnd && !Sat)
      return unsupported(I);
    MOperand V = regOf(I.Ops[1], true);
    if (IntRnd) {
      MOperand R = Sat ? temp() : D;
      MathSink S = sinkFor(I);
      lowerRoundToInt(S, R, V, *IntRnd, Ftz);
      V = R;
    }
    if (Sat) // clamped to [0, 1], NaN to 0: FADD.SAT of +0 (exact otherwise)
      emit(build<mi::FADD>().ftz(Ftz).sat().rnd(SIMT::Rnd::RN).rd(D).ra(V).sb(SrcB::imm(0)));
    return false;
  }
  if (DstInt && Src == PTXType::F32) { // f32 -> int needs an integer rounding
    if (!IntRnd)
      return unsupported(I);
    auto M = build<mi::F2I>().dty(*DstInt).sty(FloatType::F32).ftz(Ftz).rnd(*IntRnd).rd(D);
    emit(M.sb(srcB(I.Ops[1], false)));
    return false;
  }
  if (DstInt && SrcInt) {
    if (*DstInt == *SrcInt || (typeBits(Dst) == 32 && typeBits(Src) == 32 && !Sat)) {
      emit(build<mi::MOV>().rd(D).sb(srcB(I.Ops[1], false))); // same bits
      return false;
    }
    auto M = build<mi::I2I>().dty(*DstInt).sty(*SrcInt).sat(Sat).rd(D);
    emit(M.sb(srcB(I.Ops[1], false)));
    return false;
  }
  return unsupported(I);
}

} // namespace simt::cc::isel
