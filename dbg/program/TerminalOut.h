//===-- TerminalOut.h - The debugger's output inside the program ----------===//
//
// Where the agent inside a program writes its lines: the standard output
// the program started with (a copy of descriptor 1 taken before main), so
// that a program that sends its own output elsewhere (freopen of stdout,
// dup2 onto 1) does not take the debugger's with it, as cuda-gdb, a
// process of its own, never loses its output. Each write first flushes the
// program's stdio, so that the two keep their order where they share a
// terminal or a pipe.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <streambuf>

namespace simt::dbg {

class TerminalOutBuf final : public std::streambuf {
public:
  /// Copies descriptor 1 as it is now.
  TerminalOutBuf();
  ~TerminalOutBuf() override;
  TerminalOutBuf(const TerminalOutBuf &) = delete;
  TerminalOutBuf &operator=(const TerminalOutBuf &) = delete;
  /// Makes descriptor 1 the first standard output again (before the
  /// program is started over: the new run starts where the first did).
  void restoreDescriptor() const;

protected:
  int overflow(int c) override;
  std::streamsize xsputn(const char *s, std::streamsize n) override;

private:
  int fd_;
};

} // namespace simt::dbg
