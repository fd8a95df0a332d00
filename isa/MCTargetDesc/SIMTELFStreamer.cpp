//===-- SIMTELFStreamer.cpp - ELF objects with kernel metadata ------------===//
//
// `.simt.info` is one text record per line (TOOLS.md), written once every
// kernel's register count is known: at the end of the output.
//
//===----------------------------------------------------------------------===//
#include "MCTargetDesc/SIMTELFStreamer.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCObjectWriter.h"
#include "llvm/MC/MCSectionELF.h"

using namespace llvm;

void SIMTTargetELFStreamer::finish() {
  SIMTTargetStreamer::finish();
  if (kernels().empty())
    return;
  MCStreamer &S = getStreamer();
  S.pushSection();
  S.switchSection(S.getContext().getELFSection(".simt.info", ELF::SHT_PROGBITS, 0));
  S.emitBytes(simtInfo());
  S.popSection();
}

void SIMTELFStreamer::emitInstruction(const MCInst &Inst, const MCSubtargetInfo &STI) {
  if (auto *TS = static_cast<SIMTTargetStreamer *>(getTargetStreamer()))
    TS->noteInstruction(Inst);
  MCELFStreamer::emitInstruction(Inst, STI);
}

MCStreamer *createSIMTELFStreamer(const Triple &, MCContext &Ctx,
                                  std::unique_ptr<MCAsmBackend> &&MAB,
                                  std::unique_ptr<MCObjectWriter> &&OW,
                                  std::unique_ptr<MCCodeEmitter> &&CE) {
  return new SIMTELFStreamer(Ctx, std::move(MAB), std::move(OW), std::move(CE));
}
