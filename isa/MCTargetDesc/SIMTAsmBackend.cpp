//===-- SIMTAsmBackend.cpp - Fixups and relaxation ------------------------===//
//
// Resolves branch fixups within a section (kernel-relative PCs) and leaves
// the rest (a CAL into a device function's section) to relocations.
//
//===----------------------------------------------------------------------===//
#include "MCTargetDesc/SIMTFixupKinds.h"
#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"

#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCAssembler.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCELFObjectWriter.h"
#include "llvm/MC/MCFixupKindInfo.h"
#include "llvm/MC/MCObjectWriter.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCValue.h"
#include "llvm/Support/EndianStream.h"

using namespace llvm;

namespace {
class SIMTAsmBackend : public MCAsmBackend {
public:
  SIMTAsmBackend() : MCAsmBackend(llvm::endianness::little) {}

  unsigned getNumFixupKinds() const override {
    return SIMT::NumTargetFixupKinds;
  }

  const MCFixupKindInfo &getFixupKindInfo(MCFixupKind Kind) const override {
    static const MCFixupKindInfo Infos[SIMT::NumTargetFixupKinds] = {
        // Offset and size describe the bits relocated in the word; the
        // value is an instruction count, so not MCFixupKindInfo-PCRel-scaled.
        {"fixup_simt_pcrel24", 16, 24, MCFixupKindInfo::FKF_IsPCRel},
        {"fixup_simt_abs32", 0, 32, 0},
    };
    if (Kind < FirstTargetFixupKind)
      return MCAsmBackend::getFixupKindInfo(Kind);
    return Infos[Kind - FirstTargetFixupKind];
  }

  void applyFixup(const MCAssembler &Asm, const MCFixup &Fixup,
                  const MCValue &, MutableArrayRef<char> Data, uint64_t Value,
                  bool, const MCSubtargetInfo *) const override {
    unsigned Kind = Fixup.getKind();
    uint32_t Off = Fixup.getOffset();
    if (Kind == SIMT::fixup_simt_pcrel24) {
      // Value = target - fixup address; the field counts instructions from
      // the next instruction.
      int64_t Delta = int64_t(Value) - 8;
      if (Delta % 8 != 0)
        Asm.getContext().reportError(Fixup.getLoc(),
                                     "branch target is not instruction aligned");
      int64_t Count = Delta / 8;
      if (Count < SIMT::BranchMin || Count > SIMT::BranchMax)
        Asm.getContext().reportError(Fixup.getLoc(), "branch target out of range");
      uint64_t Word = support::endian::read<uint64_t>(&Data[Off],
                                                      llvm::endianness::little);
      Word = (Word & ~(0xffffffull << 16)) | (uint64_t(Count) & 0xffffff) << 16;
      support::endian::write<uint64_t>(&Data[Off], Word, llvm::endianness::little);
      return;
    }
    if (Kind == SIMT::fixup_simt_abs32 || Kind == FK_Data_4) {
      support::endian::write<uint32_t>(&Data[Off], uint32_t(Value),
                                       llvm::endianness::little);
      return;
    }
    unsigned Size = getFixupKindInfo(Fixup.getKind()).TargetSize / 8;
    for (unsigned I = 0; I < Size; ++I)
      Data[Off + I] = char(Value >> (8 * I));
  }

  bool fixupNeedsRelaxation(const MCFixup &, uint64_t) const override {
    return false;
  }

  bool writeNopData(raw_ostream &OS, uint64_t Count,
                    const MCSubtargetInfo *) const override {
    // NOP: opcode 0x64 with guard PT.
    if (Count % 8 != 0)
      return false;
    for (uint64_t I = 0; I < Count; I += 8)
      support::endian::write<uint64_t>(OS, 0x6400000000000007ull,
                                       llvm::endianness::little);
    return true;
  }

  std::unique_ptr<MCObjectTargetWriter>
  createObjectTargetWriter() const override {
    return createSIMTELFObjectWriter();
  }
};

class SIMTELFObjectWriter : public MCELFObjectTargetWriter {
public:
  SIMTELFObjectWriter()
      : MCELFObjectTargetWriter(/*Is64Bit=*/true, /*OSABI=*/0, SIMT::EM_SIMT,
                                /*HasRelocationAddend=*/true) {}

  unsigned getRelocType(MCContext &Ctx, const MCValue &, const MCFixup &Fixup,
                        bool IsPCRel) const override {
    switch (unsigned(Fixup.getKind())) {
    case SIMT::fixup_simt_pcrel24:
      return SIMT::R_SIMT_PCREL24;
    case SIMT::fixup_simt_abs32:
    case FK_Data_4:
      if (!IsPCRel)
        return SIMT::R_SIMT_ABS32;
      break;
    case FK_Data_8: // code addresses in .debug_line
      if (!IsPCRel)
        return SIMT::R_SIMT_ABS64;
      break;
    }
    Ctx.reportError(Fixup.getLoc(), "unsupported relocation");
    return SIMT::R_SIMT_NONE;
  }
};
} // namespace

MCAsmBackend *createSIMTAsmBackend(const Target &, const MCSubtargetInfo &,
                                   const MCRegisterInfo &,
                                   const MCTargetOptions &) {
  return new SIMTAsmBackend();
}

std::unique_ptr<MCObjectTargetWriter> createSIMTELFObjectWriter() {
  return std::make_unique<SIMTELFObjectWriter>();
}
