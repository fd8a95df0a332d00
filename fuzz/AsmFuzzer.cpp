//===-- AsmFuzzer.cpp - libFuzzer target: assembly source text ------------===//
//
// Any text through simt-as's assembler (MC with the SIMT parser and its
// guards). What it accepts must be an object that simt-objdump's checks (the
// loader's, runtime/ObjectFile.h) accept and print.
//
//===----------------------------------------------------------------------===//
#include "fuzz/FuzzSupport.h"

#include "asm/Assembler.h"
#include "asm/ObjectDump.h"
#include "runtime/ObjectFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>

using namespace simt;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  as::AssembleOptions Opts;
  Opts.FileName = "fuzz.s";
  Opts.IncludeDirs = {fuzz::scratchDir()};
  llvm::SmallString<0> Obj;
  llvm::raw_svector_ostream OS(Obj);
  if (as::assemble(std::string(fuzz::text(Data, Size)), Opts, OS, llvm::nulls()) != 0)
    return 0;
  auto Contents = rt::readObjectContents(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(Obj.data()), Obj.size()),
      "fuzz.o");
  if (!Contents) {
    std::fprintf(stderr, "simt-as wrote an object simt-objdump refuses: %s\n",
                 Contents.message().c_str());
    std::abort();
  }
  as::dumpKernels(*Contents, 256, /*Demangle=*/true, llvm::nulls());
  as::dumpObject(*Contents, as::DumpOptions(), llvm::nulls());
  return 0;
}
