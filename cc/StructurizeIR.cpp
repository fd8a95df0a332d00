//===-- StructurizeIR.cpp - LLVM IR made structured, for the SIMT stack ---===//
#include "cc/StructurizeIR.h"

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace simt::cc {

bool structurizeIR(StringRef InPath, StringRef OutPath, std::string *Why) {
  LLVMContext Ctx;
  SMDiagnostic Diag;
  std::unique_ptr<llvm::Module> M = parseIRFile(InPath, Diag, Ctx);
  if (!M) {
    *Why = Diag.getMessage().str();
    return false;
  }
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  // AMDGPU's order: switches become branches, irreducible loops reducible,
  // a loop's exits one, then the regions structured.
  ModulePassManager MPM;
  if (llvm::Error E = PB.parsePassPipeline(
          MPM, "function(lower-switch,fix-irreducible,unify-loop-exits,structurizecfg)")) {
    *Why = toString(std::move(E));
    return false;
  }
  MPM.run(*M, MAM);
  std::error_code EC;
  raw_fd_ostream Out(OutPath, EC);
  if (EC) {
    *Why = EC.message();
    return false;
  }
  WriteBitcodeToFile(*M, Out);
  return true;
}

} // namespace simt::cc
