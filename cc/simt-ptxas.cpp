//===-- simt-ptxas.cpp - PTX to the SIMT ISA ------------------------------===//
//
// simt-ptxas kernel.ptx [-o kernel.o] [-S] [--dump-ir] [-print-after=PASS]...
// (TOOLS.md): PTX to an object, or to assembly with -S; the dumps show each
// pass. Exit 0 on success, 1 on errors in the input, 2 on bad usage.
//
//===----------------------------------------------------------------------===//
#include "cc/ptx/Diagnostics.h"
#include "cc/ptx/PTXParser.h"
#include "cc/Pipeline.h"
#include "cc/Translate.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <CLI/CLI.hpp>

using namespace llvm;
using namespace simt::cc;

int main(int argc, char **argv) {
  // LLVM tools spell it -print-after=PASS; CLI11 wants two dashes.
  std::vector<std::string> Args(argv, argv + argc);
  for (std::string &A : Args)
    if (StringRef(A).starts_with("-print-after"))
      A = "-" + A;
  std::vector<char *> Argv;
  for (std::string &A : Args)
    Argv.push_back(A.data());

  CLI::App App{"simt-ptxas: translate PTX into SIMT kernels"};
  App.set_version_flag("--version", "simt-ptxas " SIMT_VERSION);
  std::string Input, Output;
  bool DumpIR = false, ListPasses = false;
  PipelineOptions Opts;
  App.add_option("input", Input, "PTX source ('-' for stdin)");
  App.add_option("-o", Output, "output object (or assembly with -S); '-' for stdout");
  bool Text = false;
  App.add_flag("-S", Text, "write this ISA's assembly text instead of an object");
  App.add_flag("--dump-ir", DumpIR, "print the parsed module as PTX (= --print-after=parse)");
  App.add_option("--print-after", Opts.PrintAfter,
                 "print the IR or the analysis after PASS (repeatable, or "
                 "comma-separated); the run stops after the last one")
      ->delimiter(',')
      ->allow_extra_args(false);
  unsigned StackSize = 0, ConstBank = 2;
  App.add_option("--const-bank", ConstBank,
                 "the user constant bank of the __constant__ (.const) variables (2..15; "
                 "simt-nvcc gives each file of a program its own)")
      ->check(CLI::Range(2u, 15u));
  App.add_option("--stack-size", StackSize,
                 "bytes of call stack per thread for kernels with recursive calls "
                 "(default 1024, as CUDA's)")
      ->check(CLI::Range(8u, 512u * 1024u));
  App.add_flag("--print-after-all", Opts.PrintAfterAll, "print after every pass");
  bool NoExitFolding = false;
  App.add_flag("--no-exit-folding", NoExitFolding,
               "keep a kernel's branches to a bare ret as branches (the exits pass "
               "off: for looking at the reconvergence of such branches)");
  App.add_flag("--list-passes", ListPasses, "list the passes in the order they run");
  try {
    App.parse(int(Argv.size()), Argv.data());
  } catch (const CLI::ParseError &E) {
    int Code = App.exit(E);
    return Code == 0 ? 0 : 2;
  }
  if (ListPasses) {
    for (const PassInfo &P : passList())
      outs() << "  " << P.Name << " - " << P.Description << '\n';
    return 0;
  }
  if (Input.empty()) {
    errs() << "simt-ptxas: error: no input file (see --help)\n";
    return 2;
  }
  for (const std::string &P : Opts.PrintAfter)
    if (!isPassName(P)) {
      errs() << "simt-ptxas: error: unknown pass '" << P << "' (see --list-passes)\n";
      return 2;
    }
  if (DumpIR)
    Opts.PrintAfter.push_back("parse");

  auto Buf = MemoryBuffer::getFileOrSTDIN(Input, /*IsText=*/true);
  if (!Buf) {
    errs() << "simt-ptxas: error: cannot read '" << Input << "': "
           << Buf.getError().message() << "\n";
    return 1;
  }
  std::unique_ptr<MemoryBuffer> Named = MemoryBuffer::getMemBufferCopy(
      (*Buf)->getBuffer(), Input == "-" ? "<stdin>" : Input);
  if (Text && Output.empty())
    Output = "-";
  Opts.Text = Text;
  Opts.StackSize = StackSize;
  Opts.ConstBank = ConstBank;
  Opts.FoldExits = !NoExitFolding;
  return translatePTX(std::move(Named), Output, Opts, outs(), errs());
}
