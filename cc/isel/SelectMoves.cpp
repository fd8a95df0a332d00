//===-- SelectMoves.cpp - mov and clock64 ---------------------------------===//
#include "cc/isel/Selector.h"
#include "isa/SIMTLimits.h"

using namespace llvm;

namespace simt::cc::isel {

static std::optional<StringRef> sregSpelling(const Operand &Op) {
  static constexpr const char *Names[4][3] = {
      {"SR_TID.X", "SR_TID.Y", "SR_TID.Z"},
      {"SR_NTID.X", "SR_NTID.Y", "SR_NTID.Z"},
      {"SR_CTAID.X", "SR_CTAID.Y", "SR_CTAID.Z"},
      {"SR_NCTAID.X", "SR_NCTAID.Y", "SR_NCTAID.Z"}};
  if (specialRegHasComponent(Op.SReg))
    return Names[unsigned(Op.SReg)][Op.Component];
  switch (Op.SReg) {
  case SpecialReg::Laneid: return StringRef("SR_LANEID");
  case SpecialReg::Warpid: return StringRef("SR_WARPID");
  case SpecialReg::Nwarpid: return StringRef("SR_NWARPID");
  case SpecialReg::Smid: return StringRef("SR_SMID");
  case SpecialReg::Clock: return StringRef("SR_CLOCK");
  case SpecialReg::LanemaskEq: return StringRef("SR_LANEMASK_EQ");
  case SpecialReg::LanemaskLt: return StringRef("SR_LANEMASK_LT");
  case SpecialReg::LanemaskLe: return StringRef("SR_LANEMASK_LE");
  case SpecialReg::LanemaskGt: return StringRef("SR_LANEMASK_GT");
  case SpecialReg::LanemaskGe: return StringRef("SR_LANEMASK_GE");
  default: return std::nullopt;
  }
}

// mov.b64 {lo, hi}, %rd / mov.b64 %rd, {lo, hi}: the words of a pair
// (clang's bit manipulation of doubles: copysign, __double2hiint, ...);
// mov.b32 {h0, h1}, %r / mov.b32 %r, {h0, h1}: 16-bit halves (SHR, BFI).
ErrorReported Selector::selectMovVector(const Instruction &I) {
  const bool Unpack = I.Ops[0].K == Operand::Vector;
  const Operand &Whole = I.Ops[Unpack ? 1 : 0], &Parts = I.Ops[Unpack ? 0 : 1];
  const PTXType T = I.type();
  const unsigned Bits = typeBits(T);
  if ((Bits != 64 && Bits != 32) || Parts.K != Operand::Vector || Parts.Elems.size() != 2 ||
      Whole.K != Operand::Reg ||
      (classOf(F.reg(Whole.RegId).Type) == RegClass::GPR64) != (Bits == 64))
    return unsupported(I);
  for (const Operand &E : Parts.Elems) {
    const bool Ok = E.K == Operand::Sink ? Unpack
                    : E.K == Operand::Reg ? classOf(F.reg(E.RegId).Type) == RegClass::GPR
                                          : !Unpack && E.K == Operand::Imm;
    if (!Ok)
      return unsupported(I);
  }
  const Operand &Lo = Parts.Elems[0], &Hi = Parts.Elems[1];
  if (Bits == 64) {
    if (Unpack) {
      for (bool High : {false, true})
        if (const Operand &E = High ? Hi : Lo; E.K == Operand::Reg)
          move(vreg(E), Whole, High);
    } else {
      move(word(Whole, false), Lo, std::nullopt);
      move(word(Whole, true), Hi, std::nullopt);
    }
    return false;
  }
  if (Unpack) { // the low half as it is (16-bit users ignore the rest)
    if (Lo.K == Operand::Reg)
      move(vreg(Lo), Whole, std::nullopt);
    if (Hi.K == Operand::Reg) {
      MInstBuilder S = build(SIMT::SHR);
      S.mod(SIMT::MG_U32, 1).reg("rd", vreg(Hi)).reg("ra", vreg(Whole)).srcImm("sb", 16);
      emit(S);
    }
    return false;
  }
  MInstBuilder Pack = build(SIMT::BFI); // hi's low 16 bits over bits 16..31 of lo
  Pack.reg("rd", vreg(Whole)).reg("ra", regOf(Hi, false)).srcImm("sb", 16 | 16 << 8);
  Pack.reg("rc", regOf(Lo, false));
  emit(Pack);
  return false;
}

// A special register: S2R, the runtime's words in bank 1 (%envreg), or the
// launch block in bank 0 (%ntid, %nctaid). cc/passes/SpecialOperands.cpp makes
// every other read of one such a mov.
ErrorReported Selector::selectMovSpecial(const Instruction &I) {
  const Operand &Src = I.Ops[1];
  if (Src.SReg == SpecialReg::Clock64)
    return selectClock64(I);
  std::optional<StringRef> Name = sregSpelling(Src);
  if (!Name && Src.SReg != SpecialReg::Envreg)
    return Diag.error(Src.Loc, "not supported yet: special register '" +
                                   specialRegName(Src.SReg) + "'");
  if (I.Ops[0].K != Operand::Reg || (!isInt32(I.type()) && !isSubWord(I.type())))
    return unsupported(I);
  MOperand D = vreg(I.Ops[0]);
  if (Src.SReg == SpecialReg::Envreg) {
    MInstBuilder B = build(SIMT::MOV); // the runtime's word in bank 1
    B.reg("rd", D).srcConst("sb", 1, simt::limits::kEnvRegSlot + 4 * unsigned(Src.Component));
    emit(B);
  } else if (Src.SReg == SpecialReg::Ntid || Src.SReg == SpecialReg::Nctaid) {
    // The launch block in bank 0: the constants pass makes the readers'
    // Sb operands c[0x0][..] and drops the MOV.
    MInstBuilder B = build(SIMT::MOV);
    const uint32_t Base =
        Src.SReg == SpecialReg::Ntid ? simt::limits::kNtidSlot : simt::limits::kNctaidSlot;
    B.reg("rd", D).srcConst("sb", 0, Base + 4 * unsigned(Src.Component));
    emit(B);
  } else {
    MInstBuilder B = build(SIMT::S2R);
    B.reg("rd", D).mod(SIMT::SRegNames, modValue(SIMT::SRegNames, *Name));
    emit(B);
  }
  return false;
}

// %clock64: the high word, the low word, the high word again. Should the low
// word wrap between the reads, the two high words differ and the value is
// the wrap itself (high word of the second read, low word 0): a time
// between the reads either way.
ErrorReported Selector::selectClock64(const Instruction &I) {
  if (I.Ops[0].K != Operand::Reg || classOf(F.reg(I.Ops[0].RegId).Type) != RegClass::GPR64)
    return unsupported(I);
  auto readClock = [&](MOperand D, StringRef Name) {
    MInstBuilder B = build(SIMT::S2R);
    B.reg("rd", D).mod(SIMT::SRegNames, modValue(SIMT::SRegNames, Name));
    emit(B);
  };
  const MOperand HiBefore = temp(), Lo = temp(), Wrapped = MOperand::vreg(MF->newVReg(RegClass::Pred));
  readClock(HiBefore, "SR_CLOCKHI");
  readClock(Lo, "SR_CLOCK");
  readClock(word(I.Ops[0], true), "SR_CLOCKHI");
  MInstBuilder Cmp = build(SIMT::ISETP);
  Cmp.mod(SIMT::MG_ICmp, modValue(SIMT::MG_ICmp, "NE")).mod(SIMT::MG_U32, true);
  Cmp.mod(SIMT::MG_Bop, modValue(SIMT::MG_Bop, "AND"));
  Cmp.reg("pu", Wrapped).reg("pv", MOperand::zero()).reg("ra", HiBefore);
  Cmp.regMod("sb", word(I.Ops[0], true), 0).reg("pp", MOperand::zero());
  emit(Cmp);
  MInstBuilder Sel = build(SIMT::SEL); // Pp ? Ra : Sb
  Sel.reg("rd", word(I.Ops[0], false)).reg("ra", MOperand::zero()).regMod("sb", Lo, 0);
  Sel.reg("pp", Wrapped);
  emit(Sel);
  return false;
}

ErrorReported Selector::selectMov(const Instruction &I) {
  PTXType T = I.type();
  if (I.Ops.size() != 2 || I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  const Operand &Src = I.Ops[1];
  if (T == PTXType::Pred) { // p = q: PSETP.AND.AND p, PT, q, PT, PT
    if (Src.K != Operand::Reg && Src.K != Operand::Imm)
      return unsupported(I);
    MInstBuilder B = build(SIMT::PSETP);
    B.reg("pu", vreg(I.Ops[0])).reg("pv", MOperand::zero());
    setPred(B, "pp", Src);
    B.reg("pq", MOperand::zero()).reg("pr", MOperand::zero());
    emit(B);
    return false;
  }
  if (!isInt32(T) && T != PTXType::F32 && !isSubWord(T))
    return unsupported(I);
  if (Src.K == Operand::Symbol) { // 32-bit addressing (-m32)
    if (std::optional<int64_t> A = paramAddress(Src); A && isInt32(T)) {
      Operand V = Src;
      V.K = Operand::Imm;
      V.Int = *A;
      move(vreg(I.Ops[0]), V, std::nullopt);
      return false;
    }
    if (auto It = SymbolOffset.find(Src.Name); It != SymbolOffset.end() && isInt32(T)) {
      if (MF->Framed && LocalVars.contains(Src.Name)) {
        localAddress(vreg(I.Ops[0]), It->second + uint64_t(Src.Int));
        return false;
      }
      Operand V = Src; // a .shared/.local variable: its offset in the window
      V.K = Operand::Imm;
      V.Int = int64_t(It->second + uint64_t(Src.Int));
      move(vreg(I.Ops[0]), V, std::nullopt);
      return false;
    }
    bool Failed = false;
    const ModuleVarSlot *S = isInt32(T) ? moduleVar(I, Src.Name, Failed) : nullptr;
    if (Failed)
      return true;
    if (!S)
      return unsupportedAddressOf(I, Src);
    selectVarAddress(*S, Src.Int, vreg(I.Ops[0]), /*Wide=*/false);
    return false;
  }
  int64_t V = Src.K == Operand::FImm ? int64_t(f32Bits(Src)) : int32_t(uint32_t(Src.Int));
  if (Src.K != Operand::Reg && !fitsSb(V)) {
    MInstBuilder B = build(SIMT::MOV32I);
    B.reg("rd", vreg(I.Ops[0])).imm("imm", uint32_t(V));
    emit(B);
    return false;
  }
  MInstBuilder B = build(SIMT::MOV);
  B.reg("rd", vreg(I.Ops[0]));
  setSrcB(B, "sb", Src, /*Float=*/false);
  emit(B);
  return false;
}

} // namespace simt::cc::isel
