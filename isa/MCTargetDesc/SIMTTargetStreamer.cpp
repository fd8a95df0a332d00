//===-- SIMTTargetStreamer.cpp - Kernel metadata directives ---------------===//
//
// The rules and records of the kernel directives, their emission through
// the generic MCStreamer interface, and their printed form.
//
//===----------------------------------------------------------------------===//
#include "MCTargetDesc/SIMTTargetStreamer.h"
#include "Disassembler/SIMTRegRules.h"
#include "MCTargetDesc/SIMTMCTargetDesc.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCSectionELF.h"
#include "llvm/MC/MCSymbol.h"
#include "llvm/Support/MathExtras.h"
#include "support/LlvmErrors.h"

using namespace llvm;

SIMTTargetStreamer::SIMTTargetStreamer(MCStreamer &S) : MCTargetStreamer(S) {}

MCSection *SIMTTargetStreamer::codeSection(StringRef Name) {
  return getStreamer().getContext().getELFSection(
      (".text." + Name).str(), ELF::SHT_PROGBITS, ELF::SHF_ALLOC | ELF::SHF_EXECINSTR);
}

Error SIMTTargetStreamer::beginCode(StringRef Name, bool IsFunc, SIMTAbi Abi) {
  for (const SIMTKernelRecord &K : Kernels)
    if (K.Name == Name)
      return simt::stringError("'" + Name + "' is already defined");
  for (const SIMTVarRecord &V : Vars)
    if (V.Name == Name)
      return simt::stringError("'" + Name + "' is already defined (a module variable)");
  if (Open)
    return simt::stringError("'" + Name + "' starts inside '" + Kernels.back().Name +
                   "': close it with .end_kernel or .end_func first");
  // Only a listing's instructions tell which compiler mode produced them.
  if (Abi == SIMTAbi::Infer && !ListingMode)
    return simt::stringError("the ABI of '" + Name + "' can only be inferred in a listing");
  SIMTKernelRecord K;
  K.Name = Name.str();
  K.IsFunc = IsFunc;
  K.Listing = ListingMode;
  K.Abi = Abi;
  Kernels.push_back(std::move(K));
  Open = true;
  emitCodeBegin(Kernels.back());
  return Error::success();
}

// The registers a kernel uses must fit the count it declares.
static Error checkRegsCover(unsigned Declared, unsigned Used) {
  if (Used > Declared)
    return simt::stringError(".regs " + Twine(Declared) + " is below registers already used (R" +
                   Twine(Used - 1) + ")");
  return Error::success();
}

Error SIMTTargetStreamer::endCode(bool IsFunc) {
  StringRef D = IsFunc ? ".end_func" : ".end_kernel";
  if (!Open)
    return simt::stringError(D + " without " + (IsFunc ? ".func" : ".kernel"));
  const SIMTKernelRecord &K = Kernels.back();
  if (K.IsFunc != IsFunc)
    return simt::stringError(D + " closes " + (K.IsFunc ? ".func " : ".kernel ") + K.Name);
  if (K.DeclaredRegs)
    if (Error E = checkRegsCover(*K.DeclaredRegs, K.RegsUsed))
      return E;
  Open = false;
  emitCodeEnd(K);
  return Error::success();
}

Error SIMTTargetStreamer::checkInsideKernel(StringRef Directive) const {
  if (!Open)
    return simt::stringError(Directive + " outside .kernel/.func");
  return Error::success();
}

Expected<SIMTKernelRecord &> SIMTTargetStreamer::open(StringRef Directive) {
  if (Error E = checkInsideKernel(Directive))
    return E;
  return Kernels.back();
}

Error SIMTTargetStreamer::checkParamSize(uint64_t Size) {
  if (Size == 0)
    return simt::stringError("parameter size must be positive");
  return Error::success();
}

Error SIMTTargetStreamer::checkParamAlign(uint64_t Align) {
  if (!isPowerOf2_64(Align))
    return simt::stringError("parameter alignment must be a power of 2");
  return Error::success();
}

Expected<uint64_t> SIMTTargetStreamer::emitParam(StringRef Name, uint64_t Size,
                                                 uint64_t Align) {
  Expected<SIMTKernelRecord &> K = open(".param");
  if (!K)
    return K.takeError();
  if (Align)
    if (Error E = checkParamAlign(Align))
      return E;
  if (Error E = checkParamSize(Size))
    return E;
  if (!Align)
    Align = std::min<uint64_t>(Size & -Size, SIMT::MaxParamAlign);
  // The loader refuses metadata with a parameter declared twice.
  for (const SIMTKernelRecord::Param &P : K->Params)
    if (P.Name == Name)
      return simt::stringError("parameter '" + Name + "' is declared twice");
  uint64_t Offset = alignTo(K->NextParam, Align);
  if (Size > SIMT::ParamBankBytes || Offset > SIMT::ParamBankBytes - Size)
    return simt::stringError("parameters exceed constant bank 0");
  K->Params.push_back({Name.str(), Offset, Size, Align});
  K->NextParam = Offset + Size;
  emitParamSymbol(K->Params.back());
  return Offset;
}

static Error checkRange(StringRef Directive, uint64_t V, uint64_t Lo, uint64_t Hi) {
  if (V < Lo || V > Hi)
    return simt::stringError(Directive + " must be in the range [" + Twine(Lo) + ", " + Twine(Hi) + "]");
  return Error::success();
}

Error SIMTTargetStreamer::emitShared(uint64_t Bytes) {
  Expected<SIMTKernelRecord &> K = open(".shared");
  if (!K)
    return K.takeError();
  if (Bytes > SIMT::MaxSharedBytes)
    return simt::stringError(".shared must be at most " + Twine(SIMT::MaxSharedBytes) + " bytes");
  K->Shared = Bytes;
  emitResource(".shared", Bytes);
  return Error::success();
}

Error SIMTTargetStreamer::emitLocal(uint64_t Bytes) {
  Expected<SIMTKernelRecord &> K = open(".local");
  if (!K)
    return K.takeError();
  if (Bytes > SIMT::MaxLocalBytes)
    return simt::stringError(".local must be at most " + Twine(SIMT::MaxLocalBytes) + " bytes per thread");
  K->Local = Bytes;
  emitResource(".local", Bytes);
  return Error::success();
}

Error SIMTTargetStreamer::emitMaxStack(uint64_t Entries) {
  Expected<SIMTKernelRecord &> K = open(".max_stack");
  if (!K)
    return K.takeError();
  if (Error E = checkRange(".max_stack", Entries, 1, SIMT::MaxStackEntries))
    return E;
  K->MaxStack = Entries;
  emitResource(".max_stack", Entries);
  return Error::success();
}

Error SIMTTargetStreamer::emitRegs(uint64_t Count) {
  Expected<SIMTKernelRecord &> K = open(".regs");
  if (!K)
    return K.takeError();
  if (Error E = checkRange(".regs", Count, 1, SIMT::MaxRegs))
    return E;
  if (Error E = checkRegsCover(Count, K->RegsUsed))
    return E;
  K->DeclaredRegs = unsigned(Count);
  emitResource(".regs", Count);
  return Error::success();
}

void SIMTTargetStreamer::emitListingMode() {
  ListingMode = true;
  emitListingDirective();
}

Error SIMTTargetStreamer::emitTarget(unsigned SM) {
  if (!Kernels.empty() || !Vars.empty())
    return simt::stringError(".target must come before the first kernel, function or variable");
  if (TargetSet)
    return simt::stringError(".target given twice: an object is for one level of the ISA");
  TargetSM = SM;
  TargetSet = true;
  emitTargetDirective(SM);
  return Error::success();
}

Error SIMTTargetStreamer::emitAbi(SIMTAbi Abi) {
  Expected<SIMTKernelRecord &> K = open(".abi");
  if (!K)
    return K.takeError();
  if (K->IsFunc)
    return simt::stringError(".abi inside .func: a device function takes no launch parameters");
  if (Abi == SIMTAbi::Infer)
    return simt::stringError(".abi must be 32 or 64");
  K->Abi = Abi;
  emitAbiDirective(Abi);
  return Error::success();
}

// Whether Inst addresses memory with a 64-bit register pair (`.E`), which
// only code compiled for 64-bit addresses does.
static bool usesWideAddress(const MCInst &Inst) {
  for (const SIMT::RegRuleOperand &O : SIMT::regRuleOperandsOf(Inst.getOpcode()))
    if (O.Kind == SIMT::OperandKind::Modifier && O.Group == SIMT::MG_E &&
        O.Index < Inst.getNumOperands() && Inst.getOperand(O.Index).isImm() &&
        Inst.getOperand(O.Index).getImm() != 0)
      return true;
  return false;
}

void SIMTTargetStreamer::noteInstruction(const MCInst &Inst) {
  if (!Open)
    return;
  SIMTKernelRecord &K = Kernels.back();
  K.UsesWideAddress |= usesWideAddress(Inst);
  for (unsigned I = 0; I < Inst.getNumOperands(); ++I) {
    const MCOperand &O = Inst.getOperand(I);
    if (O.isReg() && O.getReg() != SIMT::RZ)
      K.RegsUsed = std::max(K.RegsUsed, SIMT::gprIndex(O.getReg()) + SIMT::regSpan(Inst, I));
  }
}

Error SIMTTargetStreamer::checkAllClosed() const {
  if (!Open || Kernels.back().Listing)
    return Error::success();
  const SIMTKernelRecord &K = Kernels.back();
  return simt::stringError("'" + K.Name + "' is not closed: missing " +
                 (K.IsFunc ? ".end_func" : ".end_kernel"));
}

void SIMTTargetStreamer::finish() {
  // The parser reports this where the kernel began; a programmatic client
  // learns it here.
  if (Error E = checkAllClosed())
    getStreamer().getContext().reportError(SMLoc(), toString(std::move(E)));
}

std::string SIMTTargetStreamer::simtInfo() const {
  std::string Info;
  raw_string_ostream OS(Info);
  // An object at the base level says nothing (objects from before levels).
  if (TargetSM != simt::levels::kBase)
    OS << "target " << simt::levels::archName(TargetSM) << "\n";
  for (const SIMTKernelRecord &K : Kernels) {
    if (K.IsFunc) {
      OS << "func " << K.Name << " regs=" << K.regs() << "\n";
      continue;
    }
    OS << "kernel " << K.Name << " regs=" << K.regs() << " shared=" << K.Shared
       << " local=" << K.Local << " max_stack=" << K.MaxStack
       << " listing=" << (K.Listing ? 1 : 0) << " abi=" << K.abiBits() << "\n";
    for (const SIMTKernelRecord::Param &P : K.Params)
      OS << "param " << K.Name << " " << P.Name << " " << P.Offset << " " << P.Size << " "
         << P.Align << "\n";
  }
  for (const SIMTVarRecord &V : Vars) {
    if (V.IsConst)
      OS << "const " << V.Name << " bank=" << V.Bank;
    else
      OS << "global " << V.Name;
    OS << " offset=" << V.Offset << " size=" << V.Size;
    if (!V.IsConst)
      OS << " align=" << V.Align;
    OS << " type=" << V.Type << "\n";
  }
  for (const SIMTVarRecord &V : Vars)
    for (const SIMTVarRecord::Address &A : V.Addresses)
      OS << "addr " << V.Name << " at=" << A.At << " target=" << A.Target
         << " addend=" << A.Addend << "\n";
  return Info;
}

void SIMTTargetStreamer::emitCodeBegin(SIMTKernelRecord &K) {
  MCStreamer &S = getStreamer();
  MCContext &Ctx = S.getContext();
  S.switchSection(codeSection(K.Name));
  S.emitValueToAlignment(Align(8));
  MCSymbol *Sym = Ctx.getOrCreateSymbol(K.Name);
  S.emitSymbolAttribute(Sym, MCSA_Global);
  S.emitSymbolAttribute(Sym, MCSA_ELF_TypeFunction);
  S.emitLabel(Sym);
  K.Start = Ctx.createTempSymbol("kernel_start");
  S.emitLabel(K.Start);
}

void SIMTTargetStreamer::emitParamSymbol(const SIMTKernelRecord::Param &P) {
  MCContext &Ctx = getStreamer().getContext();
  getStreamer().emitAssignment(Ctx.getOrCreateSymbol(P.Name),
                               MCConstantExpr::create(P.Offset, Ctx));
}

//===-- SIMTTargetAsmStreamer ---------------------------------------------===//

SIMTTargetAsmStreamer::SIMTTargetAsmStreamer(MCStreamer &S) : SIMTTargetStreamer(S) {}

void SIMTTargetAsmStreamer::changeSection(const MCSection *Cur, MCSection *Section,
                                          uint32_t SubSection, raw_ostream &OS) {
  if (!EnteringCode)
    SIMTTargetStreamer::changeSection(Cur, Section, SubSection, OS);
}

void SIMTTargetAsmStreamer::prettyPrintAsm(MCInstPrinter &InstPrinter, uint64_t Address,
                                           const MCInst &Inst, const MCSubtargetInfo &STI,
                                           raw_ostream &OS) {
  noteInstruction(Inst);
  SIMTTargetStreamer::prettyPrintAsm(InstPrinter, Address, Inst, STI, OS);
}

// `.kernel NAME` stands for its section, alignment and symbols: they are
// entered and defined (MCStreamer's own, non-printing, definitions) so that
// labels and branch targets resolve, but not printed. Verbose output names
// them in a comment.
void SIMTTargetAsmStreamer::emitCodeBegin(SIMTKernelRecord &K) {
  MCStreamer &S = getStreamer();
  MCContext &Ctx = S.getContext();
  MCSection *Sec = codeSection(K.Name);
  if (S.isVerboseAsm())
    S.AddComment(K.Name + ": section " + Sec->getName());
  S.emitRawText((K.IsFunc ? ".func " : ".kernel ") + K.Name);
  // The ABI the parser would give the kernel by default needs no directive.
  if (K.Abi != (K.Listing ? SIMTAbi::Infer : SIMTAbi::Ptr64))
    emitAbiDirective(K.Abi);
  EnteringCode = true;
  S.switchSection(Sec);
  EnteringCode = false;
  S.MCStreamer::emitLabel(Ctx.getOrCreateSymbol(K.Name));
  K.Start = Ctx.createTempSymbol("kernel_start");
  S.MCStreamer::emitLabel(K.Start);
}

void SIMTTargetAsmStreamer::emitCodeEnd(const SIMTKernelRecord &K) {
  getStreamer().emitRawText(K.IsFunc ? ".end_func" : ".end_kernel");
}

void SIMTTargetAsmStreamer::emitParamSymbol(const SIMTKernelRecord::Param &P) {
  MCStreamer &S = getStreamer();
  S.emitRawText(".param " + P.Name + ", " + Twine(P.Size) + ", " + Twine(P.Align));
  MCContext &Ctx = S.getContext();
  S.MCStreamer::emitAssignment(Ctx.getOrCreateSymbol(P.Name),
                               MCConstantExpr::create(P.Offset, Ctx));
}

void SIMTTargetAsmStreamer::emitResource(StringRef Directive, uint64_t Value) {
  getStreamer().emitRawText(Directive + " " + Twine(Value));
}

void SIMTTargetAsmStreamer::emitListingDirective() {
  getStreamer().emitRawText(".simt_listing");
}

void SIMTTargetAsmStreamer::emitTargetDirective(unsigned SM) {
  getStreamer().emitRawText(".target " + simt::levels::archName(SM));
}

void SIMTTargetAsmStreamer::emitAbiDirective(SIMTAbi Abi) {
  getStreamer().emitRawText(Abi == SIMTAbi::Ptr32 ? ".abi 32" : ".abi 64");
}
