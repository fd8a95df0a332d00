//===-- FoldConstants.cpp - Constant-bank reads made Sb operands ----------===//
#include "cc/mir/FoldConstants.h"
#include "cc/mir/MIR.h"

#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

#include <array>
#include <optional>

using namespace llvm;

namespace simt::cc {

namespace {

// Source modifiers sit two bits higher in an Sb operand's flags than in a
// RegMod operand's (SIMTOperandFlags.h): SB_Neg = RM_Neg << 2, and so on.
constexpr unsigned SbModShift = 2;

/// The Sb slot of an instruction when it may hold c[bank][offset].
const Slot *constCapableSb(unsigned Opcode) {
  const Slot *S = slotOf(Opcode, SIMT::OperandRole::Sb);
  return S && S->Kind == SlotKind::SrcB ? S : nullptr;
}

unsigned sbFlags(const MInst &I, const Slot &Sb) { return unsigned(I.Ops[Sb.McIndex + 2].Value); }

/// `MOV rd, c[bank][offset]` with nothing else to it: its c[][] field.
std::optional<int64_t> constantRead(const MInst &I) {
  if (I.Opcode != SIMT::MOV || isGuarded(I))
    return std::nullopt;
  for (const Slot &S : slotsOf(I.Opcode))
    if (S.Kind == SlotKind::Modifier && I.Ops[S.McIndex].Value)
      return std::nullopt;
  const Slot *Sb = slotOf(I.Opcode, SIMT::OperandRole::Sb);
  const Slot *Rd = slotOf(I.Opcode, SIMT::OperandRole::Rd);
  if (!Sb || !Rd || sbFlags(I, *Sb) != SIMT::SB_Const || I.Ops[Rd->McIndex].K != MOperand::VReg)
    return std::nullopt;
  return I.Ops[Sb->McIndex + 1].Value;
}

/// Ra and Sb may be swapped: the record says so, and LOP is no .PASS_B.
bool commutes(const MInst &I) {
  return isCommutable(I.Opcode) &&
         !(I.Opcode == SIMT::LOP && modifierOf<SIMT::MG_Logic>(I) == SIMT::Logic::PASS_B);
}

void setConst(MInst &I, const Slot &Sb, int64_t Field, unsigned Mods) {
  I.Ops[Sb.McIndex] = MOperand::zero();
  I.Ops[Sb.McIndex + 1] = MOperand::imm(Field);
  I.Ops[Sb.McIndex + 2] = MOperand::imm(Mods | SIMT::SB_Const);
}

/// How one word of a register is written (index: MOperand::Sub; a 32-bit
/// register is word 0, a pair's words are 1 and 2, a quad's 1 to 4): by one constant MOV,
/// by one plain copy of another word, or otherwise (several writes, or one
/// that computes).
struct WordDef {
  enum Kind : uint8_t { None, Field, Copy, Other } K = None;
  int64_t Value = 0;             // Field: c[bank][offset]
  unsigned SrcReg = 0;           // Copy: the word copied
  uint8_t SrcSub = 0;
};

class Folder {
public:
  explicit Folder(MFunction &MF) : MF(MF) {}
  unsigned run();

private:
  void findDefs();
  std::optional<int64_t> fieldOf(unsigned VReg, uint8_t Sub) const;
  std::optional<int64_t> definedField(const MInst &I) const;
  bool foldInto(MInst &I);
  unsigned removeUnread();
  void recordConstants();
  MFunction &MF;
  DenseMap<unsigned, std::array<WordDef, 5>> Defs;
};

void Folder::findDefs() {
  SmallVector<Access, 8> Acc;
  for (const auto &B : MF.Blocks)
    for (const MInst &I : B->Insts) {
      Acc.clear();
      accessesOf(I, Acc);
      std::optional<int64_t> Field = constantRead(I);
      auto [CopyDst, CopySrc] = plainCopy(I);
      for (const Access &A : Acc) {
        if (!A.Def)
          continue;
        WordDef &D = Defs[A.VReg][A.Sub];
        bool Word = MF.VRegs[A.VReg].Class == RegClass::GPR ? A.Sub == 0 : A.Sub != 0;
        if (D.K != WordDef::None || !Word || MF.VRegs[A.VReg].Fixed >= 0)
          D.K = WordDef::Other;
        else if (Field)
          D = {WordDef::Field, *Field, 0, 0};
        else if (CopySrc)
          D = {WordDef::Copy, 0, CopySrc->Reg, CopySrc->Sub};
        else
          D.K = WordDef::Other;
      }
    }
}

std::optional<int64_t> Folder::fieldOf(unsigned VReg, uint8_t Sub) const {
  // Through a few copies (ld.param, then cvta.to.global's copy, ...); a
  // cycle of copies is no constant.
  for (unsigned Hops = 0; Hops < 8; ++Hops) {
    auto It = Defs.find(VReg);
    if (It == Defs.end())
      return std::nullopt;
    const WordDef &D = It->second[Sub];
    if (D.K == WordDef::Field)
      return D.Value;
    if (D.K != WordDef::Copy)
      return std::nullopt;
    VReg = D.SrcReg;
    Sub = D.SrcSub;
  }
  return std::nullopt;
}

// The constant I writes, when it is a constant MOV or a copy of one.
std::optional<int64_t> Folder::definedField(const MInst &I) const {
  const MOperand *Dst = plainCopy(I).first;
  if (!Dst && constantRead(I))
    Dst = &operandOf(I, SIMT::OperandRole::Rd);
  return Dst ? fieldOf(Dst->Reg, Dst->Sub) : std::nullopt;
}

// Replaces I's reads of constant registers where the operand allows it.
bool Folder::foldInto(MInst &I) {
  const Slot *Sb = constCapableSb(I.Opcode);
  if (!Sb || (sbFlags(I, *Sb) & SIMT::SB_KindMask) != SIMT::SB_Reg)
    return false;
  const MOperand &B = I.Ops[Sb->McIndex];
  if (B.K == MOperand::VReg)
    if (std::optional<int64_t> F = fieldOf(B.Reg, B.Sub)) {
      setConst(I, *Sb, *F, sbFlags(I, *Sb) & ~SIMT::SB_KindMask);
      return true;
    }
  const Slot *Ra = slotOf(I.Opcode, SIMT::OperandRole::Ra);
  if (!Ra || !commutes(I) || I.Ops[Ra->McIndex].K != MOperand::VReg)
    return false;
  const MOperand &A = I.Ops[Ra->McIndex];
  std::optional<int64_t> F = fieldOf(A.Reg, A.Sub);
  unsigned BMods = sbFlags(I, *Sb) & ~SIMT::SB_KindMask;
  bool RaMods = Ra->Kind == SlotKind::RegMod;
  if (!F || (!RaMods && BMods))
    return false;
  unsigned AMods = RaMods ? unsigned(I.Ops[Ra->McIndex + 1].Value) : 0;
  I.Ops[Ra->McIndex] = B;
  if (RaMods)
    I.Ops[Ra->McIndex + 1] = MOperand::imm(BMods >> SbModShift);
  setConst(I, *Sb, *F, AMods << SbModShift);
  return true;
}

// Constant MOVs and copies of constants whose word nothing reads; a round
// that removes a copy may leave its source unread (eraseUnread repeats).
unsigned Folder::removeUnread() {
  SmallVector<Access, 8> Acc;
  return eraseUnread(MF, [&](const MInst &I, const WordsRead &Read) {
    if (!definedField(I))
      return false;
    Acc.clear();
    accessesOf(I, Acc);
    const Access &D = *find_if(Acc, [](const Access &A) { return A.Def; });
    return !(Read.lookup(D.VReg) & (1u << D.Sub));
  });
}

// The debugger's register map finds a PTX register that is a constant in
// its bank (RegMap.h), whether or not a MOV of it stays.
void Folder::recordConstants() {
  for (unsigned V = 0; V < MF.VRegs.size(); ++V) {
    if (MF.VRegs[V].PTXReg < 0)
      continue;
    if (MF.VRegs[V].Class == RegClass::GPR) {
      if (std::optional<int64_t> F = fieldOf(V, 0))
        MF.VRegs[V].ConstField = *F;
    } else if (MF.VRegs[V].Class == RegClass::GPR64) {
      std::optional<int64_t> Lo = fieldOf(V, 1), Hi = fieldOf(V, 2);
      if (Lo && Hi && *Hi == *Lo + 4 && *Lo % 8 == 0)
        MF.VRegs[V].ConstField = *Lo;
    }
  }
}

unsigned Folder::run() {
  findDefs();
  recordConstants();
  bool Any = false;
  for (auto &B : MF.Blocks)
    for (MInst &I : B->Insts)
      if (!definedField(I))
        Any |= foldInto(I);
  return Any ? removeUnread() : 0;
}

} // namespace

unsigned foldConstantOperands(MFunction &MF) { return Folder(MF).run(); }

} // namespace simt::cc
