//===-- SIMTObjectWriter.cpp - The ELF writer with its inputs checked -----===//
#include "MCTargetDesc/SIMTObjectWriter.h"

#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCAssembler.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCELFObjectWriter.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCSymbol.h"
#include "llvm/MC/MCValue.h"

using namespace llvm;

namespace {
class CheckedELFObjectWriter : public ELFObjectWriter {
public:
  using ELFObjectWriter::ELFObjectWriter;

  uint64_t writeObject(MCAssembler &Asm) override {
    MCContext &Ctx = Asm.getContext();
    for (const MCSymbol &Sym : Asm.symbols()) {
      if (!Sym.isVariable())
        continue;
      const MCExpr *Value = Sym.getVariableValue(/*SetUsed=*/false);
      MCValue Target;
      if (!Value->evaluateAsValue(Target, Asm))
        Ctx.reportError(Value->getLoc(), "the value of '" + Sym.getName() +
                                             "' is not a constant or a "
                                             "symbol plus a constant");
    }
    if (Ctx.hadError())
      return 0;
    return ELFObjectWriter::writeObject(Asm);
  }
};
} // namespace

std::unique_ptr<MCObjectWriter>
SIMT::createCheckedObjectWriter(const MCAsmBackend &MAB, raw_pwrite_stream &OS) {
  std::unique_ptr<MCObjectTargetWriter> Target = MAB.createObjectTargetWriter();
  return std::make_unique<CheckedELFObjectWriter>(
      std::unique_ptr<MCELFObjectTargetWriter>(
          static_cast<MCELFObjectTargetWriter *>(Target.release())),
      OS, /*IsLittleEndian=*/true);
}
