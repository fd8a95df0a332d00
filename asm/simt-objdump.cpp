//===-- simt-objdump.cpp - Disassembler and object inspector ---------------===//
//
// simt-objdump -d [--no-show-raw-insn] [--no-addresses] k.o | --kernels k.o |
// -d --binary blob.bin (TOOLS.md). The -d output re-assembles to the same
// bytes and metadata.
//
//===----------------------------------------------------------------------===//
#include "asm/Disassembly.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <CLI/CLI.hpp>

using namespace llvm;

int main(int argc, char **argv) {
  CLI::App App{"simt-objdump: disassemble SIMT objects and show kernel metadata"};
  App.set_version_flag("--version", "simt-objdump " SIMT_VERSION);
  std::string Input;
  bool Disasm = false, NoRaw = false, NoAddr = false, Kernels = false, Binary = false;
  unsigned BlockSize = 256;
  App.add_option("input", Input, "object file ('-' for stdin)")->required();
  App.add_flag("-d,--disassemble", Disasm, "disassemble code sections");
  App.add_flag("--no-show-raw-insn", NoRaw, "omit the encoding of each instruction");
  App.add_flag("--no-addresses", NoAddr, "omit addresses");
  App.add_flag("--kernels", Kernels, "print the kernel metadata table");
  App.add_option("--block-size", BlockSize, "threads per CTA for the occupancy column")
      ->check(CLI::Range(1, 1024));
  App.add_flag("--binary", Binary, "the input is raw instruction words");
  try {
    App.parse(argc, argv);
  } catch (const CLI::ParseError &E) {
    int Code = App.exit(E);
    return Code == 0 ? 0 : 2;
  }
  if (!Disasm && !Kernels) {
    errs() << "simt-objdump: error: nothing to do: give -d or --kernels\n";
    return 2;
  }
  auto Buf = MemoryBuffer::getFileOrSTDIN(Input, /*IsText=*/false);
  if (!Buf) {
    errs() << "simt-objdump: error: cannot read '" << Input
           << "': " << Buf.getError().message() << "\n";
    return 1;
  }
  std::string Bytes = (*Buf)->getBuffer().str();
  simt::as::DumpOptions Opts;
  Opts.ShowRawInsn = !NoRaw;
  Opts.ShowAddresses = !NoAddr;
  std::string Err;
  if (Binary) {
    if (Kernels) {
      errs() << "simt-objdump: error: --kernels needs an object, not --binary\n";
      return 2;
    }
    simt::as::dumpBinary(Bytes, Opts, outs());
    return 0;
  }
  if (Kernels && !simt::as::dumpKernels(Bytes, BlockSize, outs(), Err)) {
    errs() << "simt-objdump: error: '" << Input << "': " << Err << "\n";
    return 1;
  }
  if (Disasm && !simt::as::dumpObject(Bytes, Opts, outs(), Err)) {
    errs() << "simt-objdump: error: '" << Input << "': " << Err << "\n";
    return 1;
  }
  return 0;
}
