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
  // A variable whose address an emitted one holds is emitted too (a table
  // of strings names them only there).
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (const VarDecl &V : M.Globals)
      if (V.Init && isEmittedVar(V, Used)) {
        size_t Before = Used.size();
        collectNames(*V.Init, Used);
        Grew |= Used.size() != Before;
      }
  }
  ModuleDataLayout Layout = layoutModuleData(M);
  bool Failed = false;
  std::vector<std::pair<const VarDecl *, InitAddress>> Addresses;
  StringSet<> Emitted;
  for (const ModuleVarSlot *S : Layout.Order) {
    const VarDecl &V = *S->Var;
    if (!isEmittedVar(V, Used))
      continue;
    std::vector<uint8_t> Bytes;
    std::vector<InitAddress> Held;
    if (encodeInitializer(V, Bytes, Diag, &Held)) {
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
    Emitted.insert(V.Name);
    for (InitAddress &A : Held)
      Addresses.push_back({&V, std::move(A)});
  }
  // The addresses last, every variable declared by then. Only the global
  // block has addresses here: a `__constant__` variable is read by LDC from
  // its bank, shared and local ones have none outside a kernel.
  for (auto &[V, A] : Addresses) {
    const VarDecl *T = M.global(A.Target);
    const ModuleVarSlot *Slot = Layout.lookup(A.Target);
    if (Slot && !Emitted.contains(A.Target) && T && T->Space == StateSpace::Global)
      continue; // its own error is reported
    if (!T || T->Space != StateSpace::Global || !Slot || T->Link == Linkage::Extern) {
      Failed = Diag.error(A.Loc, "not supported yet: the address of " +
                                     Twine(T ? "the ." + spaceName(T->Space).str() + " variable '"
                                             : "'") +
                                     A.Target + "' in the initialiser of '" + V->Name +
                                     "' (addresses of .global variables of the module only)");
      continue;
    }
    if (Error E = TS.emitVarAddress(V->Name, A.At, A.Target, A.Addend))
      Failed = Diag.error(A.Loc, toString(std::move(E)));
  }
  return !Failed;
}

} // namespace simt::cc
