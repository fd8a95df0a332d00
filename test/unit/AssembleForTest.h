//===-- AssembleForTest.h - simt-as in memory, for unit tests ---*- C++ -*-===//
//
// The object simt-as makes of a source text; a test fails when it does not
// assemble.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "asm/Assembler.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>

inline std::string assembleObject(const std::string &Source) {
  llvm::SmallString<0> Obj;
  llvm::raw_svector_ostream ObjOS(Obj);
  std::string Diag;
  llvm::raw_string_ostream DiagOS(Diag);
  simt::as::AssembleOptions Opts;
  EXPECT_EQ(simt::as::assemble(Source, Opts, ObjOS, DiagOS), 0u) << Diag;
  return std::string(Obj.str());
}
