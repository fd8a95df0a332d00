//===-- SelectMoves.cpp - mov and clock64 ---------------------------------===//
#include "cc/isel/Selector.h"
#include "isa/SIMTLimits.h"

using namespace llvm;

namespace simt::cc::isel {

/// The S2R register a PTX special register reads, if it is one.
static std::optional<SIMT::SpecialReg> sregOf(const Operand &Op) {
  using SR = SIMT::SpecialReg;
  static constexpr SR WithComponent[4][3] = {
      {SR::SR_TID_X, SR::SR_TID_Y, SR::SR_TID_Z},
      {SR::SR_NTID_X, SR::SR_NTID_Y, SR::SR_NTID_Z},
      {SR::SR_CTAID_X, SR::SR_CTAID_Y, SR::SR_CTAID_Z},
      {SR::SR_NCTAID_X, SR::SR_NCTAID_Y, SR::SR_NCTAID_Z}};
  if (specialRegHasComponent(Op.SReg))
    return WithComponent[unsigned(Op.SReg)][Op.Component];
  switch (Op.SReg) {
  case SpecialReg::Laneid: return SR::SR_LANEID;
  case SpecialReg::Warpid: return SR::SR_WARPID;
  case SpecialReg::Nwarpid: return SR::SR_NWARPID;
  case SpecialReg::Smid: return SR::SR_SMID;
  case SpecialReg::Clock: return SR::SR_CLOCK;
  case SpecialReg::GlobaltimerLo: return SR::SR_GLOBALTIMERLO;
  case SpecialReg::GlobaltimerHi: return SR::SR_GLOBALTIMERHI;
  case SpecialReg::LanemaskEq: return SR::SR_LANEMASK_EQ;
  case SpecialReg::LanemaskLt: return SR::SR_LANEMASK_LT;
  case SpecialReg::LanemaskLe: return SR::SR_LANEMASK_LE;
  case SpecialReg::LanemaskGt: return SR::SR_LANEMASK_GT;
  case SpecialReg::LanemaskGe: return SR::SR_LANEMASK_GE;
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
    if (Hi.K == Operand::Reg)
      emit(build<mi::SHR>().u32().rd(vreg(Hi)).ra(vreg(Whole)).sb(SrcB::imm(16)));
    return false;
  }
  // hi's low 16 bits over bits 16..31 of lo
  auto Pack = build<mi::BFI>().rd(vreg(Whole)).ra(regOf(Hi, false)).sb(SrcB::imm(16 | 16 << 8));
  emit(Pack.rc(regOf(Lo, false)));
  return false;
}

// A special register: S2R, the runtime's words in bank 1 (%envreg), or the
// launch block in bank 0 (%ntid, %nctaid). cc/passes/SpecialOperands.cpp makes
// every other read of one such a mov.
ErrorReported Selector::selectMovSpecial(const Instruction &I) {
  const Operand &Src = I.Ops[1];
  const bool Timer = Src.SReg == SpecialReg::Globaltimer || Src.SReg == SpecialReg::GlobaltimerLo ||
                     Src.SReg == SpecialReg::GlobaltimerHi;
  if (Timer && F.getParent()->IsaLevel < 35) { // PTX has it from sm_30 on
    const Module &M = *F.getParent();
    return Diag.error(Src.Loc, "special register '" + specialRegName(Src.SReg) +
                                   "' needs sm_30 or later (this ISA's sm_35 level); the "
                                   "module's .target is " +
                                   (M.Target.empty() ? std::string("not given") : M.Target));
  }
  if (Src.SReg == SpecialReg::Clock64)
    return selectClock64(I, SIMT::SpecialReg::SR_CLOCKHI, SIMT::SpecialReg::SR_CLOCK);
  if (Src.SReg == SpecialReg::Globaltimer)
    return selectClock64(I, SIMT::SpecialReg::SR_GLOBALTIMERHI,
                         SIMT::SpecialReg::SR_GLOBALTIMERLO);
  std::optional<SIMT::SpecialReg> SR = sregOf(Src);
  if (!SR && Src.SReg != SpecialReg::Envreg)
    return Diag.error(Src.Loc, "not supported yet: special register '" +
                                   specialRegName(Src.SReg) + "'");
  if (I.Ops[0].K != Operand::Reg || (!isInt32(I.type()) && !isSubWord(I.type())))
    return unsupported(I);
  MOperand D = vreg(I.Ops[0]);
  if (Src.SReg == SpecialReg::Envreg) { // the runtime's word in bank 1
    const unsigned Slot = simt::limits::kEnvRegSlot + 4 * unsigned(Src.Component);
    emit(build<mi::MOV>().rd(D).sb(SrcB::constant(1, Slot)));
  } else if (Src.SReg == SpecialReg::Ntid || Src.SReg == SpecialReg::Nctaid) {
    // The launch block in bank 0: the constants pass makes the readers'
    // Sb operands c[0x0][..] and drops the MOV.
    const uint32_t Base =
        Src.SReg == SpecialReg::Ntid ? simt::limits::kNtidSlot : simt::limits::kNctaidSlot;
    emit(build<mi::MOV>().rd(D).sb(SrcB::constant(0, Base + 4 * unsigned(Src.Component))));
  } else {
    emit(build<mi::S2R>().rd(D).sr(*SR));
  }
  return false;
}

// %clock64 and %globaltimer: the high word, the low word, the high word
// again. Should the low word wrap between the reads, the two high words
// differ and the value is the wrap itself (high word of the second read,
// low word 0): a time between the reads either way.
ErrorReported Selector::selectClock64(const Instruction &I, SIMT::SpecialReg Hi,
                                      SIMT::SpecialReg Lo) {
  if (I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  if (classOf(F.reg(I.Ops[0].RegId).Type) != RegClass::GPR64) { // ptxas: "Arguments mismatch"
    const bool Timer = Hi == SIMT::SpecialReg::SR_GLOBALTIMERHI;
    return Diag.error(I.Ops[0].Loc,
                      std::string("'") + (Timer ? "%globaltimer" : "%clock64") +
                          "' is 64 bits: its destination must be a 64-bit register (its low "
                          "word alone is " +
                          (Timer ? "%globaltimer_lo" : "%clock") + ")");
  }
  auto read = [&](MOperand D, SIMT::SpecialReg Word) { emit(build<mi::S2R>().rd(D).sr(Word)); };
  const MOperand HiBefore = temp(), LoWord = temp(),
                 Wrapped = MOperand::vreg(MF->newVReg(RegClass::Pred));
  read(HiBefore, Hi);
  read(LoWord, Lo);
  read(word(I.Ops[0], true), Hi);
  auto Cmp = build<mi::ISETP>().cmp(SIMT::ICmp::NE).u32().bop(SIMT::BoolOp::AND);
  Cmp.pu(Wrapped).pv(MOperand::zero()).ra(HiBefore);
  emit(Cmp.sb(word(I.Ops[0], true)).pp(MOperand::zero()));
  // Pp ? Ra : Sb
  emit(build<mi::SEL>().rd(word(I.Ops[0], false)).ra(MOperand::zero()).sb(LoWord).pp(Wrapped));
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
    auto B = build<mi::PSETP>().pu(vreg(I.Ops[0])).pv(MOperand::zero()).pp(predOf(Src));
    emit(B.pq(MOperand::zero()).pr(MOperand::zero()));
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
  if (Src.K != Operand::Reg) {
    uint32_t V = Src.K == Operand::FImm ? f32Bits(Src) : uint32_t(Src.Int);
    emit(build<mi::MOVWithImm>(V).rd(vreg(I.Ops[0])));
    return false;
  }
  emit(build<mi::MOV>().rd(vreg(I.Ops[0])).sb(vreg(Src)));
  return false;
}

} // namespace simt::cc::isel
