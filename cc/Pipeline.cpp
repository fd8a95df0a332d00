//===-- Pipeline.cpp - The passes of simt-ptxas in order ------------------===//
#include "cc/Pipeline.h"
#include "cc/abi/CallABI.h"
#include "cc/abi/SharedLayout.h"
#include "cc/analysis/CFG.h"
#include "cc/emit/Emit.h"
#include "cc/isel/ISel.h"
#include "cc/mir/DeadCode.h"
#include "cc/mir/FoldConstants.h"
#include "cc/mir/InsertReconvergence.h"
#include "cc/mir/LowerFrame.h"
#include "cc/mir/LowerSharedAtomics.h"
#include "cc/mir/RegAlloc.h"
#include "cc/mir/StackDepth.h"
#include "cc/passes/CopyAddressedParams.h"
#include "cc/passes/ExpandAtomics.h"
#include "cc/passes/ExpandInstructions.h"
#include "cc/passes/InferAddressSpaces.h"
#include "cc/passes/KernelExits.h"
#include "cc/passes/LinkSystemCalls.h"
#include "cc/passes/LowerIndirectCalls.h"
#include "cc/passes/LowerPrintf.h"
#include "cc/passes/SpecialOperands.h"
#include "cc/passes/SplitSideEntry.h"
#include "cc/passes/LoopPreheaders.h"
#include "cc/passes/UnifyLoopExits.h"
#include "cc/passes/UnswitchSpaces.h"
#include "cc/ptx/Diagnostics.h"
#include "cc/ptx/PTXSymbols.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <optional>
#include <variant>

using namespace llvm;

namespace simt::cc {

// The device functions the kernels call, directly or not: those are
// translated (clang keeps the others after inlining them everywhere).
static DenseSet<const Function *> translatedFunctions(const Module &M) {
  std::vector<const Function *> Kernels;
  for (const auto &F : M.Functions)
    if (F->IsKernel && F->HasBody)
      Kernels.push_back(F.get());
  return calledFunctions(M, Kernels);
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

/// What the passes share: the module, and what module passes found for the
/// function passes after them.
struct PipelineState {
  Module &M;
  Diagnostics &Diag;
  const PipelineOptions &Opts;
  unsigned ErrorsBefore;
  DenseSet<const Function *> Called = {}; // the device functions kernels call
  uint64_t StackAlign = 0;
  std::optional<ParamSpaces> Spaces = {};
  std::optional<SharedLayout> Shared = {}; // device functions' .shared, for isel
  /// The selected functions, for the module passes after the functions.
  std::vector<std::unique_ptr<FunctionAnalyses>> Done = {};
  bool failed() const { return Diag.errors() != ErrorsBefore; }
};

/// One function's way through the function passes.
struct FunctionState {
  PipelineState &Pipeline;
  Function &F;
  FunctionAnalyses &A;
  /// Kernels and the functions they call are translated, so only theirs
  /// are errors; clang keeps external device functions after inlining
  /// them everywhere.
  bool Translated;
  bool Selected = false; // instruction selection ran (A.MF may be null)
  /// A side entry the reconvergence lowering handed back (node splitting),
  /// and how many have been split in this function.
  SideEntry Split;
  unsigned Splits = 0;
  /// Whether the kernel's shared return tails were copied (copyReturnTails),
  /// the remedy tried before the first split.
  bool TailsCopied = false;
  /// Joins at immediate post-dominators only (Reconvergence::setLiveJoins),
  /// and whether the stack pass asked for that second try.
  bool ConservativeJoins = false, Retry = false;
};

/// The side entries split in one function before its unstructured control
/// flow is an error (each split copies one block).
constexpr unsigned kMaxSplits = 256;

// What a pass made, printed when it is printed after; true, to end a run
// that succeeded.
static bool dumped(raw_ostream *Dump, const Module &M) {
  if (Dump)
    printModule(*Dump, M);
  return true;
}
static bool dumped(raw_ostream *Dump, const Function &F) {
  if (Dump)
    printFunction(*Dump, F);
  return true;
}
static bool dumped(raw_ostream *Dump, const MFunction &MF) {
  if (Dump)
    printMFunction(*Dump, MF);
  return true;
}

// The shapes most passes share: a PTX pass that rewrites the function, an
// analysis printed by its own print, a MIR pass that rewrites the MIR.
template <auto Transform> static bool ptxPass(FunctionState &S, raw_ostream *Dump) {
  Transform(S.F);
  return dumped(Dump, S.F);
}

template <auto Member, auto... Inputs>
static bool analysis(FunctionState &S, raw_ostream *Dump) {
  auto &Result = S.A.*Member;
  Result.run(S.F, S.A.*Inputs...);
  if (Dump)
    Result.print(*Dump, S.F);
  return true;
}

template <auto Transform> static bool mirPass(FunctionState &, MFunction &MF, raw_ostream *Dump) {
  Transform(MF);
  return dumped(Dump, MF);
}

using ModuleRun = PassInfo::ModuleRun;
using FunctionRun = PassInfo::FunctionRun;
using MachineRun = PassInfo::MachineRun;

static const PassInfo Passes[] = {
    {"parse", "the module as parsed, printed back as PTX",
     ModuleRun([](PipelineState &S, raw_ostream *Dump) { return dumped(Dump, S.M); })},
    {"syscalls",
     "the PTX system calls a module declares without a body (malloc, free, __assertfail) "
     "given the toolchain's",
     ModuleRun([](PipelineState &S, raw_ostream *Dump) {
       return linkSystemCalls(S.M, S.Diag) && dumped(Dump, S.M);
     })},
    {"icalls",
     "function addresses as constants, calls through registers as switches over "
     "direct calls",
     ModuleRun([](PipelineState &S, raw_ostream *Dump) {
       return lowerIndirectCalls(S.M, S.Diag) && dumped(Dump, S.M);
     })},
    {"params", "device-function parameters whose address is taken copied to the frame",
     ModuleRun([](PipelineState &S, raw_ostream *Dump) {
       S.Called = translatedFunctions(S.M);
       for (auto &F : S.M.Functions)
         if (F->HasBody && S.Called.contains(F.get()))
           copyAddressedParams(*F);
       dumped(Dump, S.M);
       // After the copies, which are .local variables too.
       S.StackAlign = stackAlignment(S.M);
       return true;
     })},
    {"sregs", "special registers that instructions other than mov read moved to registers first",
     FunctionRun(ptxPass<moveSpecialOperands>)},
    {"atomf", "atom/red .add.f64, the 16-bit float adds and atom.cas.b16 as compare-and-swap "
              "loops, .add.v2/.v4.f32 as scalar adds (the ISA adds f32 only and swaps 32 or 64 "
              "bits)",
     FunctionRun(ptxPass<expandAtomicLoops>)},
    {"expand", "set, slct, cnot, copysign, testp, sad, mad.wide, mul24/mad24 as core instructions",
     FunctionRun(ptxPass<expandInstructions>)},
    {"printf", "vprintf calls as writes of records into the launch's printf buffer",
     FunctionRun([](FunctionState &S, raw_ostream *Dump) {
       return (!S.Translated || lowerPrintf(S.F, S.Pipeline.Diag)) && dumped(Dump, S.F);
     })},
    {"addrspace", "generic accesses through cvta.shared/.local pointers made .shared/.local",
     FunctionRun([](FunctionState &S, raw_ostream *Dump) {
       return (!S.Translated ||
               inferAddressSpaces(S.F, S.Pipeline.Diag, &*S.Pipeline.Spaces)) &&
              dumped(Dump, S.F);
     }),
     /*TurnOffHelp=*/{},
     // BeforeFunctions: what device functions' pointer parameters point
     // into, from every call of the module before any function changes.
     [](PipelineState &S) { S.Spaces.emplace(S.M); }},
    {"unswitch",
     "loops through a pointer of two spaces copied per space, each with that space's "
     "accesses only",
     FunctionRun([](FunctionState &S, raw_ostream *Dump) {
       // clang's -O0 code keeps one copy of each loop, for the debugger.
       if (S.Translated && !S.Pipeline.Opts.Unoptimised)
         unswitchSpaceLoops(S.F);
       return dumped(Dump, S.F);
     }),
     /*TurnOffHelp=*/"loops through a pointer of two spaces stay one loop, each access under "
     "its space's predicate (both arms issued)"},
    {"exits", "a kernel's branches to a bare ret made guarded rets (@P EXIT)",
     FunctionRun(ptxPass<foldExitBranches>),
     /*TurnOffHelp=*/"a kernel's branches to a bare ret stay branches, for looking at the "
     "reconvergence of such branches"},
    {"loopexits",
     "exits of a loop past its parent loop made one, through a number and a dispatch",
     FunctionRun(ptxPass<unifyLoopExits>),
     /*TurnOffHelp=*/"loops keep their exits past the parent loop, for looking at the CFG as "
     "written (the reconvergence lowering refuses such exits)"},
    {"preheaders",
     "loop headers entered from more than one block given a preheader, where an if just "
     "before the loop reconverges",
     FunctionRun(ptxPass<addLoopPreheaders>),
     /*TurnOffHelp=*/"an if just before a loop reconverges at the loop's header, whose sync "
     "runs again on every iteration (the lowering may then refuse the function)"},
    {"cfg", "predecessors and successors of each block",
     FunctionRun([](FunctionState &S, raw_ostream *Dump) {
       buildCFG(S.F);
       if (Dump)
         printCFG(*Dump, S.F);
       return true;
     })},
    {"postdom", "the immediate post-dominator of each block",
     FunctionRun(analysis<&FunctionAnalyses::PDT>)},
    {"liveness", "registers live into and out of each block",
     FunctionRun(analysis<&FunctionAnalyses::LV>)},
    {"uniformity", "divergent registers and branches",
     FunctionRun(analysis<&FunctionAnalyses::UA, &FunctionAnalyses::PDT, &FunctionAnalyses::LV>)},
    {"reconvergence", "where each divergent branch reconverges",
     FunctionRun([](FunctionState &S, raw_ostream *Dump) {
       S.A.RC.setLiveJoins(!S.ConservativeJoins);
       return analysis<&FunctionAnalyses::RC, &FunctionAnalyses::PDT, &FunctionAnalyses::UA>(S,
                                                                                             Dump);
     })},
    {"isel", "SIMT instructions on virtual registers",
     FunctionRun([](FunctionState &S, raw_ostream *Dump) {
       if (!S.Translated)
         return false;
       S.A.MF = selectInstructions(S.F, *S.Pipeline.Shared, S.Pipeline.Diag);
       S.Selected = true;
       return !S.A.MF || dumped(Dump, *S.A.MF);
     }),
     /*TurnOffHelp=*/{},
     // BeforeFunctions: where the .shared variables device functions use
     // lie in every kernel that calls them.
     [](PipelineState &S) { S.Shared.emplace(layoutFunctionShared(S.M, S.Called)); }},
    {"constants", "registers only c[bank][offset] MOVs write read as Sb operands instead",
     MachineRun(mirPass<foldConstantOperands>)},
    {"dce", "instructions whose results nothing reads, and that do nothing else, removed",
     MachineRun(mirPass<removeDeadCode>)},
    {"reconverge", "SSY/.S and PBK/BRK placed, fall-through jumps made explicit",
     MachineRun([](FunctionState &S, MFunction &MF, raw_ostream *Dump) {
       SideEntry *Split = S.Splits < kMaxSplits ? &S.Split : nullptr;
       if (S.A.RC.usedLiveJoins()) {
         // Joins past dead ends that the lowering cannot place: translated
         // again with the post-dominators' (the stack pass does the same).
         Diagnostics Probe(S.Pipeline.Diag.sourceMgr(), nulls());
         if (!insertReconvergence(MF, S.A.RC, Probe, Split)) {
           S.Retry = !S.Split.Block;
           return false;
         }
         return dumped(Dump, MF);
       }
       return insertReconvergence(MF, S.A.RC, S.Pipeline.Diag, Split) && dumped(Dump, MF);
     })},
    {"atomics", "shared-memory atomics as LDSLK/STSUL lock loops",
     MachineRun([](FunctionState &S, MFunction &MF, raw_ostream *Dump) {
       return lowerSharedAtomics(MF, S.Pipeline.Diag) && dumped(Dump, MF);
     })},
    {"regalloc", "registers and spill slots of each virtual register",
     MachineRun([](FunctionState &S, MFunction &MF, raw_ostream *Dump) {
       if (!allocateRegisters(MF, S.A.Regs, S.Pipeline.Diag))
         return false;
       if (MF.Framed)
         lowerFrame(MF, S.A.Regs, S.Pipeline.StackAlign);
       if (Dump)
         printAllocation(*Dump, MF, S.A.Regs);
       return true;
     })},
    {"stack", "the SIMT stack depth each kernel's code can need (.max_stack)",
     MachineRun([](FunctionState &S, MFunction &MF, raw_ostream *Dump) {
       std::optional<unsigned> Depth;
       if (S.A.RC.usedLiveJoins()) {
         // Joins past dead ends add structures; where they make the stack
         // depth too costly to bound, the function is translated again
         // with every join at its post-dominator, as before them.
         Diagnostics Probe(S.Pipeline.Diag.sourceMgr(), nulls());
         Depth = computeStackDepth(MF, S.A.RC, Probe, &S.A.CallSites);
         if (!Depth) {
           S.Retry = true;
           return false;
         }
       } else {
         Depth = computeStackDepth(MF, S.A.RC, S.Pipeline.Diag, &S.A.CallSites);
       }
       if (!Depth)
         return false;
       S.A.MaxStack = *Depth;
       if (Dump)
         *Dump << "max_stack of " << S.F.Name << ": " << S.A.MaxStack << "\n";
       return true;
     }),
     /*TurnOffHelp=*/{}, /*BeforeFunctions=*/nullptr,
     // AfterFunctions: each kernel's frames and stack depths summed over
     // its calls.
     [](PipelineState &S, raw_ostream *Dump) {
       if (S.failed())
         return;
       sumCallGraph(S.Done, S.Opts.StackSize, S.StackAlign);
       if (Dump)
         for (const auto &A : S.Done)
           if (A->MF && A->MF->Source->IsKernel && !A->CallSites.empty())
             *Dump << "max_stack of " << A->MF->Source->Name
                   << " with its calls: " << A->MaxStack << "; local memory "
                   << A->MF->LocalBytes << " bytes\n";
     }},
    {"emit", "the object (or -S text) through the MC layer",
     ModuleRun([](PipelineState &S, raw_ostream *) {
       if (S.failed() || !S.Opts.Output)
         return true;
       std::vector<CompiledKernel> Kernels;
       for (const auto &A : S.Done)
         Kernels.push_back({A->MF.get(), &A->Regs, A->MaxStack});
       emitKernels(Kernels, S.Opts.Text, S.Opts.Unoptimised, *S.Opts.Output, S.Diag);
       return true;
     })},
};

ArrayRef<PassInfo> passList() { return Passes; }

bool isPassName(StringRef Name) {
  return any_of(Passes, [&](const PassInfo &P) { return P.Name == Name; });
}

static bool isModulePass(const PassInfo &P) {
  return std::holds_alternative<PassInfo::ModuleRun>(P.Run);
}

// A pass turned off leaves the IR as it is, and prints it so.
static void printUnchanged(const PassInfo &P, PipelineState &S, FunctionState *FS,
                           raw_ostream *Dump) {
  if (isModulePass(P))
    dumped(Dump, S.M);
  else if (std::holds_alternative<PassInfo::FunctionRun>(P.Run))
    dumped(Dump, FS->F);
  else if (FS->A.MF)
    dumped(Dump, *FS->A.MF);
}

unsigned runPipeline(Module &M, Diagnostics &Diag, const PipelineOptions &Opts,
                     raw_ostream &OS) {
  auto Wants = [&](const PassInfo &P) {
    return Opts.PrintAfterAll || is_contained(Opts.PrintAfter, P.Name);
  };
  // The last pass to run: the last one printed, when some are named.
  size_t Last = std::size(Passes) - 1;
  if (!Opts.PrintAfterAll && !Opts.PrintAfter.empty()) {
    Last = 0;
    for (size_t N = 0; N < std::size(Passes); ++N)
      if (Wants(Passes[N]))
        Last = N;
  }
  ArrayRef<PassInfo> Running = ArrayRef(Passes).take_front(Last + 1);
  PipelineState S{M, Diag, Opts, Diag.errors()};
  auto Dump = [&](const PassInfo &P) { return Wants(P) ? &OS : nullptr; };
  auto TurnedOff = [&](const PassInfo &P) { return is_contained(Opts.TurnedOff, P.Name); };
  auto RunModulePass = [&](const PassInfo &P) {
    if (!TurnedOff(P))
      return std::get<PassInfo::ModuleRun>(P.Run)(S, Dump(P));
    printUnchanged(P, S, nullptr, Dump(P));
    return true;
  };

  // The module passes before the functions; then the function passes,
  // each function through all of them in turn; then the module passes
  // after the functions.
  ArrayRef<PassInfo> Before = Running.take_while(isModulePass);
  ArrayRef<PassInfo> PerFunction = Running.drop_front(Before.size()).take_until(isModulePass);
  ArrayRef<PassInfo> After = Running.drop_front(Before.size() + PerFunction.size());
  for (const PassInfo &P : Before)
    if (!RunModulePass(P))
      return Diag.errors() - S.ErrorsBefore;
  for (const PassInfo &P : PerFunction)
    if (P.BeforeFunctions)
      P.BeforeFunctions(S);
  for (auto &FPtr : M.Functions) {
    Function &F = *FPtr;
    if (!F.HasBody || PerFunction.empty())
      continue;
    auto AP = std::make_unique<FunctionAnalyses>();
    FunctionState FS{S, F, *AP, F.IsKernel || S.Called.contains(&F), false, {}, 0};
    bool Stopped = false;
    // After a node split the function is analysed and selected again from
    // its CFG on (the PTX passes before it have done their work).
    size_t FromCFG = 0;
    while (FromCFG < PerFunction.size() && PerFunction[FromCFG].Name != "cfg")
      ++FromCFG;
    for (size_t N = 0; N < PerFunction.size(); ++N) {
      const PassInfo &P = PerFunction[N];
      if (TurnedOff(P)) {
        printUnchanged(P, S, &FS, Dump(P));
      } else if (auto *Run = std::get_if<PassInfo::FunctionRun>(&P.Run)) {
        if (!(*Run)(FS, Dump(P))) {
          Stopped = true;
          break;
        }
      } else if (FS.A.MF &&
                 !std::get<PassInfo::MachineRun>(P.Run)(FS, *FS.A.MF, Dump(P))) {
        FS.A.MF.reset();
      }
      if ((FS.Split.Block || FS.Retry) && FromCFG < N) {
        if (FS.Retry) {
          FS.ConservativeJoins = true;
          FS.Retry = false;
        } else if (!FS.TailsCopied && copyReturnTails(F)) {
          FS.TailsCopied = true;
          FS.Split = {};
        } else {
          // An edge this cannot split: translated once more to report it.
          if (!splitSideEntry(F, FS.Split.Block, FS.Split.From))
            FS.Splits = kMaxSplits;
          FS.Split = {};
          ++FS.Splits;
        }
        FS.Selected = false;
        FS.A.MF.reset();
        FS.A.Regs = {};
        FS.A.CallSites.clear();
        N = FromCFG - 1;
      }
    }
    if (Stopped || !FS.Selected)
      continue;
    S.Done.push_back(std::move(AP));
    if (Diag.tooMany())
      break;
  }
  for (const PassInfo &P : PerFunction)
    if (P.AfterFunctions)
      P.AfterFunctions(S, Dump(P));
  for (const PassInfo &P : After)
    if (!RunModulePass(P))
      break;
  return Diag.errors() - S.ErrorsBefore;
}

} // namespace simt::cc
