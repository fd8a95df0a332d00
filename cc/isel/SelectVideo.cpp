//===-- SelectVideo.cpp - The scalar video instructions -------------------===//
//
// vadd, vsub, vabsdiff, vmin, vmax, vshl and vshr are one ISA video
// instruction each (ISA.md 4.1), vset a VSETP and a SEL: PTX's atype/btype with an operand's
// selector (.b0-.b3, .h0, .h1) are the ISA's sub-word type and selector,
// .sat saturates to the 32-bit range of dtype, and the secondary operation
// .add/.min/.max with c is the ISA's .ACC/.MIN/.MAX. The SIMD forms
// (vadd4, vabsdiff2, ...) are expanded into these before selection
// (cc/passes/ExpandVideo.cpp).
//
//===----------------------------------------------------------------------===//
#include "cc/isel/Selector.h"

using namespace llvm;

namespace simt::cc::isel {

namespace {

using SIMT::SubWord;
using SIMT::VType;

/// The ISA's sub-word type and selector for a source of PTX type T (.u32
/// or .s32) read through Sel ("" for the word, "b0".."b3", "h0", "h1").
std::optional<std::pair<VType, SubWord>> partOf(PTXType T, StringRef Sel) {
  bool Signed = T == PTXType::S32;
  if (Sel.empty())
    return std::pair(Signed ? VType::S32 : VType::U32, SubWord::Word);
  if (Sel.size() == 2 && Sel[0] == 'b' && Sel[1] <= '3')
    return std::pair(Signed ? VType::S8 : VType::U8,
                     SubWord(unsigned(SubWord::B0) + unsigned(Sel[1] - '0')));
  if (Sel.size() == 2 && Sel[0] == 'h' && Sel[1] <= '1')
    return std::pair(Signed ? VType::S16 : VType::U16, Sel[1] == '0' ? SubWord::H0 : SubWord::H1);
  return std::nullopt;
}

bool isWordType(PTXType T) { return T == PTXType::U32 || T == PTXType::S32; }

} // namespace

// vset.atype.btype.cmp{.op2} d, a{.asel}, b{.bsel}{, c}: 1 or 0 from the
// parts' compare (VSETP, SEL), then .add/.min/.max with c (unsigned).
ErrorReported Selector::selectVideoSet(const Instruction &I) {
  bool HasOp2 = I.has(Modifier::Add) || I.has(Modifier::Min) || I.has(Modifier::Max);
  std::optional<SIMT::ICmp> Cmp = intCompareOf(I);
  if (!Cmp || I.Types.size() != 2 || !all_of(I.Types, isWordType) ||
      I.Ops.size() != (HasOp2 ? 4u : 3u) || I.Ops[0].K != Operand::Reg ||
      !I.Ops[0].Selector.empty() || (HasOp2 && I.Ops[3].K != Operand::Reg))
    return unsupported(I);
  auto A = partOf(I.type(0), I.Ops[1].Selector), B = partOf(I.type(1), I.Ops[2].Selector);
  if (!A || !B)
    return unsupported(I);
  MOperand P = MOperand::vreg(MF->newVReg(RegClass::Pred));
  auto Compare = build<mi::VSETP>().cmp(*Cmp).bop(SIMT::BoolOp::AND).atype(A->first);
  Compare.btype(B->first).pu(P).pv(MOperand::zero());
  Compare.ra(regOf(I.Ops[1], false), A->second).rb(regOf(I.Ops[2], false), B->second);
  emit(Compare.pp(MOperand::zero()));
  MOperand D = vreg(I.Ops[0]), Bit = HasOp2 ? temp() : D;
  emit(build<mi::SEL>().rd(Bit).ra(materialize(1)).sb(SrcB::imm(0)).pp(P));
  if (I.has(Modifier::Add)) {
    emit(build<mi::IADD>().rd(D).ra(Bit).sb(vreg(I.Ops[3])));
  } else if (HasOp2) { // IMNMX: Pp picks min
    auto M = build<mi::IMNMX>().u32().rd(D).ra(Bit).sb(vreg(I.Ops[3]));
    emit(M.pp(MOperand::zero(), /*Negated=*/I.has(Modifier::Max)));
  }
  return false;
}

ErrorReported Selector::selectVideo(const Instruction &I) {
  if (I.Op == Opcode::Vset)
    return selectVideoSet(I);
  // vmad has no instruction of its own in the ISA, and merging into a part
  // of d (d.b0) is outside it (ISA.md 4.1).
  bool Shift = I.Op == Opcode::Vshl || I.Op == Opcode::Vshr;
  bool HasOp2 = I.has(Modifier::Add) || I.has(Modifier::Min) || I.has(Modifier::Max);
  if (I.Op == Opcode::Vmad || I.Types.size() != 3 ||
      !all_of(I.Types, isWordType) || I.Ops.size() != (HasOp2 ? 4u : 3u) ||
      I.Ops[0].K != Operand::Reg || !I.Ops[0].Selector.empty() ||
      (HasOp2 && I.Ops[3].K != Operand::Reg) ||
      (Shift && I.has(Modifier::Clamp) == I.has(Modifier::Wrap)) ||
      (!Shift && (I.has(Modifier::Clamp) || I.has(Modifier::Wrap))))
    return unsupported(I);
  auto A = partOf(I.type(1), I.Ops[1].Selector), B = partOf(I.type(2), I.Ops[2].Selector);
  if (!A || !B)
    return unsupported(I);
  SIMT::VSecOp SecOp = I.has(Modifier::Add)   ? SIMT::VSecOp::ACC
                       : I.has(Modifier::Min) ? SIMT::VSecOp::MIN
                       : I.has(Modifier::Max) ? SIMT::VSecOp::MAX
                                              : SIMT::VSecOp::Off;
  MOperand Ra = regOf(I.Ops[1], false), Rb = regOf(I.Ops[2], false);
  MOperand Rc = HasOp2 ? vreg(I.Ops[3]) : MOperand::zero();
  SIMT::VDst Dst = I.type(0) == PTXType::S32 ? SIMT::VDst::SD : SIMT::VDst::UD;
  auto Common = [&](auto M) {
    M.dtype(Dst).atype(A->first).btype(B->first).sat(I.has(Modifier::Sat)).secop(SecOp);
    M.rd(vreg(I.Ops[0])).ra(Ra, A->second).rb(Rb, B->second).rc(Rc);
    emit(M);
    return false;
  };
  switch (I.Op) {
  case Opcode::Vadd: return Common(build<mi::VADD>());
  case Opcode::Vsub: return Common(build<mi::VSUB>());
  case Opcode::Vabsdiff: return Common(build<mi::VABSDIFF>());
  case Opcode::Vmin:
  case Opcode::Vmax: return Common(build<mi::VMNMX>().pre(I.Op == Opcode::Vmax));
  case Opcode::Vshl: return Common(build<mi::VSHL>().pre(I.has(Modifier::Wrap)));
  case Opcode::Vshr: return Common(build<mi::VSHR>().pre(I.has(Modifier::Wrap)));
  default: return unsupported(I);
  }
}

} // namespace simt::cc::isel
