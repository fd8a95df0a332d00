//===-- Assembler.cpp - Assembling SIMT source with LLVM MC ----------------===//
#include "asm/Assembler.h"
#include "asm/Listing.h"

#include "MCTargetDesc/SIMTMCTargetDesc.h"

#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCObjectWriter.h"
#include "llvm/MC/MCParser/MCAsmParser.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCSymbol.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/FormattedStream.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace simt::as {

unsigned assemble(const std::string &Source, const AssembleOptions &Opts,
                  raw_pwrite_stream &Out, raw_ostream &Diag) {
  SIMT::initializeSIMTTarget();
  Triple TT(SIMT::TripleName);
  const Target &T = SIMT::getTheSIMTTarget();

  bool Listing = Opts.Listing || looksLikeListing(Source);
  std::string Text = Listing ? listingToAssembly(Source, Opts.Listing) : Source;

  SourceMgr SrcMgr;
  SrcMgr.AddNewSourceBuffer(MemoryBuffer::getMemBufferCopy(Text, Opts.FileName),
                            SMLoc());
  SrcMgr.setIncludeDirs(Opts.IncludeDirs);
  unsigned Errors = 0;
  std::pair<raw_ostream *, unsigned *> DiagCtx(&Diag, &Errors);
  SrcMgr.setDiagHandler(
      [](const SMDiagnostic &D, void *Ctx) {
        auto *P = static_cast<std::pair<raw_ostream *, unsigned *> *>(Ctx);
        if (D.getKind() == SourceMgr::DK_Error)
          ++*P->second;
        D.print(nullptr, *P->first, /*ShowColors=*/false);
      },
      &DiagCtx);

  MCTargetOptions MCOptions;
  MCOptions.ShowMCEncoding = Opts.ShowEncoding;
  MCOptions.AsmVerbose = Opts.ShowEncoding; // the encoding is a comment
  std::unique_ptr<MCRegisterInfo> MRI(T.createMCRegInfo(TT.str()));
  std::unique_ptr<MCAsmInfo> MAI(T.createMCAsmInfo(*MRI, TT.str(), MCOptions));
  // Source comments are not echoed (as in llvm-mc): a test's CHECK comment
  // must never be able to match its own echo.
  MAI->setPreserveAsmComments(false);
  std::unique_ptr<MCInstrInfo> MCII(T.createMCInstrInfo());
  std::unique_ptr<MCSubtargetInfo> STI(T.createMCSubtargetInfo(TT.str(), "generic", ""));
  MCContext Ctx(TT, MAI.get(), MRI.get(), STI.get(), &SrcMgr, &MCOptions);
  std::unique_ptr<MCObjectFileInfo> MOFI(T.createMCObjectFileInfo(Ctx, false));
  Ctx.setObjectFileInfo(MOFI.get());

  std::unique_ptr<MCStreamer> Str;
  std::unique_ptr<MCInstPrinter> IP;
  if (Opts.Kind == OutputKind::Text) {
    IP.reset(T.createMCInstPrinter(TT, 0, *MAI, *MCII, *MRI));
    std::unique_ptr<MCCodeEmitter> CE;
    std::unique_ptr<MCAsmBackend> MAB;
    if (Opts.ShowEncoding) {
      CE.reset(T.createMCCodeEmitter(*MCII, Ctx));
      MAB.reset(T.createMCAsmBackend(*STI, *MRI, MCOptions));
    }
    auto FOut = std::make_unique<formatted_raw_ostream>(Out);
    // The streamer owns the printer.
    Str.reset(T.createAsmStreamer(Ctx, std::move(FOut), IP.release(), std::move(CE),
                                  std::move(MAB)));
  } else {
    MCCodeEmitter *CE = T.createMCCodeEmitter(*MCII, Ctx);
    MCAsmBackend *MAB = T.createMCAsmBackend(*STI, *MRI, MCOptions);
    Str.reset(T.createMCObjectStreamer(TT, Ctx, std::unique_ptr<MCAsmBackend>(MAB),
                                       MAB->createObjectWriter(Out),
                                       std::unique_ptr<MCCodeEmitter>(CE), *STI));
  }

  std::unique_ptr<MCAsmParser> Parser(createMCAsmParser(SrcMgr, Ctx, *Str, *MAI));
  std::unique_ptr<MCTargetAsmParser> TAP(
      T.createMCAsmParser(*STI, *Parser, *MCII, MCOptions));
  Parser->setTargetParser(*TAP);
  for (const auto &[Name, Value] : Opts.Defines) {
    MCSymbol *Sym = Ctx.getOrCreateSymbol(Name);
    Str->emitAssignment(Sym, MCConstantExpr::create(Value, Ctx));
  }
  Str->initSections(false, *STI);
  bool Failed = Parser->Run(/*NoInitialTextSection=*/false);
  if (Failed && Errors == 0)
    Errors = 1;
  return Errors;
}

bool extractCode(const std::string &Object, std::string &Code, std::string &Err) {
  auto Buf = MemoryBuffer::getMemBuffer(Object, "object", false);
  auto Obj = object::ObjectFile::createObjectFile(Buf->getMemBufferRef());
  if (!Obj) {
    Err = toString(Obj.takeError());
    return false;
  }
  for (const object::SectionRef &S : (*Obj)->sections()) {
    auto Name = S.getName();
    if (!Name || !S.isText())
      continue;
    auto Contents = S.getContents();
    if (!Contents) {
      Err = toString(Contents.takeError());
      return false;
    }
    Code.append(Contents->data(), Contents->size());
  }
  return true;
}

} // namespace simt::as
