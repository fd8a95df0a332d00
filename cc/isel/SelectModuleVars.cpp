//===-- SelectModuleVars.cpp - Addresses and loads of .const/.global data -===//
#include "cc/isel/Selector.h"
#include "cc/abi/ParamLayout.h"
#include "isa/SIMTLimits.h"

using namespace llvm;

namespace simt::cc::isel {

const ModuleVarSlot *Selector::moduleVar(const Instruction &I, StringRef Name, bool &Failed) {
  const ModuleVarSlot *S = Data.lookup(Name);
  if (!S)
    return nullptr;
  if (!S->Fits || S->Size == 0 || S->Var->Link == Linkage::Extern) {
    Failed = true;
    Diag.error(I.Loc, "not supported yet: " +
                          Twine(S->Size == 0 || S->Var->Link == Linkage::Extern
                                    ? "'" + Name + "', a module variable declared here and "
                                                   "defined elsewhere"
                                    : "'" + Name + "': .const variables beyond the 64 KiB of "
                                                   "constant bank 2"));
    // The fix is at the declaration (in a .cu file, its line: PTXSourceLines.h).
    Diag.note(S->Var->Loc, "'" + Name + "' is declared here");
    return nullptr;
  }
  return S;
}

// A .const variable's address is its offset in bank 2 (ld.const reads it
// back as c[0x2][Ra+imm]); a .global one's comes from the runtime's bank:
// Fermi's compilers too read the addresses of __device__ variables from a
// constant bank, which costs one MOV per word instead of a relocation of a
// MOV32I per word, and keeps the code independent of where the loader put
// the variables.
void Selector::selectVarAddress(const ModuleVarSlot &S, int64_t Offset, MOperand Dst, bool Wide) {
  auto Word = [&](bool Hi) {
    MOperand W = Dst;
    if (Wide)
      W.Sub = Hi ? 2 : 1;
    return W;
  };
  const Operand Off = Operand::imm(int64_t(S.Offset) + Offset);
  if (S.IsConst) {
    for (bool Hi : {false, true})
      if (!Hi || Wide)
        move(Word(Hi), Off, Wide ? std::optional<bool>(Hi) : std::nullopt);
    return;
  }
  for (bool Hi : {false, true}) {
    if (Hi && !Wide)
      break;
    const unsigned Slot = simt::limits::kGlobalVarBaseSlot + (Hi ? 4 : 0);
    emit(build<mi::MOV>().rd(Word(Hi)).sb(SrcB::constant(1, Slot)));
  }
  if (Off.Int != 0)
    addOffset(Dst, Dst, Off.Int, Wide);
}

void Selector::addOffset(MOperand Dst, MOperand Src, int64_t Offset, bool Wide) {
  auto Word = [&](MOperand P, bool Hi) {
    if (Wide && P.K == MOperand::VReg)
      P.Sub = Hi ? 2 : 1;
    return P;
  };
  const Operand Off = Operand::imm(Offset);
  for (bool Hi : {false, true}) {
    if (Hi && !Wide)
      break;
    auto M = build<mi::IADD>().x(Wide && Hi).cc(Wide && !Hi); // a pair's carry
    M.rd(Word(Dst, Hi)).ra(Word(Src, Hi));
    emit(M.sb(srcBWord(Off, Hi)));
  }
}

ErrorReported Selector::selectLdBank(const Instruction &I, unsigned Bank) {
  PTXType T = I.type();
  std::optional<SIMT::Width> Width = widthOf(T);
  if (!Width)
    return Diag.error(I.Loc, "not supported yet: '" + opcodeSpelling(I) + "' (" +
                                 (T == PTXType::F64 ? "f64" : "this type") + ")");
  const Operand &Addr = I.Ops[1], &Val = I.Ops[0];
  if (Addr.K != Operand::Address)
    return unsupported(I);
  // Either a constant offset in the bank (a variable or parameter plus an
  // offset, or a literal address) or a register holding one (the address of
  // a variable or parameter moved into it and indexed).
  std::optional<int64_t> Fixed;
  MOperand Base = MOperand::zero();
  const Operand *B = Addr.addressBase();
  if (!B) {
    Fixed = Addr.Int;
  } else if (B->K == Operand::Symbol && Bank == ParamBank) {
    std::optional<ParamSlot> P = paramSlot(F, B->Name);
    if (!P)
      return unsupported(I);
    uint64_t Bytes = std::max(1u, typeBits(T) / 8) * std::max(1u, unsigned(I.Vec));
    if (Addr.Int < 0 || uint64_t(Addr.Int) + Bytes > P->Size)
      return Diag.error(I.Loc, "'" + opcodeSpelling(I) + "' reads outside parameter '" +
                                   B->Name + "' (" + Twine(P->Size) + " bytes) at offset " +
                                   Twine(Addr.Int));
    Fixed = int64_t(P->Offset) + Addr.Int;
  } else if (B->K == Operand::Symbol) {
    bool Failed = false;
    const ModuleVarSlot *S = moduleVar(I, B->Name, Failed);
    if (!S || !S->IsConst)
      return Failed || Diag.error(I.Loc, "'" + opcodeSpelling(I) + "' of '" + B->Name +
                                             "', which is not a .const variable");
    Fixed = int64_t(S->Offset) + Addr.Int;
  } else if (B->K == Operand::Reg) {
    bool Pair = MF->VRegs[VRegOf[B->RegId]].Class == RegClass::GPR64;
    Base = Pair ? word(*B, false) : vreg(*B); // a bank offset: the low word
  } else {
    return unsupported(I);
  }
  unsigned Bytes = std::max(1u, typeBits(T) / 8);
  bool Is64 = Bytes == 8;
  std::vector<const Operand *> Elems;
  if (!accessElements(I, Val, Elems))
    return unsupported(I);
  for (size_t N = 0; N < Elems.size(); ++N) {
    const Operand &E = *Elems[N];
    if (E.K == Operand::Sink)
      continue;
    if (E.K != Operand::Reg)
      return unsupported(I);
    const RegClass C = classOf(F.reg(E.RegId).Type);
    if (C == RegClass::Pred || (Is64 && C != RegClass::GPR64))
      return Diag.error(I.Loc, "'" + opcodeSpelling(I) + "' needs a " + (Is64 ? "64" : "32") +
                                   "-bit register; '" + F.reg(E.RegId).Name + "' is not one");
    // A load into a wider register extends (ld.param.s32 %rd, [p]).
    const bool Widen = !Is64 && C == RegClass::GPR64;
    const MOperand R = Widen ? word(E, false) : vreg(E);
    int64_t Off = (Fixed ? *Fixed : Addr.Int) + int64_t(N * Bytes);
    if (Fixed && (Off < 0 || Off + Bytes > simt::limits::kConstBankBytes))
      return Diag.error(I.Loc, "'" + opcodeSpelling(I) + "' reads outside constant bank " +
                                   Twine(Bank) + " (offset " + Twine(Off) + ")");
    if (Fixed && Off % 4 == 0 && Bytes >= 4) { // c[0x2][off] operands of MOVs
      for (bool Hi : {false, true}) {
        if (Hi && !Is64)
          break;
        const SrcB Word = SrcB::constant(Bank, unsigned(Off) + (Hi ? 4 : 0));
        emit(build<mi::MOV>().rd(Is64 ? word(E, Hi) : R).sb(Word));
      }
    } else {
      if (Off < INT16_MIN || Off > INT16_MAX)
        return Diag.error(I.Loc, "not supported yet: '" + opcodeSpelling(I) + "' at offset " +
                                     Twine(Off) + " (LDC takes a 16-bit signed offset)");
      emit(build<mi::LDC>().width(*Width).rd(R).addr(Bank, Base, Off));
    }
    if (Widen)
      extendHighWord(E, R, T);
  }
  return false;
}

} // namespace simt::cc::isel
