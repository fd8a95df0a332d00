//===-- OutputRelay.cpp - The program's output, in order with simt-dbg's --===//
#include "dbg/host/OutputRelay.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

namespace simt::dbg {

OutputRelay::~OutputRelay() {
  stop_ = true;
  if (thread_.joinable())
    thread_.join();
  for (auto &p : pipes_)
    for (int fd : p)
      if (fd >= 0)
        close(fd);
}

bool OutputRelay::start(std::string *error) {
  // The read ends do not block (sync drains them); the write ends stay open
  // here for as long as programs may be started to open them.
  for (auto &p : pipes_) {
    if (pipe2(p, O_CLOEXEC) != 0) {
      *error = std::strerror(errno);
      return false;
    }
    fcntl(p[0], F_SETFL, O_NONBLOCK);
  }
  thread_ = std::thread([this] { loop(); });
  return true;
}

std::string OutputRelay::path(int fd) {
  return "/proc/" + std::to_string(getpid()) + "/fd/" + std::to_string(fd);
}

bool OutputRelay::drain(Stream from) {
  const int in = pipes_[int(from)][0];
  const int file = outputFile_;
  const int to = from == Stream::Error ? STDERR_FILENO
                 : file >= 0          ? file
                                      : STDOUT_FILENO;
  char buf[8192];
  for (;;) {
    const ssize_t n = read(in, buf, sizeof buf);
    if (n == 0)
      return false;
    if (n < 0)
      return errno == EINTR ? drain(from) : true;
    if (sink_ && !(from == Stream::Output && file >= 0)) {
      sink_(from, std::string_view(buf, size_t(n)));
      continue;
    }
    for (ssize_t done = 0; done < n;) {
      const ssize_t w = write(to, buf + done, size_t(n - done));
      if (w < 0 && errno != EINTR)
        return true; // our own output is gone: the bytes are dropped
      done += w < 0 ? 0 : w;
    }
  }
}

void OutputRelay::sync() {
  std::lock_guard<std::mutex> lock(mutex_);
  for (Stream s : {Stream::Output, Stream::Error, Stream::Debugger})
    drain(s);
}

void OutputRelay::loop() {
  pollfd fds[3] = {{pipes_[0][0], POLLIN, 0}, {pipes_[1][0], POLLIN, 0}, {pipes_[2][0], POLLIN, 0}};
  while (!stop_) {
    if (poll(fds, 3, 50) > 0)
      sync();
  }
}

} // namespace simt::dbg
