//===-- SIMTWordDisassembler.cpp - One word to MCInst and text ------------===//
#include "Disassembler/SIMTWordDisassembler.h"
#include "Disassembler/SIMTRegRules.h"

#include "MCTargetDesc/SIMTInstPrinter.h"
#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "SIMTLevel.h"

#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrDesc.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

struct SIMTWordDisassembler::Impl {
  Triple TT{SIMT::TripleName};
  MCTargetOptions Options;
  std::unique_ptr<MCRegisterInfo> MRI;
  std::unique_ptr<MCAsmInfo> MAI;
  std::unique_ptr<MCInstrInfo> MII;
  std::unique_ptr<MCSubtargetInfo> STI;
  std::unique_ptr<MCContext> Ctx;
  std::unique_ptr<MCDisassembler> Dis;
  std::unique_ptr<SIMTInstPrinter> IP;

  Impl() {
    SIMT::initializeSIMTTarget();
    const Target &T = SIMT::getTheSIMTTarget();
    MRI.reset(T.createMCRegInfo(TT.str()));
    MAI.reset(T.createMCAsmInfo(*MRI, TT.str(), Options));
    MII.reset(T.createMCInstrInfo());
    // Every level decodes: the level an object is for is its own record
    // (`.simt.info`), checked where it loads, not a reason to misread it.
    STI.reset(T.createMCSubtargetInfo(TT.str(), simt::levels::archName(simt::levels::kTop), ""));
    Ctx = std::make_unique<MCContext>(TT, MAI.get(), MRI.get(), STI.get());
    Dis.reset(T.createMCDisassembler(*STI, *Ctx));
    IP.reset(static_cast<SIMTInstPrinter *>(
        T.createMCInstPrinter(TT, 0, *MAI, *MII, *MRI)));
  }

  bool decode(uint64_t Word, uint64_t Addr, MCInst &MI) const {
    uint8_t Bytes[8];
    support::endian::write64le(Bytes, Word);
    uint64_t Size;
    return Dis->getInstruction(MI, Size, ArrayRef<uint8_t>(Bytes, 8), Addr,
                               nulls()) == MCDisassembler::Success;
  }
};

SIMTWordDisassembler::SIMTWordDisassembler() : P(std::make_unique<Impl>()) {}
SIMTWordDisassembler::~SIMTWordDisassembler() = default;

bool SIMTWordDisassembler::decode(uint64_t Word, uint64_t Addr, MCInst &MI) const {
  return P->decode(Word, Addr, MI);
}

bool SIMTWordDisassembler::print(uint64_t Word, uint64_t Addr, std::string &Text,
                                 const std::function<std::string(uint64_t)> &Labels) const {
  MCInst MI;
  if (!P->decode(Word, Addr, MI)) {
    Text = formatv(".quad {0:x16} // invalid", Word).str();
    return false;
  }
  P->IP->setLabelResolver(Labels);
  raw_string_ostream OS(Text);
  P->IP->printInst(&MI, Addr, "", *P->STI, OS);
  OS.flush();
  P->IP->setLabelResolver(nullptr);
  return true;
}

bool SIMTWordDisassembler::branchTarget(uint64_t Word, uint64_t Addr, uint64_t &Target) const {
  MCInst MI;
  if (!P->decode(Word, Addr, MI))
    return false;
  const MCInstrDesc &D = P->MII->get(MI.getOpcode());
  for (unsigned I = 0; I < MI.getNumOperands() && I < D.getNumOperands(); ++I)
    if (D.operands()[I].OperandType == MCOI::OPERAND_PCREL && MI.getOperand(I).isImm()) {
      Target = Addr + 8 + MI.getOperand(I).getImm() * 8;
      return true;
    }
  return false;
}

unsigned SIMTWordDisassembler::regsUsed(uint64_t Word) const {
  MCInst MI;
  if (!P->decode(Word, 0, MI))
    return 0;
  unsigned N = 0;
  for (unsigned I = 0; I < MI.getNumOperands(); ++I) {
    const MCOperand &O = MI.getOperand(I);
    if (O.isReg() && O.getReg() != SIMT::RZ)
      N = std::max(N, SIMT::gprIndex(O.getReg()) + SIMT::regSpan(MI, I));
  }
  return N;
}

unsigned SIMTWordDisassembler::level(uint64_t Word) const {
  MCInst MI;
  if (!P->decode(Word, 0, MI))
    return 0;
  switch (MI.getOpcode()) {
#define SIMT_RECORD_LEVEL(Rec, SM)                                                                 \
  case SIMT::Rec:                                                                                  \
    return SM;
#include "SIMTLevels.def"
  default:
    return simt::levels::kBase;
  }
}
