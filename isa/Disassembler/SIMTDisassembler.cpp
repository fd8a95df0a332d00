//===-- SIMTDisassembler.cpp - Instruction words to MCInsts ---------------===//
//
// The generated decoder tables do the work; the functions below unpack the
// compound operands packed by SIMTMCCodeEmitter.cpp. A word that decodes to
// no instruction, whose fields hold values no operand allows, that names a
// misaligned register pair or quad, or that is not the canonical encoding
// of what it decodes to (a bit set in a field the instruction does not use)
// is MCDisassembler::Fail (objdump prints it as `.quad ... // invalid`): so
// every word that prints as an instruction assembles back to itself.
//
//===----------------------------------------------------------------------===//
#include "Disassembler/SIMTRegRules.h"
#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"
#include "SIMTLimits.h"
#include "SIMTModGroups.h"

#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDecoderOps.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCFixup.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;
using DecodeStatus = MCDisassembler::DecodeStatus;

namespace {
class SIMTDisassembler : public MCDisassembler {
  std::unique_ptr<MCInstrInfo> MII;
  std::unique_ptr<MCCodeEmitter> Emitter;

public:
  SIMTDisassembler(const MCSubtargetInfo &STI, MCContext &Ctx)
      : MCDisassembler(STI, Ctx),
        MII(SIMT::getTheSIMTTarget().createMCInstrInfo()) {
    if (Ctx.getRegisterInfo())
      Emitter.reset(createSIMTMCCodeEmitter(*MII, Ctx));
  }

  DecodeStatus getInstruction(MCInst &MI, uint64_t &Size,
                              ArrayRef<uint8_t> Bytes, uint64_t Address,
                              raw_ostream &CStream) const override;
};
} // namespace


static DecodeStatus DecodeGPRRegisterClass(MCInst &MI, uint64_t RegNo, uint64_t,
                                           const MCDisassembler *) {
  if (RegNo > 63)
    return MCDisassembler::Fail;
  MI.addOperand(MCOperand::createReg(SIMT::gprFromIndex(RegNo)));
  return MCDisassembler::Success;
}

// Register in bits 0..5, bit 6 negate/invert (per operand kind), bit 7 abs.
static DecodeStatus decodeRegModWith(MCInst &MI, uint64_t Field, unsigned Bit6,
                                     bool AbsAllowed) {
  if ((Field >> 7 & 1) && !AbsAllowed)
    return MCDisassembler::Fail;
  DecodeGPRRegisterClass(MI, Field & 63, 0, nullptr);
  unsigned Flags = (Field >> 6 & 1 ? Bit6 : 0) | (Field >> 7 & 1 ? unsigned(SIMT::RM_Abs) : 0u);
  MI.addOperand(MCOperand::createImm(Flags));
  return MCDisassembler::Success;
}
static DecodeStatus decodeRegNeg(MCInst &MI, uint64_t F, uint64_t,
                                 const MCDisassembler *) {
  return decodeRegModWith(MI, F, SIMT::RM_Neg, false);
}
static DecodeStatus decodeRegNegAbs(MCInst &MI, uint64_t F, uint64_t,
                                    const MCDisassembler *) {
  return decodeRegModWith(MI, F, SIMT::RM_Neg, true);
}
static DecodeStatus decodeRegInv(MCInst &MI, uint64_t F, uint64_t,
                                 const MCDisassembler *) {
  return decodeRegModWith(MI, F, SIMT::RM_Inv, false);
}

static DecodeStatus decodeRegSel(MCInst &MI, uint64_t F, uint64_t,
                                 const MCDisassembler *) {
  if ((F >> 6 & 7) >= SIMT::NumSubWordValues)
    return MCDisassembler::Fail;
  DecodeGPRRegisterClass(MI, F & 63, 0, nullptr);
  MI.addOperand(MCOperand::createImm(F >> 6 & 7));
  return MCDisassembler::Success;
}

// Sb: payload 0..19, kind 20..21, bit 22 negate/invert, bit 23 abs (on a
// register or a constant).
static DecodeStatus decodeSrcBWith(MCInst &MI, uint64_t F, unsigned Bit22,
                                   bool AbsAllowed) {
  unsigned Kind = F >> 20 & 3;
  bool B22 = F >> 22 & 1, B23 = F >> 23 & 1;
  uint64_t Payload = F & 0xfffff;
  if (Kind == 3 || ((B22 || B23) && Kind == SIMT::SB_Imm) ||
      (B22 && !Bit22) || (B23 && !AbsAllowed))
    return MCDisassembler::Fail;
  unsigned Flags = Kind | (B22 ? Bit22 : 0) | (B23 ? unsigned(SIMT::SB_Abs) : 0u);
  int64_t Val = 0;
  switch (Kind) {
  case SIMT::SB_Reg:
    if (Payload > 63)
      return MCDisassembler::Fail;
    DecodeGPRRegisterClass(MI, Payload, 0, nullptr);
    break;
  case SIMT::SB_Imm:
    MI.addOperand(MCOperand::createReg(SIMT::RZ));
    Val = SignExtend64<20>(Payload);
    break;
  case SIMT::SB_Const:
    if (Payload >> 18)
      return MCDisassembler::Fail;
    MI.addOperand(MCOperand::createReg(SIMT::RZ));
    Val = int64_t(Payload >> 14) << 16 | (Payload & 0x3fff) << 2;
    break;
  }
  MI.addOperand(MCOperand::createImm(Val));
  MI.addOperand(MCOperand::createImm(Flags));
  return MCDisassembler::Success;
}
static DecodeStatus decodeSrcBInt(MCInst &MI, uint64_t F, uint64_t,
                                  const MCDisassembler *) {
  return decodeSrcBWith(MI, F, 0, false);
}
static DecodeStatus decodeSrcBNeg(MCInst &MI, uint64_t F, uint64_t,
                                  const MCDisassembler *) {
  return decodeSrcBWith(MI, F, SIMT::SB_Neg, false);
}
static DecodeStatus decodeSrcBInv(MCInst &MI, uint64_t F, uint64_t,
                                  const MCDisassembler *) {
  return decodeSrcBWith(MI, F, SIMT::SB_Inv, false);
}
static DecodeStatus decodeSrcBNegAbs(MCInst &MI, uint64_t F, uint64_t,
                                     const MCDisassembler *) {
  return decodeSrcBWith(MI, F, SIMT::SB_Neg, true);
}

static DecodeStatus decodeMemAddr(MCInst &MI, uint64_t F, uint64_t,
                                  const MCDisassembler *) {
  DecodeGPRRegisterClass(MI, F & 63, 0, nullptr);
  MI.addOperand(MCOperand::createImm(SignExtend64<24>(F >> 6)));
  return MCDisassembler::Success;
}
static DecodeStatus decodeMemAddr20(MCInst &MI, uint64_t F, uint64_t,
                                    const MCDisassembler *) {
  DecodeGPRRegisterClass(MI, F & 63, 0, nullptr);
  MI.addOperand(MCOperand::createImm(SignExtend64<20>(F >> 6)));
  return MCDisassembler::Success;
}
static DecodeStatus decodeShflC(MCInst &MI, uint64_t F, uint64_t, const MCDisassembler *) {
  MI.addOperand(MCOperand::createImm((F & 0x1f) | (F >> 5 & 0x1f) << 8));
  return MCDisassembler::Success;
}
// A barrier's thread count: another value is an undefined encoding.
static DecodeStatus decodeBarThreads(MCInst &MI, uint64_t F, uint64_t, const MCDisassembler *) {
  if (!simt::limits::isBarrierThreadCount(int64_t(F)))
    return MCDisassembler::Fail;
  MI.addOperand(MCOperand::createImm(int64_t(F)));
  return MCDisassembler::Success;
}
static DecodeStatus decodeConstAddr(MCInst &MI, uint64_t F, uint64_t,
                                    const MCDisassembler *) {
  MI.addOperand(MCOperand::createImm(F & 0xf));
  DecodeGPRRegisterClass(MI, F >> 4 & 63, 0, nullptr);
  MI.addOperand(MCOperand::createImm(SignExtend64<16>(F >> 10)));
  return MCDisassembler::Success;
}
static DecodeStatus decodeBrTarget(MCInst &MI, uint64_t F, uint64_t,
                                   const MCDisassembler *) {
  MI.addOperand(MCOperand::createImm(SignExtend64<24>(F)));
  return MCDisassembler::Success;
}

#define DEBUG_TYPE "simt-disassembler"
#pragma GCC diagnostic push // LLVM's generated tables: unused parameters
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-function"
#include "SIMTGen_disassembler.inc"
#pragma GCC diagnostic pop

// Modifier fields may hold values past a group's spellings (a 2-bit field of
// a 3-value group) or values the instruction does not take (ATOM's CAS);
// such words are undefined encodings.
static bool modifiersInRange(const MCInst &MI) {
  for (const SIMT::RegRuleOperand &O : SIMT::regRuleOperandsOf(MI.getOpcode())) {
    if (O.Group == SIMT::NumModGroups)
      continue;
    int64_t V = MI.getOperand(O.Index).getImm();
    if (V < 0 || V >= 32 || !(O.Allowed >> V & 1))
      return false;
  }
  return true;
}

// A barrier id is a register or an immediate 0..15 (SbBar).
static bool barrierIdsInRange(const MCInst &MI) {
  for (const SIMT::RegRuleOperand &O : SIMT::regRuleOperandsOf(MI.getOpcode())) {
    if (O.Role != SIMT::OperandRole::Id)
      continue;
    unsigned Kind = MI.getOperand(O.Index + 2).getImm() & SIMT::SB_KindMask;
    int64_t V = MI.getOperand(O.Index + 1).getImm();
    if (Kind == SIMT::SB_Const ||
        (Kind == SIMT::SB_Imm && (V < 0 || V >= simt::limits::kNumBarriers)))
      return false;
  }
  return true;
}

// A constant third source (role Sc: IMADrc, FFMArc, ...) is a constant: its
// field with a register or an immediate is an undefined encoding.
static bool constThirdSourcesConst(const MCInst &MI) {
  for (const SIMT::RegRuleOperand &O : SIMT::regRuleOperandsOf(MI.getOpcode()))
    if (O.Role == SIMT::OperandRole::Sc &&
        (MI.getOperand(O.Index + 2).getImm() & SIMT::SB_KindMask) != SIMT::SB_Const)
      return false;
  return true;
}

// Pairs and quads start at an aligned register (SIMTRegRules.h).
static bool registersAligned(const MCInst &MI) {
  for (unsigned I = 0; I < MI.getNumOperands(); ++I) {
    const MCOperand &O = MI.getOperand(I);
    if (!O.isReg())
      continue;
    unsigned Span = SIMT::regSpan(MI, I);
    if (Span > 1 && !SIMT::regAligned(SIMT::gprIndex(O.getReg()), Span))
      return false;
  }
  return true;
}

DecodeStatus SIMTDisassembler::getInstruction(MCInst &MI, uint64_t &Size,
                                              ArrayRef<uint8_t> Bytes,
                                              uint64_t Address,
                                              raw_ostream &) const {
  if (Bytes.size() < 8) {
    Size = 0;
    return Fail;
  }
  Size = 8;
  uint64_t Word = support::endian::read64le(Bytes.data());
  DecodeStatus S = decodeInstruction(DecoderTableSIMT64, MI, Word, Address,
                                     this, STI);
  if (S == Fail || !modifiersInRange(MI) || !registersAligned(MI) ||
      !barrierIdsInRange(MI) || !constThirdSourcesConst(MI))
    return Fail;
  // Canonical: bits the instruction does not use must be zero.
  if (Emitter) {
    SmallVector<char, 8> Bytes;
    SmallVector<MCFixup, 1> Fixups;
    Emitter->encodeInstruction(MI, Bytes, Fixups, STI);
    if (Bytes.size() != 8 || support::endian::read64le(Bytes.data()) != Word)
      return Fail;
  }
  return S;
}

static MCDisassembler *createSIMTDisassembler(const Target &,
                                              const MCSubtargetInfo &STI,
                                              MCContext &Ctx) {
  return new SIMTDisassembler(STI, Ctx);
}

void LLVMInitializeSIMTDisassembler() {
  TargetRegistry::RegisterMCDisassembler(SIMT::getTheSIMTTarget(),
                                         createSIMTDisassembler);
}
