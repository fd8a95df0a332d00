//===-- simt-dbg.cpp - The interactive SIMT debugger ----------------------===//
//
// simt-dbg kernel.o [run.simt] [-x cmds | -ex CMD]... [-batch]: the object
// goes into the default context; the run script's commands are queued for
// `run`. -x files and -ex commands run first, in command-line order (as
// gdb's, StartupOptions.h); -batch then exits instead of prompting, and
// prints exactly what the prompt would show. Exit 0 unless the start
// (object, script, a command file) fails; 2 on bad usage.
//
// simt-dbg [OPTIONS] --args ./app ARGS... (or simt-dbg ./app): a program
// built by simt-nvcc: its host code through LLDB and its device code in its
// own process (dbg/host/, dbg/program/); without LLDB, its device code alone.
//
// With simt-emu's --trace, --stats, --stats-file and --profile... flags, an
// object and a script's session ends with their outputs for what it
// executed (dbg/ToolReplay.h).
//
// simt-dbg --dap: the same for an IDE, over the Debug Adapter Protocol
// (dbg/dap/).
//
//===----------------------------------------------------------------------===//
#include "dbg/CommandFile.h"
#include "dbg/Debugger.h"
#include "dbg/Interrupt.h"
#include "dbg/Repl.h"
#include "dbg/StartupOptions.h"
#include "dbg/ToolReplay.h"
#include "dbg/program/Inferior.h"
#ifdef SIMT_HAVE_LLDB
#include "dbg/dap/DapServer.h"
#include "dbg/host/HostSession.h"
#endif
#include "runtime/tools/ConfigOptions.h"
#include "runtime/tools/ToolStack.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <unistd.h>

using namespace simt;

namespace {
/// The startup commands, then (without -batch) the prompt: an object and
/// a script's session; its exit status.
int runSession(dbg::Debugger &D, const dbg::StartupOptions &Startup, bool HasScript) {
  dbg::installInterruptHandler();
  for (const dbg::StartupCommand &C : Startup.commands) {
    if (!C.isFile)
      D.execute(C.text);
    else if (rt::Status S = dbg::runCommandFile(D, C.text); !S) {
      std::cout << "simt-dbg: error: command file: " << S.message() << "\n";
      return 1;
    }
    if (D.quitRequested())
      return 0;
  }
  if (Startup.batch)
    return 0;
  if (isatty(STDIN_FILENO))
    std::cout << "simt-dbg " SIMT_VERSION ": `help` lists the commands"
              << (HasScript ? ", `run` starts the script" : "") << ".\n";
  dbg::PromptReader Prompt(
      [&D](std::string_view Before, std::string_view Word) { return D.complete(Before, Word); });
  for (std::string Line; !D.quitRequested() && Prompt.read(Line);)
    D.execute(Line);
  std::cout.flush();
  return 0;
}
} // namespace

int main(int argc, char **argv) {
  // An IDE's debug adapter: the program comes in DAP's `launch` request.
  // `simt-dap` is simt-dbg under a name that needs no arguments.
  const std::string_view Name = argv[0];
  if ((argc == 2 && std::string_view(argv[1]) == "--dap") ||
      Name.substr(Name.rfind('/') + 1) == "simt-dap") {
#ifdef SIMT_HAVE_LLDB
    return dbg::serveDap();
#else
    std::cerr << "simt-dbg: error: --dap needs simt-dbg built with LLDB 19 (liblldb-19-dev)\n";
    return 2;
#endif
  }
  // gdb's -batch, -ex, -x and --args, in order (CLI11 gets the rest).
  dbg::StartupOptions Startup = dbg::splitStartupOptions(argc, argv);
  if (!Startup.error.empty()) {
    std::cerr << "simt-dbg: error: " << Startup.error << "\n";
    return 2;
  }
  std::vector<std::string> &ProgramArgv = Startup.programArgv;
  CLI::App App{"simt-dbg: the interactive SIMT debugger\n"
               "gdb's startup options: -x FILE and -ex CMD (repeat them: they run in order),\n"
               "-batch (or --batch), --args PROGRAM ARGS..., and -q/-nx (accepted, no effect)"};
  App.set_version_flag("--version", "simt-dbg " SIMT_VERSION);
  bool DapFlag = false; // handled above; here for --help
  App.add_flag("--dap", DapFlag,
               "speak the Debug Adapter Protocol on stdin/stdout (VS Code, nvim-dap, "
               "dap-mode); alone on the command line");
  App.footer("Reference: docs/tools/simt-dbg.md; a walkthrough: docs/debugger.md.");
  dbg::DebuggerOptions Opts;
  rt::DeviceSessionConfig &Cfg = Opts.config;
  App.add_option("object", Opts.object,
                 "object file from simt-as, or a program built by simt-nvcc");
  App.add_option("script", Opts.script, "run script (.simt): `run` executes it");
  rt::ConfigOptionText CfgText;
  rt::addConfigOptions(App, Cfg, CfgText);
  rt::ToolOptions Tools;
  rt::addToolOptions(App, Tools, rt::ToolFlagsFor::Debugger);
  prof::addProfileOptions(App, Tools.profile);
  std::vector<const char *> Rest;
  for (const std::string &A : Startup.rest)
    Rest.push_back(A.c_str());
  try {
    App.parse(int(Rest.size()), const_cast<char **>(Rest.data()));
  } catch (const CLI::ParseError &E) {
    int Code = App.exit(E);
    return Code == 0 ? 0 : 2;
  }
  if (std::string E = rt::finishConfigOptions(Cfg, CfgText); !E.empty()) {
    std::cerr << "simt-dbg: error: " << E << "\n";
    return 2;
  }
  rt::finishToolOptions(App, Tools);
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
    if (rt::anyTool(Tools)) {
      std::cerr << "simt-dbg: error: --trace, --stats, --stats-file and --profile... are for an "
                   "object and a run script; a program's own tools (SIMT_EMU_FLAGS) would count "
                   "the debugger's replays\n";
      return 2;
    }
    dbg::ProgramLaunch Launch;
    Launch.argv = ProgramArgv;
    Launch.commands = Startup.commands;
    Launch.batch = Startup.batch;
    // The device options go to the program's runtime (SIMT_EMU_FLAGS).
    for (size_t I = 1; I < Startup.rest.size(); ++I)
      if (Startup.rest[I] != Opts.object)
        Launch.deviceArgs.push_back(Startup.rest[I]);
#ifdef SIMT_HAVE_LLDB
    if (dbg::hostDebuggingAvailable()) {
      bool FellBack = false;
      const int Status = dbg::debugProgramWithHost(Launch, std::cout, &FellBack);
      if (!FellBack)
        return Status;
    }
#endif
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
  dbg::ToolReplay Replay(D, std::move(Tools));
  if (rt::Status St = Replay.start(); !St) {
    std::cerr << "simt-dbg: error: " << St.message() << "\n";
    return 1;
  }
  return Replay.finish(runSession(D, Startup, !Opts.script.empty()));
}
