//===-- OutputRelay.h - The program's output, in order with simt-dbg's ----===//
//
// A program LLDB starts gets its standard output and error from the paths
// simt-dbg names: here, the write ends of two pipes of simt-dbg's own
// (/proc/PID/fd/N), so the program's bytes reach simt-dbg's own output and
// error whatever those are (a terminal, a pipe, a file, which a path could
// not reopen at the right offset). A thread copies them while the program
// runs; at a stop, sync() copies whatever is left, so everything the program
// wrote before the stop comes before what simt-dbg prints about it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <atomic>
#include <mutex>
#include <string>
#include <thread>

namespace simt::dbg {

class OutputRelay {
public:
  OutputRelay() = default;
  OutputRelay(const OutputRelay &) = delete;
  OutputRelay &operator=(const OutputRelay &) = delete;
  ~OutputRelay();

  /// Makes the pipes and starts the copying thread; false with *error set.
  bool start(std::string *error);
  /// The paths the program opens as its standard output and error.
  std::string outputPath() const { return path(out_[1]); }
  std::string errorPath() const { return path(err_[1]); }
  /// Copies what the pipes hold now (call it while the program is stopped).
  void sync();

private:
  static std::string path(int fd);
  /// Copies what `from` holds now to `to`; false at its end.
  static bool drain(int from, int to);
  void loop();

  int out_[2] = {-1, -1}, err_[2] = {-1, -1};
  std::mutex mutex_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

} // namespace simt::dbg
