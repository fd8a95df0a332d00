//===-- simt-dbg.cpp - The interactive SIMT debugger ----------------------===//
//
// simt-dbg kernel.o [run.simt] [-x cmds]... [--batch]: the object goes into
// the default context; the run script's commands are queued for `run`. -x
// files run first; --batch then exits instead of prompting, and prints
// exactly what the prompt would show. Exit 0 unless the start (object,
// script, a command file) fails; 2 on bad usage.
//
// simt-dbg [OPTIONS] --args ./app ARGS... (or simt-dbg ./app): a program
// built by simt-nvcc, debugged in its own process (dbg/program/).
//
//===----------------------------------------------------------------------===//
#include "dbg/CommandFile.h"
#include "dbg/Debugger.h"
#include "dbg/Interrupt.h"
#include "dbg/Repl.h"
#include "dbg/program/Inferior.h"
#include "runtime/tools/ConfigOptions.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <unistd.h>

using namespace simt;

int main(int argc, char **argv) {
  // gdb's `--args PROGRAM ARGS...`: everything after it is the program's.
  std::vector<std::string> ProgramArgv;
  for (int I = 1; I < argc; ++I)
    if (std::string_view(argv[I]) == "--args") {
      ProgramArgv.assign(argv + I + 1, argv + argc);
      argc = I;
      break;
    }
  CLI::App App{"simt-dbg: the interactive SIMT debugger"};
  App.set_version_flag("--version", "simt-dbg " SIMT_VERSION);
  App.footer("Reference: docs/tools/simt-dbg.md; a walkthrough: docs/debugger.md.");
  dbg::DebuggerOptions Opts;
  std::vector<std::string> CommandFiles;
  bool Batch = false;
  rt::DeviceSessionConfig &Cfg = Opts.config;
  App.add_option("object", Opts.object,
                 "object file from simt-as, or a program built by simt-nvcc");
  App.add_option("script", Opts.script, "run script (.simt): `run` executes it");
  // One file per -x (repeat it), so positionals may follow.
  App.add_option("-x", CommandFiles, "execute debugger commands from FILE first")
      ->allow_extra_args(false)
      ->take_all();
  App.add_flag("--batch", Batch, "no prompt: run the -x files, then exit");
  App.add_flag("--args")->description(
      "PROGRAM ARGS...: debug a program built by simt-nvcc (the rest of the command line)");
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

  if (ProgramArgv.empty() && !Opts.object.empty() && dbg::isHostExecutable(Opts.object))
    ProgramArgv.push_back(Opts.object);
  // `simt-dbg SCRIPT`: a script that loads its objects itself (a capture).
  if (ProgramArgv.empty() && Opts.script.empty() && !rt::looksLikeObject(Opts.object))
    std::swap(Opts.object, Opts.script);
  if (!ProgramArgv.empty()) {
    if (!Opts.script.empty() || (Opts.object != ProgramArgv[0] && !Opts.object.empty())) {
      std::cerr << "simt-dbg: error: a program (--args) takes no object or run script\n";
      return 2;
    }
    dbg::ProgramLaunch Launch;
    Launch.argv = ProgramArgv;
    Launch.commandFiles = CommandFiles;
    Launch.batch = Batch;
    // The device options go to the program's runtime (SIMT_EMU_FLAGS).
    for (int I = 1; I < argc; ++I) {
      std::string_view A = argv[I];
      if (A == "--batch" || A == Opts.object)
        continue;
      if (A == "-x") {
        ++I;
        continue;
      }
      if (A.rfind("-x", 0) == 0)
        continue;
      Launch.deviceArgs.emplace_back(A);
    }
    return dbg::debugProgram(Launch, std::cout);
  }
  if (Opts.object.empty() && Opts.script.empty()) {
    std::cerr << "simt-dbg: error: an object (or --args PROGRAM) is required\n"
              << "Run with --help for more information.\n";
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
  dbg::LineRepeater Repeat;
  for (std::string Line; !D.quitRequested() && Reader->read(Line);)
    D.execute(Repeat.apply(std::move(Line)));
  std::cout.flush();
  return 0;
}
