//===-- Assembler.cpp - Assembling SIMT source with LLVM MC ---------------===//
#include "asm/Assembler.h"
#include "asm/Listing.h"

#include "MCTargetDesc/SIMTMCOutput.h"
#include "MCTargetDesc/SIMTMCTargetDesc.h"

#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCParser/MCAsmParser.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace llvm;

namespace simt::as {

unsigned assemble(const std::string &Source, const AssembleOptions &Opts,
                  raw_pwrite_stream &Out, raw_ostream &Diag) {
  SIMT::initializeSIMTTarget();
  const Target &T = SIMT::getTheSIMTTarget();

  bool Listing = Opts.Listing || looksLikeListing(Source);
  std::string Text = Listing ? listingToAssembly(Source, Opts.Listing) : Source;

  SourceMgr SrcMgr;
  SrcMgr.AddNewSourceBuffer(MemoryBuffer::getMemBufferCopy(Text, Opts.FileName),
                            SMLoc());
  SrcMgr.setIncludeDirs(Opts.IncludeDirs);
  // Diagnostics from the parser (through SrcMgr) and from the MC layer while
  // it writes the object (through the context) print and count alike.
  unsigned Errors = 0;
  auto Report = [&Diag, &Errors](const SMDiagnostic &D) {
    if (D.getKind() == SourceMgr::DK_Error)
      ++Errors;
    D.print(nullptr, Diag, /*ShowColors=*/false);
  };
  SrcMgr.setDiagHandler(
      [](const SMDiagnostic &D, void *Ctx) { (*static_cast<decltype(Report) *>(Ctx))(D); },
      &Report);

  SIMTMCOutput::Options OutOpts;
  OutOpts.Output = Opts.Kind == OutputKind::Text ? SIMTMCOutput::Kind::Text
                                                 : SIMTMCOutput::Kind::Object;
  OutOpts.ShowEncoding = Opts.ShowEncoding;
  OutOpts.SrcMgr = &SrcMgr;
  SIMTMCOutput MC(Out, OutOpts);
  MC.context().setDiagnosticHandler(
      [&Report](const SMDiagnostic &D, bool, const SourceMgr &,
                std::vector<const MDNode *> &) { Report(D); });

  std::unique_ptr<MCAsmParser> Parser(
      createMCAsmParser(SrcMgr, MC.context(), MC.streamer(), MC.asmInfo()));
  std::unique_ptr<MCTargetAsmParser> TAP(T.createMCAsmParser(
      MC.subtargetInfo(), *Parser, MC.instrInfo(), MC.targetOptions()));
  Parser->setTargetParser(*TAP);
  for (const auto &[Name, Value] : Opts.Defines)
    MC.streamer().emitAssignment(MC.context().getOrCreateSymbol(Name),
                                 MCConstantExpr::create(Value, MC.context()));
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
