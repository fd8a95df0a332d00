//===-- SharedLayout.cpp - .shared and .local windows of functions --------===//
#include "cc/abi/SharedLayout.h"
#include "cc/ptx/PTXSymbols.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace llvm;

namespace simt::cc {

namespace {

/// The symbols F names.
StringSet<> symbolsOf(const Function &F) {
  StringSet<> Used;
  forEachSymbol(F, [&](const Operand &Op) { Used.insert(Op.Name); });
  return Used;
}

bool isSharedOrLocal(const VarDecl &V) {
  return V.Space == StateSpace::Shared || V.Space == StateSpace::Local;
}

uint64_t alignmentOf(const VarDecl &V) {
  return V.Align ? V.Align : std::max(1u, typeBits(V.Type) / 8);
}

} // namespace

SharedLayout layoutFunctionShared(const Module &M, const DenseSet<const Function *> &Translated) {
  SharedLayout L;
  DenseSet<const Function *> UseRegion, UseDynamic;
  DenseSet<const VarDecl *> InRegion;
  std::vector<const VarDecl *> Declared; // the functions' own, in order
  for (const auto &F : M.Functions) {
    if (F->IsKernel || !F->HasBody || !Translated.contains(F.get()))
      continue;
    StringSet<> Used = symbolsOf(*F);
    for (const VarDecl &V : M.Globals) {
      if (V.Space != StateSpace::Shared || !Used.contains(V.Name))
        continue;
      if (V.sizeInBytes() == 0) {
        UseDynamic.insert(F.get());
      } else {
        UseRegion.insert(F.get());
        InRegion.insert(&V);
      }
    }
    for (const VarDecl &V : F->Locals)
      if (V.Space == StateSpace::Shared) {
        (V.sizeInBytes() == 0 ? UseDynamic : UseRegion).insert(F.get());
        if (V.sizeInBytes())
          Declared.push_back(&V);
      }
  }
  if (UseRegion.empty() && UseDynamic.empty())
    return L;
  uint64_t Top = 0;
  auto Place = [&](const VarDecl &V) {
    Top = alignTo(Top, alignmentOf(V));
    L.RegionVars[&V] = Top;
    Top += V.sizeInBytes();
  };
  for (const VarDecl &V : M.Globals)
    if (InRegion.contains(&V))
      Place(V);
  for (const VarDecl *V : Declared)
    Place(*V);
  L.RegionBytes = Top;
  for (const auto &F : M.Functions) {
    if (!F->IsKernel || !F->HasBody)
      continue;
    const DenseSet<const Function *> Callees = calledFunctions(M, {F.get()});
    auto Reaches = [&](const DenseSet<const Function *> &Users) {
      return llvm::any_of(Users, [&](const Function *U) { return Callees.contains(U); });
    };
    if (Reaches(UseRegion))
      L.RegionKernels.insert(F.get());
    if (Reaches(UseDynamic))
      L.DynamicKernels.insert(F.get());
  }
  if (UseDynamic.empty())
    return L;
  // One base past every such kernel's static variables.
  uint64_t Base = alignTo(L.RegionBytes, 16);
  for (const Function *K : L.DynamicKernels)
    Base = std::max(Base, layoutVariables(*K, L).SharedBytes);
  L.DynamicBase = Base;
  return L;
}

VariableWindows layoutVariables(const Function &F, const SharedLayout &Layout) {
  VariableWindows W;
  StringSet<> Used = symbolsOf(F);
  std::vector<const VarDecl *> Vars, Dynamic;
  // Module-scope .shared and .local variables (old nvcc and hand-written
  // PTX declare .local ones outside any function): a kernel that uses a
  // .local one has it in its window, as each thread has its own; a device
  // function would need the same one as its callers.
  for (const VarDecl &V : F.getParent()->Globals) {
    if (!isSharedOrLocal(V) || !Used.contains(V.Name))
      continue;
    if (auto It = Layout.RegionVars.find(&V); It != Layout.RegionVars.end()) {
      W.Offsets[V.Name] = It->second;
      continue;
    }
    if (V.Space == StateSpace::Local && !F.IsKernel) {
      W.Unplaced.push_back(&V);
      continue;
    }
    Vars.push_back(&V);
  }
  for (const VarDecl &V : F.Locals) {
    if (!isSharedOrLocal(V))
      continue;
    if (auto It = Layout.RegionVars.find(&V); It != Layout.RegionVars.end()) {
      W.Offsets[V.Name] = It->second;
      continue;
    }
    Vars.push_back(&V);
  }
  uint64_t Shared = F.IsKernel && Layout.RegionKernels.contains(&F) ? Layout.RegionBytes : 0;
  uint64_t Local = 0;
  for (const VarDecl *V : Vars) {
    if (V->Space == StateSpace::Shared && V->sizeInBytes() == 0) {
      Dynamic.push_back(V);
      continue;
    }
    uint64_t &Top = V->Space == StateSpace::Shared ? Shared : Local;
    if (V->Space == StateSpace::Local)
      W.Local.insert(V->Name);
    Top = alignTo(Top, alignmentOf(*V));
    W.Offsets[V->Name] = Top;
    Top += V->sizeInBytes();
  }
  Shared = alignTo(Shared, 16);
  // The launch's dynamic shared memory follows the static variables, or
  // lies at the module's base where a device function uses it too.
  bool AtBase = Layout.DynamicBase && (!F.IsKernel || Layout.DynamicKernels.contains(&F));
  if (AtBase && F.IsKernel)
    Shared = *Layout.DynamicBase;
  for (const VarDecl *V : Dynamic)
    W.Offsets[V->Name] = AtBase ? *Layout.DynamicBase : Shared;
  W.SharedBytes = F.IsKernel ? Shared : 0;
  W.LocalBytes = alignTo(Local, 4);
  return W;
}

} // namespace simt::cc
