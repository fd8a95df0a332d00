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
  CLI::App App{"simt-emu: run SIMT kernels on the warp emulator"};
  App.set_version_flag("--version", "simt-emu " SIMT_VERSION);
  App.footer("Reference: docs/tools/simt-emu.md; run scripts: docs/run-scripts.md.");
  std::string Object, ScriptPath, Kernel, Grid = "1", Block = "1";
  std::vector<std::string> Args, Allocs, Dumps;
  bool StatsDetail = false;
  rt::DeviceSessionConfig Cfg;
  rt::ToolOptions Tools;
  App.add_option("object", Object, "object file from simt-as (none: the script loads its own)")
      ->required();
  App.add_option("script", ScriptPath, "run script (.simt)");
  App.add_option("--kernel", Kernel, "flag form: the kernel to launch");
  App.add_option("--grid", Grid, "flag form: X[,Y,Z] CTAs");
  App.add_option("--block", Block, "flag form: X[,Y,Z] threads per CTA");
  App.add_option("--arg", Args, "flag form: a launch argument (buffer name, typed value or brace list {...})");
  App.add_option("--alloc", Allocs, "flag form: NAME=TYPE[COUNT][=INIT]");
  App.add_option("--dump", Dumps, "flag form: BUF[:TYPE] to print after the run");
  rt::addToolOptions(App, Tools, rt::ToolFlagsFor::SimtEmu);
  App.add_flag("--stats-detail", StatsDetail, "per-warp records in the statistics");
  std::string Seeds;
  unsigned Jobs = 0;
  auto *SeedsOpt = App.add_option(
      "--seeds", Seeds,
      "N or FIRST-LAST: run under the random scheduler with each seed and compare the results");
  App.add_option("--jobs", Jobs, "host threads for --seeds (default: one per hardware thread)")
      ->needs(SeedsOpt);
  bool Summary = false;
  App.add_flag("--summary", Summary,
               "after the run, print launches, warp-instructions, SIMD efficiency and time on "
               "stderr");
  std::string LitTest;
  auto *LitTestOpt = App.add_option(
      "--lit-test", LitTest,
      "FILE.test: if the script passes, write a lit test that runs it again (its files in "
      "FILE's Inputs/)");
  rt::ConfigOptionText CfgText;
  rt::addConfigOptions(App, Cfg, CfgText);
  rt::addSanitizeOption(App, CfgText);
  for (CLI::Option *P : prof::addProfileOptions(App, Tools.profile))
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
  Cfg.device.statsDetail = StatsDetail;
  if (std::string E = rt::finishConfigOptions(Cfg, CfgText); !E.empty()) {
    std::cerr << "simt-emu: error: " << E << "\n";
    return 2;
  }
  rt::finishToolOptions(App, Tools);
  Tools.sanitize = CfgText.sanitize;
  // `simt-emu SCRIPT`: a script that loads its objects itself (a capture).
  if (ScriptPath.empty() && Kernel.empty() && !rt::looksLikeObject(Object))
    std::swap(Object, ScriptPath);
  if (ScriptPath.empty() == Kernel.empty()) {
    std::cerr << "simt-emu: error: give a run script or --kernel (not both)\n";
    return 2;
  }

  // The script: a run-script file, or the flag form's alloc, launch, wait and
  // dump commands.
  rt::Script Sc;
  std::filesystem::path BaseDir = ".";
  if (!ScriptPath.empty()) {
    auto P = rt::parseScriptFile(ScriptPath);
    if (!P) {
      std::cerr << "simt-emu: error: " << P.message() << "\n";
      return 1;
    }
    if (!P->ok()) {
      std::cerr << P->errorText();
      return 1;
    }
    Sc = std::move(P->script);
    BaseDir = std::filesystem::path(ScriptPath).parent_path();
    auto Loads = [](const rt::Command &C) { return std::holds_alternative<rt::LoadCommand>(C.op); };
    if (Object.empty() && std::none_of(Sc.commands.begin(), Sc.commands.end(), Loads)) {
      std::cerr << "simt-emu: error: " << ScriptPath
                << " loads no object: give the object first (simt-emu OBJECT SCRIPT)\n";
      return 1;
    }
  } else {
    Sc.file = "simt-emu"; // errors: "simt-emu: error: ..." (no line)
    auto Add = [&](rt::Expected<std::optional<rt::Command>> C) {
      if (!C) {
        std::cerr << "simt-emu: error: " << C.message() << "\n";
        return false;
      }
      if (*C)
        Sc.commands.push_back(**C);
      return true;
    };
    for (const std::string &A : Allocs) {
      auto Pos = A.find('=');
      std::string Line = "alloc " + (Pos == std::string::npos ? A : A.substr(0, Pos) + " " + A.substr(Pos + 1));
      auto Eq = Line.find('=');
      if (Eq != std::string::npos)
        Line = Line.substr(0, Eq) + " = " + Line.substr(Eq + 1);
      if (!Add(rt::parseCommandLine(Line)))
        return 2;
    }
    std::string Launch = "launch " + Kernel + " grid=" + Grid + " block=" + Block + " args=(";
    for (size_t I = 0; I < Args.size(); ++I)
      Launch += (I ? ", " : "") + Args[I];
    Launch += ")";
    if (!Add(rt::parseCommandLine(Launch)) || !Add(rt::parseCommandLine("wait")))
      return 2;
    for (const std::string &D : Dumps)
      if (!Add(rt::parseCommandLine("dump " + D)))
        return 2;
  }

  if (Seeds.empty())
    installSigintHandler();
  if (!Seeds.empty()) {
    rt::SeedSweep Sweep{Cfg, Object, std::move(Sc), BaseDir, 1, 1, Jobs, Tools.timeoutSeconds};
    if (std::string E = rt::parseSeedRange(Seeds, Sweep.firstSeed, Sweep.lastSeed); !E.empty()) {
      std::cerr << "simt-emu: error: " << E << "\n";
      return 2;
    }
    return rt::reportSeedSweep(rt::runSeedSweep(Sweep), std::cout, std::cerr);
  }

  rt::TeeStream Tee(std::cout); // --lit-test keeps what the run printed
  rt::DeviceSession S(Cfg, LitTest.empty() ? static_cast<std::ostream &>(std::cout) : Tee);
  // Standard output is the script's: the trace goes there too (or to a
  // file); the profile's tables and the reports to stderr.
  rt::ToolStack Stack({.tool = "simt-emu",
                       .errorPrefix = "simt-emu: error: ",
                       .traceOut = &std::cout,
                       .program = ScriptPath.empty() ? Kernel : ScriptPath,
                       .filesFailRun = true},
                      std::move(Tools));
  if (rt::Status St = Stack.attach(S); !St) {
    std::cerr << "simt-emu: error: " << St.message() << "\n";
    return 1;
  }
  if (rt::Status St = Object.empty() ? rt::Status() : S.load(Object); !St) {
    std::cerr << "simt-emu: error: " << St.message() << "\n";
    return 1;
  }
  stopOnSigint(S.device());
  int Rc;
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
  Rc = Stack.finish(S, Rc, [&] {
    if (Summary)
      std::cerr << rt::RunSummary::of(
                       S, std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
                              .count())
                       .format();
  });
  if (!LitTest.empty()) {
    if (Rc != 0) {
      std::cerr << "simt-emu: error: --lit-test: the script did not pass (exit status " << Rc
                << "): no test written\n";
      return 1;
    }
    // The test runs with the flags this run had.
    std::vector<std::string> Flags;
    for (int I = 1; I < argc; ++I) {
      std::string_view A = argv[I];
      if (A == "--lit-test")
        ++I;
      else if (A != Object && A != ScriptPath && !A.starts_with("--lit-test="))
        Flags.emplace_back(A);
    }
    rt::Status St = rt::writeLitTest(LitTest, {ScriptPath, &Sc, Object, Flags, Tee.copy()});
    if (!St) {
      std::cerr << "simt-emu: error: " << St.message() << "\n";
      return 1;
    }
  }
  return Rc;
}
