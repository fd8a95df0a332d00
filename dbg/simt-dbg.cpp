//===-- simt-dbg.cpp - The interactive SIMT debugger ----------------------===//
//
// simt-dbg kernel.o [run.simt] [-x cmds]... [--batch]   (TOOLS.md). The
// object goes into the default context; the run script's commands are queued
// for `run`. -x files run first; --batch then exits instead of prompting, and
// prints exactly what the prompt would show. Exit 0 unless the start (object,
// script, a command file) fails; 2 on bad usage.
//
//===----------------------------------------------------------------------===//
#include "dbg/CommandFile.h"
#include "dbg/Debugger.h"
#include "dbg/Interrupt.h"
#include "dbg/Repl.h"
#include "runtime/ConfigOptions.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <unistd.h>

using namespace simt;

int main(int argc, char **argv) {
  CLI::App App{"simt-dbg: the interactive SIMT debugger"};
  App.set_version_flag("--version", "simt-dbg " SIMT_VERSION);
  App.footer("Reference: docs/tools/simt-dbg.md; a walkthrough: docs/debugger.md.");
  dbg::DebuggerOptions Opts;
  std::vector<std::string> CommandFiles;
  bool Batch = false;
  rt::SessionConfig &Cfg = Opts.config;
  App.add_option("object", Opts.object, "object file from simt-as")->required();
  App.add_option("script", Opts.script, "run script (.simt): `run` executes it");
  App.add_option("-x", CommandFiles, "execute debugger commands from FILE first");
  App.add_flag("--batch", Batch, "no prompt: run the -x files, then exit");
  rt::ConfigOptionText CfgText;
  rt::addConfigOptions(App, Cfg, CfgText);
  try {
    App.parse(argc, argv);
  } catch (const CLI::ParseError &E) {
    int Code = App.exit(E);
    return Code == 0 ? 0 : 2;
  }
  if (std::string E = rt::finishConfigOptions(Cfg, CfgText); !E.empty()) {
    std::cerr << "simt-dbg: error: " << E << "\n";
    return 2;
  }
  if (Cfg.device.parallelEpochs) {
    // A stop must be able to fall between any two instructions, and reverse
    // execution replays runs instruction by instruction: SMs run in turn.
    std::cerr << "simt-dbg: error: --epochs parallel is not available in the debugger: it "
                 "runs SMs in turn (--epochs serial); simt-emu runs parallel epochs\n";
    return 2;
  }

  dbg::Debugger D(Opts, std::cout);
  if (!D.start()) {
    std::cout.flush();
    return 1;
  }
  dbg::installInterruptHandler();
  for (const std::string &File : CommandFiles) {
    if (rt::Status S = dbg::runCommandFile(D, File); !S) {
      std::cout << "simt-dbg: error: command file: " << S.message() << "\n";
      return 1;
    }
    if (D.quitRequested())
      return 0;
  }
  if (Batch)
    return 0;
  if (isatty(STDIN_FILENO))
    std::cout << "simt-dbg " SIMT_VERSION ": `help` lists the commands"
              << (Opts.script.empty() ? "" : ", `run` starts the script") << ".\n";
  auto Reader = dbg::makeLineReader(
      "(simt-dbg) ",
      [&D](std::string_view Before, std::string_view Word) { return D.complete(Before, Word); },
      dbg::defaultHistoryFile());
  // As in gdb, an empty line repeats a stepping command.
  std::string Last;
  for (std::string Line; !D.quitRequested() && Reader->read(Line);) {
    if (Line.find_first_not_of(" \t") == std::string::npos) {
      Line = Last;
    } else {
      std::string Word = Line.substr(Line.find_first_not_of(" \t"));
      Word = Word.substr(0, Word.find_first_of(" \t/"));
      static const char *Repeatable[] = {"stepi", "si", "nexti", "ni", "step", "s", "next",
                                         "n", "continue", "c", "reverse-stepi", "rsi",
                                         "reverse-step", "rs", "reverse-next", "rn"};
      Last.clear();
      for (const char *R : Repeatable)
        if (Word == R)
          Last = Line;
    }
    D.execute(Line);
  }
  std::cout.flush();
  return 0;
}
