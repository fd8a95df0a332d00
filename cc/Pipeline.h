//===-- Pipeline.h - The passes of simt-ptxas in order ----------*- C++ -*-===//
//
// The passes run in a fixed order over each function with a body; each can
// be printed after it ran (-print-after=NAME), which is how lit tests check
// one pass at a time. `parse` prints the whole module as PTX.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/analysis/Liveness.h"
#include "cc/mir/MIR.h"
#include "cc/analysis/PostDominators.h"
#include "cc/mir/RegAlloc.h"
#include "cc/analysis/Reconvergence.h"
#include "cc/mir/StackDepth.h"
#include "cc/analysis/Uniformity.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class raw_pwrite_stream;
}

namespace simt::cc {

class Diagnostics;
class Module;

struct PassInfo {
  llvm::StringRef Name;
  llvm::StringRef Description;
};

/// Every pass, in the order they run.
llvm::ArrayRef<PassInfo> passList();
bool isPassName(llvm::StringRef Name);

/// What the analyses found for one function; the lowering passes read it.
struct FunctionAnalyses {
  PostDominators PDT;
  Liveness LV;
  Uniformity UA;
  Reconvergence RC;
  std::unique_ptr<MFunction> MF; // after instruction selection
  Allocation Regs;
  unsigned MaxStack = 0; // SIMT stack entries the code can need (.max_stack)
  std::vector<StackCallSite> CallSites; // its CALs and the stack depth at each
};

struct PipelineOptions {
  std::vector<std::string> PrintAfter; // pass names
  bool PrintAfterAll = false;
  /// Where the object (or, with Text, the assembly) goes; none: not written.
  llvm::raw_pwrite_stream *Output = nullptr;
  bool Text = false;
  /// The call stack (bytes of local memory per thread) of a kernel whose
  /// call graph is recursive (--stack-size); 0: the ABI's default.
  unsigned StackSize = 0;
  /// The toolchain's include directories (simt-cc: its own headers and
  /// clang's): positions in their files go to the user's line before them
  /// (ToolchainLines.h).
  std::vector<std::string> ToolchainHeaderDirs;
  /// The `exits` pass (KernelExits.h); off (--no-exit-folding), a kernel's
  /// branches to a bare ret stay branches, for tests of the analyses.
  bool FoldExits = true;
  /// The user constant bank of the module's .const variables (2..15).
  unsigned ConstBank = 2;
};

/// Runs the passes; prints to OS after those named in Opts, and stops after
/// the last of them (all passes run when none is named, or with
/// PrintAfterAll). Returns the number of errors the passes reported.
unsigned runPipeline(Module &M, Diagnostics &Diag, const PipelineOptions &Opts,
                     llvm::raw_ostream &OS);

} // namespace simt::cc
