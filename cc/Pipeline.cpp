//===-- Pipeline.cpp - The passes of simt-ptxas in order ------------------===//
#include "cc/Pipeline.h"
#include "cc/abi/CallABI.h"
#include "cc/analysis/CFG.h"
#include "cc/passes/CopyAddressedParams.h"
#include "cc/passes/InferAddressSpaces.h"
#include "cc/ptx/Diagnostics.h"
#include "cc/isel/ISel.h"
#include "cc/emit/Emit.h"
#include "cc/passes/ExpandInstructions.h"
#include "cc/mir/DeadCode.h"
#include "cc/mir/FoldConstants.h"
#include "cc/mir/InsertReconvergence.h"
#include "cc/passes/KernelExits.h"
#include "cc/mir/LowerFrame.h"
#include "cc/passes/LowerIndirectCalls.h"
#include "cc/passes/LowerPrintf.h"
#include "cc/mir/LowerSharedAtomics.h"
#include "cc/passes/SpecialOperands.h"
#include "cc/mir/RegAlloc.h"
#include "cc/mir/StackDepth.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>

using namespace llvm;

namespace simt::cc {

static const PassInfo Passes[] = {
    {"parse", "the module as parsed, printed back as PTX"},
    {"icalls", "function addresses as constants, calls through registers as switches over "
               "direct calls"},
    {"params", "device-function parameters whose address is taken copied to the frame"},
    {"sregs", "special registers that instructions other than mov read moved to registers first"},
    {"expand", "set, slct, cnot, copysign, testp, sad, mad.wide, mul24/mad24 as core instructions"},
    {"printf", "vprintf calls as writes of records into the launch's printf buffer"},
    {"addrspace", "generic accesses through cvta.shared/.local pointers made .shared/.local"},
    {"exits", "a kernel's branches to a bare ret made guarded rets (@P EXIT)"},
    {"cfg", "predecessors and successors of each block"},
    {"postdom", "the immediate post-dominator of each block"},
    {"liveness", "registers live into and out of each block"},
    {"uniformity", "divergent registers and branches"},
    {"reconvergence", "where each divergent branch reconverges"},
    {"isel", "SIMT instructions on virtual registers"},
    {"constants", "registers only c[bank][offset] MOVs write read as Sb operands instead"},
    {"dce", "instructions whose results nothing reads, and that do nothing else, removed"},
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

// The device functions the kernels call, directly or not: those are
// translated (clang keeps the others after inlining them everywhere).
static DenseSet<const Function *> calledFunctions(const Module &M) {
  DenseSet<const Function *> Seen;
  std::vector<const Function *> Work;
  for (const auto &F : M.Functions)
    if (F->IsKernel && F->HasBody)
      Work.push_back(F.get());
  while (!Work.empty()) {
    const Function *F = Work.back();
    Work.pop_back();
    for (const auto &B : F->Blocks)
      for (const Instruction &I : B->Insts) {
        if (I.Op != Opcode::Call)
          continue;
        for (const Operand &Op : I.Ops)
          if (Op.K == Operand::Symbol && Op.SymKind == Operand::Func)
            if (const Function *C = M.function(Op.Name);
                C && C->HasBody && !C->IsKernel && Seen.insert(C).second)
              Work.push_back(C);
      }
  }
  return Seen;
}

namespace {
/// What a function needs below it, its calls included.
struct CallNeeds {
  uint64_t StackBytes = 0; // its frame and its callees' deepest chain
  unsigned Tokens = 0;     // SIMT stack entries
  unsigned Regs = 0;       // registers of it and its callees
  bool Recursive = false;  // a cycle of the call graph is reachable
};
} // namespace

// Frames and SIMT stack depths summed along the call graph, for each kernel
// its .local (frame plus call stack), .max_stack and .regs; a cycle makes
// the call stack --stack-size bytes and the SIMT stack the depth without
// the cycle plus abi::RecursionTokens (docs/cuda.md).
static void sumCallGraph(std::vector<std::unique_ptr<FunctionAnalyses>> &Done, unsigned StackSize,
                         uint64_t StackAlign) {
  DenseMap<const Function *, FunctionAnalyses *> Of;
  for (auto &A : Done)
    if (A->MF)
      Of[A->MF->Source] = A.get();
  DenseMap<const Function *, CallNeeds> Memo;
  DenseSet<const Function *> OnPath;
  std::function<CallNeeds(const Function *)> Needs = [&](const Function *F) -> CallNeeds {
    if (auto It = Memo.find(F); It != Memo.end())
      return It->second;
    FunctionAnalyses *A = Of.lookup(F);
    if (!A || OnPath.contains(F))
      return {0, 0, 0, OnPath.contains(F)};
    OnPath.insert(F);
    CallNeeds N{0, A->MaxStack, A->Regs.NumGPRs, false};
    uint64_t Below = 0;
    for (const StackCallSite &C : A->CallSites) {
      CallNeeds Callee = Needs(C.Callee);
      Below = std::max(Below, Callee.StackBytes);
      N.Tokens = std::max(N.Tokens, C.Depth + 1 + Callee.Tokens);
      N.Regs = std::max(N.Regs, Callee.Regs);
      N.Recursive |= Callee.Recursive;
    }
    N.StackBytes = (F->IsKernel ? 0 : A->MF->LocalBytes + A->MF->StackArgBytes) + Below;
    OnPath.erase(F);
    Memo[F] = N;
    return N;
  };
  for (auto &A : Done) {
    if (!A->MF || !A->MF->Source->IsKernel || A->CallSites.empty())
      continue;
    CallNeeds N = Needs(A->MF->Source);
    uint64_t Stack = N.StackBytes;
    unsigned Tokens = N.Tokens;
    if (N.Recursive) {
      Stack = StackSize ? StackSize : abi::DefaultRecursionStackBytes;
      Tokens += abi::RecursionTokens;
    }
    A->MF->LocalBytes = alignTo(A->MF->LocalBytes, StackAlign) + alignTo(Stack, StackAlign);
    A->MaxStack = Tokens;
    A->Regs.NumGPRs = std::max(A->Regs.NumGPRs, N.Regs);
  }
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
  if (!Runs("icalls"))
    return 0;
  if (!lowerIndirectCalls(M, Diag))
    return Diag.errors() - Before;
  if (Wants("icalls"))
    printModule(OS, M);
  if (!Runs("params"))
    return 0;
  DenseSet<const Function *> Called = calledFunctions(M);
  for (auto &F : M.Functions)
    if (F->HasBody && Called.contains(F.get()))
      copyAddressedParams(*F);
  if (Wants("params"))
    printModule(OS, M);
  // After the copies, which are .local variables too.
  uint64_t StackAlign = stackAlignment(M);
  if (!Runs("sregs"))
    return 0;
  std::vector<std::unique_ptr<FunctionAnalyses>> Done;
  std::optional<ParamSpaces> Spaces;
  if (Runs("addrspace"))
    Spaces.emplace(M);
  for (auto &FPtr : M.Functions) {
    Function &F = *FPtr;
    if (!F.HasBody)
      continue;
    auto AP = std::make_unique<FunctionAnalyses>();
    FunctionAnalyses &A = *AP;
    // Kernels and the functions they call are translated (below), so only
    // theirs are errors.
    bool Translated = F.IsKernel || Called.contains(&F);
    moveSpecialOperands(F);
    if (Wants("sregs"))
      printFunction(OS, F);
    if (!Runs("expand"))
      continue;
    expandInstructions(F);
    if (Wants("expand"))
      printFunction(OS, F);
    if (!Runs("printf"))
      continue;
    if (Translated && !lowerPrintf(F, Diag))
      continue;
    if (Wants("printf"))
      printFunction(OS, F);
    if (!Runs("addrspace"))
      continue;
    if (Translated && !inferAddressSpaces(F, Diag, &*Spaces))
      continue;
    if (Wants("addrspace"))
      printFunction(OS, F);
    if (!Runs("exits"))
      continue;
    if (Opts.FoldExits)
      foldExitBranches(F);
    if (Wants("exits"))
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
    // Functions no kernel calls are not translated: clang keeps external
    // device functions after inlining them.
    if (!Runs("isel") || !Translated)
      continue;
    A.MF = selectInstructions(F, Diag);
    if (A.MF && Wants("isel"))
      printMFunction(OS, *A.MF);
    if (A.MF && Runs("constants")) {
      foldConstantOperands(*A.MF);
      if (Wants("constants"))
        printMFunction(OS, *A.MF);
    }
    if (A.MF && Runs("dce")) {
      removeDeadCode(*A.MF);
      if (Wants("dce"))
        printMFunction(OS, *A.MF);
    }
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
      if (!allocateRegisters(*A.MF, A.Regs, Diag)) {
        A.MF.reset();
      } else {
        if (A.MF->Framed)
          lowerFrame(*A.MF, A.Regs, StackAlign);
        if (Wants("regalloc"))
          printAllocation(OS, *A.MF, A.Regs);
      }
    }
    if (A.MF && Runs("stack")) {
      if (std::optional<unsigned> Depth =
              computeStackDepth(*A.MF, A.RC, Diag, &A.CallSites)) {
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
  if (Runs("stack") && Diag.errors() == Before) {
    sumCallGraph(Done, Opts.StackSize, StackAlign);
    if (Wants("stack"))
      for (const auto &A : Done)
        if (A->MF && A->MF->Source->IsKernel && !A->CallSites.empty())
          OS << "max_stack of " << A->MF->Source->Name << " with its calls: " << A->MaxStack
             << "; local memory " << A->MF->LocalBytes << " bytes\n";
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
