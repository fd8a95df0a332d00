//===-- Pipeline.h - The passes of simt-ptxas in order ----------*- C++ -*-===//
//
// The passes run in a fixed order, one table (Pipeline.cpp) of entries that
// each name a pass and carry its run: the module passes first, then the
// function passes over each function with a body (PTX, then the MIR of
// those selected), then the module passes after them. Each can be printed
// after it ran (-print-after=NAME), which is how lit tests check one pass
// at a time; `parse` prints the whole module as PTX.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/analysis/Liveness.h"
#include "cc/analysis/PostDominators.h"
#include "cc/analysis/Reconvergence.h"
#include "cc/analysis/Uniformity.h"
#include "cc/mir/MIR.h"
#include "cc/mir/RegAlloc.h"
#include "cc/mir/StackDepth.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace llvm {
class raw_pwrite_stream;
}

namespace simt::cc {

class Diagnostics;
class Module;
class PTXSourceLines;

struct PipelineState;
struct FunctionState;

/// One pass: its name (-print-after=NAME, --no-NAME), what it makes, and
/// what it runs on: the module once, or each function, as PTX or, after
/// instruction selection, as MIR. A run prints what the pass made to Dump
/// when it is not null (the pass is printed after) and returns false on
/// errors it reported: a module pass then stops the pipeline, a function
/// pass the function's translation, and a MIR pass drops the function's
/// MIR.
struct PassInfo {
  using ModuleRun = bool (*)(PipelineState &S, llvm::raw_ostream *Dump);
  using FunctionRun = bool (*)(FunctionState &S, llvm::raw_ostream *Dump);
  using MachineRun = bool (*)(FunctionState &S, MFunction &MF, llvm::raw_ostream *Dump);

  llvm::StringRef Name;
  llvm::StringRef Description;
  std::variant<ModuleRun, FunctionRun, MachineRun> Run;
  /// A pass that can be turned off (--no-NAME; PipelineOptions::TurnedOff):
  /// what that is for. Turned off, the pass leaves the IR as it is.
  llvm::StringRef TurnOffHelp = {};
  /// Module work of a function pass, before the first function and after
  /// the last.
  void (*BeforeFunctions)(PipelineState &S) = nullptr;
  void (*AfterFunctions)(PipelineState &S, llvm::raw_ostream *Dump) = nullptr;
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
  /// The passes turned off (--no-NAME; PassInfo::TurnOffHelp).
  std::vector<std::string> TurnedOff;
  /// The user constant bank of the module's .const variables (2..15).
  unsigned ConstBank = 2;
  /// The PTX is clang's -O0 code (simt-cc -O0): a kernel parameter its
  /// DWARF gives no location is the one passed (DebugInfo.h).
  bool Unoptimised = false;
  /// The source lines of clang's PTX (simt-cc): errors are shown at them.
  const PTXSourceLines *SourceLines = nullptr;
};

/// Runs the passes; prints to OS after those named in Opts, and stops after
/// the last of them (all passes run when none is named, or with
/// PrintAfterAll). Returns the number of errors the passes reported.
unsigned runPipeline(Module &M, Diagnostics &Diag, const PipelineOptions &Opts,
                     llvm::raw_ostream &OS);

} // namespace simt::cc
