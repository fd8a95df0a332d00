//===-- TempFiles.h - Temporary files removed on every exit -----*- C++ -*-===//
//
// simt-nvcc and simt-cc keep objects and clang's PTX in temporary files. A
// run interrupted while clang worked left them behind: each is registered
// for removal on the signals that end the process (LLVM's handlers), and
// the same list is emptied at exit, so that the error paths and std::exit
// need no cleanup of their own.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Signals.h"

#include <cstdlib>
#include <system_error>

namespace simt::cc {

/// Names Path a temporary file: removed when the process exits or is
/// killed by a signal LLVM handles (SIGINT, SIGTERM, ...). Not for outputs.
inline void removeAtExit(const llvm::Twine &Path) {
  static const bool AtExit = [] { return std::atexit(llvm::sys::RunInterruptHandlers) == 0; }();
  (void)AtExit;
  llvm::sys::RemoveFileOnSignal(Path.str());
}

/// llvm::sys::fs::createTemporaryFile, removed at exit (removeAtExit).
inline std::error_code createTempFile(const llvm::Twine &Prefix, llvm::StringRef Suffix,
                                      llvm::SmallVectorImpl<char> &Path) {
  if (std::error_code EC = llvm::sys::fs::createTemporaryFile(Prefix, Suffix, Path))
    return EC;
  removeAtExit(Path);
  return {};
}

} // namespace simt::cc
