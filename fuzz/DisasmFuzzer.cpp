//===-- DisasmFuzzer.cpp - libFuzzer target: instruction words ------------===//
//
// Raw bytes as instruction words through the MC disassembler and printer
// (simt-objdump --binary), the emulator's decoder (runtime/Decoder), and
// back: the re-assemblable text of the words must assemble to the same bytes
// (TOOLS.md's round trip).
//
//===----------------------------------------------------------------------===//
#include "fuzz/FuzzSupport.h"

#include "asm/Assembler.h"
#include "asm/Disassembly.h"
#include "runtime/Decoder.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace simt;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  const std::string Bytes(fuzz::text(Data, Size));
  std::vector<uint64_t> Words(Size / 8);
  if (!Words.empty())
    std::memcpy(Words.data(), Data, Words.size() * 8);
  const std::vector<emu::Inst> Insts = rt::decoder().decode(Words);
  for (size_t I = 0; I < Words.size(); ++I)
    (void)rt::decoder().text(Words[I], I * 8);

  // simt-objdump -d --binary --no-show-raw-insn --no-addresses, then simt-as.
  std::string Text;
  llvm::raw_string_ostream TextOS(Text);
  as::DumpOptions Opts;
  Opts.ShowAddresses = Opts.ShowRawInsn = false;
  as::dumpBinary(Bytes, Opts, TextOS);
  TextOS.flush();
  llvm::SmallString<0> Obj;
  llvm::raw_svector_ostream ObjOS(Obj);
  as::AssembleOptions AsmOpts;
  AsmOpts.FileName = "disassembly.s";
  std::string Diag, Code, Err;
  llvm::raw_string_ostream DiagOS(Diag);
  if (as::assemble(Text, AsmOpts, ObjOS, DiagOS) != 0 ||
      !as::extractCode(std::string(Obj.data(), Obj.size()), Code, Err) || Code != Bytes) {
    DiagOS.flush();
    std::fprintf(stderr, "the disassembly does not assemble to the same bytes:\n%s%s%s\n",
                 Text.c_str(), Diag.c_str(), Err.c_str());
    std::abort();
  }
  return 0;
}
