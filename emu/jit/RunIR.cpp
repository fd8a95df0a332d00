//===-- RunIR.cpp - LLVM IR of a compiled run -----------------------------===//
//
// The IR only sequences: every instruction is a call of its step function
// (the interpreter's fast form, from bitcode, JitSemantics.cpp) on a private
// constant copy of its decoded Inst. After inlining, the optimizer folds each call's loads of
// the Inst to the one form it is and keeps register rows in vector
// registers between instructions where it can prove them unchanged. Each
// run has two bodies: the whole run for a converged warp, specialised for
// it, and a general one entered anywhere.
//
//===----------------------------------------------------------------------===//
#include "emu/jit/RunIR.h"

#include "emu/core/WarpState.h"
#include "emu/jit/Bitcode.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"

namespace simt::emu::jit {

namespace {

/// The decoded instruction as a constant global of its bytes (the layout
/// the interpreter's compiler gave it, which the bitcode shares: same ABI).
llvm::GlobalVariable *instConstant(llvm::Module &m, const Inst &inst) {
  llvm::LLVMContext &ctx = m.getContext();
  const auto *bytes = reinterpret_cast<const uint8_t *>(&inst);
  llvm::Constant *init =
      llvm::ConstantDataArray::get(ctx, llvm::ArrayRef<uint8_t>(bytes, sizeof(Inst)));
  auto *g = new llvm::GlobalVariable(m, init->getType(), /*isConstant=*/true,
                                     llvm::GlobalValue::PrivateLinkage, init, "inst");
  g->setAlignment(llvm::Align(alignof(Inst)));
  g->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
  return g;
}

/// The step function of `inst`: the entry of its Inst::fast value in the
/// bitcode's table (a std::array: the array is its one field).
llvm::Function *stepFor(llvm::Module &m, const Inst &inst) {
  llvm::Constant *table = m.getNamedGlobal(kStepTable)->getInitializer();
  while (llvm::isa<llvm::ConstantStruct>(table))
    table = table->getAggregateElement(0u);
  return llvm::cast<llvm::Function>(table->getAggregateElement(inst.fast)->stripPointerCasts());
}

} // namespace

llvm::Function *emitRun(llvm::Module &m, const std::string &name, const std::vector<Inst> &code,
                        const JitRun &run) {
  llvm::LLVMContext &ctx = m.getContext();
  llvm::Type *ptr = llvm::PointerType::getUnqual(ctx);
  llvm::Type *i32 = llvm::Type::getInt32Ty(ctx);
  auto *type = llvm::FunctionType::get(llvm::Type::getVoidTy(ctx),
                                       {ptr, ptr, i32, i32, i32, ptr}, false);
  auto *fn = llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage, name, m);
  llvm::Value *regs = fn->getArg(0), *grid = fn->getArg(1), *active = fn->getArg(2);
  llvm::Value *first = fn->getArg(3), *count = fn->getArg(4), *masks = fn->getArg(5);

  std::vector<llvm::GlobalVariable *> insts;
  std::vector<llvm::Function *> steps;
  for (uint32_t i = 0; i < run.length; ++i) {
    insts.push_back(instConstant(m, code[run.first + i]));
    steps.push_back(stepFor(m, code[run.first + i]));
    // Each step is small once its form is known: always inlined, so that
    // the optimizer sees the run as one straight line.
    steps.back()->addFnAttr(llvm::Attribute::AlwaysInline);
  }

  auto *entry = llvm::BasicBlock::Create(ctx, "entry", fn);
  auto *whole = llvm::BasicBlock::Create(ctx, "whole", fn);
  auto *part = llvm::BasicBlock::Create(ctx, "part", fn);
  auto *done = llvm::BasicBlock::Create(ctx, "done", fn);
  llvm::IRBuilder<> b(entry);

  // The usual call: the whole run of a converged warp. With the active mask
  // a constant and no exit between instructions, each step folds to its
  // full-mask form and the optimizer keeps rows in vector registers from
  // one instruction to the next.
  llvm::Value *isWhole = b.CreateAnd(
      b.CreateAnd(b.CreateICmpEQ(first, b.getInt32(0)),
                  b.CreateICmpEQ(count, b.getInt32(run.length))),
      b.CreateICmpEQ(active, b.getInt32(AllLanes)));
  b.CreateCondBr(isWhole, whole, part);
  b.SetInsertPoint(whole);
  for (uint32_t i = 0; i < run.length; ++i) {
    llvm::Value *mask =
        b.CreateCall(steps[i], {regs, grid, insts[i], b.getInt32(AllLanes)}, "mask");
    b.CreateStore(mask, b.CreateConstInBoundsGEP1_32(i32, masks, i));
  }
  b.CreateBr(done);

  // Any other call: a switch on `first` enters the line, which leaves
  // after `count` instructions.
  std::vector<llvm::BasicBlock *> entries;
  for (uint32_t i = 0; i < run.length; ++i)
    entries.push_back(llvm::BasicBlock::Create(ctx, "i" + std::to_string(i), fn, done));
  b.SetInsertPoint(part);
  llvm::Value *end = b.CreateAdd(first, count, "end");
  llvm::SwitchInst *sw = b.CreateSwitch(first, done, run.length);
  for (uint32_t i = 0; i < run.length; ++i)
    sw->addCase(b.getInt32(i), entries[i]);
  for (uint32_t i = 0; i < run.length; ++i) {
    b.SetInsertPoint(entries[i]);
    llvm::Value *mask = b.CreateCall(steps[i], {regs, grid, insts[i], active}, "mask");
    llvm::Value *slot = b.CreateSub(b.getInt32(i), first);
    b.CreateStore(mask, b.CreateInBoundsGEP(i32, masks, b.CreateZExt(slot, b.getInt64Ty())));
    if (i + 1 == run.length) {
      b.CreateBr(done);
      break;
    }
    b.CreateCondBr(b.CreateICmpULT(b.getInt32(i + 1), end), entries[i + 1], done);
  }
  b.SetInsertPoint(done);
  b.CreateRetVoid();
  return fn;
}

} // namespace simt::emu::jit
