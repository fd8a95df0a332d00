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
  for (int fd : {out_[0], out_[1], err_[0], err_[1]})
    if (fd >= 0)
      close(fd);
}

bool OutputRelay::start(std::string *error) {
  // The read ends do not block (sync drains them); the write ends stay open
  // here for as long as programs may be started to open them.
  if (pipe2(out_, O_CLOEXEC) != 0 || pipe2(err_, O_CLOEXEC) != 0) {
    *error = std::strerror(errno);
    return false;
  }
  fcntl(out_[0], F_SETFL, O_NONBLOCK);
  fcntl(err_[0], F_SETFL, O_NONBLOCK);
  thread_ = std::thread([this] { loop(); });
  return true;
}

std::string OutputRelay::path(int fd) {
  return "/proc/" + std::to_string(getpid()) + "/fd/" + std::to_string(fd);
}

bool OutputRelay::drain(int from, int to) {
  char buf[8192];
  for (;;) {
    const ssize_t n = read(from, buf, sizeof buf);
    if (n == 0)
      return false;
    if (n < 0)
      return errno == EINTR ? drain(from, to) : true;
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
  drain(out_[0], STDOUT_FILENO);
  drain(err_[0], STDERR_FILENO);
}

void OutputRelay::loop() {
  pollfd fds[2] = {{out_[0], POLLIN, 0}, {err_[0], POLLIN, 0}};
  while (!stop_) {
    if (poll(fds, 2, 50) > 0)
      sync();
  }
}

} // namespace simt::dbg
