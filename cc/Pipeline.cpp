//===-- Pipeline.cpp - The passes of simt-ptxas in order ------------------===//
#include "cc/Pipeline.h"
#include "cc/CFG.h"
#include "cc/InferAddressSpaces.h"
#include "cc/Diagnostics.h"
#include "cc/ISel.h"
#include "cc/Emit.h"
#include "cc/InsertReconvergence.h"
#include "cc/LowerSharedAtomics.h"
#include "cc/RegAlloc.h"
#include "cc/StackDepth.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace simt::cc {

static const PassInfo Passes[] = {
    {"parse", "the module as parsed, printed back as PTX"},
    {"addrspace", "generic accesses through cvta.shared/.local pointers made .shared/.local"},
    {"cfg", "predecessors and successors of each block"},
    {"postdom", "the immediate post-dominator of each block"},
    {"liveness", "registers live into and out of each block"},
    {"uniformity", "divergent registers and branches"},
    {"reconvergence", "where each divergent branch reconverges"},
    {"isel", "SIMT instructions on virtual registers"},
    {"reconverge", "SSY/.S and PBK/BRK placed, fall-through jumps made explicit"},
    {"atomics", "shared-memory atomics as LDSLK/STSUL lock loops"},
    {"regalloc", "registers and spill slots of each virtual register"},
    {"stack", "the SIMT stack depth each kernel's code can need (.max_stack)"},
    {"emit", "the object (or -S text) through the MC layer"},
};

ArrayRef<PassInfo> passList() { return Passes; }

bool isPassName(StringRef Name) {
  return any_of(Passes, [&](const PassInfo &P) { return P.Name == Name; });
}

unsigned runPipeline(Module &M, Diagnostics &Diag, const PipelineOptions &Opts,
                     raw_ostream &OS) {
  auto Wants = [&](StringRef Pass) {
    return Opts.PrintAfterAll || is_contained(Opts.PrintAfter, Pass);
  };
  // The last pass to run: the last one printed, when some are named.
  size_t Last = std::size(Passes) - 1;
  if (!Opts.PrintAfterAll && !Opts.PrintAfter.empty()) {
    Last = 0;
    for (size_t N = 0; N < std::size(Passes); ++N)
      if (Wants(Passes[N].Name))
        Last = N;
  }
  auto Runs = [&](StringRef Pass) {
    for (size_t N = 0; N <= Last; ++N)
      if (Passes[N].Name == Pass)
        return true;
    return false;
  };
  unsigned Before = Diag.errors();
  if (Wants("parse"))
    printModule(OS, M);
  if (!Runs("addrspace"))
    return 0;
  std::vector<std::unique_ptr<FunctionAnalyses>> Done;
  for (auto &FPtr : M.Functions) {
    Function &F = *FPtr;
    if (!F.HasBody)
      continue;
    auto AP = std::make_unique<FunctionAnalyses>();
    FunctionAnalyses &A = *AP;
    // Only kernels are translated (below), so only theirs are errors.
    if (F.IsKernel && !inferAddressSpaces(F, Diag))
      continue;
    if (Wants("addrspace"))
      printFunction(OS, F);
    if (!Runs("cfg"))
      continue;
    buildCFG(F);
    if (Wants("cfg"))
      printCFG(OS, F);
    A.PDT.run(F);
    if (Wants("postdom"))
      A.PDT.print(OS, F);
    A.LV.run(F);
    if (Wants("liveness"))
      A.LV.print(OS, F);
    A.UA.run(F, A.PDT, A.LV);
    if (Wants("uniformity"))
      A.UA.print(OS, F);
    A.RC.run(F, A.PDT, A.UA);
    if (Wants("reconvergence"))
      A.RC.print(OS, F);
    // Only kernels are translated: clang keeps external device functions
    // after inlining them, and a call to one is reported where it is.
    if (!Runs("isel") || !F.IsKernel)
      continue;
    A.MF = selectInstructions(F, Diag);
    if (A.MF && Wants("isel"))
      printMFunction(OS, *A.MF);
    if (A.MF && Runs("reconverge")) {
      if (!insertReconvergence(*A.MF, A.RC, Diag))
        A.MF.reset();
      else if (Wants("reconverge"))
        printMFunction(OS, *A.MF);
    }
    if (A.MF && Runs("atomics")) {
      if (!lowerSharedAtomics(*A.MF, Diag))
        A.MF.reset();
      else if (Wants("atomics"))
        printMFunction(OS, *A.MF);
    }
    if (A.MF && Runs("regalloc")) {
      if (!allocateRegisters(*A.MF, A.Regs, Diag))
        A.MF.reset();
      else if (Wants("regalloc"))
        printAllocation(OS, *A.MF, A.Regs);
    }
    if (A.MF && Runs("stack")) {
      if (std::optional<unsigned> Depth = computeStackDepth(*A.MF, A.RC, Diag)) {
        A.MaxStack = *Depth;
        if (Wants("stack"))
          OS << "max_stack of " << F.Name << ": " << A.MaxStack << "\n";
      } else {
        A.MF.reset();
      }
    }
    Done.push_back(std::move(AP));
    if (Diag.tooMany())
      break;
  }
  if (Runs("emit") && Diag.errors() == Before && Opts.Output) {
    std::vector<CompiledKernel> Kernels;
    for (const auto &A : Done)
      Kernels.push_back({A->MF.get(), &A->Regs, A->MaxStack});
    emitKernels(Kernels, Opts.Text, *Opts.Output, Diag);
  }
  return Diag.errors() - Before;
}

} // namespace simt::cc
