//===-- simt-sanitizer.cpp - Runs a program under the sanitizer -----------===//
//
//   simt-sanitizer --tool memcheck|racecheck|initcheck|synccheck [OPTIONS] ./app ARGS
//
// compute-sanitizer's command line for programs built by simt-nvcc: runs the
// program with SIMT_EMU_FLAGS=--sanitize=TOOL,... (its libcudart reports),
// prints the banner and the summary on standard output (or --log-file's
// file), and returns the program's status, or --error-exitcode's when
// errors were found. An object (or a .simt run script) instead runs under
// simt-emu --sanitize. See docs/tools/simt-sanitizer.md.
//
//===----------------------------------------------------------------------===//
#include "runtime/ChildProcess.h"
#include "runtime/OptionTables.h"
#include "runtime/sanitizer/Reporter.h"
#include "runtime/sanitizer/SanitizerFlags.h"
#include "runtime/sanitizer/Suppressions.h"

#include <CLI/CLI.hpp>

#include <climits>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace san = simt::rt::sanitizer;

namespace {

/// Whether `path` is a relocatable ELF object (simt-as, simt-cc) or a run
/// script, which simt-emu runs, rather than a program.
bool runsUnderSimtEmu(const std::string &path) {
  if (path.ends_with(".simt"))
    return true;
  std::ifstream in(path, std::ios::binary);
  unsigned char h[18] = {};
  in.read(reinterpret_cast<char *>(h), sizeof h);
  return in && std::memcmp(h, "\x7f" "ELF", 4) == 0 && h[16] == 1 /*ET_REL*/ && h[17] == 0;
}

/// simt-emu next to this tool (else on PATH).
std::string simtEmuPath() {
  char self[PATH_MAX];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n > 0) {
    self[n] = 0;
    auto sibling = std::filesystem::path(self).parent_path() / "simt-emu";
    if (std::filesystem::exists(sibling))
      return sibling.string();
  }
  return "simt-emu";
}

/// The counts file the program wrote at its end, if it did.
std::optional<san::Tally> readTally(const std::string &path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return san::Tally::parse(text.str());
}

} // namespace

int main(int argc, char **argv) {
  if (simt::rt::printOptionsMarkdown(argc, argv, san::SanitizerFlags::printMarkdown))
    return 0;
  CLI::App App{"simt-sanitizer: memcheck, racecheck, initcheck and synccheck for programs "
               "built by simt-nvcc (and simt-emu's objects and run scripts)"};
  App.set_version_flag("--version", "simt-sanitizer " SIMT_VERSION);
  App.footer("Reference: docs/tools/simt-sanitizer.md; the tools: docs/sanitizer.md.");
  App.prefix_command(); // the program's own arguments follow it untouched
  san::SanitizerFlags Flags(App);
  try {
    App.parse(argc, argv);
  } catch (const CLI::ParseError &E) {
    return App.exit(E) == 0 ? 0 : 2;
  }
  std::vector<std::string> Command = App.remaining();
  // CLI11 stops at the first word it does not know: an option it does not
  // know is the user's mistake, not the program to run (./-name runs one).
  if (!Command.empty() && Command[0].size() > 1 && Command[0][0] == '-') {
    std::cerr << "simt-sanitizer: error: unknown option '" << Command[0]
              << "' (simt-sanitizer --help lists them)\n";
    return 2;
  }
  if (Command.empty()) {
    std::cerr << "simt-sanitizer: error: no program to run (simt-sanitizer --tool TOOL ./app "
                 "ARGS)\n";
    return 2;
  }
  auto Parsed = Flags.options();
  if (!Parsed) {
    std::cerr << "simt-sanitizer: error: " << Parsed.message() << "\n";
    return 2;
  }
  if (!Parsed->suppressions.empty()) {
    // Checked here: a program whose SIMT_EMU_FLAGS are wrong runs without
    // its CUDA calls.
    if (auto S = san::Suppressions::load(Parsed->suppressions); !S) {
      std::cerr << "simt-sanitizer: error: " << S.message() << "\n";
      return 2;
    }
    Parsed->suppressions = std::filesystem::absolute(Parsed->suppressions).string();
  }
  // The log file is named once, here (%p is this tool's process id), and
  // the program appends its reports to it.
  std::ofstream Log;
  if (!Parsed->logFile.empty()) {
    auto Name = san::expandLogFileName(Parsed->logFile, long(getpid()));
    if (!Name) {
      std::cerr << "simt-sanitizer: error: " << Name.message() << "\n";
      return 2;
    }
    Log.open(*Name, std::ios::trunc);
    if (!Log) {
      std::cerr << "simt-sanitizer: error: --log-file: cannot write '" << *Name << "'\n";
      return 2;
    }
    Parsed->logFile = std::filesystem::absolute(*Name).string();
    if (Parsed->logFile.find_first_of(", \t%") != std::string::npos) {
      std::cerr << "simt-sanitizer: error: --log-file: '" << Parsed->logFile
                << "': the name cannot hold a comma, a space or a '%' after expansion\n";
      return 2;
    }
  }
  std::ostream &Out = Log.is_open() ? static_cast<std::ostream &>(Log) : std::cout;
  char Counts[] = "/tmp/simt-sanitizer-XXXXXX";
  const int Fd = mkstemp(Counts);
  if (Fd < 0) {
    std::cerr << "simt-sanitizer: error: cannot make a temporary file\n";
    return 1;
  }
  close(Fd);
  Parsed->summaryFile = Counts;
  std::remove(Counts); // the program writes it at exit
  const std::string Flag = "--sanitize=" + san::toSpec(*Parsed);

  std::vector<std::string> Argv;
  if (runsUnderSimtEmu(Command[0])) {
    Argv.push_back(simtEmuPath());
    Argv.insert(Argv.end(), Command.begin(), Command.end());
    Argv.push_back(Flag);
  } else {
    Argv = Command;
    const char *Old = std::getenv("SIMT_EMU_FLAGS");
    setenv("SIMT_EMU_FLAGS", ((Old ? std::string(Old) + " " : std::string()) + Flag).c_str(), 1);
  }
  san::printLines(Out, {"SIMT-SANITIZER"});
  Log.close(); // the program appends to it
  const pid_t Pid = fork();
  if (Pid == 0)
    simt::rt::execOrExit(Argv, "simt-sanitizer");
  // Ctrl-C and Ctrl-\ are the program's (as system() leaves them): the
  // sanitizer waits, then removes its files and closes the run.
  std::signal(SIGINT, SIG_IGN);
  std::signal(SIGQUIT, SIG_IGN);
  bool Signaled = false;
  const int Rc = simt::rt::waitExitCode(Pid, &Signaled);
  std::optional<san::Tally> Tally = readTally(Counts);
  const std::string Partial = san::partialTallyFile(Counts);
  // Ended before its exit handlers: the counts up to its last device run
  // or host report.
  if (!Tally)
    Tally = readTally(Partial).value_or(san::Tally{});
  // Killed by a signal, it is an error of its own, as compute-sanitizer
  // counts it.
  if (Signaled)
    ++Tally->errors;
  std::remove(Counts);
  std::remove(Partial.c_str());
  std::remove((Partial + ".new").c_str());
  if (!Parsed->logFile.empty())
    Log.open(Parsed->logFile, std::ios::app);
  if (Signaled)
    san::printLines(Out, {"Error: process didn't terminate successfully"});
  san::printLines(Out, san::closingLines(*Tally, Parsed->tool == san::Tool::Racecheck, Rc != 0));
  return Tally->errors && Parsed->errorExitcode ? Parsed->errorExitcode : Rc;
}
