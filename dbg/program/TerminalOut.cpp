//===-- TerminalOut.cpp - The debugger's output inside the program --------===//
#include "dbg/program/TerminalOut.h"

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

namespace simt::dbg {

TerminalOutBuf::TerminalOutBuf() : fd_(fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)) {
  if (fd_ < 0) // no descriptor 1 to copy: write to whatever becomes 1
    fd_ = STDOUT_FILENO;
}

TerminalOutBuf::~TerminalOutBuf() {
  if (fd_ != STDOUT_FILENO)
    close(fd_);
}

void TerminalOutBuf::restoreDescriptor() const {
  if (fd_ != STDOUT_FILENO)
    dup2(fd_, STDOUT_FILENO);
}

int TerminalOutBuf::overflow(int c) {
  if (c == traits_type::eof())
    return traits_type::not_eof(c);
  const char ch = char(c);
  return xsputn(&ch, 1) == 1 ? c : traits_type::eof();
}

std::streamsize TerminalOutBuf::xsputn(const char *s, std::streamsize n) {
  std::fflush(stdout); // what the program printed first comes first
  std::streamsize done = 0;
  while (done < n) {
    const ssize_t w = write(fd_, s + done, size_t(n - done));
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      break;
    done += w;
  }
  return done;
}

} // namespace simt::dbg
