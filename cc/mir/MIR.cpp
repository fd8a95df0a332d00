//===-- MIR.cpp - Selected SIMT instructions on virtual registers ---------===//
#include "cc/mir/MIR.h"

#include "MCTargetDesc/SIMTInstPrinter.h"
#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <map>

using namespace llvm;

namespace simt::cc {

namespace {

struct OperandRow {
  unsigned Opcode;
  const char *Name, *TypeDef;
  unsigned McIndex, NumSubOps, Group, Allowed;
  SIMT::OperandRole Role;
  SIMT::OperandKind Kind;
};
constexpr OperandRow OperandRows[] = {
#define SIMT_OPERAND(Rec, Name, TypeDef, McIndex, NumSubOps, Group, Allowed, Role, Kind, ...) \
  {SIMT::Rec, #Name, #TypeDef, McIndex, NumSubOps, Group, Allowed, SIMT::OperandRole::Role, \
   SIMT::OperandKind::Kind},
#include "SIMTOperands.def"
};

struct PropsRow {
  unsigned Opcode;
  bool Pure, Commutable;
};
constexpr PropsRow PropsRows[] = {
#define SIMT_RECORD_PROPS(Rec, IsPure, IsCommutable) {SIMT::Rec, IsPure, IsCommutable},
#include "SIMTInstrs.def"
};

struct InstrRow {
  unsigned Opcode;
  const char *Mnemonic;
};
constexpr InstrRow InstrRows[] = {
#define SIMT_INSTR(Rec, Mnemonic, SemClass, Op, MayDiverge, IsControl, WritesCC,   \
                   MemSpace, ...)                                                \
  {SIMT::Rec, Mnemonic},
#include "SIMTInstrs.def"
};

/// How the compiler fills a slot of the .td's operand kind.
SlotKind kindOf(SIMT::OperandKind Kind) {
  using K = SIMT::OperandKind;
  switch (Kind) {
  case K::Guard:
    return SlotKind::Guard;
  case K::Modifier:
  case K::Named: // S2R's special register, BRA's CC test: a group's value
    return SlotKind::Modifier;
  case K::Reg:
    return SlotKind::Reg;
  case K::RegMod:
    return SlotKind::RegMod;
  case K::SrcB:
  case K::SrcBFloat:
    return SlotKind::SrcB;
  case K::Imm:
    return SlotKind::Imm;
  case K::PredDst:
    return SlotKind::PredDst;
  case K::PredSrc:
    return SlotKind::PredSrc;
  case K::MemAddr:
    return SlotKind::Mem;
  case K::BrTarget:
    return SlotKind::Target;
  case K::ConstAddr:
  case K::RegOff:
  case K::RegSel:
    return SlotKind::Other;
  }
  llvm_unreachable("an operand kind");
}

struct Layouts {
  std::map<unsigned, std::vector<Slot>> Slots;
  std::map<unsigned, StringRef> Mnemonics;
  std::map<unsigned, PropsRow> Props;
  Layouts() {
    for (const OperandRow &R : OperandRows)
      Slots[R.Opcode].push_back({R.Name, R.TypeDef, kindOf(R.Kind), R.Role,
                                 R.McIndex, R.NumSubOps, R.Group, R.Allowed});
    for (const InstrRow &R : InstrRows)
      Mnemonics[R.Opcode] = R.Mnemonic;
    for (const PropsRow &R : PropsRows)
      Props[R.Opcode] = R;
  }
};

const Layouts &layouts() {
  static const Layouts L;
  return L;
}

} // namespace

ArrayRef<Slot> slotsOf(unsigned Opcode) {
  auto It = layouts().Slots.find(Opcode);
  if (It == layouts().Slots.end())
    return {};
  return It->second;
}

const Slot *slotOf(unsigned Opcode, SIMT::OperandRole Role) {
  for (const Slot &S : slotsOf(Opcode))
    if (S.Role == Role)
      return &S;
  return nullptr;
}

const MOperand &operandOf(const MInst &I, SIMT::OperandRole Role) {
  const Slot *S = slotOf(I.Opcode, Role);
  assert(S && "the instruction has no operand of that role");
  return I.Ops[S->McIndex];
}

bool isPure(unsigned Opcode) {
  auto It = layouts().Props.find(Opcode);
  return It != layouts().Props.end() && It->second.Pure;
}

bool isCommutable(unsigned Opcode) {
  auto It = layouts().Props.find(Opcode);
  return It != layouts().Props.end() && It->second.Commutable;
}

StringRef mnemonicOf(unsigned Opcode) {
  auto It = layouts().Mnemonics.find(Opcode);
  return It == layouts().Mnemonics.end() ? StringRef("<unknown>") : It->second;
}

unsigned numMCOperands(unsigned Opcode) {
  unsigned N = 0;
  for (const Slot &S : slotsOf(Opcode))
    N += S.NumSubOps;
  return N;
}

unsigned MFunction::newVReg(RegClass C, std::string Name) {
  if (Name.empty())
    Name = "%t" + std::to_string(NumTemps++);
  VRegs.push_back({C, std::move(Name)});
  return VRegs.size() - 1;
}

unsigned MFunction::fixedVReg(unsigned Phys, std::string Name) {
  unsigned V = newVReg(RegClass::GPR, std::move(Name));
  VRegs[V].Fixed = int(Phys);
  return V;
}

MBlock *MBlock::branchTarget() const {
  if (Insts.empty() || (Insts.back().Opcode != SIMT::BRA))
    return nullptr;
  for (const MOperand &Op : Insts.back().Ops)
    if (Op.K == MOperand::Block)
      return const_cast<MBlock *>(Op.Target);
  return nullptr;
}

SmallVector<MBlock *, 2> MBlock::successors() const {
  SmallVector<MBlock *, 2> S;
  auto Add = [&](const MBlock *B) {
    if (B && !is_contained(S, B))
      S.push_back(const_cast<MBlock *>(B));
  };
  // Jumps end a block: a guarded BRA, then maybe the layout's unguarded one.
  for (auto I = Insts.rbegin(); I != Insts.rend() && I->Opcode == SIMT::BRA; ++I)
    for (const MOperand &Op : I->Ops)
      if (Op.K == MOperand::Block)
        Add(Op.Target);
  Add(FallThrough);
  Add(BreakTo);
  return S;
}

MBlock *MFunction::insertBlock(const MBlock *Before, std::string Name) {
  auto B = std::make_unique<MBlock>();
  B->Name = std::move(Name);
  MBlock *Raw = B.get();
  Blocks.insert(Before ? Blocks.begin() + indexOf(Before) : Blocks.end(), std::move(B));
  return Raw;
}

size_t MFunction::indexOf(const MBlock *B) const {
  for (size_t N = 0; N < Blocks.size(); ++N)
    if (Blocks[N].get() == B)
      return N;
  llvm_unreachable("block not in its function");
}

//===-- Building --------------------------------------------------------===//

MInstBuilder::MInstBuilder(unsigned Opcode, const Instruction *Source) {
  I.Opcode = Opcode;
  I.Source = Source;
  I.Ops.assign(numMCOperands(Opcode), MOperand::imm(0));
  Set.assign(slotsOf(Opcode).size(), false);
}

const Slot &MInstBuilder::slot(unsigned N, std::initializer_list<SlotKind> Kinds) {
  const Slot &S = slotsOf(I.Opcode)[N];
  assert(is_contained(Kinds, S.Kind) && "a builder setter of another operand kind");
  (void)Kinds;
  Set[N] = true;
  return S;
}

unsigned modifierOf(const MInst &I, unsigned Group) {
  for (const Slot &S : slotsOf(I.Opcode))
    if (S.Kind == SlotKind::Modifier && S.Group == Group)
      return unsigned(I.Ops[S.McIndex].Value);
  return 0;
}

bool isGuarded(const MInst &I) {
  for (const Slot &S : slotsOf(I.Opcode))
    if (S.Kind == SlotKind::Guard)
      return I.Ops[S.McIndex].K != MOperand::Zero || I.Ops[S.McIndex].Value;
  return false;
}

std::pair<const MOperand *, const MOperand *> plainCopy(const MInst &I) {
  if (I.Opcode != SIMT::MOV || isGuarded(I))
    return {nullptr, nullptr};
  const MOperand *Dst = nullptr, *Src = nullptr;
  for (const Slot &S : slotsOf(I.Opcode)) {
    const MOperand &Op = I.Ops[S.McIndex];
    switch (S.Kind) {
    case SlotKind::Modifier:
      if (Op.Value)
        return {nullptr, nullptr};
      break;
    case SlotKind::Reg:
      Dst = &Op;
      break;
    case SlotKind::SrcB:
      if (I.Ops[S.McIndex + 2].Value != SIMT::SB_Reg)
        return {nullptr, nullptr};
      Src = &Op;
      break;
    default:
      break;
    }
  }
  if (!Dst || !Src || Dst->K != MOperand::VReg || Src->K != MOperand::VReg ||
      Dst->Sub != Src->Sub)
    return {nullptr, nullptr};
  return {Dst, Src};
}

void accessesOf(const MInst &I, SmallVectorImpl<Access> &Out) {
  size_t First = Out.size();
  bool Guarded = false;
  for (const Slot &S : slotsOf(I.Opcode)) {
    // A register is the first sub-operand, except LDC's c[bank][Ra+imm].
    unsigned At = S.McIndex + (S.TypeDef == "ConstAddr" ? 1 : 0);
    const MOperand &Op = I.Ops[At];
    if (Op.K != MOperand::VReg)
      continue;
    if (S.Kind == SlotKind::Guard)
      Guarded = true;
    bool Def = S.Kind == SlotKind::PredDst ||
               (S.Kind == SlotKind::Reg && S.Role == SIMT::OperandRole::Rd);
    Out.push_back({Op.Reg, Op.Sub, Def, false, false, At});
  }
  // A CAL's arguments and results, a RET's results (fixed to R4..R15).
  for (unsigned V : I.ImplicitUses)
    Out.push_back({V, 0, false, false, false, ~0u});
  for (unsigned V : I.ImplicitDefs)
    Out.push_back({V, 0, true, false, false, ~0u});
  for (size_t N = First; N < Out.size(); ++N) {
    Out[N].Guarded = Guarded;
    Out[N].Kills = Out[N].Def && !Guarded && Out[N].Sub == 0;
  }
}

WordsRead wordsRead(const MFunction &MF) {
  WordsRead Read;
  SmallVector<Access, 8> Acc;
  for (const auto &B : MF.Blocks)
    for (const MInst &I : B->Insts) {
      Acc.clear();
      accessesOf(I, Acc);
      for (const Access &A : Acc)
        if (!A.Def)
          Read[A.VReg] |= A.Sub == 0 ? 0b11111 : 1u << A.Sub;
    }
  return Read;
}

unsigned eraseUnread(MFunction &MF, function_ref<bool(const MInst &, const WordsRead &)> Dead) {
  size_t Erased = 0, Before;
  do {
    const WordsRead Read = wordsRead(MF);
    Before = Erased;
    for (auto &B : MF.Blocks) {
      const size_t Size = B->Insts.size();
      erase_if(B->Insts, [&](const MInst &I) { return Dead(I, Read); });
      Erased += Size - B->Insts.size();
    }
  } while (Erased != Before);
  return unsigned(Erased);
}

void MInstBuilder::setGuard(unsigned N, MOperand Pred, bool Negated) {
  MOperand &Op = I.Ops[slot(N, {SlotKind::Guard}).McIndex];
  Op = Pred; // a guard operand's own negation is replaced
  Op.Value = Negated ? SIMT::PredNegBit : 0;
}

void MInstBuilder::setModifier(unsigned N, unsigned Value) {
  const Slot &S = slot(N, {SlotKind::Modifier});
  if (Value >= 32 || !(S.Allowed >> Value & 1))
    report_fatal_error(Twine("instruction selection: ") + mnemonicOf(I.Opcode) + " takes no " +
                       SIMT::ModGroupTable[S.Group].Name + " value " + Twine(Value));
  I.Ops[S.McIndex] = MOperand::imm(Value);
}

void MInstBuilder::setReg(unsigned N, MOperand R) {
  I.Ops[slot(N, {SlotKind::Reg, SlotKind::PredDst}).McIndex] = R;
}

// A predicate slot holds the register with the negation in Value.
void MInstBuilder::setPred(unsigned N, MOperand P, bool Negated) {
  MOperand &Op = I.Ops[slot(N, {SlotKind::PredSrc}).McIndex];
  Op = P;
  if (Negated)
    Op.Value = SIMT::PredNegBit;
}

void MInstBuilder::setRegMod(unsigned N, MOperand R, unsigned Flags) {
  const Slot &S = slot(N, {SlotKind::RegMod});
  I.Ops[S.McIndex] = R;
  I.Ops[S.McIndex + 1] = MOperand::imm(Flags);
}

void MInstBuilder::setSrcB(unsigned N, const SrcB &V) {
  const Slot &S = slot(N, {SlotKind::SrcB});
  I.Ops[S.McIndex] = V.R;
  I.Ops[S.McIndex + 1] = MOperand::imm(V.Field);
  I.Ops[S.McIndex + 2] = MOperand::imm(V.Flags);
}

void MInstBuilder::setImm(unsigned N, int64_t V) {
  I.Ops[slot(N, {SlotKind::Imm}).McIndex] = MOperand::imm(V);
}

void MInstBuilder::setRegImm(unsigned N, MOperand R, int64_t V) {
  const Slot &S = slot(N, {SlotKind::Mem, SlotKind::Other});
  assert(S.NumSubOps == 2);
  I.Ops[S.McIndex] = R;
  I.Ops[S.McIndex + 1] = MOperand::imm(V);
}

void MInstBuilder::setConstAddr(unsigned N, unsigned Bank, MOperand Base, int64_t Offset) {
  const Slot &S = slot(N, {SlotKind::Other});
  assert(S.NumSubOps == 3);
  I.Ops[S.McIndex] = MOperand::imm(Bank);
  I.Ops[S.McIndex + 1] = Base;
  I.Ops[S.McIndex + 2] = MOperand::imm(Offset);
}

void MInstBuilder::setTarget(unsigned N, const MBlock *B) {
  I.Ops[slot(N, {SlotKind::Target}).McIndex] = MOperand::block(B);
}

void MInstBuilder::setCallee(unsigned N, const Function *F) {
  I.Ops[slot(N, {SlotKind::Target}).McIndex] = MOperand::func(F);
}

MInst MInstBuilder::take() {
  ArrayRef<Slot> Slots = slotsOf(I.Opcode);
  for (size_t N = 0; N < Slots.size(); ++N) {
    if (Set[N])
      continue;
    const Slot &S = Slots[N];
    if (S.Kind == SlotKind::Guard) {
      I.Ops[S.McIndex] = MOperand::zero(); // PT: unguarded
    } else if (S.Kind == SlotKind::Modifier) {
      int Default = SIMT::ModGroupTable[S.Group].Default;
      if (Default < 0)
        report_fatal_error(Twine("instruction selection: ") + mnemonicOf(I.Opcode) +
                           " needs its ." + SIMT::ModGroupTable[S.Group].Name);
      I.Ops[S.McIndex] = MOperand::imm(Default);
    } else {
      report_fatal_error(Twine("instruction selection: ") + mnemonicOf(I.Opcode) +
                         " operand '" + S.Name + "' left unset");
    }
  }
  return std::move(I);
}

//===-- Printing --------------------------------------------------------===//

static void printReg(raw_ostream &OS, const MFunction &MF, const MOperand &Op,
                     bool Pred) {
  switch (Op.K) {
  case MOperand::Zero:
    OS << (Pred ? "PT" : "RZ");
    return;
  case MOperand::VReg:
    OS << MF.VRegs[Op.Reg].Name;
    if (MF.VRegs[Op.Reg].Class == RegClass::GPR128 && Op.Sub)
      OS << ".w" << unsigned(Op.Sub - 1);
    else if (Op.Sub)
      OS << (Op.Sub == 1 ? ".lo" : ".hi");
    return;
  case MOperand::Imm:
    OS << SIMTInstPrinter::formatHex(Op.Value);
    return;
  case MOperand::Block:
    OS << Op.Target->Name;
    return;
  case MOperand::Func:
    OS << Op.Callee->Name;
    return;
  }
}

static void printPred(raw_ostream &OS, const MFunction &MF, const MOperand &Op) {
  if (Op.Value & SIMT::PredNegBit)
    OS << '!';
  printReg(OS, MF, Op, /*Pred=*/true);
}

static void printWithFlags(raw_ostream &OS, const MFunction &MF, const MOperand &R,
                           bool Neg, bool Abs, bool Inv) {
  OS << (Inv ? "~" : "") << (Neg ? "-" : "") << (Abs ? "|" : "");
  printReg(OS, MF, R, false);
  OS << (Abs ? "|" : "");
}

static void printSrcB(raw_ostream &OS, const MFunction &MF, const Slot &S,
                      const MOperand *Ops) {
  unsigned Flags = Ops[2].Value;
  int64_t Val = Ops[1].Value;
  switch (Flags & SIMT::SB_KindMask) {
  case SIMT::SB_Reg:
    printWithFlags(OS, MF, Ops[0], Flags & SIMT::SB_Neg, Flags & SIMT::SB_Abs,
                   Flags & SIMT::SB_Inv);
    return;
  case SIMT::SB_Imm:
    if (S.TypeDef == "SbF") {
      uint32_t Bits = uint32_t(Val & 0xfffff) << 12;
      float F;
      std::memcpy(&F, &Bits, 4);
      OS << SIMTInstPrinter::formatFloat(F);
    } else {
      OS << SIMTInstPrinter::formatHex(SignExtend64<20>(Val & 0xfffff));
    }
    return;
  default:
    OS << "c[" << SIMTInstPrinter::formatHex((Val >> 16) & 0xf) << "]["
       << SIMTInstPrinter::formatHex(Val & 0xffff) << ']';
    return;
  }
}


/// `[Ra+imm]` of a memory or constant address.
static void printAddress(raw_ostream &OS, const MFunction &MF, const MOperand &Base,
                         int64_t Offset) {
  OS << '[';
  printReg(OS, MF, Base, false);
  if (Offset)
    OS << (Offset < 0 ? "-" : "+") << SIMTInstPrinter::formatHex(std::abs(Offset));
  OS << ']';
}

static void printMInst(raw_ostream &OS, const MFunction &MF, const MInst &I) {
  ArrayRef<Slot> Slots = slotsOf(I.Opcode);
  for (const Slot &S : Slots)
    if (S.Kind == SlotKind::Guard && I.Ops[S.McIndex].K != MOperand::Zero) {
      OS << '@';
      printPred(OS, MF, I.Ops[S.McIndex]);
      OS << ' ';
    }
  OS << mnemonicOf(I.Opcode);
  for (const Slot &S : Slots) {
    if (S.Kind != SlotKind::Modifier || S.Group == SIMT::SRegNames)
      continue;
    const SIMT::ModGroupInfo &G = SIMT::ModGroupTable[S.Group];
    int64_t V = I.Ops[S.McIndex].Value;
    if (V < 0 || V >= int64_t(G.NumSpellings) || (V == G.Default && !G.PrintDefault))
      continue;
    StringRef Spelling = StringRef(G.Spellings[V]).split('|').first;
    if (!Spelling.empty())
      OS << '.' << Spelling;
  }
  bool First = true;
  for (const Slot &S : Slots) {
    const MOperand *Ops = &I.Ops[S.McIndex];
    if (S.Kind == SlotKind::Guard ||
        (S.Kind == SlotKind::Modifier && S.Group != SIMT::SRegNames))
      continue;
    OS << (First ? " " : ", ");
    First = false;
    switch (S.Kind) {
    case SlotKind::Modifier: // S2R's special register
      OS << StringRef(SIMT::SRegNames_Spellings[Ops[0].Value]).split('|').first;
      break;
    case SlotKind::Reg:
    case SlotKind::Target:
      printReg(OS, MF, Ops[0], false);
      break;
    case SlotKind::RegMod:
      printWithFlags(OS, MF, Ops[0], Ops[1].Value & SIMT::RM_Neg,
                     Ops[1].Value & SIMT::RM_Abs, Ops[1].Value & SIMT::RM_Inv);
      break;
    case SlotKind::SrcB:
      printSrcB(OS, MF, S, Ops);
      break;
    case SlotKind::Imm:
      if (S.TypeDef == "FImm32") {
        float F;
        uint32_t Bits = Ops[0].Value;
        std::memcpy(&F, &Bits, 4);
        OS << SIMTInstPrinter::formatFloat(F);
      } else {
        OS << SIMTInstPrinter::formatHex(S.TypeDef == "Imm32" ? uint32_t(Ops[0].Value)
                                                             : Ops[0].Value);
      }
      break;
    case SlotKind::PredDst:
    case SlotKind::PredSrc:
      printPred(OS, MF, Ops[0]);
      break;
    case SlotKind::Mem:
      printAddress(OS, MF, Ops[0], Ops[1].Value);
      break;
    default:
      if (S.TypeDef == "ConstAddr") {
        OS << "c[" << SIMTInstPrinter::formatHex(Ops[0].Value) << "]";
        printAddress(OS, MF, Ops[1], Ops[2].Value);
        break;
      }
      OS << "<" << S.TypeDef << ">";
      break;
    }
  }
  // The ABI registers a CAL or RET passes: `uses(...) defs(...)`.
  auto List = [&](StringRef What, ArrayRef<unsigned> Regs) {
    if (Regs.empty())
      return;
    OS << ' ' << What << '(';
    for (size_t N = 0; N < Regs.size(); ++N)
      OS << (N ? ", " : "") << MF.VRegs[Regs[N]].Name;
    OS << ')';
  };
  List("uses", I.ImplicitUses);
  List("defs", I.ImplicitDefs);
}

void printMFunction(raw_ostream &OS, const MFunction &MF) {
  OS << "selected " << MF.Source->Name << ":\n";
  for (const auto &B : MF.Blocks) {
    OS << B->Name << ":\n";
    for (const MInst &I : B->Insts) {
      OS << '\t';
      printMInst(OS, MF, I);
      OS << '\n';
    }
  }
}

} // namespace simt::cc
