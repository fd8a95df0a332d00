//===-- simt-emu.cpp - The SIMT warp emulator driver ------------------------===//
//
// simt-emu kernel.o run.simt | simt-emu kernel.o --kernel K --grid X --block X
// [--alloc ..] [--arg ..] [--dump ..]  (TOOLS.md). Exit 0 on success, 1 on a
// user error, a fault or a failed expect, 2 on bad usage.
//
//===----------------------------------------------------------------------===//
#include "runtime/Session.h"

#include <CLI/CLI.hpp>

#include <chrono>
#include <fstream>
#include <iostream>

using namespace simt;

int main(int argc, char **argv) {
  CLI::App App{"simt-emu: run SIMT kernels on the warp emulator"};
  App.set_version_flag("--version", "simt-emu " SIMT_VERSION);
  std::string Object, ScriptPath, Kernel, Grid = "1", Block = "1", StatsFile, Sched = "rr",
                                          Coherence = "oldest";
  std::vector<std::string> Args, Allocs, Dumps;
  bool Stats = false, StatsDetail = false;
  rt::SessionConfig Cfg;
  unsigned FillUninit = 0;
  App.add_option("object", Object, "object file from simt-as")->required();
  App.add_option("script", ScriptPath, "run script (.simt)");
  App.add_option("--kernel", Kernel, "flag form: the kernel to launch");
  App.add_option("--grid", Grid, "flag form: X[,Y,Z] CTAs");
  App.add_option("--block", Block, "flag form: X[,Y,Z] threads per CTA");
  App.add_option("--arg", Args, "flag form: a launch argument (buffer name or typed value)");
  App.add_option("--alloc", Allocs, "flag form: NAME=TYPE[COUNT][=INIT]");
  App.add_option("--dump", Dumps, "flag form: BUF[:TYPE] to print after the run");
  App.add_flag("--stats", Stats, "statistics JSON on stderr");
  App.add_option("--stats-file", StatsFile, "write the statistics JSON to FILE");
  App.add_flag("--stats-detail", StatsDetail, "per-warp records in the statistics");
  App.add_option("--sms", Cfg.device.sms, "number of SMs")->check(CLI::Range(1, 256));
  App.add_option("--warps-per-sm", Cfg.device.warpsPerSm, "resident warps per SM");
  App.add_option("--stack-cache-entries", Cfg.device.stackCache.entries, "stack cache entries per warp");
  App.add_option("--stack-set-entries", Cfg.device.stackCache.setEntries, "entries per thread set");
  App.add_option("--stack-spill-latency", Cfg.device.stackCache.spillLatency, "cycles per spill/restore");
  App.add_option("--const-l1", Cfg.constCache.l1Bytes, "constant L1 bytes per SM");
  App.add_option("--const-l2", Cfg.constCache.l2Bytes, "constant L2 bytes");
  App.add_option("--const-line", Cfg.constCache.lineBytes, "constant cache line bytes");
  App.add_option("--const-coherence", Coherence, "oldest|backup")
      ->check(CLI::IsMember({"oldest", "backup"}));
  App.add_option("--sched", Sched, "rr|random")->check(CLI::IsMember({"rr", "random"}));
  App.add_option("--seed", Cfg.device.seed, "scheduler seed");
  App.add_option("--max-steps", Cfg.device.maxSteps, "stop after N warp-instructions");
  App.add_option("--fill-uninit", FillUninit, "byte filling shared and local memory")
      ->check(CLI::Range(0, 255));
  // Memory partitions and L2 slices (ISA.md 7, emu/L2.h).
  emu::L2Config &L2 = Cfg.device.l2;
  App.add_option("--partitions", L2.partitions, "memory partitions (one L2 slice each)");
  App.add_option("--partition-bytes", L2.interleave,
                 "interleave granularity across partitions, bytes (power of two >= a line)");
  App.add_option("--l2-slice-bytes", L2.sliceBytes, "L2 bytes per partition");
  App.add_option("--l2-line", L2.lineBytes, "L2 line bytes");
  App.add_option("--l2-ways", L2.ways, "L2 associativity");
  App.add_option("--mem-latency", L2.memLatency,
                 "T: memory latency in cycles; an L2 hit costs T/5 (0: no charge)");
  // Contexts (ISA.md 7, emu/Context.h).
  emu::ContextConfig &Ctx = Cfg.device.contexts;
  std::string CtxAlloc;
  App.add_option("--ctx-switch-cycles", Ctx.switchCycles,
                 "cycles an SM spends saving one context and restoring another");
  App.add_option("--ctx-slice", Ctx.slice,
                 "time slice of an SM shared by contexts, and the drain limit, in cycles");
  App.add_option("--ctx-alloc", CtxAlloc, "static allocation NAME:SMS[,NAME:SMS...]");
  App.add_option("--ctx-rebalance", Ctx.rebalancePeriod,
                 "rebalance SMs from blocked cycles every N cycles (0: off)");
  App.add_option("--ctx-rebalance-threshold", Ctx.rebalanceThreshold,
                 "blocked-cycle difference that triggers a rebalance (default: period / 4)");
  try {
    App.parse(argc, argv);
  } catch (const CLI::ParseError &E) {
    int Code = App.exit(E);
    return Code == 0 ? 0 : 2;
  }
  Cfg.device.sched = Sched == "rr" ? emu::SchedPolicy::RoundRobin : emu::SchedPolicy::Random;
  Cfg.device.statsDetail = StatsDetail;
  Cfg.device.fillUninit = uint8_t(FillUninit);
  Cfg.constCache.coherence =
      Coherence == "backup" ? emu::ConstCoherence::Backup : emu::ConstCoherence::Oldest;
  Cfg.constCache.numSMs = Cfg.device.sms;
  if (!CtxAlloc.empty())
    if (std::string E = emu::parseCtxAlloc(CtxAlloc, Ctx.alloc); !E.empty()) {
      std::cerr << "simt-emu: error: " << E << "\n";
      return 2;
    }
  if (std::string E = Cfg.device.validate(); !E.empty()) {
    std::cerr << "simt-emu: error: " << E << "\n";
    return 2;
  }
  if (std::string E = Cfg.constCache.validate(); !E.empty()) {
    std::cerr << "simt-emu: error: " << E << "\n";
    return 2;
  }
  if (ScriptPath.empty() == Kernel.empty()) {
    std::cerr << "simt-emu: error: give a run script or --kernel (not both)\n";
    return 2;
  }

  auto Start = std::chrono::steady_clock::now();
  rt::Session S(Cfg, std::cout);
  if (rt::Status St = S.load(Object); !St) {
    std::cerr << "simt-emu: error: " << St.message() << "\n";
    return 1;
  }
  int Rc = 0;
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
    Rc = S.runScript(P->script, std::filesystem::path(ScriptPath).parent_path(), std::cerr);
  } else {
    // The flag form is a script of alloc, launch, wait and dump commands.
    rt::Script Sc;
    Sc.file = "<command line>";
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
    Rc = S.runScript(Sc, ".", std::cerr);
  }
  double Wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  (void)Wall;
  if (Stats)
    std::cerr << S.statsJson() << "\n";
  if (!StatsFile.empty()) {
    std::ofstream F(StatsFile);
    F << S.statsJson() << "\n";
    if (!F) {
      std::cerr << "simt-emu: error: cannot write '" << StatsFile << "'\n";
      return 1;
    }
  }
  return Rc;
}
