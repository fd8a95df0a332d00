//===-- SelectConvert64.cpp - cvt with 64-bit values, and cvta ------------===//
#include "cc/isel/Selector.h"

using namespace llvm;

namespace simt::cc::isel {

// Integers to integers: moves (and a sign fill) for the plain widenings and
// narrowings between 32 and 64 bits, I2I for the rest (sub-word types,
// saturation). To and from floats: I2F, F2I and F2F, whose types and
// roundings are PTX's; an f64 rounded to an integer value is a sequence.
ErrorReported Selector::selectCvt64(const Instruction &I) {
  PTXType Dst = I.type(0), Src = I.type(1);
  if (I.Ops.size() != 2 || I.Ops[0].K != Operand::Reg || I.Ops[1].K != Operand::Reg)
    return unsupported(I);
  bool Sat = I.has(Modifier::Sat), Ftz = I.has(Modifier::Ftz);
  std::optional<StringRef> DstInt = intSpelling(Dst), SrcInt = intSpelling(Src);
  bool DstFloat = Dst == PTXType::F32 || Dst == PTXType::F64;
  bool SrcFloat = Src == PTXType::F32 || Src == PTXType::F64;
  StringRef IntRnd = integerRounding(I);
  MOperand D = vreg(I.Ops[0]);
  auto FltType = [](PTXType T) {
    return modValue(SIMT::MG_FltDst, T == PTXType::F64 ? "F64" : "F32");
  };
  if (DstInt && SrcInt) {
    if (!Sat && isInt64(Dst) && isInt64(Src)) {
      move(word(I.Ops[0], false), I.Ops[1], false);
      move(word(I.Ops[0], true), I.Ops[1], true);
      return false;
    }
    if (!Sat && isInt64(Dst) && isInt32(Src)) {
      MOperand Lo = word(I.Ops[0], false), Hi = word(I.Ops[0], true);
      MInstBuilder M = build(SIMT::MOV);
      M.reg("rd", Lo).regMod("sb", vreg(I.Ops[1]), 0);
      emit(M);
      extendHigh(Hi, vreg(I.Ops[1]), Src == PTXType::S32);
      return false;
    }
    if (!Sat && isInt32(Dst) && isInt64(Src)) {
      MInstBuilder M = build(SIMT::MOV);
      M.reg("rd", D).regMod("sb", word(I.Ops[1], false), 0);
      emit(M);
      return false;
    }
    MInstBuilder M = build(SIMT::I2I);
    M.mod(SIMT::MG_IntDst, modValue(SIMT::MG_IntDst, *DstInt))
        .mod(SIMT::MG_IntSrc, modValue(SIMT::MG_IntSrc, *SrcInt))
        .mod(SIMT::MG_Sat, Sat)
        .reg("rd", D)
        .regMod("sb", vreg(I.Ops[1]), 0);
    emit(M);
    return false;
  }
  if (SrcInt && DstFloat) { // .rn/.rz/.rm/.rp
    if (Sat || Ftz || !IntRnd.empty())
      return unsupported(I);
    MInstBuilder M = build(SIMT::I2F);
    M.mod(SIMT::MG_FltDst, FltType(Dst))
        .mod(SIMT::MG_IntSrc, modValue(SIMT::MG_IntSrc, *SrcInt))
        .mod(SIMT::MG_Rnd, modValue(SIMT::MG_Rnd, *roundingOf(I)))
        .reg("rd", D)
        .regMod("sb", vreg(I.Ops[1]), 0);
    emit(M);
    return false;
  }
  if (DstInt && SrcFloat) { // .rni/.rzi/.rmi/.rpi; out-of-range values saturate
    if (IntRnd.empty() || (Ftz && Src == PTXType::F64))
      return unsupported(I);
    MInstBuilder M = build(SIMT::F2I);
    M.mod(SIMT::MG_IntDst, modValue(SIMT::MG_IntDst, *DstInt))
        .mod(SIMT::MG_FltSrc, FltType(Src))
        .mod(SIMT::MG_FTZ, Ftz)
        .mod(SIMT::MG_F2IRnd, modValue(SIMT::MG_F2IRnd, IntRnd))
        .reg("rd", D)
        .regMod("sb", vreg(I.Ops[1]), 0);
    emit(M);
    return false;
  }
  if (!DstFloat || !SrcFloat)
    return unsupported(I);
  if (Dst == PTXType::F64 && Src == PTXType::F64) {
    if (Ftz || (Sat && !IntRnd.empty()) || I.has(Modifier::Rn) || I.has(Modifier::Rz) ||
        I.has(Modifier::Rm) || I.has(Modifier::Rp))
      return unsupported(I);
    if (!IntRnd.empty()) {
      MathSink S = sinkFor(I);
      lowerRoundToInt64(S, D, vreg(I.Ops[1]), IntRnd);
      return false;
    }
    if (!Sat) {
      move(word(I.Ops[0], false), I.Ops[1], false);
      move(word(I.Ops[0], true), I.Ops[1], true);
      return false;
    }
  } else if (!IntRnd.empty() || (Dst == PTXType::F64 && (I.has(Modifier::Rz) ||
                                                          I.has(Modifier::Rm) ||
                                                          I.has(Modifier::Rp)))) {
    return unsupported(I); // integer rounding between sizes; f32 -> f64 is exact
  }
  // F2F: f32 -> f64 exactly (.ftz flushes the f32 input), f64 -> f32 in
  // the rounding asked for (.ftz flushes the result), .sat clamps to [0, 1].
  MInstBuilder M = build(SIMT::F2F);
  M.mod(SIMT::MG_FltDst, FltType(Dst))
      .mod(SIMT::MG_FltSrc, FltType(Src))
      .mod(SIMT::MG_FTZ, Ftz)
      .mod(SIMT::MG_Sat, Sat)
      .mod(SIMT::MG_Rnd, modValue(SIMT::MG_Rnd, *roundingOf(I)))
      .reg("rd", D)
      .regMod("sb", vreg(I.Ops[1]), 0);
  emit(M);
  return false;
}

// The ISA has no generic address space: a generic address is a global one,
// or, for shared, local and constant memory, the window offset (a
// `__constant__` variable's offset in its bank), once InferAddressSpaces has
// made every generic access through such a pointer an access of its space;
// either way cvta copies.
ErrorReported Selector::selectCvta(const Instruction &I) {
  if (I.Ops.size() != 2 || I.Ops[0].K != Operand::Reg ||
      (I.Ops[1].K != Operand::Reg && I.Ops[1].K != Operand::Symbol))
    return unsupported(I);
  bool Const = I.Space == StateSpace::Const;
  if (I.Space != StateSpace::Global && I.Space != StateSpace::Shared &&
      I.Space != StateSpace::Local && !Const)
    return unsupported(I);
  if (I.Ops[1].K == Operand::Symbol) { // cvta of a __device__ or __constant__ variable
    bool Failed = false;
    const ModuleVarSlot *S = I.Space == StateSpace::Global || Const
                                 ? moduleVar(I, I.Ops[1].Name, Failed)
                                 : nullptr;
    if (!S || S->IsConst != Const)
      return Failed || unsupportedAddressOf(I, I.Ops[1]);
    selectVarAddress(*S, I.Ops[1].Int, vreg(I.Ops[0]), isInt64(I.type()));
    return false;
  }
  if (isInt64(I.type())) {
    move(word(I.Ops[0], false), I.Ops[1], false);
    move(word(I.Ops[0], true), I.Ops[1], true);
  } else {
    move(vreg(I.Ops[0]), I.Ops[1], std::nullopt);
  }
  return false;
}

} // namespace simt::cc::isel
