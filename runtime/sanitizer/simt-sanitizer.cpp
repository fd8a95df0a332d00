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

#include <algorithm>
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

/// A counts file a process wrote, if it did.
std::optional<san::Tally> readTally(const std::string &path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return san::Tally::parse(text.str());
}

/// The run's counts: the sum of every process's in `dir` (the program's
/// and those it started), each its file at exit or, ended before its exit
/// handlers (a signal), its counts so far; none when no process started
/// the tool (no CUDA call). Removes the directory.
std::optional<san::Tally> sumTallies(const std::string &dir, const std::string &summaryFile) {
  std::optional<san::Tally> sum;
  std::error_code ec;
  std::vector<std::string> pids;
  const std::string prefix = std::filesystem::path(summaryFile).filename().string() + ".";
  for (const auto &e : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (name.starts_with(prefix) && name.find('.', prefix.size()) == std::string::npos)
      pids.push_back(name.substr(prefix.size())); // counts.PID: ended normally
    else if (name.ends_with(".partial"))
      pids.push_back(name.substr(prefix.size(), name.size() - prefix.size() - 8));
  }
  std::sort(pids.begin(), pids.end());
  pids.erase(std::unique(pids.begin(), pids.end()), pids.end());
  for (const std::string &pid : pids) {
    std::optional<san::Tally> t = readTally(summaryFile + "." + pid);
    if (!t)
      t = readTally(summaryFile + "." + pid + ".partial");
    if (t)
      sum = sum.value_or(san::Tally{}) += *t;
  }
  std::filesystem::remove_all(dir, ec);
  return sum;
}

/// Names --log-file's or --save's file once (%p is this tool's process
/// id), for the program to append to: `name` becomes the absolute path,
/// and `file` is it, opened empty. False after an error message.
bool nameOutputFile(const char *flag, std::string &name, std::ofstream &file) {
  auto Expanded = san::expandLogFileName(name, long(getpid()));
  if (!Expanded) {
    std::cerr << "simt-sanitizer: error: " << flag << ": " << Expanded.message() << "\n";
    return false;
  }
  file.open(*Expanded, std::ios::trunc);
  if (!file) {
    std::cerr << "simt-sanitizer: error: " << flag << ": cannot write '" << *Expanded << "'\n";
    return false;
  }
  name = std::filesystem::absolute(*Expanded).string();
  // The name travels in SIMT_EMU_FLAGS, inside --sanitize's list.
  if (name.find_first_of(", \t%") != std::string::npos) {
    std::cerr << "simt-sanitizer: error: " << flag << ": '" << name
              << "': the name cannot hold a comma, a space or a '%' after expansion\n";
    return false;
  }
  return true;
}

/// --read: the reports a run saved, printed again, and their summary.
int printSaved(const std::string &path, const std::string &prefix, bool quiet) {
  std::ifstream in(path);
  if (!in) {
    std::cerr << "simt-sanitizer: error: --read: cannot read '" << path << "'\n";
    return 2;
  }
  std::stringstream text;
  text << in.rdbuf();
  auto Reports = san::SavedReport::parseAll(text.str());
  if (!Reports) {
    std::cerr << "simt-sanitizer: error: --read: " << path << ": " << Reports.message() << "\n";
    return 2;
  }
  san::Tally Tally;
  if (!quiet)
    san::printLines(std::cout, {"SIMT-SANITIZER"}, prefix);
  for (const san::SavedReport &R : *Reports) {
    if (R.level == san::SavedReport::Level::Note) {
      san::printLines(std::cout, R.lines, prefix);
      continue;
    }
    ++(R.level == san::SavedReport::Level::Error ? Tally.errors : Tally.warnings);
    for (const std::string &Line : san::reportLines(R.lines, prefix))
      std::cout << Line << "\n";
  }
  if (!quiet)
    san::printLines(std::cout, san::closingLines(Tally, false, false), prefix);
  return 0;
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
  const san::SanitizerFlags::ToolOptions &Own = Flags.toolOptions();
  auto Parsed = Flags.options();
  if (!Parsed) {
    std::cerr << "simt-sanitizer: error: " << Parsed.message() << "\n";
    return 2;
  }
  if (Own.xml && Parsed->save.empty()) {
    std::cout << "--xml was enabled but no save location was specified\n"; // compute-sanitizer's
    return 255;
  }
  if (Own.xml) {
    std::cerr << "simt-sanitizer: error: --xml: compute-sanitizer's XML records are not "
                 "written here; --save FILE without --xml keeps the reports as text\n";
    return 2;
  }
  if (Parsed->padding > (uint64_t(1) << 32)) {
    std::cerr << "simt-sanitizer: error: --padding: " << Parsed->padding
              << " bytes is more than the address space's window (at most 4294967296)\n";
    return 2;
  }
  if (Parsed->prefix.find_first_of(", \t") != std::string::npos) {
    std::cerr << "simt-sanitizer: error: --prefix: '" << Parsed->prefix
              << "' cannot hold a comma or a space\n";
    return 2;
  }
  const std::string Prefix =
      Parsed->prefix.empty() ? std::string(san::kDefaultPrefix) : Parsed->prefix;
  if (!Own.read.empty())
    return printSaved(Own.read, Prefix, Own.quiet);
  if (!Own.kernelRegex.empty()) {
    std::cout << "Option kernel-regex is deprecated, please refer to the option kernel-name"
              << std::endl; // before the program writes
    if (Parsed->kernelName.empty())
      Parsed->kernelName = Own.kernelRegex;
  }
  if (Command.empty()) {
    std::cerr << "simt-sanitizer: error: no program to run (simt-sanitizer --tool TOOL ./app "
                 "ARGS)\n";
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
    if (!nameOutputFile("--log-file", Parsed->logFile, Log))
      return 2;
  }
  if (!Parsed->save.empty()) {
    std::ofstream Saved;
    if (!nameOutputFile("--save", Parsed->save, Saved))
      return 2;
  }
  std::ostream &Out = Log.is_open() ? static_cast<std::ostream &>(Log) : std::cout;
  // Each process of the program writes its counts here (processTallyFile).
  char CountsDir[] = "/tmp/simt-sanitizer-XXXXXX";
  if (!mkdtemp(CountsDir)) {
    std::cerr << "simt-sanitizer: error: cannot make a temporary directory\n";
    return 1;
  }
  Parsed->summaryFile = std::string(CountsDir) + "/counts";
  // Run in the child: with --target-processes application-only, the
  // flags name its process, which processes it starts inherit.
  auto Run = [&] {
    if (!Parsed->allProcesses)
      Parsed->rootProcess = std::to_string(getpid());
    const std::string Flag = "--sanitize=" + san::toSpec(*Parsed);
    std::vector<std::string> Argv;
    if (runsUnderSimtEmu(Command[0])) {
      Argv.push_back(simtEmuPath());
      Argv.insert(Argv.end(), Command.begin(), Command.end());
      Argv.push_back(Flag);
    } else {
      Argv = Command;
      const char *Old = std::getenv("SIMT_EMU_FLAGS");
      setenv("SIMT_EMU_FLAGS", ((Old ? std::string(Old) + " " : std::string()) + Flag).c_str(),
             1);
    }
    simt::rt::execOrExit(Argv, "simt-sanitizer");
  };
  if (!Own.quiet)
    san::printLines(Out, {"SIMT-SANITIZER"}, Prefix);
  Log.close(); // the program appends to it
  const pid_t Pid = fork();
  if (Pid == 0)
    Run();
  // Ctrl-C and Ctrl-\ are the program's (as system() leaves them): the
  // sanitizer waits, then removes its files and closes the run.
  std::signal(SIGINT, SIG_IGN);
  std::signal(SIGQUIT, SIG_IGN);
  bool Signaled = false;
  const int Rc = simt::rt::waitExitCode(Pid, &Signaled);
  std::optional<san::Tally> Tally = sumTallies(CountsDir, Parsed->summaryFile);
  const bool Instrumented = Tally.has_value();
  if (!Parsed->logFile.empty())
    Log.open(Parsed->logFile, std::ios::app);
  // A program killed by a signal: compute-sanitizer says so (with a hint
  // for a host segmentation fault), counts no error for it, and exits with
  // the signal's number.
  const int Status = Signaled ? Rc - 128 : Rc;
  if (Signaled) {
    std::vector<std::string> Lines = {"Error: process didn't terminate successfully"};
    if (Status == SIGSEGV)
      Lines.push_back("    The application may have hit an error when dereferencing Unified "
                      "Memory from the host. Please rerun the application under cuda-gdb or a "
                      "host debugger to catch host side errors.");
    san::printLines(Out, Lines, Prefix);
  }
  // The program could not be started (execOrExit said why): its status.
  if (!Instrumented && !Signaled && Status == 127)
    return Status;
  if (!Instrumented) {
    // compute-sanitizer's words; without --require-cuda-init no it is an
    // error of the tool (255), and no summary follows.
    std::vector<std::string> Lines = {
        std::string(Parsed->requireCudaInit ? "Error: " : "") +
        "Target application terminated before first instrumented API call"};
    if (!Parsed->allProcesses)
      Lines.push_back("Tracking kernels launched by child processes requires the "
                      "--target-processes all option.");
    san::printLines(Out, Lines, Prefix);
    return Parsed->requireCudaInit ? 255 : Status;
  }
  std::vector<std::string> Closing = san::closingLines(
      *Tally, Parsed->tool == san::Tool::Racecheck, Status != 0 && Parsed->checkExitCode);
  if (Own.quiet) // error messages only: the program's status, no summary
    std::erase_if(Closing, [](const std::string &L) { return L.find("SUMMARY") != L.npos; });
  san::printLines(Out, Closing, Prefix);
  return Tally->errors && Parsed->errorExitcode ? Parsed->errorExitcode : Status;
}
