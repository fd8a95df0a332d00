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
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCSymbol.h"

#include <algorithm>
#include <tuple>
#include "llvm/MC/MCObjectWriter.h"
#include "llvm/MC/MCSectionELF.h"

#include <map>

using namespace llvm;

// Each constant bank's bytes from offset 0 to its last initialised byte,
// and the global-variable block likewise, gaps zero; the variables are
// object symbols there. What lies past a section's last initialised byte
// is zero without being written (the loader reads it so), so a large
// uninitialised variable placed last (ModuleData.h: the device heap) costs
// the object nothing; such a variable has its record in .simt.info only.
void SIMTTargetELFStreamer::emitVarSections() {
  MCStreamer &S = getStreamer();
  MCContext &Ctx = S.getContext();
  std::vector<const SIMTVarRecord *> Sorted;
  std::map<MCSection *, uint64_t> DataEnd;
  for (const SIMTVarRecord &V : vars()) {
    Sorted.push_back(&V);
    uint64_t &End = DataEnd[varSection(V)];
    if (!V.Data.empty())
      End = std::max(End, V.Offset + V.Data.size());
  }
  std::stable_sort(Sorted.begin(), Sorted.end(), [](const SIMTVarRecord *A, const SIMTVarRecord *B) {
    return std::make_tuple(!A->IsConst, A->Bank, A->Offset) <
           std::make_tuple(!B->IsConst, B->Bank, B->Offset);
  });
  MCSection *Sec = nullptr;
  uint64_t At = 0;
  for (const SIMTVarRecord *V : Sorted) {
    if (MCSection *VS = varSection(*V); VS != Sec) {
      Sec = VS;
      At = 0;
      S.switchSection(Sec);
    }
    const uint64_t End = DataEnd[Sec];
    if (V->Offset >= End)
      continue; // zeros past the section's bytes
    S.emitZeros(V->Offset - At);
    S.emitValueToAlignment(Align(V->Align)); // the section's alignment: no padding here
    MCSymbol *Sym = Ctx.getOrCreateSymbol(V->Name);
    if (Sym->isDefined()) {
      Ctx.reportError(SMLoc(), "'" + V->Name + "' is already defined");
      continue;
    }
    S.emitSymbolAttribute(Sym, MCSA_Global);
    S.emitSymbolAttribute(Sym, MCSA_ELF_TypeObject);
    S.emitLabel(Sym);
    S.emitELFSize(Sym, MCConstantExpr::create(V->Size, Ctx));
    S.emitBytes(StringRef(reinterpret_cast<const char *>(V->Data.data()), V->Data.size()));
    At = std::min(V->Offset + V->Size, End);
    S.emitZeros(At - V->Offset - V->Data.size());
  }
}

void SIMTTargetELFStreamer::finish() {
  SIMTTargetStreamer::finish();
  if (kernels().empty() && vars().empty() && targetLevel() == simt::levels::kBase)
    return;
  MCStreamer &S = getStreamer();
  S.pushSection();
  emitVarSections();
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
