//===-- EmitData.cpp - Module variables into the MC layer -----------------===//
//
// The `.const_var` / `.global_var` / `.var_data` directives of the module
// variables the kernels use, and of every `.visible` one (a run script or
// the debugger may name it), at the places ModuleData.h gives them.
//
//===----------------------------------------------------------------------===//
#include "cc/emit/EmitData.h"
#include "cc/ptx/Diagnostics.h"
#include "cc/abi/ModuleData.h"

#include "MCTargetDesc/SIMTTargetStreamer.h"

#include "llvm/ADT/StringSet.h"

using namespace llvm;

namespace simt::cc {

static void collectNames(const Operand &Op, StringSet<> &Names) {
  if (Op.K == Operand::Symbol)
    Names.insert(Op.Name);
  for (const Operand &E : Op.Elems)
    collectNames(E, Names);
}

StringSet<> symbolsUsedBy(ArrayRef<const Function *> Functions) {
  StringSet<> Used;
  for (const Function *F : Functions)
    for (const BasicBlock *B : F->nodes())
      for (const Instruction &I : B->Insts)
        for (const Operand &Op : I.Ops)
          collectNames(Op, Used);
  return Used;
}

bool isEmittedVar(const VarDecl &V, const StringSet<> &Used) {
  return Used.contains(V.Name) || V.Link == Linkage::Visible;
}

bool emitModuleData(const Module &M, ArrayRef<const Function *> Kernels,
                    SIMTTargetStreamer &TS, Diagnostics &Diag) {
  StringSet<> Used = symbolsUsedBy(Kernels);
  ModuleDataLayout Layout = layoutModuleData(M);
  bool Failed = false;
  for (const ModuleVarSlot *S : Layout.Order) {
    const VarDecl &V = *S->Var;
    if (!isEmittedVar(V, Used))
      continue;
    std::vector<uint8_t> Bytes;
    if (encodeInitializer(V, Bytes, Diag)) {
      Failed = true;
      continue;
    }
    if (!S->Fits) {
      Failed = Diag.error(V.Loc, "not supported yet: '" + V.Name +
                                     "': .const variables beyond the 64 KiB of constant bank " +
                                     Twine(M.ConstBank));
      continue;
    }
    Error E = S->IsConst
                  ? TS.emitConstVar(V.Name, M.ConstBank, S->Offset, S->Size, varElementType(V))
                  : TS.emitGlobalVar(V.Name, S->Offset, S->Size, S->Align, varElementType(V));
    if (!E && !Bytes.empty())
      E = TS.emitVarData(Bytes);
    if (E) {
      Failed = Diag.error(V.Loc, toString(std::move(E)));
      continue;
    }
  }
  return !Failed;
}

} // namespace simt::cc
