//===-- RunIR.cpp - LLVM IR of a compiled run -----------------------------===//
//
// The IR only sequences: every instruction is a call of simt_jit_step (the
// interpreter's fast form, from bitcode) on a private constant copy of its
// decoded Inst. After inlining, the optimizer folds each call's loads of
// the Inst to the one form it is and keeps register rows in vector
// registers between instructions where it can prove them unchanged.
//
//===----------------------------------------------------------------------===//
#include "emu/jit/RunIR.h"

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

} // namespace

llvm::Function *emitRun(llvm::Module &m, const std::string &name, const std::vector<Inst> &code,
                        const JitRun &run) {
  llvm::LLVMContext &ctx = m.getContext();
  llvm::Function *step = m.getFunction(kStepFunction);
  llvm::Type *ptr = llvm::PointerType::getUnqual(ctx);
  llvm::Type *i32 = llvm::Type::getInt32Ty(ctx);
  auto *type = llvm::FunctionType::get(llvm::Type::getVoidTy(ctx),
                                       {ptr, ptr, i32, i32, i32, ptr}, false);
  auto *fn = llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage, name, m);
  llvm::Value *regs = fn->getArg(0), *grid = fn->getArg(1), *active = fn->getArg(2);
  llvm::Value *first = fn->getArg(3), *count = fn->getArg(4), *masks = fn->getArg(5);

  auto *entry = llvm::BasicBlock::Create(ctx, "entry", fn);
  auto *done = llvm::BasicBlock::Create(ctx, "done", fn);
  std::vector<llvm::BasicBlock *> steps;
  for (uint32_t i = 0; i < run.length; ++i)
    steps.push_back(llvm::BasicBlock::Create(ctx, "i" + std::to_string(i), fn, done));

  llvm::IRBuilder<> b(entry);
  llvm::Value *end = b.CreateAdd(first, count, "end");
  llvm::SwitchInst *sw = b.CreateSwitch(first, done, run.length);
  for (uint32_t i = 0; i < run.length; ++i)
    sw->addCase(b.getInt32(i), steps[i]);

  for (uint32_t i = 0; i < run.length; ++i) {
    b.SetInsertPoint(steps[i]);
    llvm::Value *inst = instConstant(m, code[run.first + i]);
    llvm::Value *mask = b.CreateCall(step, {regs, grid, inst, active}, "mask");
    llvm::Value *slot = b.CreateSub(b.getInt32(i), first);
    b.CreateStore(mask, b.CreateInBoundsGEP(i32, masks, b.CreateZExt(slot, b.getInt64Ty())));
    if (i + 1 == run.length) {
      b.CreateBr(done);
      break;
    }
    b.CreateCondBr(b.CreateICmpULT(b.getInt32(i + 1), end), steps[i + 1], done);
  }
  b.SetInsertPoint(done);
  b.CreateRetVoid();
  return fn;
}

} // namespace simt::emu::jit
