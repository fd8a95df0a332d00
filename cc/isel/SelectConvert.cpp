//===-- SelectConvert.cpp - cvt on 32-bit and narrower types --------------===//
#include "cc/isel/Selector.h"

using namespace llvm;

namespace simt::cc::isel {

std::optional<StringRef> intSpelling(PTXType T) {
  switch (T) {
  case PTXType::U8: case PTXType::B8: return StringRef("U8");
  case PTXType::S8: return StringRef("S8");
  case PTXType::U16: case PTXType::B16: return StringRef("U16");
  case PTXType::S16: return StringRef("S16");
  case PTXType::U32: case PTXType::B32: return StringRef("U32");
  case PTXType::S32: return StringRef("S32");
  case PTXType::U64: case PTXType::B64: return StringRef("U64");
  case PTXType::S64: return StringRef("S64");
  default: return std::nullopt;
  }
}

// F2I's rounding for cvt's .rzi/.rni/.rmi/.rpi, empty without one.
StringRef integerRounding(const Instruction &I) {
  return I.has(Modifier::Rzi)   ? "TRUNC"
         : I.has(Modifier::Rni) ? "ROUND"
         : I.has(Modifier::Rmi) ? "FLOOR"
         : I.has(Modifier::Rpi) ? "CEIL"
                                : "";
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
  std::optional<StringRef> DstInt = intSpelling(Dst), SrcInt = intSpelling(Src);
  if (Dst == PTXType::F32 && SrcInt) { // int -> f32, rounding .rn/.rz/.rm/.rp
    if (Sat || Ftz)
      return unsupported(I);
    MInstBuilder M = build(SIMT::I2F);
    M.mod(SIMT::MG_FltDst, modValue(SIMT::MG_FltDst, "F32"))
        .mod(SIMT::MG_IntSrc, modValue(SIMT::MG_IntSrc, *SrcInt))
        .mod(SIMT::MG_Rnd, modValue(SIMT::MG_Rnd, *roundingOf(I)))
        .reg("rd", D);
    setSrcB(M, "sb", I.Ops[1], false);
    emit(M);
    return false;
  }
  StringRef IntRnd = integerRounding(I);
  if (Dst == PTXType::F32 && Src == PTXType::F32) { // floorf, truncf, ...: cvt.rmi.f32.f32
    if (IntRnd.empty() && !Sat)
      return unsupported(I);
    MOperand V = regOf(I.Ops[1], true);
    if (!IntRnd.empty()) {
      MOperand R = Sat ? temp() : D;
      MathSink S = sinkFor(I);
      lowerRoundToInt(S, R, V, IntRnd, Ftz);
      V = R;
    }
    if (Sat) { // clamped to [0, 1], NaN to 0: FADD.SAT of +0 (exact otherwise)
      MInstBuilder M = build(SIMT::FADD);
      M.mod(SIMT::MG_FTZ, Ftz).mod(SIMT::MG_Sat, true).mod(SIMT::MG_Rnd, modValue(SIMT::MG_Rnd, "RN"));
      M.reg("rd", D).regMod("ra", V, 0).srcImm("sb", 0);
      emit(M);
    }
    return false;
  }
  if (DstInt && Src == PTXType::F32) { // f32 -> int needs an integer rounding
    if (IntRnd.empty())
      return unsupported(I);
    MInstBuilder M = build(SIMT::F2I);
    M.mod(SIMT::MG_IntDst, modValue(SIMT::MG_IntDst, *DstInt))
        .mod(SIMT::MG_FltSrc, modValue(SIMT::MG_FltSrc, "F32"))
        .mod(SIMT::MG_FTZ, Ftz)
        .mod(SIMT::MG_F2IRnd, modValue(SIMT::MG_F2IRnd, IntRnd))
        .reg("rd", D);
    setSrcB(M, "sb", I.Ops[1], false);
    emit(M);
    return false;
  }
  if (DstInt && SrcInt) {
    if (*DstInt == *SrcInt || (typeBits(Dst) == 32 && typeBits(Src) == 32 && !Sat)) {
      MInstBuilder M = build(SIMT::MOV); // same bits
      M.reg("rd", D);
      setSrcB(M, "sb", I.Ops[1], false);
      emit(M);
      return false;
    }
    MInstBuilder M = build(SIMT::I2I);
    M.mod(SIMT::MG_IntDst, modValue(SIMT::MG_IntDst, *DstInt))
        .mod(SIMT::MG_IntSrc, modValue(SIMT::MG_IntSrc, *SrcInt))
        .mod(SIMT::MG_Sat, Sat)
        .reg("rd", D);
    setSrcB(M, "sb", I.Ops[1], false);
    emit(M);
    return false;
  }
  return unsupported(I);
}

} // namespace simt::cc::isel
