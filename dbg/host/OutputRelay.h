//===-- OutputRelay.h - The program's output, in order with simt-dbg's ----===//
//
// A program LLDB starts gets its standard output and error from the paths
// simt-dbg names: here, the write ends of pipes of simt-dbg's own
// (/proc/PID/fd/N), so the program's bytes reach simt-dbg's own output and
// error whatever those are (a terminal, a pipe, a file, which a path could
// not reopen at the right offset). A thread copies them while the program
// runs; at a stop, sync() copies whatever is left, so everything the program
// wrote before the stop comes before what simt-dbg prints about it. A third
// pipe can carry the device debugger's own lines apart from the program's
// (the DAP server shows them in the debug console, not as program output).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <atomic>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

namespace simt::dbg {

class OutputRelay {
public:
  enum class Stream { Output, Error, Debugger };

  OutputRelay() = default;
  OutputRelay(const OutputRelay &) = delete;
  OutputRelay &operator=(const OutputRelay &) = delete;
  ~OutputRelay();

  /// Makes the pipes and starts the copying thread; false with *error set.
  bool start(std::string *error);
  /// The paths the program opens as its standard output and error, and the
  /// one the device debugger in it may write its own lines to.
  std::string outputPath() const { return path(pipes_[0][1]); }
  std::string errorPath() const { return path(pipes_[1][1]); }
  std::string debuggerPath() const { return path(pipes_[2][1]); }
  /// Copies what the pipes hold now (call it while the program is stopped).
  void sync();
  /// Where the bytes go instead of simt-dbg's own output and error (the
  /// DAP server's events). Set it before start().
  using Sink = std::function<void(Stream from, std::string_view bytes)>;
  void setSink(Sink sink) { sink_ = std::move(sink); }
  /// Where the program's output goes instead of simt-dbg's own: an open
  /// file (`run > FILE 2>&1`, whose two streams share the output pipe), or
  /// -1 for simt-dbg's output again. Set it while the program is stopped.
  void setOutputFile(int fd) { outputFile_ = fd; }

private:
  static std::string path(int fd);
  /// Copies what stream `from` holds now to simt-dbg's output (or the
  /// sink); false at its end.
  bool drain(Stream from);
  void loop();

  int pipes_[3][2] = {{-1, -1}, {-1, -1}, {-1, -1}}; // by Stream: read end, write end
  std::atomic<int> outputFile_{-1};
  std::mutex mutex_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
  Sink sink_;
};

} // namespace simt::dbg
