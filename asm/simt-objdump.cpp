//===-- simt-objdump.cpp - Disassembler and object inspector --------------===//
//
// simt-objdump -d [--no-show-raw-insn] [--no-addresses] k.o | --kernels k.o |
// --ptx-registers k.o | -d --binary blob.bin (TOOLS.md). The -d output re-assembles to the same
// bytes and metadata. Objects are checked by the emulator's loader. -l and
// --source add the line tables' positions (and source text) as comments.
//
//===----------------------------------------------------------------------===//
#include "asm/ObjectDump.h"
#include "asm/RegisterMap.h"
#include "runtime/SourceLines.h"
#include "support/InputFile.h"
#include "runtime/KernelNames.h"
#include "runtime/ObjectFile.h"

#include "llvm/Support/raw_ostream.h"

#include <CLI/CLI.hpp>

using namespace llvm;

int main(int argc, char **argv) {
  CLI::App App{"simt-objdump: disassemble SIMT objects and show kernel metadata"};
  App.set_version_flag("--version", "simt-objdump " SIMT_VERSION);
  App.footer("Reference: docs/tools/simt-objdump.md.");
  std::string Input;
  bool Disasm = false, NoRaw = false, NoAddr = false, Kernels = false, Binary = false;
  bool Demangle = true, LineNumbers = false, Source = false, PTXRegisters = false;
  unsigned BlockSize = 256;
  App.add_option("input", Input, "object file ('-' for stdin)")->required();
  App.add_flag("-d,--disassemble", Disasm, "disassemble code sections");
  App.add_flag("--no-show-raw-insn", NoRaw, "omit the encoding of each instruction");
  App.add_flag("--no-addresses", NoAddr, "omit addresses");
  App.add_flag("--kernels", Kernels, "print the kernel metadata table and the module variables");
  App.add_flag("-l,--line-numbers", LineNumbers,
               "with -d: `// FILE:LINE` where the source line changes (DWARF line tables)");
  App.add_flag("--source", Source, "with -d: -l and the source line's text, when the file is found");
  App.add_flag("--ptx-registers", PTXRegisters,
               "where each function's PTX registers live, by code range (simt-cc -g objects)");
  App.add_option("--block-size", BlockSize, "threads per CTA for the occupancy column")
      ->check(CLI::Range(1, 1024));
  App.add_flag("--binary", Binary, "the input is raw instruction words");
  // Demangled names are the default (the issue asks listings to show them);
  // -C is accepted as in llvm-objdump, --no-demangle shows the exact names only.
  App.add_flag("-C,--demangle,!--no-demangle", Demangle,
               "show C++ kernel names demangled (default; the exact name stays the operand)");
  try {
    App.parse(argc, argv);
  } catch (const CLI::ParseError &E) {
    int Code = App.exit(E);
    return Code == 0 ? 0 : 2;
  }
  if (!Disasm && !Kernels && !PTXRegisters) {
    errs() << "simt-objdump: error: nothing to do: give -d, --kernels or --ptx-registers\n";
    return 2;
  }
  auto Bytes = simt::readInputFile(
      Input, Binary ? simt::InputKind::RawWords : simt::InputKind::Object,
      /*allowStdin=*/true);
  if (!Bytes) {
    errs() << "simt-objdump: error: " << Bytes.message() << "\n";
    return 1;
  }
  simt::as::DumpOptions Opts;
  Opts.ShowRawInsn = !NoRaw;
  Opts.ShowAddresses = !NoAddr;
  if (Demangle)
    Opts.Demangle = [](std::string_view Name) { return simt::rt::demangleKernelName(Name); };
  if (Binary) {
    if (Kernels) {
      errs() << "simt-objdump: error: --kernels needs an object, not --binary\n";
      return 2;
    }
    simt::as::dumpBinary(*Bytes, Opts, outs());
    return 0;
  }
  // The emulator's loader checks the object (ObjectDump.h).
  auto Obj = simt::rt::readObjectContents(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(Bytes->data()), Bytes->size()),
      Input == "-" ? "<stdin>" : Input);
  if (!Obj) {
    errs() << "simt-objdump: error: " << Obj.message() << "\n";
    return 1;
  }
  std::optional<simt::rt::SourceLines> Lines;
  if (LineNumbers || Source) {
    auto L = simt::rt::SourceLines::read(StringRef(Bytes->data(), Bytes->size()),
                                         Input == "-" ? "<stdin>" : Input);
    if (!L) {
      errs() << "simt-objdump: error: " << toString(L.takeError()) << "\n";
      return 1;
    }
    Lines = std::move(*L);
    Opts.Lines = &*Lines;
    Opts.ShowSource = Source;
  }
  if (Kernels)
    simt::as::dumpKernels(*Obj, BlockSize, Demangle, outs());
  if (PTXRegisters) {
    auto Map = simt::as::RegisterMap::read(StringRef(Bytes->data(), Bytes->size()),
                                           Input == "-" ? "<stdin>" : Input);
    if (!Map) {
      errs() << "simt-objdump: error: " << toString(Map.takeError()) << "\n";
      return 1;
    }
    simt::as::dumpRegisterMap(*Map, outs());
  }
  if (Disasm)
    simt::as::dumpObject(*Obj, Opts, outs());
  return 0;
}
