//===-- Translate.h - PTX text to an object file, in-process ----*- C++ -*-===//
//
// What simt-ptxas does with one input, callable from simt-cc without a
// second process: parse, run the passes, write the object (or the -S text).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/Pipeline.h"

#include "llvm/ADT/StringRef.h"

#include <memory>

namespace llvm {
class MemoryBuffer;
class raw_ostream;
template <typename T> class SmallVectorImpl;
} // namespace llvm

namespace simt::cc {

/// Translates PTX (Buf, named for diagnostics) and writes the result to
/// OutputPath ("-": stdout; empty: nothing) unless a pass printed and
/// stopped early. Diagnostics and dumps go to Errs and Dumps. Returns the
/// exit status: 0, or 1 after errors in the input or the output.
int translatePTX(std::unique_ptr<llvm::MemoryBuffer> Buf, llvm::StringRef OutputPath,
                 PipelineOptions Opts, llvm::raw_ostream &Dumps, llvm::raw_ostream &Errs);
/// The same into memory (the object, or with Opts.Text the assembly), for
/// the CUDA driver API's cuModuleLoadData of PTX. Returns the exit status.
int translatePTX(std::unique_ptr<llvm::MemoryBuffer> Buf, llvm::SmallVectorImpl<char> &Output,
                 PipelineOptions Opts, llvm::raw_ostream &Dumps, llvm::raw_ostream &Errs);

} // namespace simt::cc
