//===-- DapTransport.h - Debug Adapter Protocol messages on two fds -------===//
//
// DAP's base protocol: each message is a JSON object after a
// `Content-Length: N` header and a blank line, both ways. The adapter reads
// requests on one thread and writes responses and events from two (the
// command loop, and the output relay while the program runs): send() is
// thread-safe and numbers every message it writes (`seq`).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/Support/JSON.h"

#include <cstdio>
#include <mutex>
#include <optional>
#include <string>

namespace simt::dbg::dap {

class Transport {
public:
  /// `log`: a file that gets every message both ways (SIMT_DBG_DAP_LOG), or null.
  Transport(int in, int out, std::FILE *log = nullptr) : in_(in), out_(out), log_(log) {}

  /// The next message; nullopt at the end of the input, or when it is not a
  /// DAP message (*error says why; empty at a clean end).
  std::optional<llvm::json::Object> read(std::string *error);

  void send(llvm::json::Object message);
  void event(const std::string &name, llvm::json::Object body = {});
  /// The response to `request`: success, or failure with `message`.
  void respond(const llvm::json::Object &request, llvm::json::Object body = {});
  void fail(const llvm::json::Object &request, const std::string &message);

private:
  /// Reads until `buffered_` holds `n` bytes; false at the end of input.
  bool fill(size_t n);

  void trace(const char *direction, const std::string &body);

  int in_, out_;
  std::FILE *log_;
  std::string buffered_;
  std::mutex writing_;
  int64_t seq_ = 1;
};

} // namespace simt::dbg::dap
