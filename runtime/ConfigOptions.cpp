//===-- ConfigOptions.cpp - Device configuration flags of the tools -------===//
#include "runtime/ConfigOptions.h"
#include "runtime/sanitizer/SanitizerOptions.h"

namespace simt::rt {

void addConfigOptions(CLI::App &App, SessionConfig &Cfg, ConfigOptionText &Text) {
  App.add_option("--sms", Cfg.device.sms, "number of SMs")->check(CLI::Range(1, 256));
  App.add_option("--arch", Text.arch,
                 "sm_20|sm_35: the device's compute capability (2.0 or 3.5); default: the "
                 "highest level the loaded code is built for");
  App.add_option("--warps-per-sm", Cfg.device.warpsPerSm, "resident warps per SM");
  App.add_option("--stack-cache-entries", Cfg.device.stackCache.entries,
                 "stack cache entries per warp");
  App.add_option("--stack-set-entries", Cfg.device.stackCache.setEntries,
                 "entries per thread set");
  App.add_option("--stack-spill-latency", Cfg.device.stackCache.spillLatency,
                 "cycles per spill/restore");
  App.add_option("--const-l1", Cfg.constCache.l1Bytes, "constant L1 bytes per SM");
  App.add_option("--const-l2", Cfg.constCache.l2Bytes, "constant L2 bytes");
  App.add_option("--const-line", Cfg.constCache.lineBytes, "constant cache line bytes");
  App.add_option("--const-l2-backup", Cfg.constCache.l2BackupBytes,
                 "constant L2 backup bytes (--const-coherence=backup; 0: none)");
  App.add_option("--const-l1-latency", Cfg.constCache.l1HitLatency, "constant L1 hit cycles");
  App.add_option("--const-l2-latency", Cfg.constCache.l2HitLatency,
                 "constant L2 (or backup) hit cycles");
  App.add_option("--const-mem-latency", Cfg.constCache.memoryLatency,
                 "cycles of a constant fetch from memory");
  App.add_option("--const-lock-stall", Cfg.constCache.lockedStallLatency,
                 "extra cycles of a miss on a fully locked L1");
  App.add_option("--const-coherence", Text.coherence, "oldest|backup")
      ->check(CLI::IsMember({"oldest", "backup"}));
  App.add_option("--sched", Text.sched, "rr|random")->check(CLI::IsMember({"rr", "random"}));
  App.add_option("--seed", Cfg.device.seed, "scheduler seed");
  App.add_option("--max-steps", Cfg.device.maxSteps, "stop after N warp-instructions");
  App.add_option("--epochs", Text.epochs,
                 "parallel: each SM runs its epoch against the device as the epoch began and "
                 "its effects are committed in SM order at the end (what --threads runs on host "
                 "threads); serial: SMs run in turn, effects at once")
      ->check(CLI::IsMember({"serial", "parallel"}));
  App.add_option("--quantum", Cfg.device.quantum,
                 "cycles per epoch: SMs take turns (serial) or commit (parallel) this often")
      ->check(CLI::Range(1u, 1u << 20));
  App.add_option("--threads", Cfg.device.threads,
                 "host threads for parallel epochs (0: one per core); results do not depend on it")
      ->check(CLI::Range(0u, 1024u));
  App.add_option("--fill-uninit", Text.fillUninit, "byte filling shared and local memory")
      ->check(CLI::Range(0, 255));
  App.add_option("--memcheck", Text.memcheck,
                 "strict: a global access outside its allocation faults (default); page: only "
                 "one outside every allocation's 4 KiB pages, as on hardware")
      ->check(CLI::IsMember({"strict", "page"}));
  App.add_option("--printf-buffer", Cfg.printfBufferBytes,
                 "bytes of the printf buffer of each launch that prints (default 1048576)")
      ->check(CLI::Range(16u, 1u << 30));
  // Memory partitions and L2 slices (ISA.md 7, emu/mem/L2.h).
  emu::L2Config &L2 = Cfg.device.l2;
  App.add_option("--partitions", L2.partitions, "memory partitions (one L2 slice each)");
  App.add_option("--partition-bytes", L2.interleave,
                 "interleave granularity across partitions, bytes (power of two >= a line)");
  App.add_option("--l2-slice-bytes", L2.sliceBytes, "L2 bytes per partition");
  App.add_option("--l2-line", L2.lineBytes, "L2 line bytes");
  App.add_option("--l2-ways", L2.ways, "L2 associativity");
  App.add_option("--mem-latency", L2.memLatency,
                 "T: memory latency in cycles; an L2 hit costs T/5 (0: no charge)");
  // Contexts (ISA.md 7, emu/device/Context.h).
  emu::ContextConfig &Ctx = Cfg.device.contexts;
  App.add_option("--ctx-switch-cycles", Ctx.switchCycles,
                 "cycles an SM spends saving one context and restoring another");
  App.add_option("--ctx-slice", Ctx.slice,
                 "time slice of an SM shared by contexts, and the drain limit, in cycles");
  App.add_option("--ctx-alloc", Text.ctxAlloc, "static allocation NAME:SMS[,NAME:SMS...]");
  App.add_option("--ctx-rebalance", Ctx.rebalancePeriod,
                 "rebalance SMs from blocked cycles every N cycles (0: off)");
  App.add_option("--ctx-rebalance-threshold", Ctx.rebalanceThreshold,
                 "blocked-cycle difference that triggers a rebalance (default: period / 4)");
}

void addSanitizeOption(CLI::App &App, ConfigOptionText &Text) {
  App.add_option("--sanitize", Text.sanitize,
                 "TOOL[,OPTION=VALUE...]: run under the sanitizer's memcheck, racecheck, "
                 "initcheck or synccheck, with simt-sanitizer's options "
                 "(docs/tools/simt-sanitizer.md)");
}

std::string finishConfigOptions(SessionConfig &Cfg, const ConfigOptionText &Text) {
  if (!Text.sanitize.empty())
    if (auto S = sanitizer::parseSanitizeSpec(Text.sanitize); !S)
      return S.message();
  if (!Text.arch.empty()) {
    const levels::Level *L = levels::byArch(Text.arch);
    if (!L)
      return "--arch " + Text.arch + ": expected one of " + levels::archList();
    Cfg.device.level = L->sm;
  }
  Cfg.device.sched =
      Text.sched == "rr" ? emu::SchedPolicy::RoundRobin : emu::SchedPolicy::Random;
  Cfg.device.fillUninit = uint8_t(Text.fillUninit);
  Cfg.device.parallelEpochs = Text.epochs == "parallel";
  Cfg.memcheck = *parseMemcheck(Text.memcheck);
  Cfg.constCache.coherence = Text.coherence == "backup" ? emu::ConstCoherence::Backup
                                                        : emu::ConstCoherence::Oldest;
  Cfg.constCache.numSMs = Cfg.device.sms;
  if (!Text.ctxAlloc.empty())
    if (std::string E = emu::parseCtxAlloc(Text.ctxAlloc, Cfg.device.contexts.alloc); !E.empty())
      return E;
  if (std::string E = Cfg.device.validate(); !E.empty())
    return E;
  return Cfg.constCache.validate();
}

} // namespace simt::rt
