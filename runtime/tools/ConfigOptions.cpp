//===-- ConfigOptions.cpp - Device configuration flags of the tools -------===//
#include "runtime/tools/ConfigOptions.h"

#include "runtime/OptionTables.h"
#include "runtime/RunScript.h"
#include "runtime/sanitizer/SanitizerOptions.h"

#include <CLI/CLI.hpp>

#include <type_traits>

namespace simt::rt {

namespace {

/// A row's Check when it has none.
struct NoCheck {};
CLI::Option *checked(CLI::Option *opt, NoCheck) { return opt; }
CLI::Option *checked(CLI::Option *opt, const CLI::Validator &check) { return opt->check(check); }

/// A default as the page shows it.
template <class T> std::string shown(const T &value) {
  if constexpr (std::is_integral_v<T>)
    return std::to_string(static_cast<unsigned long long>(value));
  else
    return value;
}

} // namespace

void addConfigOptions(CLI::App &App, DeviceSessionConfig &Cfg, ConfigOptionText &Text) {
#define CONFIG_VALUE(Flag, Target, Metavar, Check, Help, ...)                                      \
  checked(App.add_option(Flag, Target, Help), Check);
#define CONFIG_CHOICE(Flag, Target, Words, Help, ...)                                              \
  App.add_option(Flag, Target, Help)->check(CLI::IsMember(choiceWords(Words)));
#include "runtime/ConfigFlags.def"
}

void printConfigMarkdown(std::ostream &os) {
  // Named as the rows' Targets name them: their defaults.
  const DeviceSessionConfig Cfg;
  const ConfigOptionText Text;
#define CONFIG_VALUE(Flag, Target, Metavar, Check, Help, DocDefault, Doc)                          \
  printMarkdownRow(os, {"`" Flag " " Metavar "`", docDefault(DocDefault, shown(Target)), Doc});
#define CONFIG_CHOICE(Flag, Target, Words, Help, DocDefault, Doc)                                  \
  printMarkdownRow(os, {"`" Flag " " Words "`", docDefault(DocDefault, shown(Target)), Doc});
#include "runtime/ConfigFlags.def"
}

void addSanitizeOption(CLI::App &App, ConfigOptionText &Text) {
  App.add_option("--sanitize", Text.sanitize,
                 "TOOL[,OPTION=VALUE...]: run under the sanitizer's memcheck, racecheck, "
                 "initcheck or synccheck, with simt-sanitizer's options "
                 "(docs/tools/simt-sanitizer.md)");
}

std::string finishConfigOptions(DeviceSessionConfig &Cfg, const ConfigOptionText &Text) {
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
  Cfg.device.jit = Text.jit == "on"     ? emu::JitMode::On
                   : Text.jit == "auto" ? emu::JitMode::Auto
                                        : emu::JitMode::Off;
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
