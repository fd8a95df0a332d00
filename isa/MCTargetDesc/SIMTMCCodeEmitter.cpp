//===-- SIMTMCCodeEmitter.cpp - Instruction words -------------------------===//
//
// Packs MCInsts into 64-bit words with the generated getBinaryCodeForInstr;
// the hooks below pack the compound operands (register + modifiers, Sb,
// addresses) into the fields the .td records place, and turn branch labels
// into fixups.
//
//===----------------------------------------------------------------------===//
#include "MCTargetDesc/SIMTFixupKinds.h"
#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"

#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/EndianStream.h"

using namespace llvm;

namespace {
class SIMTMCCodeEmitter : public MCCodeEmitter {
  MCContext &Ctx;

public:
  SIMTMCCodeEmitter(const MCInstrInfo &, MCContext &Ctx) : Ctx(Ctx) {}

  void encodeInstruction(const MCInst &MI, SmallVectorImpl<char> &CB,
                         SmallVectorImpl<MCFixup> &Fixups,
                         const MCSubtargetInfo &STI) const override {
    uint64_t Bits = getBinaryCodeForInstr(MI, Fixups, STI);
    support::endian::write<uint64_t>(CB, Bits, llvm::endianness::little);
  }

  uint64_t getBinaryCodeForInstr(const MCInst &MI,
                                 SmallVectorImpl<MCFixup> &Fixups,
                                 const MCSubtargetInfo &STI) const;

  uint64_t getMachineOpValue(const MCInst &, const MCOperand &MO,
                             SmallVectorImpl<MCFixup> &,
                             const MCSubtargetInfo &) const {
    if (MO.isReg())
      return Ctx.getRegisterInfo()->getEncodingValue(MO.getReg());
    if (MO.isImm())
      return static_cast<uint64_t>(MO.getImm());
    report_fatal_error("SIMT: unexpected expression operand");
  }

  unsigned regIndex(const MCOperand &MO) const {
    return Ctx.getRegisterInfo()->getEncodingValue(MO.getReg());
  }

  // Register in bits 0..5, bit 6 negate or invert, bit 7 absolute value.
  uint64_t getRegModValue(const MCInst &MI, unsigned OpNo,
                          SmallVectorImpl<MCFixup> &,
                          const MCSubtargetInfo &) const {
    unsigned Flags = MI.getOperand(OpNo + 1).getImm();
    return regIndex(MI.getOperand(OpNo)) |
           (Flags & (SIMT::RM_Neg | SIMT::RM_Inv) ? 1u << 6 : 0) |
           (Flags & SIMT::RM_Abs ? 1u << 7 : 0);
  }

  uint64_t getRegSelValue(const MCInst &MI, unsigned OpNo,
                          SmallVectorImpl<MCFixup> &,
                          const MCSubtargetInfo &) const {
    return regIndex(MI.getOperand(OpNo)) |
           (MI.getOperand(OpNo + 1).getImm() & 7) << 6;
  }

  // Payload 0..19, kind 20..21, negate/invert 22, absolute value 23.
  uint64_t getSrcBValue(const MCInst &MI, unsigned OpNo,
                        SmallVectorImpl<MCFixup> &,
                        const MCSubtargetInfo &) const {
    unsigned Flags = MI.getOperand(OpNo + 2).getImm();
    unsigned Kind = Flags & SIMT::SB_KindMask;
    uint64_t Val = MI.getOperand(OpNo + 1).getImm();
    uint64_t Payload = 0;
    switch (Kind) {
    case SIMT::SB_Reg:
      Payload = regIndex(MI.getOperand(OpNo));
      break;
    case SIMT::SB_Imm:
      Payload = Val & 0xfffff;
      break;
    case SIMT::SB_Const:
      Payload = ((Val >> 16) & 0xf) << 14 | ((Val & 0xffff) >> 2);
      break;
    }
    return Payload | uint64_t(Kind) << 20 |
           (Flags & (SIMT::SB_Neg | SIMT::SB_Inv) ? 1ull << 22 : 0) |
           (Flags & SIMT::SB_Abs ? 1ull << 23 : 0);
  }

  // SHFL's c (clamp lane in bits 0..4, segment mask in 8..12) in 10 bits.
  uint64_t getShflCValue(const MCInst &MI, unsigned OpNo, SmallVectorImpl<MCFixup> &,
                         const MCSubtargetInfo &) const {
    const uint64_t C = uint64_t(MI.getOperand(OpNo).getImm());
    return (C & 0x1f) | (C >> 8 & 0x1f) << 5;
  }

  // Register in bits 0..5, signed offset above it.
  uint64_t getMemAddrValue(const MCInst &MI, unsigned OpNo,
                           SmallVectorImpl<MCFixup> &,
                           const MCSubtargetInfo &) const {
    return regIndex(MI.getOperand(OpNo)) |
           (uint64_t(MI.getOperand(OpNo + 1).getImm()) & 0xffffff) << 6;
  }
  uint64_t getMemAddr20Value(const MCInst &MI, unsigned OpNo,
                             SmallVectorImpl<MCFixup> &,
                             const MCSubtargetInfo &) const {
    return regIndex(MI.getOperand(OpNo)) |
           (uint64_t(MI.getOperand(OpNo + 1).getImm()) & 0xfffff) << 6;
  }

  // Bank 0..3, register 4..9, 16-bit offset 10..25.
  uint64_t getConstAddrValue(const MCInst &MI, unsigned OpNo,
                             SmallVectorImpl<MCFixup> &,
                             const MCSubtargetInfo &) const {
    return (MI.getOperand(OpNo).getImm() & 0xf) |
           regIndex(MI.getOperand(OpNo + 1)) << 4 |
           (uint64_t(MI.getOperand(OpNo + 2).getImm()) & 0xffff) << 10;
  }

  // A label becomes a fixup resolved by the backend (or a relocation).
  uint64_t getBrTargetValue(const MCInst &MI, unsigned OpNo,
                            SmallVectorImpl<MCFixup> &Fixups,
                            const MCSubtargetInfo &) const {
    const MCOperand &MO = MI.getOperand(OpNo);
    if (MO.isImm())
      return uint64_t(MO.getImm()) & 0xffffff;
    Fixups.push_back(MCFixup::create(0, MO.getExpr(),
                                     MCFixupKind(SIMT::fixup_simt_pcrel24),
                                     MI.getLoc()));
    return 0;
  }
};
} // namespace

#pragma GCC diagnostic push // LLVM's generated tables: unused parameters
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-function"
#include "SIMTGen_emitter.inc"
#pragma GCC diagnostic pop

MCCodeEmitter *createSIMTMCCodeEmitter(const MCInstrInfo &MCII, MCContext &Ctx) {
  return new SIMTMCCodeEmitter(MCII, Ctx);
}
