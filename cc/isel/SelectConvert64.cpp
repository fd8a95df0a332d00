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
  std::optional<SIMT::IntType> DstInt = intTypeOf(Dst), SrcInt = intTypeOf(Src);
  bool DstFloat = Dst == PTXType::F32 || Dst == PTXType::F64;
  bool SrcFloat = Src == PTXType::F32 || Src == PTXType::F64;
  std::optional<SIMT::F2IRnd> IntRnd = integerRoundingOf(I);
  MOperand D = vreg(I.Ops[0]);
  auto FltType = [](PTXType T) {
    return T == PTXType::F64 ? SIMT::FloatType::F64 : SIMT::FloatType::F32;
  };
  if (DstInt && SrcInt) {
    if (!Sat && isInt64(Dst) && isInt64(Src)) {
      move(word(I.Ops[0], false), I.Ops[1], false);
      move(word(I.Ops[0], true), I.Ops[1], true);
      return false;
    }
    if (!Sat && isInt64(Dst) && isInt32(Src)) {
      MOperand Lo = word(I.Ops[0], false), Hi = word(I.Ops[0], true);
      emit(build<mi::MOV>().rd(Lo).sb(vreg(I.Ops[1])));
      extendHigh(Hi, vreg(I.Ops[1]), Src == PTXType::S32);
      return false;
    }
    if (!Sat && isInt32(Dst) && isInt64(Src)) {
      emit(build<mi::MOV>().rd(D).sb(word(I.Ops[1], false)));
      return false;
    }
    emit(build<mi::I2I>().dty(*DstInt).sty(*SrcInt).sat(Sat).rd(D).sb(vreg(I.Ops[1])));
    return false;
  }
  if (SrcInt && DstFloat) { // .rn/.rz/.rm/.rp
    if (Sat || Ftz || IntRnd)
      return unsupported(I);
    auto M = build<mi::I2F>().dty(FltType(Dst)).sty(*SrcInt).rnd(roundingOf(I));
    emit(M.rd(D).sb(vreg(I.Ops[1])));
    return false;
  }
  if (DstInt && SrcFloat) { // .rni/.rzi/.rmi/.rpi; out-of-range values saturate
    if (!IntRnd || (Ftz && Src == PTXType::F64))
      return unsupported(I);
    auto M = build<mi::F2I>().dty(*DstInt).sty(FltType(Src)).ftz(Ftz).rnd(*IntRnd);
    emit(M.rd(D).sb(vreg(I.Ops[1])));
    return false;
  }
  if (!DstFloat || !SrcFloat)
    return unsupported(I);
  if (Dst == PTXType::F64 && Src == PTXType::F64) {
    if (Ftz || (Sat && IntRnd) || I.has(Modifier::Rn) || I.has(Modifier::Rz) ||
        I.has(Modifier::Rm) || I.has(Modifier::Rp))
      return unsupported(I);
    if (IntRnd) {
      MathSink S = sinkFor(I);
      lowerRoundToInt64(S, D, vreg(I.Ops[1]), *IntRnd);
      return false;
    }
    if (!Sat) {
      move(word(I.Ops[0], false), I.Ops[1], false);
      move(word(I.Ops[0], true), I.Ops[1], true);
      return false;
    }
  } else if (IntRnd || (Dst == PTXType::F64 && (I.has(Modifier::Rz) ||
                                                          I.has(Modifier::Rm) ||
                                                          I.has(Modifier::Rp)))) {
    return unsupported(I); // integer rounding between sizes; f32 -> f64 is exact
  }
  // F2F: f32 -> f64 exactly (.ftz flushes the f32 input), f64 -> f32 in
  // the rounding asked for (.ftz flushes the result), .sat clamps to [0, 1].
  auto M = build<mi::F2F>().dty(FltType(Dst)).sty(FltType(Src)).ftz(Ftz).sat(Sat);
  emit(M.rnd(roundingOf(I)).rd(D).sb(vreg(I.Ops[1])));
  return false;
}

// The ISA has no generic address space: a generic address is a global one,
// or, for shared, local and constant memory, the window offset (a
// `__constant__` variable's offset in its bank), once InferAddressSpaces has
// made every generic access through such a pointer an access of its space;
// either way cvta copies (in a module with a generic shared window that
// pass adds or subtracts the window's base after it).
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
