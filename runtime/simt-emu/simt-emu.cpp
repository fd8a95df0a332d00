//===-- simt-emu.cpp - The SIMT warp emulator driver ----------------------===//
//
// simt-emu kernel.o run.simt | simt-emu kernel.o --kernel K --grid X --block X
// [--alloc ..] [--arg ..] [--dump ..]  (TOOLS.md); --seeds A-B runs either
// under many scheduler seeds on host threads and compares the results.
// --timeout stops a run that takes too long, a terminal shows a long run's
// progress, --summary prints what it did. Exit 0 on success, 1 on a user
// error, a fault, a failed expect or differing seeds, 2 on bad usage, 124
// when the --timeout ran out, 130 on Ctrl-C.
//
//===----------------------------------------------------------------------===//
#include "runtime/tools/ConfigOptions.h"
#include "runtime/simt-emu/LitTest.h"
#include "runtime/OptionTables.h"
#include "runtime/simt-emu/RunSummary.h"
#include "runtime/simt-emu/SeedSweep.h"
#include "runtime/DeviceSession.h"
#include "runtime/script/ScriptRunner.h"
#include "runtime/tools/ToolStack.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <iostream>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

using namespace simt;

namespace {
// SIGINT stops the device at the next instruction boundary; the script's
// `wait` then reports where each running grid stood, and the exit status is
// 130 (128 + SIGINT), as a shell reports a program killed by it. A second
// SIGINT kills (SA_RESETHAND), for a run stuck outside the device.
std::atomic<emu::Device *> RunningDevice{nullptr};
static_assert(std::atomic<emu::Device *>::is_always_lock_free);
volatile std::sig_atomic_t Interrupted = 0;

extern "C" void onSigint(int) {
  Interrupted = 1;
  if (emu::Device *D = RunningDevice.load(std::memory_order_relaxed))
    D->requestStop();
}

void installSigintHandler() {
  struct sigaction Sa = {};
  Sa.sa_handler = onSigint;
  sigemptyset(&Sa.sa_mask);
  Sa.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &Sa, nullptr);
}

/// From now on SIGINT stops `D`; one that came earlier stops its first run.
void stopOnSigint(emu::Device &D) {
  RunningDevice.store(&D, std::memory_order_relaxed);
  if (Interrupted)
    D.requestStop();
}

/// What simt-emu's command line asks for.
struct EmuOptions {
  std::string Object, ScriptPath;
  // The flag form: a script of allocs, one launch, a wait and dumps.
  std::string Kernel, Grid = "1", Block = "1";
  std::vector<std::string> Args, Allocs, Dumps;
  rt::DeviceSessionConfig Cfg;
  rt::ToolOptions Tools;
  std::string Seeds;
  unsigned Jobs = 0;
  bool Summary = false;
  std::string LitTest;
};

/// Reads the command line into O; the exit status where simt-emu stops
/// there (--help, --version, bad usage).
std::optional<int> parseOptions(int argc, char **argv, EmuOptions &O) {
  CLI::App App{"simt-emu: run SIMT kernels on the warp emulator"};
  App.set_version_flag("--version", "simt-emu " SIMT_VERSION);
  App.footer("Reference: docs/tools/simt-emu.md; run scripts: docs/run-scripts.md.");
  bool StatsDetail = false;
  App.add_option("object", O.Object, "object file from simt-as (none: the script loads its own)")
      ->required();
  App.add_option("script", O.ScriptPath, "run script (.simt)");
  App.add_option("--kernel", O.Kernel, "flag form: the kernel to launch");
  App.add_option("--grid", O.Grid, "flag form: X[,Y,Z] CTAs");
  App.add_option("--block", O.Block, "flag form: X[,Y,Z] threads per CTA");
  App.add_option("--arg", O.Args, "flag form: a launch argument (buffer name, typed value or brace list {...})");
  App.add_option("--alloc", O.Allocs, "flag form: NAME=TYPE[COUNT][=INIT]");
  App.add_option("--dump", O.Dumps, "flag form: BUF[:TYPE] to print after the run");
  rt::addToolOptions(App, O.Tools, rt::ToolFlagsFor::SimtEmu);
  App.add_flag("--stats-detail", StatsDetail, "per-warp records in the statistics");
  auto *SeedsOpt = App.add_option(
      "--seeds", O.Seeds,
      "N or FIRST-LAST: run under the random scheduler with each seed and compare the results");
  App.add_option("--jobs", O.Jobs, "host threads for --seeds (default: one per hardware thread)")
      ->needs(SeedsOpt);
  App.add_flag("--summary", O.Summary,
               "after the run, print launches, warp-instructions, SIMD efficiency and time on "
               "stderr");
  auto *LitTestOpt = App.add_option(
      "--lit-test", O.LitTest,
      "FILE.test: if the script passes, write a lit test that runs it again (its files in "
      "FILE's Inputs/)");
  rt::ConfigOptionText CfgText;
  rt::addConfigOptions(App, O.Cfg, CfgText);
  rt::addSanitizeOption(App, CfgText);
  for (CLI::Option *P : prof::addProfileOptions(App, O.Tools.profile))
    SeedsOpt->excludes(P);
  for (const char *Single :
       {"--trace", "--stats", "--stats-file", "--stats-detail", "--sched", "--seed", "--summary",
        "--sanitize"})
    SeedsOpt->excludes(App.get_option(Single));
  for (const char *Other : {"--seeds", "--trace", "--stats", "--stats-file", "--kernel"})
    LitTestOpt->excludes(App.get_option(Other));
  try {
    App.parse(argc, argv);
  } catch (const CLI::ParseError &E) {
    int Code = App.exit(E);
    return Code == 0 ? 0 : 2;
  }
  O.Cfg.device.statsDetail = StatsDetail;
  if (std::string E = rt::finishConfigOptions(O.Cfg, CfgText); !E.empty()) {
    std::cerr << "simt-emu: error: " << E << "\n";
    return 2;
  }
  rt::finishToolOptions(App, O.Tools);
  O.Tools.sanitize = CfgText.sanitize;
  // `simt-emu SCRIPT`: a script that loads its objects itself (a capture).
  if (O.ScriptPath.empty() && O.Kernel.empty() && !rt::looksLikeObject(O.Object))
    std::swap(O.Object, O.ScriptPath);
  if (O.ScriptPath.empty() == O.Kernel.empty()) {
    std::cerr << "simt-emu: error: give a run script or --kernel (not both)\n";
    return 2;
  }
  return std::nullopt;
}

/// The flag form's alloc, launch, wait and dump commands appended to Sc;
/// false (the error printed) on one that does not parse.
bool addFlagFormCommands(const EmuOptions &O, rt::Script &Sc) {
  auto Add = [&](rt::Expected<std::optional<rt::Command>> C) {
    if (!C) {
      std::cerr << "simt-emu: error: " << C.message() << "\n";
      return false;
    }
    if (*C)
      Sc.commands.push_back(**C);
    return true;
  };
  for (const std::string &A : O.Allocs) {
    auto Pos = A.find('=');
    std::string Line = "alloc " + (Pos == std::string::npos ? A : A.substr(0, Pos) + " " + A.substr(Pos + 1));
    auto Eq = Line.find('=');
    if (Eq != std::string::npos)
      Line = Line.substr(0, Eq) + " = " + Line.substr(Eq + 1);
    if (!Add(rt::parseCommandLine(Line)))
      return false;
  }
  std::string Launch = "launch " + O.Kernel + " grid=" + O.Grid + " block=" + O.Block + " args=(";
  for (size_t I = 0; I < O.Args.size(); ++I)
    Launch += (I ? ", " : "") + O.Args[I];
  Launch += ")";
  if (!Add(rt::parseCommandLine(Launch)) || !Add(rt::parseCommandLine("wait")))
    return false;
  for (const std::string &D : O.Dumps)
    if (!Add(rt::parseCommandLine("dump " + D)))
      return false;
  return true;
}

/// The script to run: the run-script file, or the flag form's commands; the
/// exit status where simt-emu stops there.
std::optional<int> readScript(const EmuOptions &O, rt::Script &Sc,
                              std::filesystem::path &BaseDir) {
  if (O.ScriptPath.empty()) {
    Sc.file = "simt-emu"; // errors: "simt-emu: error: ..." (no line)
    return addFlagFormCommands(O, Sc) ? std::nullopt : std::optional<int>(2);
  }
  auto P = rt::parseScriptFile(O.ScriptPath);
  if (!P) {
    std::cerr << "simt-emu: error: " << P.message() << "\n";
    return 1;
  }
  if (!P->ok()) {
    std::cerr << P->errorText();
    return 1;
  }
  Sc = std::move(P->script);
  BaseDir = std::filesystem::path(O.ScriptPath).parent_path();
  auto Loads = [](const rt::Command &C) { return std::holds_alternative<rt::LoadCommand>(C.op); };
  if (O.Object.empty() && std::none_of(Sc.commands.begin(), Sc.commands.end(), Loads)) {
    std::cerr << "simt-emu: error: " << O.ScriptPath
              << " loads no object: give the object first (simt-emu OBJECT SCRIPT)\n";
    return 1;
  }
  return std::nullopt;
}

/// --seeds: the script under the random scheduler with each seed.
int sweepSeeds(const EmuOptions &O, rt::Script Sc, const std::filesystem::path &BaseDir) {
  rt::SeedSweep Sweep{O.Cfg, O.Object, std::move(Sc), BaseDir, 1, 1, O.Jobs,
                      O.Tools.timeoutSeconds};
  if (std::string E = rt::parseSeedRange(O.Seeds, Sweep.firstSeed, Sweep.lastSeed); !E.empty()) {
    std::cerr << "simt-emu: error: " << E << "\n";
    return 2;
  }
  return rt::reportSeedSweep(rt::runSeedSweep(Sweep), std::cout, std::cerr);
}

/// One run of the script on a device session with the tools attached: its
/// exit status in Rc, after the tools' reports and --summary; the exit
/// status where simt-emu stops without a finished run.
std::optional<int> runOnDevice(EmuOptions &O, const rt::Script &Sc,
                               const std::filesystem::path &BaseDir, rt::TeeStream &Tee,
                               std::chrono::steady_clock::time_point Start, int &Rc) {
  rt::DeviceSession S(O.Cfg, O.LitTest.empty() ? static_cast<std::ostream &>(std::cout) : Tee);
  // Standard output is the script's: the trace goes there too (or to a
  // file); the profile's tables and the reports to stderr.
  rt::ToolStack Stack({.tool = "simt-emu",
                       .errorPrefix = "simt-emu: error: ",
                       .traceOut = &std::cout,
                       .program = O.ScriptPath.empty() ? O.Kernel : O.ScriptPath,
                       .filesFailRun = true},
                      std::move(O.Tools));
  if (rt::Status St = Stack.attach(S); !St) {
    std::cerr << "simt-emu: error: " << St.message() << "\n";
    return 1;
  }
  if (rt::Status St = O.Object.empty() ? rt::Status() : S.load(O.Object); !St) {
    std::cerr << "simt-emu: error: " << St.message() << "\n";
    return 1;
  }
  stopOnSigint(S.device());
  {
    std::unique_ptr<rt::RunWatch> Watcher = Stack.watch(S.device());
    try {
      Rc = rt::ScriptRunner(S).runScript(Sc, BaseDir, std::cerr);
    } catch (const std::bad_alloc &) {
      // The CTAs' local memory and the buffers are bounded (docs/limits.md),
      // but not by what this host has.
      std::cerr << "simt-emu: error: out of host memory\n";
      return 1;
    }
    if (Watcher && Watcher->timedOut())
      Rc = 124; // as timeout(1)
  }
  RunningDevice.store(nullptr, std::memory_order_relaxed);
  if (Interrupted)
    Rc = 130;
  Rc = Stack.finish(&S, Rc, [&] {
    if (O.Summary)
      std::cerr << rt::RunSummary::of(
                       S, std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
                              .count())
                       .format();
  });
  return std::nullopt;
}

/// --lit-test: a run that passed (Rc 0), written as a lit test that runs it
/// again with the flags it had; the exit status.
int writeTest(const EmuOptions &O, int argc, char **argv, const rt::Script &Sc,
              const rt::TeeStream &Tee, int Rc) {
  if (Rc != 0) {
    std::cerr << "simt-emu: error: --lit-test: the script did not pass (exit status " << Rc
              << "): no test written\n";
    return 1;
  }
  std::vector<std::string> Flags;
  for (int I = 1; I < argc; ++I) {
    std::string_view A = argv[I];
    if (A == "--lit-test")
      ++I;
    else if (A != O.Object && A != O.ScriptPath && !A.starts_with("--lit-test="))
      Flags.emplace_back(A);
  }
  rt::Status St = rt::writeLitTest(O.LitTest, {O.ScriptPath, &Sc, O.Object, Flags, Tee.copy()});
  if (!St) {
    std::cerr << "simt-emu: error: " << St.message() << "\n";
    return 1;
  }
  return Rc;
}
} // namespace

int main(int argc, char **argv) {
  if (rt::printOptionsMarkdown(argc, argv, [](std::ostream &OS) {
        rt::printToolMarkdown(OS);
        OS << "\n";
        prof::printProfileMarkdown(OS);
        OS << "\n";
        rt::printConfigMarkdown(OS);
      }))
    return 0;
  const auto Start = std::chrono::steady_clock::now();
  EmuOptions O;
  if (std::optional<int> Exit = parseOptions(argc, argv, O))
    return *Exit;
  rt::Script Sc;
  std::filesystem::path BaseDir = ".";
  if (std::optional<int> Exit = readScript(O, Sc, BaseDir))
    return *Exit;
  if (!O.Seeds.empty())
    return sweepSeeds(O, std::move(Sc), BaseDir);

  installSigintHandler();
  rt::TeeStream Tee(std::cout); // --lit-test keeps what the run printed
  int Rc = 0;
  if (std::optional<int> Exit = runOnDevice(O, Sc, BaseDir, Tee, Start, Rc))
    return *Exit;
  return O.LitTest.empty() ? Rc : writeTest(O, argc, argv, Sc, Tee, Rc);
}
