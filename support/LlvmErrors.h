//===-- LlvmErrors.h - One-line llvm::Error values ------------------------===//
//
// The llvm::Error that the MC target, the assembler's register maps and the
// runtime's DWARF readers return: a message, optionally prefixed with the
// file it is about. Header only; for code that already links LLVM.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_SUPPORT_LLVMERRORS_H
#define SIMT_SUPPORT_LLVMERRORS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

namespace simt {

/// An error whose text is \p Msg.
inline llvm::Error stringError(const llvm::Twine &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

/// An error about the file \p Name: "NAME: MSG".
inline llvm::Error fileError(llvm::StringRef Name, const llvm::Twine &Msg) {
  return stringError(Name + ": " + Msg);
}

} // namespace simt

#endif
