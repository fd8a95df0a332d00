//===-- ChildProcess.cpp - Running a program as a tool's child ------------===//
#include "runtime/ChildProcess.h"

#include <cerrno>
#include <cstring>
#include <iostream>
#include <sys/wait.h>
#include <unistd.h>

namespace simt::rt {

void execOrExit(std::vector<std::string> argv, const char *tool) {
  std::vector<char *> args;
  for (std::string &a : argv)
    args.push_back(a.data());
  args.push_back(nullptr);
  execvp(args[0], args.data());
  std::cerr << tool << ": error: cannot run '" << argv[0] << "': " << std::strerror(errno)
            << "\n";
  _exit(127);
}

int waitExitCode(pid_t pid, bool *signaled) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (signaled)
    *signaled = WIFSIGNALED(status);
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}

} // namespace simt::rt
