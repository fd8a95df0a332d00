//===-- Materialize.cpp - Only the semantics a module's runs reach --------===//
//
// A run uses a few of the bitcode's hundreds of step functions (one per
// fast form and source), so reading every body for each module cost more
// than the runs' own IR; the reader decodes a body only when asked.
//
//===----------------------------------------------------------------------===//
#include "emu/jit/Materialize.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"

namespace simt::emu::jit {

namespace {

/// The functions and variables that `v` names, through constant
/// expressions and aggregates, onto `work`.
void collect(const llvm::Value *v, llvm::SmallPtrSetImpl<const llvm::Value *> &seen,
             std::vector<llvm::GlobalValue *> &work) {
  if (!seen.insert(v).second)
    return;
  if (const auto *g = llvm::dyn_cast<llvm::GlobalValue>(v)) {
    work.push_back(const_cast<llvm::GlobalValue *>(g));
    return;
  }
  if (const auto *c = llvm::dyn_cast<llvm::Constant>(v))
    for (const llvm::Use &op : c->operands())
      collect(op.get(), seen, work);
}

} // namespace

llvm::Error materializeReached(llvm::Module &m, const std::vector<std::string> &roots) {
  llvm::SmallPtrSet<const llvm::Value *, 32> seen;
  std::vector<llvm::GlobalValue *> work;
  for (const std::string &name : roots)
    if (llvm::Function *f = m.getFunction(name))
      collect(f, seen, work);
  while (!work.empty()) {
    llvm::GlobalValue *g = work.back();
    work.pop_back();
    if (llvm::Error e = g->materialize())
      return e;
    if (auto *var = llvm::dyn_cast<llvm::GlobalVariable>(g)) {
      if (var->hasInitializer())
        collect(var->getInitializer(), seen, work);
      continue;
    }
    if (auto *f = llvm::dyn_cast<llvm::Function>(g))
      for (const llvm::Instruction &inst : llvm::instructions(*f))
        for (const llvm::Use &op : inst.operands())
          if (llvm::isa<llvm::Constant>(op.get()))
            collect(op.get(), seen, work);
  }
  // What was not reached goes unread: first the variables (the step table
  // names every step function), then the functions.
  for (llvm::GlobalVariable &var : llvm::make_early_inc_range(m.globals()))
    if (!seen.contains(&var)) {
      var.replaceAllUsesWith(llvm::PoisonValue::get(var.getType()));
      var.eraseFromParent();
    }
  for (llvm::Function &f : llvm::make_early_inc_range(m))
    if (!seen.contains(&f) && f.isMaterializable()) {
      f.replaceAllUsesWith(llvm::PoisonValue::get(f.getType()));
      f.eraseFromParent();
    }
  return m.materializeAll();
}

} // namespace simt::emu::jit
