//===-- ObjectFuzzer.cpp - libFuzzer target: object files -----------------===//
//
// Any bytes as an object file through the loader (simt-emu, simt-dbg) and
// simt-objdump's path (the same checks, then printing), and each loaded
// kernel image through the emulator's decoder.
//
//===----------------------------------------------------------------------===//
#include "fuzz/FuzzSupport.h"

#include "asm/ObjectDump.h"
#include "runtime/Decoder.h"
#include "runtime/ObjectFile.h"

#include "llvm/Support/raw_ostream.h"

using namespace simt;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  const std::span<const uint8_t> Bytes(Data, Size);
  if (auto Contents = rt::readObjectContents(Bytes, "fuzz.o")) {
    as::dumpKernels(*Contents, 1 + (Size % 1024), /*Demangle=*/Size % 2, llvm::nulls());
    as::dumpObject(*Contents, as::DumpOptions(), llvm::nulls());
  }
  if (auto Obj = rt::loadObject(Bytes, "fuzz.o"))
    for (const rt::LoadedKernel &K : Obj->kernels) {
      (void)rt::decoder().decode(K.image);
      for (const rt::ImageSymbol &S : K.symbols)
        (void)K.describe(S.addr + 8);
    }
  return 0;
}
