//===-- SIMTMCOutput.cpp - The MC layer set up to write SIMT code ---------===//
//
// The target registry creates each component, so the streamers come with
// the SIMTTargetStreamer variant registered for them.
//
//===----------------------------------------------------------------------===//
#include "MCTargetDesc/SIMTMCOutput.h"
#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTObjectWriter.h"
#include "MCTargetDesc/SIMTTargetStreamer.h"

#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCObjectWriter.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FormattedStream.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

SIMTMCOutput::SIMTMCOutput(raw_pwrite_stream &OS, const Options &Opts) {
  SIMT::initializeSIMTTarget();
  Triple TT(SIMT::TripleName);
  const Target &T = SIMT::getTheSIMTTarget();
  bool Text = Opts.Output == Kind::Text;
  MCOptions.ShowMCEncoding = Text && Opts.ShowEncoding;
  MCOptions.AsmVerbose = MCOptions.ShowMCEncoding; // the encoding is a comment
  MRI.reset(T.createMCRegInfo(TT.str()));
  MAI.reset(T.createMCAsmInfo(*MRI, TT.str(), MCOptions));
  // Comments of an assembler's input are not echoed (as in llvm-mc): a
  // test's CHECK comment must never be able to match its own echo.
  MAI->setPreserveAsmComments(false);
  MCII.reset(T.createMCInstrInfo());
  STI.reset(T.createMCSubtargetInfo(TT.str(), "generic", ""));
  Ctx = std::make_unique<MCContext>(TT, MAI.get(), MRI.get(), STI.get(), Opts.SrcMgr,
                                    &MCOptions);
  MOFI.reset(T.createMCObjectFileInfo(*Ctx, /*PIC=*/false));
  Ctx->setObjectFileInfo(MOFI.get());
  // `.file`/`.loc` line tables in DWARF 4: file names live in `.debug_line`
  // itself, so its only relocations are the code addresses (R_SIMT_ABS64).
  Ctx->setDwarfVersion(4);

  if (Text) {
    std::unique_ptr<MCCodeEmitter> CE;
    std::unique_ptr<MCAsmBackend> MAB;
    if (MCOptions.ShowMCEncoding) {
      CE.reset(T.createMCCodeEmitter(*MCII, *Ctx));
      MAB.reset(T.createMCAsmBackend(*STI, *MRI, MCOptions));
    }
    // The streamer owns the printer.
    Streamer.reset(T.createAsmStreamer(*Ctx, std::make_unique<formatted_raw_ostream>(OS),
                                       T.createMCInstPrinter(TT, 0, *MAI, *MCII, *MRI),
                                       std::move(CE), std::move(MAB)));
  } else {
    std::unique_ptr<MCAsmBackend> MAB(T.createMCAsmBackend(*STI, *MRI, MCOptions));
    std::unique_ptr<MCObjectWriter> OW = SIMT::createCheckedObjectWriter(*MAB, OS);
    Streamer.reset(T.createMCObjectStreamer(TT, *Ctx, std::move(MAB), std::move(OW),
                                            std::unique_ptr<MCCodeEmitter>(
                                                T.createMCCodeEmitter(*MCII, *Ctx)),
                                            *STI));
  }
  Streamer->initSections(/*NoExecStack=*/false, *STI);
}

SIMTMCOutput::~SIMTMCOutput() = default;

SIMTTargetStreamer &SIMTMCOutput::targetStreamer() {
  return static_cast<SIMTTargetStreamer &>(*Streamer->getTargetStreamer());
}

bool SIMTMCOutput::finish() {
  Streamer->finish();
  return !Ctx->hadError();
}
