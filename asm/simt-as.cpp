//===-- simt-as.cpp - The SIMT assembler ----------------------------------===//
//
// simt-as kernel.s -o kernel.o | --show-encoding | --filetype=bin | --listing
// (TOOLS.md). Exit 0 on success, 1 on errors in the input, 2 on bad usage.
//
//===----------------------------------------------------------------------===//
#include "asm/Assembler.h"
#include "support/InputFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <CLI/CLI.hpp>

#include <iostream>

using namespace llvm;

int main(int argc, char **argv) {
  CLI::App App{"simt-as: assemble SIMT kernels into ELF objects"};
  App.set_version_flag("--version", "simt-as " SIMT_VERSION);
  App.footer("Reference: docs/tools/simt-as.md; the instructions: docs/ISA.md.");
  std::string Input, Output, FileType = "obj";
  std::vector<std::string> Includes, Defines;
  bool ShowEncoding = false, Listing = false;
  App.add_option("input", Input, "assembly source ('-' for stdin)")->required();
  App.add_option("-o", Output, "output file ('-' for stdout)");
  App.add_option("--filetype", FileType, "obj (ELF object), bin (flat code), asm (text)")
      ->check(CLI::IsMember({"obj", "bin", "asm"}));
  App.add_flag("--show-encoding", ShowEncoding,
               "print text with the encoding of each instruction");
  App.add_option("-I", Includes, "directory searched by .include")->allow_extra_args(false);
  App.add_option("-D", Defines, "predefine NAME=VALUE (an integer)")->allow_extra_args(false);
  App.add_flag("--listing", Listing,
               "the input is a cuobjdump listing: hex immediates are raw fields");
  try {
    App.parse(argc, argv);
  } catch (const CLI::ParseError &E) {
    int Code = App.exit(E);
    return Code == 0 ? 0 : 2;
  }

  auto Source = simt::readInputFile(Input, simt::InputKind::AsmSource,
                                        /*allowStdin=*/true);
  if (!Source) {
    errs() << "simt-as: error: " << Source.message() << "\n";
    return 1;
  }
  simt::as::AssembleOptions Opts;
  Opts.FileName = Input == "-" ? "<stdin>" : Input;
  Opts.IncludeDirs = Includes;
  Opts.Listing = Listing;
  for (const std::string &D : Defines) {
    auto [Name, Value] = StringRef(D).split('=');
    // Any 64-bit value, signed (-1) or unsigned (0xffffffffffffffff).
    long long V = 1;
    unsigned long long U = 0;
    bool Ok = !Name.empty();
    if (Ok && !Value.empty() && Value.getAsInteger(0, V)) {
      Ok = !Value.getAsInteger(0, U);
      V = static_cast<long long>(U);
    }
    if (!Ok) {
      errs() << "simt-as: error: -D expects NAME=INTEGER, got '" << D << "'\n";
      return 2;
    }
    Opts.Defines.push_back({Name.str(), V});
  }
  bool ToText = ShowEncoding || FileType == "asm";
  Opts.ShowEncoding = ShowEncoding;
  Opts.Kind = ToText ? simt::as::OutputKind::Text : simt::as::OutputKind::Object;
  if (Output.empty())
    Output = ToText ? "-" : "a.out";

  SmallString<0> Bytes;
  raw_svector_ostream OS(Bytes);
  unsigned Errors = simt::as::assemble(*Source, Opts, OS, errs());
  if (Errors)
    return 1;
  std::string Data(Bytes.begin(), Bytes.end());
  if (FileType == "bin" && !ToText) {
    std::string Code, Err;
    if (!simt::as::extractCode(Data, Code, Err)) {
      errs() << "simt-as: error: " << Err << "\n";
      return 1;
    }
    Data = Code;
  }
  std::error_code EC;
  raw_fd_ostream Out(Output, EC, ToText ? sys::fs::OF_Text : sys::fs::OF_None);
  if (EC) {
    errs() << "simt-as: error: cannot write '" << Output << "': " << EC.message() << "\n";
    return 1;
  }
  Out << Data;
  return 0;
}
