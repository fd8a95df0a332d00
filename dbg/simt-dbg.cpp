//===-- simt-dbg.cpp - The interactive SIMT debugger ----------------------===//
//
// simt-dbg kernel.o [run.simt] [-x cmds]... [--batch]   (TOOLS.md). The
// object goes into the default context; the run script's commands are queued
// for `run`. -x files run first; --batch then exits instead of prompting, and
// prints exactly what the prompt would show. Exit 0 unless the start (object,
// script, a command file) fails; 2 on bad usage.
//
//===----------------------------------------------------------------------===//
#include "dbg/Debugger.h"
#include "dbg/Interrupt.h"
#include "dbg/Repl.h"

#include <CLI/CLI.hpp>

#include <fstream>
#include <iostream>
#include <unistd.h>

using namespace simt;

int main(int argc, char **argv) {
  CLI::App App{"simt-dbg: the interactive SIMT debugger"};
  App.set_version_flag("--version", "simt-dbg " SIMT_VERSION);
  dbg::DebuggerOptions Opts;
  std::vector<std::string> CommandFiles;
  bool Batch = false;
  std::string Sched = "rr", Coherence = "oldest";
  unsigned FillUninit = 0;
  rt::SessionConfig &Cfg = Opts.config;
  App.add_option("object", Opts.object, "object file from simt-as")->required();
  App.add_option("script", Opts.script, "run script (.simt): `run` executes it");
  App.add_option("-x", CommandFiles, "execute debugger commands from FILE first");
  App.add_flag("--batch", Batch, "no prompt: run the -x files, then exit");
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
  // Memory partitions and L2 slices (ISA.md 7): as simt-emu.
  emu::L2Config &L2 = Cfg.device.l2;
  App.add_option("--partitions", L2.partitions, "memory partitions (one L2 slice each)");
  App.add_option("--partition-bytes", L2.interleave,
                 "interleave granularity across partitions, bytes (power of two >= a line)");
  App.add_option("--l2-slice-bytes", L2.sliceBytes, "L2 bytes per partition");
  App.add_option("--l2-line", L2.lineBytes, "L2 line bytes");
  App.add_option("--l2-ways", L2.ways, "L2 associativity");
  App.add_option("--mem-latency", L2.memLatency,
                 "T: memory latency in cycles; an L2 hit costs T/5 (0: no charge)");
  // Contexts (ISA.md 7): as simt-emu.
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
  Cfg.device.fillUninit = uint8_t(FillUninit);
  Cfg.constCache.coherence =
      Coherence == "backup" ? emu::ConstCoherence::Backup : emu::ConstCoherence::Oldest;
  Cfg.constCache.numSMs = Cfg.device.sms;
  if (!CtxAlloc.empty())
    if (std::string E = emu::parseCtxAlloc(CtxAlloc, Ctx.alloc); !E.empty()) {
      std::cerr << "simt-dbg: error: " << E << "\n";
      return 2;
    }
  if (std::string E = Cfg.device.validate(); !E.empty()) {
    std::cerr << "simt-dbg: error: " << E << "\n";
    return 2;
  }
  if (std::string E = Cfg.constCache.validate(); !E.empty()) {
    std::cerr << "simt-dbg: error: " << E << "\n";
    return 2;
  }

  dbg::Debugger D(Opts, std::cout);
  if (!D.start()) {
    std::cout.flush();
    return 1;
  }
  dbg::installInterruptHandler();
  for (const std::string &File : CommandFiles) {
    std::ifstream F(File);
    if (!F) {
      std::cout << "simt-dbg: error: cannot read command file '" << File << "'\n";
      return 1;
    }
    for (std::string Line; !D.quitRequested() && std::getline(F, Line);)
      D.execute(Line);
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
                                         "n", "continue", "c", "reverse-stepi", "rsi"};
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
