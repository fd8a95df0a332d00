//===-- simt-prof.cpp - The profiler for programs, as nvprof runs them ----===//
//
// simt-prof [nvprof's options] ./app ARGS: runs the program with
// SIMT_EMU_FLAGS extended by the profile options, so that its CUDA runtime
// (runtime/cudart) profiles every launch, copy and API call and prints the
// tables at exit, as nvprof does ("==PID== Profiling result:"). The exit
// status is the program's (128 + N when signal N killed it); a bad option
// or list is 2, before anything runs.
//
//===----------------------------------------------------------------------===//
#include "runtime/ChildProcess.h"
#include "runtime/OptionTables.h"
#include "runtime/profiler/MetricsTable.h"
#include "runtime/profiler/ProfileOptions.h"
#include "runtime/profiler/Profiler.h"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace prof = simt::prof;

int main(int argc, char **argv) {
  if (simt::rt::printOptionsMarkdown(argc, argv, prof::printProgramProfileMarkdown))
    return 0;
  CLI::App App{"simt-prof: profile a CUDA program built by simt-nvcc"};
  App.set_version_flag("--version", "simt-prof " SIMT_VERSION);
  App.footer("Reference: docs/tools/simt-prof.md; a tour: docs/profiling.md.");
  prof::ProfileOptions Given;
  bool NoSummary = false;
  std::vector<std::string> Command;
  prof::addProgramProfileOptions(App, Given);
  App.add_flag("--no-summary", NoSummary, "print no summary table");
  bool Quiet = false;
  App.add_flag("--quiet", Quiet, "print nothing of the profiler's own (files only), as nvprof --quiet");
  // nvprof's default mode spelled out, and its Unified Memory section,
  // which this profile does not have (managed memory is device memory the
  // runtime copies at synchronisation): both accepted, as scripts give them.
  bool PrintSummary = false;
  App.add_flag("-s,--print-summary", PrintSummary, "print the summary (the default, as nvprof's)");
  std::string UnifiedMemory = "off";
  App.add_option("--unified-memory-profiling", UnifiedMemory,
                 "off or per-process-device: this profile has no Unified Memory section either way")
      ->check(CLI::IsMember({"off", "per-process-device"}));
  bool QueryMetrics = false, QueryEvents = false;
  App.add_flag("--query-metrics", QueryMetrics, "list the metrics --metrics takes, and exit");
  App.add_flag("--query-events", QueryEvents, "list the events --events takes, and exit");
  App.prefix_command(); // the program and its own arguments follow, untouched
  try {
    App.parse(argc, argv);
  } catch (const CLI::ParseError &E) {
    int Code = App.exit(E);
    return Code == 0 ? 0 : 2;
  }
  Command = App.remaining();
  // A list's error before the program's: `--trace ./app` took ./app as
  // its list.
  if (const std::string Error = prof::checkProfileValues(Given); !Error.empty()) {
    std::cerr << "simt-prof: error: " << Error << "\n";
    return 2;
  }
  if (QueryMetrics || QueryEvents) {
    if (QueryMetrics)
      prof::writeQuery(std::cout, false);
    if (QueryEvents)
      prof::writeQuery(std::cout, true);
    return 0;
  }
  if (Command.empty()) {
    std::cerr << "simt-prof: error: no program to run (simt-prof [options] ./app ARGS)\n";
    return 2;
  }
  // CLI11 stops at the first word it does not know: an option it does not
  // know is the user's mistake, not the program to run (./-name runs one).
  if (Command[0].size() > 1 && Command[0][0] == '-') {
    std::cerr << "simt-prof: error: unknown option '" << Command[0]
              << "' (simt-prof --help lists them)\n";
    return 2;
  }
  for (const std::string &Path : prof::profileFiles(Given))
    if (Path.find_first_of(" \t\n") != std::string::npos) {
      std::cerr << "simt-prof: error: '" << Path
                << "': SIMT_EMU_FLAGS cannot carry a path with white space\n";
      return 2;
    }

  // What the program's runtime prints: the summary unless a trace, a part
  // of the summary, metrics or events replace it (as nvprof's modes do);
  // nothing with --quiet.
  prof::ProfileOptions Passed = Given;
  Passed.summary = !NoSummary && !Given.gpuTrace && !Given.apiTrace && !Given.gpuSummary &&
                   !Given.apiSummary && Given.metrics.empty() && Given.events.empty();
  if (Quiet) {
    Passed.summary = Passed.gpuTrace = Passed.apiTrace = Passed.gpuSummary = false;
    Passed.apiSummary = Passed.kernelDetails = Passed.launchDetails = false;
    Passed.metrics.clear();
    Passed.events.clear();
  }
  std::string Flags;
  if (const char *Old = std::getenv("SIMT_EMU_FLAGS"))
    Flags = Old;
  if (const std::string Added = prof::profileFlags(Passed); !Added.empty())
    Flags += (Flags.empty() ? "" : " ") + Added;
  setenv("SIMT_EMU_FLAGS", Flags.c_str(), 1);

  std::string Shown;
  for (const std::string &A : Command)
    Shown += (Shown.empty() ? "" : " ") + A;
  // The child waits until the banner is out, so that it comes first.
  int Gate[2];
  if (pipe(Gate) != 0) {
    std::perror("simt-prof: pipe");
    return 1;
  }
  const pid_t Child = fork();
  if (Child < 0) {
    std::perror("simt-prof: fork");
    return 1;
  }
  if (Child == 0) {
    close(Gate[1]);
    char Byte;
    while (read(Gate[0], &Byte, 1) < 0) {
    }
    close(Gate[0]);
    simt::rt::execOrExit(Command, "simt-prof");
  }
  close(Gate[0]);
  if (!Quiet) {
    // nvprof's first line; with --log-file, the file's (which the
    // program's runtime then appends to).
    const std::string Banner = "==" + std::to_string(Child) + "== NVPROF is profiling process " +
                               std::to_string(Child) + ", command: " + Shown + "\n";
    if (Given.logFile.empty()) {
      std::cerr << Banner << std::flush;
    } else {
      const std::string Log = prof::expandLogName(Given.logFile, Child);
      std::ofstream F(Log);
      F << Banner;
      if (!F)
        std::cerr << "simt-prof: error: cannot write '" << Log << "'\n";
    }
  }
  close(Gate[1]);
  return simt::rt::waitExitCode(Child);
}
