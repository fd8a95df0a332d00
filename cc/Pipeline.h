//===-- Pipeline.h - The passes of simt-ptxas in order ----------*- C++ -*-===//
//
// The passes run in a fixed order over each function with a body; each can
// be printed after it ran (-print-after=NAME), which is how lit tests check
// one pass at a time. `parse` prints the whole module as PTX.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/Liveness.h"
#include "cc/PostDominators.h"
#include "cc/Reconvergence.h"
#include "cc/Uniformity.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

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
};

struct PipelineOptions {
  std::vector<std::string> PrintAfter; // pass names
  bool PrintAfterAll = false;
};

/// Runs the passes; prints to OS after those named in Opts. Returns the
/// number of errors the passes reported through Diag.
unsigned runPipeline(Module &M, Diagnostics &Diag, const PipelineOptions &Opts,
                     llvm::raw_ostream &OS);

} // namespace simt::cc
