//===-- Inferior.cpp - Starting, waiting for and restarting the program ---===//
#include "dbg/program/Inferior.h"
#include "dbg/GdbSettings.h"

#include "dbg/program/ControlFile.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <elf.h>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sys/wait.h>
#include <unistd.h>

namespace simt::dbg {

/// The debugging runtime: lib64/ beside bin/, as the build and the install
/// lay them out.
std::string agentLibrary() {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return (self.parent_path().parent_path() / "lib64" / "libsimt-dbg-cudart.so").string();
}

namespace {
std::string joined(const std::vector<std::string> &words) {
  std::string s;
  for (const std::string &w : words)
    s += (s.empty() ? "" : " ") + w;
  return s;
}

/// gdb's words for how a process ended.
std::string describeEnd(int status, pid_t pid) {
  if (WIFEXITED(status))
    return describeExit(WEXITSTATUS(status), uint64_t(pid));
  if (WIFSIGNALED(status))
    return describeTermination(WTERMSIG(status));
  return "[Inferior 1 ended]";
}

/// Starts the program; its pid, or -1 with the reason in *error (exec's
/// failure comes back through a close-on-exec pipe).
pid_t startProgram(const ProgramLaunch &l, const std::string &control, std::string *error) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    *error = std::strerror(errno);
    return -1;
  }
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    for (const auto &[name, value] : programVariables(l, control))
      setenv(name.c_str(), value.c_str(), 1);
    std::vector<char *> args;
    for (const std::string &a : l.argv)
      args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);
    execvp(args[0], args.data());
    const int e = errno;
    (void)!write(fds[1], &e, sizeof e);
    _exit(127);
  }
  close(fds[1]);
  int e = 0;
  const bool failed = read(fds[0], &e, sizeof e) == sizeof e;
  close(fds[0]);
  if (pid < 0 || failed) {
    *error = std::strerror(pid < 0 ? errno : e);
    if (pid > 0)
      waitpid(pid, nullptr, 0);
    return -1;
  }
  return pid;
}
} // namespace

std::vector<std::pair<std::string, std::string>> programVariables(const ProgramLaunch &l,
                                                                  const std::string &control) {
  std::vector<std::pair<std::string, std::string>> vars;
  vars.emplace_back(kControlVariable, control);
  std::string preload = agentLibrary();
  if (const char *p = std::getenv("LD_PRELOAD"); p && *p)
    preload += std::string(":") + p;
  vars.emplace_back("LD_PRELOAD", preload);
  if (!l.deviceArgs.empty()) {
    const char *flags = std::getenv("SIMT_EMU_FLAGS");
    vars.emplace_back("SIMT_EMU_FLAGS", (flags && *flags ? std::string(flags) + " " : "") +
                                            joined(l.deviceArgs));
  }
  return vars;
}

namespace {
std::string inferiorName(uint64_t pid) {
  return pid ? "Inferior 1 (process " + std::to_string(pid) + ")" : "Inferior 1";
}
} // namespace

std::string describeExit(int code, uint64_t pid) {
  if (!code)
    return "[" + inferiorName(pid) + " exited normally]";
  char buf[32];
  std::snprintf(buf, sizeof buf, " exited with code %02o]", unsigned(code));
  return "[" + inferiorName(pid) + buf;
}

std::string describeTermination(int sig) {
  const char *abbrev = sigabbrev_np(sig);
  return std::string("\nProgram terminated with signal SIG") + (abbrev ? abbrev : "?") + ", " +
         strsignal(sig) + ".\nThe program no longer exists.";
}

std::string describeKill(uint64_t pid) { return "[" + inferiorName(pid) + " killed]"; }

std::string killQuestion(bool batch) {
  if ((!batch && isatty(STDIN_FILENO)) || !gdbSettings().confirm)
    return "";
  return "Kill the program being debugged? (y or n) [answered Y; input not from terminal]\n";
}

bool isHostExecutable(const std::string &path) {
  std::ifstream f(path, std::ios::binary);
  Elf64_Ehdr h{};
  if (!f.read(reinterpret_cast<char *>(&h), sizeof h))
    return false;
  if (std::memcmp(h.e_ident, ELFMAG, SELFMAG) != 0)
    return false;
  return (h.e_type == ET_EXEC || h.e_type == ET_DYN) && (h.e_machine == EM_X86_64 ||
                                                        h.e_machine == EM_AARCH64);
}

int debugProgram(const ProgramLaunch &launch, std::ostream &out) {
  if (!std::filesystem::exists(agentLibrary())) {
    out << "simt-dbg: error: the debugging runtime " << agentLibrary() << " is missing\n";
    return 1;
  }
  ControlState state;
  state.batch = launch.batch;
  auto lines = startupLines(launch.commands);
  if (!lines) {
    out << "simt-dbg: error: command file: " << lines.message() << "\n";
    return 1;
  }
  state.input = std::move(*lines);
  std::string control =
      (std::filesystem::temp_directory_path() / "simt-dbg-XXXXXX").string();
  const int fd = mkstemp(control.data());
  if (fd < 0) {
    out << "simt-dbg: error: cannot make a control file: " << std::strerror(errno) << "\n";
    return 1;
  }
  close(fd);
  if (!launch.batch && isatty(STDIN_FILENO))
    out << "simt-dbg " SIMT_VERSION ": `help` lists the commands, `run` starts the program.\n";
  int result = 0;
  for (;;) {
    state.end = RunEnd::Running;
    if (rt::Status s = writeControlFile(control, state); !s) {
      out << "simt-dbg: error: " << s.message() << "\n";
      result = 1;
      break;
    }
    out.flush();
    std::string error;
    const pid_t pid = startProgram(launch, control, &error);
    if (pid < 0) {
      out << "simt-dbg: error: cannot run '" << launch.argv[0] << "': " << error << "\n";
      result = 1;
      break;
    }
    // Ctrl-C is the debugger's, in the program.
    struct sigaction ignore = {}, saved = {};
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGINT, &ignore, &saved);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    sigaction(SIGINT, &saved, nullptr);
    auto next = readControlFile(control);
    if (!next) {
      out << "simt-dbg: error: " << next.message() << "\n";
      result = 1;
      break;
    }
    state = std::move(*next);
    if (state.end == RunEnd::Quit || state.end == RunEnd::EndOfInput)
      break;
    out << (state.end == RunEnd::Killed ? describeKill(uint64_t(pid)) : describeEnd(status, pid))
        << "\n";
    if (state.batch && state.input.empty())
      break;
    state.autorun = false; // at the prompt again, breakpoints kept
  }
  std::filesystem::remove(control);
  std::filesystem::remove(control + ".new");
  return result;
}

} // namespace simt::dbg
