//===-- Emit.cpp - Allocated code into the MC layer -----------------------===//
#include "cc/emit/Emit.h"
#include "cc/emit/DebugInfo.h"
#include "cc/emit/EmitData.h"
#include "cc/emit/LinePositions.h"
#include "cc/ptx/Diagnostics.h"
#include "cc/abi/ParamLayout.h"
#include "cc/emit/RegMap.h"

#include "MCTargetDesc/SIMTMCOutput.h"
#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"
#include "MCTargetDesc/SIMTTargetStreamer.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/MC/MCDwarf.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace simt::cc {

namespace {

class Emitter {
public:
  Emitter(SIMTMCOutput &Out, Diagnostics &Diag) : Out(Out), Diag(Diag) {}
  bool emit(const CompiledKernel &K);
  /// False after reporting a kernel or parameter name the text cannot carry.
  bool checkNames(const Function &F);
  /// The module's `.file`s, for the MC layer's line table (`.debug_line`).
  bool emitFiles(const Module &M);
  /// The PTX register maps of the functions emitted, after all the code.
  void emitRegMaps(bool Text);
  /// The DWARF of the kernels, when the module has clang's: made before
  /// the code (which defines its labels), written after it.
  void prepareDebugInfo(ArrayRef<CompiledKernel> Kernels, bool Unoptimised) {
    Debug = DebugInfo::create(Kernels, FileNumbers, Unoptimised, Out.context());
  }
  void emitDebugInfo(bool Text) {
    if (Debug)
      Debug->emit(Out.streamer(), Text);
  }

private:
  MCInst lower(const MInst &I, const Allocation &A);
  bool check(Error E, const MFunction &MF);

  /// A `.loc` when the position differs from the last one emitted.
  void emitLoc(const DebugLoc &DL);

  SIMTMCOutput &Out;
  Diagnostics &Diag;
  DenseMap<const MBlock *, MCSymbol *> Labels;
  /// PTX `.file` number -> the MC layer's, numbered 1..N in order: MC
  /// requires every number up to the largest to be assigned, PTX does not.
  DenseMap<unsigned, unsigned> FileNumbers;
  DebugLoc LastLoc;              // of the previous instruction with a position
  /// Objects with debug positions also carry the PTX register map (RegMap.h),
  /// written after all the code.
  bool WriteRegMap = false;
  std::vector<FunctionRegMap> RegMaps;
  std::unique_ptr<DebugInfo> Debug;
};

void Emitter::emitRegMaps(bool Text) {
  if (RegMaps.empty())
    return;
  switchToRegMap(Out.streamer(), Text);
  for (const FunctionRegMap &M : RegMaps)
    emitRegMap(Out.streamer(), M);
}

bool Emitter::emitFiles(const Module &M) {
  WriteRegMap = !M.Files.empty();
  for (const auto &[Index, Path] : M.Files) {
    if (FileNumbers.contains(Index))
      continue;
    unsigned Number = FileNumbers.size() + 1;
    Expected<unsigned> N = Out.streamer().tryEmitDwarfFileDirective(Number, "", Path);
    if (!N) {
      Diag.error(SMLoc(), "'.file " + std::to_string(Index) + "': " + toString(N.takeError()));
      return false;
    }
    FileNumbers[Index] = Number;
  }
  return true;
}

void Emitter::emitLoc(const DebugLoc &DL) {
  auto Number = FileNumbers.find(DL.File);
  if (Number == FileNumbers.end() ||
      (DL.File == LastLoc.File && DL.Line == LastLoc.Line && DL.Col == LastLoc.Col))
    return;
  LastLoc = DL;
  // Line 0 (clang's `.loc 1 0 7`) is DWARF's "no source line": a row too.
  Out.streamer().emitDwarfLocDirective(Number->second, DL.Line, DL.Col, DWARF2_FLAG_IS_STMT,
                                       0, 0, "");
}

bool Emitter::check(Error E, const MFunction &MF) {
  if (!E)
    return true;
  Diag.error(MF.Source->Loc, toString(std::move(E)));
  return false;
}

MCInst Emitter::lower(const MInst &I, const Allocation &A) {
  MCInst MI;
  MI.setOpcode(I.Opcode);
  // Which operands are predicate slots (an index, not a register).
  SmallVector<bool, 16> PredSlot(I.Ops.size(), false);
  for (const Slot &S : slotsOf(I.Opcode))
    PredSlot[S.McIndex] = S.Kind == SlotKind::Guard || S.Kind == SlotKind::PredDst ||
                          S.Kind == SlotKind::PredSrc;
  for (size_t N = 0; N < I.Ops.size(); ++N) {
    const MOperand &Op = I.Ops[N];
    switch (Op.K) {
    case MOperand::Imm:
      MI.addOperand(MCOperand::createImm(Op.Value));
      break;
    case MOperand::Zero:
      if (PredSlot[N])
        MI.addOperand(MCOperand::createImm(SIMT::PredTrue | (Op.Value & SIMT::PredNegBit)));
      else
        MI.addOperand(MCOperand::createReg(SIMT::RZ));
      break;
    case MOperand::VReg: {
      int P = A.Phys[Op.Reg];
      if (PredSlot[N])
        MI.addOperand(MCOperand::createImm(P | (Op.Value & SIMT::PredNegBit)));
      else
        MI.addOperand(MCOperand::createReg(SIMT::R0 + P + (Op.Sub ? Op.Sub - 1 : 0)));
      break;
    }
    case MOperand::Block:
      MI.addOperand(MCOperand::createExpr(
          MCSymbolRefExpr::create(Labels.lookup(Op.Target), Out.context())));
      break;
    case MOperand::Func: // the function's global symbol, defined by its .func
      MI.addOperand(MCOperand::createExpr(MCSymbolRefExpr::create(
          Out.context().getOrCreateSymbol(Op.Callee->Name), Out.context())));
      break;
    }
  }
  return MI;
}

bool Emitter::checkNames(const Function &F) {
  // PTX lets a name start with `%`; this ISA's assembly (the -S text, whose
  // bytes must match the object's) and run scripts cannot spell it.
  bool Ok = true;
  // A name of `$` signs only is the assembler's current-location symbol.
  auto Check = [&](StringRef What, const std::string &Name, SMLoc Loc) {
    StringRef Why;
    if (StringRef(Name).starts_with("%"))
      Why = "a name starting with '%'";
    else if (StringRef(Name).find_first_not_of('$') == StringRef::npos)
      Why = "a name of '$' signs only";
    else
      return;
    Diag.error(Loc, "not supported yet: " + What + " '" + Name + "' (" + Why +
                        " cannot be written in this ISA's assembly)");
    Ok = false;
  };
  Check("kernel name", F.Name, F.Loc);
  for (const VarDecl &P : F.Params)
    Check("parameter name", P.Name, P.Loc);
  return Ok;
}

bool Emitter::emit(const CompiledKernel &K) {
  const MFunction &MF = *K.MF;
  const Function &F = *MF.Source;
  SIMTTargetStreamer &TS = Out.targetStreamer();
  bool Kernel = F.IsKernel;
  SIMTAbi Abi = F.getParent()->AddressSize == 32 ? SIMTAbi::Ptr32 : SIMTAbi::Ptr64;
  if (!check(Kernel ? TS.emitKernelBegin(F.Name, Abi) : TS.emitFuncBegin(F.Name), MF))
    return false;
  // A device function's frame is part of its kernels' .local (Pipeline).
  std::vector<ParamSlot> Slots = Kernel ? layoutParams(F) : std::vector<ParamSlot>();
  for (size_t N = 0; N < Slots.size(); ++N) {
    Expected<uint64_t> Offset = TS.emitParam(F.Params[N].Name, Slots[N].Size, Slots[N].Align);
    if (!Offset)
      return check(Offset.takeError(), MF);
    if (*Offset != Slots[N].Offset) // the lowering read it from Slots[N]
      return check(createStringError("parameter '" + F.Params[N].Name +
                                     "' laid out differently by the target streamer"),
                   MF);
  }
  if (Kernel && MF.SharedBytes && !check(TS.emitShared(MF.SharedBytes), MF))
    return false;
  if (Kernel && MF.LocalBytes && !check(TS.emitLocal(MF.LocalBytes), MF))
    return false;
  // At least one entry: the loader and launches take 0 as "unset".
  if (Kernel && !check(TS.emitMaxStack(std::max(1u, K.MaxStack)), MF))
    return false;
  if (!check(TS.emitRegs(std::max(1u, K.Regs->NumGPRs)), MF))
    return false;
  Labels.clear();
  unsigned N = 0;
  for (const auto &B : MF.Blocks)
    Labels[B.get()] =
        Out.context().getOrCreateSymbol(".L" + F.Name + "_" + std::to_string(N++));
  MCStreamer &S = Out.streamer();
  // Instructions the lowering adds have no PTX position: LinePositions.h.
  const DenseMap<const MInst *, DebugLoc> Pos = linePositions(MF);
  LastLoc = DebugLoc(); // each kernel's section starts its own line sequence
  std::optional<FunctionRegMap> Map;
  if (WriteRegMap)
    Map = FunctionRegMap::create(MF, *K.Regs, Out.context());
  size_t Index = 0;
  const FunctionCode *Code = Debug ? Debug->codeOf(MF) : nullptr;
  auto Mark = [&] { // where a range of the register map or the DWARF begins or ends
    if (MCSymbol *L = Map ? Map->labelBefore(Index) : nullptr)
      S.emitLabel(L);
    if (MCSymbol *L = Code ? Code->labelBefore(Index) : nullptr)
      S.emitLabel(L);
  };
  for (const auto &B : MF.Blocks) {
    S.emitLabel(Labels[B.get()]);
    for (const MInst &I : B->Insts) {
      if (auto P = Pos.find(&I); P != Pos.end())
        emitLoc(P->second);
      Mark();
      S.emitInstruction(lower(I, *K.Regs), Out.subtargetInfo());
      ++Index;
    }
  }
  Mark();
  if (Map)
    RegMaps.push_back(std::move(*Map));
  return check(Kernel ? TS.emitKernelEnd() : TS.emitFuncEnd(), MF);
}

} // namespace

bool emitKernels(ArrayRef<CompiledKernel> Kernels, bool Text, bool Unoptimised,
                 raw_pwrite_stream &OS, Diagnostics &Diag) {
  SIMTMCOutput::Options Opts;
  Opts.Output = Text ? SIMTMCOutput::Kind::Text : SIMTMCOutput::Kind::Object;
  SIMTMCOutput Out(OS, Opts);
  Emitter E(Out, Diag);
  bool NamesOk = true;
  for (const CompiledKernel &K : Kernels)
    NamesOk &= E.checkNames(*K.MF->Source);
  if (!NamesOk)
    return false;
  // The object's level (`.target`), before any kernel or variable.
  if (!Kernels.empty()) {
    unsigned Level = Kernels.front().MF->Source->getParent()->IsaLevel;
    if (Level != simt::levels::kBase)
      if (Error Err = Out.targetStreamer().emitTarget(Level)) {
        Diag.error(SMLoc(), toString(std::move(Err)));
        return false;
      }
  }
  if (!Kernels.empty() && !E.emitFiles(*Kernels.front().MF->Source->getParent()))
    return false;
  if (!Kernels.empty()) {
    std::vector<const Function *> Sources;
    for (const CompiledKernel &K : Kernels)
      Sources.push_back(K.MF->Source);
    if (!emitModuleData(*Sources.front()->getParent(), Sources, Out.targetStreamer(), Diag))
      return false;
  }
  E.prepareDebugInfo(Kernels, Unoptimised);
  for (const CompiledKernel &K : Kernels)
    if (!E.emit(K))
      return false;
  E.emitRegMaps(Text);
  E.emitDebugInfo(Text);
  if (!Out.finish()) {
    Diag.error(SMLoc(), "the MC layer could not write the output");
    return false;
  }
  return true;
}

} // namespace simt::cc
