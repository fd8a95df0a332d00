//===-- SIMTInstPrinter.cpp - Canonical assembly text ---------------------===//
#include "MCTargetDesc/SIMTInstPrinter.h"
#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"
#include "SIMTModGroups.h"

#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSection.h"
#include "llvm/MC/MCSymbol.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/raw_ostream.h"

#include <charconv>
#include <cmath>
#include <cstring>

using namespace llvm;

#pragma GCC diagnostic push // LLVM's generated tables: unused parameters
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-function"
#include "SIMTGen_asm_writer.inc"
#pragma GCC diagnostic pop

std::string SIMTInstPrinter::formatHex(int64_t V) {
  char Buf[32];
  if (V < 0)
    snprintf(Buf, sizeof(Buf), "-0x%llx", (unsigned long long)(-(uint64_t)V));
  else
    snprintf(Buf, sizeof(Buf), "0x%llx", (unsigned long long)V);
  return Buf;
}

// Shortest decimal that reads back exactly; infinities and NaNs (which have no
// decimal spelling the assembler reads) print as 0f/0d plus the raw bits.
template <typename T, typename Bits>
static std::string formatReal(T V, const char *RawPrefix, int HexDigits) {
  if (!std::isfinite(V)) {
    Bits B;
    std::memcpy(&B, &V, sizeof(B));
    char Buf[40];
    snprintf(Buf, sizeof(Buf), "%s%0*llX", RawPrefix, HexDigits,
             (unsigned long long)B);
    return Buf;
  }
  char Buf[64];
  auto Res = std::to_chars(Buf, Buf + sizeof(Buf), V);
  std::string S(Buf, Res.ptr);
  if (S.find_first_of(".e") == std::string::npos)
    S += ".0";
  return S;
}

std::string SIMTInstPrinter::formatFloat(float F) {
  return formatReal<float, uint32_t>(F, "0f", 8);
}
std::string SIMTInstPrinter::formatDouble(double D) {
  return formatReal<double, uint64_t>(D, "0d", 16);
}

void SIMTInstPrinter::printRegName(raw_ostream &O, MCRegister Reg) const {
  O << getRegisterName(Reg);
}

void SIMTInstPrinter::printInst(const MCInst *MI, uint64_t Address,
                                StringRef Annot, const MCSubtargetInfo &,
                                raw_ostream &O) {
  unsigned Guard = MI->getOperand(0).getImm();
  if (Guard != SIMT::PredTrue) {
    O << '@';
    printPredicate(MI, 0, O);
    O << ' ';
  }
  std::string Text;
  raw_string_ostream OS(Text);
  printInstruction(MI, Address, OS);
  OS.flush();
  // One space between mnemonic and operands: listings are read by people and
  // re-assembled, not aligned in columns.
  size_t First = Text.find_first_not_of(" \t");
  Text.erase(0, First == std::string::npos ? Text.size() : First);
  size_t Tab = Text.find('\t');
  if (Tab != std::string::npos)
    Text[Tab] = ' ';
  O << Text;
  printAnnotation(O, Annot);
}

void SIMTInstPrinter::printOperand(const MCInst *MI, unsigned OpNo,
                                   raw_ostream &O) {
  const MCOperand &Op = MI->getOperand(OpNo);
  if (Op.isReg())
    O << getRegisterName(Op.getReg());
  else if (Op.isImm())
    O << formatHex(Op.getImm());
  else
    Op.getExpr()->print(O, &MAI);
}

void SIMTInstPrinter::printGuard(const MCInst *, unsigned, raw_ostream &) {
  // Printed before the mnemonic by printInst.
}

// Groups linked by DefaultFrom (IMUL's .atype/.btype) are written both or
// neither: with the same spellings, a lone second one would read back as the
// first.
void SIMTInstPrinter::printModifierOf(unsigned Group, const MCInst *MI,
                                      unsigned OpNo, raw_ostream &O) {
  const SIMT::ModGroupInfo &G = SIMT::ModGroupTable[Group];
  int64_t V = MI->getOperand(OpNo).getImm();
  if (V < 0 || V >= (int64_t)G.NumSpellings) {
    O << ".<invalid>";
    return;
  }
  auto isDefault = [](const SIMT::ModGroupInfo &GI, int64_t Val) {
    return GI.Default >= 0 && Val == GI.Default && !GI.PrintDefault;
  };
  bool Print = !isDefault(G, V);
  // Partner: the group this one copies, or the group that copies this one.
  int Partner = G.DefaultFrom;
  unsigned PartnerOp = OpNo - 1;
  if (Partner < 0 && OpNo + 1 < MI->getNumOperands()) {
    for (unsigned I = 0; I < SIMT::NumModGroups; ++I)
      if (SIMT::ModGroupTable[I].DefaultFrom == (int)Group) {
        Partner = I;
        PartnerOp = OpNo + 1;
      }
  }
  if (Partner >= 0 && PartnerOp < MI->getNumOperands() &&
      MI->getOperand(PartnerOp).isImm()) {
    int64_t PV = MI->getOperand(PartnerOp).getImm();
    Print = Print || !isDefault(SIMT::ModGroupTable[Partner], PV);
  }
  if (!Print)
    return;
  StringRef S = StringRef(G.Spellings[V]).split('|').first;
  if (!S.empty())
    O << '.' << S;
}

void SIMTInstPrinter::printPredicate(const MCInst *MI, unsigned OpNo,
                                     raw_ostream &O) {
  unsigned V = MI->getOperand(OpNo).getImm();
  if (V & SIMT::PredNegBit)
    O << '!';
  unsigned Idx = V & 7;
  if (Idx == SIMT::PredTrue)
    O << "PT";
  else
    O << 'P' << Idx;
}

void SIMTInstPrinter::printRegMod(const MCInst *MI, unsigned OpNo,
                                  raw_ostream &O) {
  unsigned Flags = MI->getOperand(OpNo + 1).getImm();
  const char *Name = getRegisterName(MI->getOperand(OpNo).getReg());
  if (Flags & SIMT::RM_Inv)
    O << '~';
  if (Flags & SIMT::RM_Neg)
    O << '-';
  if (Flags & SIMT::RM_Abs)
    O << '|' << Name << '|';
  else
    O << Name;
}

void SIMTInstPrinter::printRegSel(const MCInst *MI, unsigned OpNo,
                                  raw_ostream &O) {
  O << getRegisterName(MI->getOperand(OpNo).getReg());
  int64_t Sel = MI->getOperand(OpNo + 1).getImm();
  if (Sel < 0 || Sel >= int64_t(SIMT::NumSubWordValues))
    O << ".?";
  else if (Sel != int64_t(SIMT::SubWord::Word))
    O << '.' << SIMT::SubWordSel_Spellings[Sel];
}

// FloatKind: 0 integer, 1 float (field = high 20 bits), 2 double.
void SIMTInstPrinter::printSrcB(const MCInst *MI, unsigned OpNo, raw_ostream &O,
                                int FloatKind) {
  unsigned Flags = MI->getOperand(OpNo + 2).getImm();
  int64_t Val = MI->getOperand(OpNo + 1).isImm() ? MI->getOperand(OpNo + 1).getImm() : 0;
  // `~`, `-` and `|..|` around a register or a constant.
  auto withMods = [&](const std::string &Name) {
    if (Flags & SIMT::SB_Inv)
      O << '~';
    if (Flags & SIMT::SB_Neg)
      O << '-';
    if (Flags & SIMT::SB_Abs)
      O << '|' << Name << '|';
    else
      O << Name;
  };
  switch (Flags & SIMT::SB_KindMask) {
  case SIMT::SB_Reg:
    withMods(getRegisterName(MI->getOperand(OpNo).getReg()));
    return;
  case SIMT::SB_Imm: {
    uint32_t Field = Val & 0xfffff;
    if (FloatKind == 1) {
      uint32_t Bits = Field << 12;
      float F;
      std::memcpy(&F, &Bits, 4);
      O << formatFloat(F);
    } else if (FloatKind == 2) {
      uint64_t Bits = (uint64_t)Field << 44;
      double D;
      std::memcpy(&D, &Bits, 8);
      O << formatDouble(D);
    } else {
      O << formatHex(SignExtend64<20>(Field));
    }
    return;
  }
  case SIMT::SB_Const:
    withMods("c[" + formatHex((Val >> 16) & 0xf) + "][" + formatHex(Val & 0xffff) + "]");
    return;
  default:
    O << "<invalid>";
  }
}

void SIMTInstPrinter::printSrcBInt(const MCInst *MI, unsigned OpNo, raw_ostream &O) {
  printSrcB(MI, OpNo, O, 0);
}
void SIMTInstPrinter::printSrcBFloat(const MCInst *MI, unsigned OpNo, raw_ostream &O) {
  printSrcB(MI, OpNo, O, 1);
}
void SIMTInstPrinter::printSrcBDouble(const MCInst *MI, unsigned OpNo, raw_ostream &O) {
  printSrcB(MI, OpNo, O, 2);
}

void SIMTInstPrinter::printImm32(const MCInst *MI, unsigned OpNo, raw_ostream &O) {
  const MCOperand &Op = MI->getOperand(OpNo);
  if (!Op.isImm())
    return printOperand(MI, OpNo, O);
  O << formatHex((uint32_t)Op.getImm());
}

void SIMTInstPrinter::printFImm32(const MCInst *MI, unsigned OpNo, raw_ostream &O) {
  uint32_t Bits = MI->getOperand(OpNo).getImm();
  float F;
  std::memcpy(&F, &Bits, 4);
  O << formatFloat(F);
}

void SIMTInstPrinter::printImm(const MCInst *MI, unsigned OpNo, raw_ostream &O) {
  printOperand(MI, OpNo, O);
}

static void printRegPlusOffset(const char *Reg, bool IsRZ, int64_t Off,
                               raw_ostream &O) {
  if (IsRZ) {
    O << SIMTInstPrinter::formatHex(Off);
    return;
  }
  O << Reg;
  if (Off > 0)
    O << '+' << SIMTInstPrinter::formatHex(Off);
  else if (Off < 0)
    O << SIMTInstPrinter::formatHex(Off);
}

void SIMTInstPrinter::printMemAddr(const MCInst *MI, unsigned OpNo, raw_ostream &O) {
  MCRegister R = MI->getOperand(OpNo).getReg();
  O << '[';
  printRegPlusOffset(getRegisterName(R), R == SIMT::RZ,
                     MI->getOperand(OpNo + 1).getImm(), O);
  O << ']';
}

void SIMTInstPrinter::printConstAddr(const MCInst *MI, unsigned OpNo, raw_ostream &O) {
  MCRegister R = MI->getOperand(OpNo + 1).getReg();
  O << "c[" << formatHex(MI->getOperand(OpNo).getImm()) << "][";
  printRegPlusOffset(getRegisterName(R), R == SIMT::RZ,
                     MI->getOperand(OpNo + 2).getImm(), O);
  O << ']';
}

void SIMTInstPrinter::printRegOff(const MCInst *MI, unsigned OpNo, raw_ostream &O) {
  MCRegister R = MI->getOperand(OpNo).getReg();
  O << getRegisterName(R);
  int64_t Off = MI->getOperand(OpNo + 1).getImm();
  if (Off > 0)
    O << '+' << formatHex(Off);
  else if (Off < 0)
    O << formatHex(Off);
}

void SIMTInstPrinter::printBrTarget(const MCInst *MI, uint64_t Address,
                                    unsigned OpNo, raw_ostream &O) {
  const MCOperand &Op = MI->getOperand(OpNo);
  if (!Op.isImm()) {
    // A kernel address (`BRA 0x108`) is parsed as the section's start label
    // plus the address: print the address as written.
    const MCExpr *E = Op.getExpr();
    if (const auto *B = dyn_cast<MCBinaryExpr>(E)) {
      const auto *L = dyn_cast<MCSymbolRefExpr>(B->getLHS());
      const auto *R = dyn_cast<MCConstantExpr>(B->getRHS());
      auto IsStart = [](const MCSymbol &S) {
        if (S.isInSection() && S.getSection().getBeginSymbol() == &S)
          return true;
        return S.isTemporary() && (S.getName().contains("kernel_start") ||
                                   S.getName().contains("section_start"));
      };
      if (B->getOpcode() == MCBinaryExpr::Add && L && R && IsStart(L->getSymbol())) {
        O << formatHex(R->getValue());
        return;
      }
    }
    E->print(O, &MAI);
    return;
  }
  uint64_t Target = Address + 8 + Op.getImm() * 8;
  if (LabelFor) {
    std::string L = LabelFor(Target);
    if (!L.empty()) {
      O << L;
      return;
    }
  }
  O << formatHex((int64_t)Target);
}

void SIMTInstPrinter::printSReg(const MCInst *MI, unsigned OpNo, raw_ostream &O) {
  int64_t V = MI->getOperand(OpNo).getImm();
  const SIMT::ModGroupInfo &G = SIMT::ModGroupTable[SIMT::SRegNames];
  if (V < 0 || V >= (int64_t)G.NumSpellings)
    O << "SR_<invalid>";
  else
    O << StringRef(G.Spellings[V]).split('|').first;
}

void SIMTInstPrinter::printCCTest(const MCInst *MI, unsigned OpNo, raw_ostream &O) {
  int64_t V = MI->getOperand(OpNo).getImm();
  const SIMT::ModGroupInfo &G = SIMT::ModGroupTable[SIMT::MG_CCTest];
  O << "CC.";
  if (V < 0 || V >= (int64_t)G.NumSpellings)
    O << "<invalid>";
  else
    O << G.Spellings[V];
}
