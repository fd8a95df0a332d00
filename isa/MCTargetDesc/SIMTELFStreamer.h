//===-- SIMTELFStreamer.h - ELF objects with kernel metadata ----*- C++ -*-===//
//
// The object-file side of SIMTTargetStreamer: the ELF streamer reports each
// instruction it emits to the target streamer (the register count), and the
// target streamer writes the `.simt.info` metadata section and the module
// variables' `.simt.const.BANK` / `.simt.global` sections at the end.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "MCTargetDesc/SIMTTargetStreamer.h"

#include "llvm/MC/MCELFStreamer.h"

class SIMTTargetELFStreamer : public SIMTTargetStreamer {
public:
  using SIMTTargetStreamer::SIMTTargetStreamer;
  void finish() override;

private:
  void emitVarSections();
};

class SIMTELFStreamer : public llvm::MCELFStreamer {
public:
  using MCELFStreamer::MCELFStreamer;
  void emitInstruction(const llvm::MCInst &Inst, const llvm::MCSubtargetInfo &STI) override;
};

llvm::MCStreamer *createSIMTELFStreamer(const llvm::Triple &TT, llvm::MCContext &Ctx,
                                        std::unique_ptr<llvm::MCAsmBackend> &&MAB,
                                        std::unique_ptr<llvm::MCObjectWriter> &&OW,
                                        std::unique_ptr<llvm::MCCodeEmitter> &&CE);
