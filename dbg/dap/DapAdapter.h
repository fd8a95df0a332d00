//===-- DapAdapter.h - One DAP session over a host-and-device session -----===//
//
// DapServer.h's adapter, shared by its files: requests that start, run and
// stop the program (DapServer.cpp), and those that look at a stop: threads,
// frames, scopes, variables, evaluate, disassemble (DapInspect.cpp).
// Frame and variable references hold until the program runs again, as DAP
// allows; thread ids hold for the session (host threads: LLDB's index ids;
// warps: from kFirstWarpId, one per grid, block and warp).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "dbg/dap/DapTransport.h"
#include "dbg/host/Session.h"
#include "dbg/program/Inferior.h"

#include <array>
#include <atomic>
#include <map>
#include <memory>
#include <ostream>
#include <streambuf>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

namespace simt::dbg::dap {

using llvm::json::Object;

/// A warp as the device debugger names it.
struct WarpKey {
  uint64_t grid = 0;
  std::array<uint32_t, 3> cta{};
  uint32_t warp = 0;
  std::string thread; ///< its lane 0's threadIdx: "(32,0,0)"
  auto operator<=>(const WarpKey &o) const {
    return std::tie(grid, cta, warp) <=> std::tie(o.grid, o.cta, o.warp);
  }
  bool operator==(const WarpKey &o) const { return (*this <=> o) == 0; }
};

/// A warp as the device's answers name it (Dap.cpp): {"grid", "cta", "warp",
/// "thread"}.
WarpKey warpKeyOf(const Object &warp);

inline constexpr int64_t kFirstWarpId = 100000;

/// Set by the reader thread when `disconnect` or `terminate` arrives: it
/// interrupts a program that runs, and the stop that ends the run is not
/// reported (the session is ending).
inline std::atomic<bool> endRequested{false};

/// A request's integer or string argument (`fallback` or "" when absent).
inline int64_t integerArg(const Object &r, llvm::StringRef name, int64_t fallback = 0) {
  const Object *a = r.getObject("arguments");
  return a ? a->getInteger(name).value_or(fallback) : fallback;
}
inline std::string stringArg(const Object &r, llvm::StringRef name) {
  const Object *a = r.getObject("arguments");
  return a ? a->getString(name).value_or("").str() : "";
}
/// A command's output without its trailing newlines and blanks.
inline std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' '))
    s.pop_back();
  return s;
}

/// A device global address as a DAP memory reference ("cuda:global:0x...";
/// a plain address is the host's).
inline constexpr const char *kDeviceMemoryPrefix = "cuda:global:";

class Adapter {
public:
  explicit Adapter(Transport &t);
  ~Adapter();
  /// Handles one request (not `pause`: the reader thread answers it, while
  /// the command loop may wait for the program); false after disconnect.
  bool handle(const Object &request);

private:
  /// The requests that need a program; false for one simt-dbg does not know.
  bool withProgram(const std::string &cmd, const Object &r);
  // Start and end (DapServer.cpp).
  void initialize(const Object &r);
  void launch(const Object &r);
  void configurationDone(const Object &r);
  void disconnect(const Object &r);
  /// Ends the program (DAP's terminate); the session goes on to `disconnect`.
  void terminate(const Object &r);
  void setBreakpoints(const Object &r, bool functions);
  // Running (DapServer.cpp).
  void resume(const Object &r, const std::string &command);
  /// Runs a command line; when it let the program run, reports the stop
  /// (true). False when the program did not run (the command failed).
  bool command(const std::string &line);
  void reportStop();
  // Looking (DapInspect.cpp).
  void threads(const Object &r);
  void stackTrace(const Object &r);
  void scopes(const Object &r);
  void variables(const Object &r);
  void evaluate(const Object &r);
  void disassemble(const Object &r);
  // Changing and reading (DapMemory.cpp).
  void readMemory(const Object &r);
  void setVariable(const Object &r);

  /// What the session printed since the last take (its own lines and the
  /// program's, in order).
  std::string take();
  /// Sends what the session printed as console output.
  void flushConsole();
  /// A device query's JSON answer (Dap.cpp's commands); null on failure.
  std::optional<Object> ask(const std::string &query);
  /// The objects of the array `key` in a device query's answer (none when
  /// the query failed).
  std::vector<Object> askList(const std::string &query, llvm::StringRef key);
  /// Focuses the device debugger on the warp and frame of frame `id`.
  void focusFrame(int64_t id);
  /// Focuses the device debugger on warp thread `id` (and frame `frame`).
  bool focusWarp(int64_t id, int frame = -1);
  bool isWarp(int64_t thread) const { return thread >= kFirstWarpId; }
  int64_t warpId(const WarpKey &k);
  /// The device's resident warps, with ids; refreshes warps_.
  std::vector<std::pair<int64_t, std::string>> deviceThreads();

  /// Collects what the session and the program print.
  class Console : public std::streambuf {
  public:
    explicit Console(Adapter &a) : a_(a) {}

  protected:
    int overflow(int c) override;
    std::streamsize xsputn(const char *s, std::streamsize n) override;

  private:
    Adapter &a_;
  };
  /// Bytes the session or the program printed; `category`: DAP's output
  /// category (console: the debugger's lines; stdout, stderr: the program's).
  void collect(const char *category, std::string_view bytes);

  Transport &t_;
  Console consoleBuf_{*this};
  std::ostream console_{&consoleBuf_};
  std::mutex collecting_;
  std::string collected_;
  std::atomic<bool> running_{false};

  ProgramLaunch launch_;
  std::unique_ptr<host::Session> session_;
  bool stopOnEntry_ = false, terminated_ = false;

  // Breakpoints: by source (or functions), the numbers. A hit condition N
  // is the breakpoint's ignore count N - 1 (`ignore`, as lldb-dap's
  // SetIgnoreCount), so the debugger passes those hits without stopping.
  std::map<std::string, std::vector<int>> bySource_;

  // Threads and handles.
  std::map<WarpKey, int64_t> warpIds_;
  std::map<int64_t, WarpKey> warps_;
  int64_t nextWarpId_ = kFirstWarpId;
  WarpKey focused_;
  bool haveFocus_ = false;
  struct Frame {
    int64_t thread;
    uint32_t index;
  };
  std::vector<Frame> frames_;
  struct HostVars {
    int64_t frame;
    bool arguments;
  };
  struct DeviceVars {
    int64_t frame;
    std::string kind; ///< locals, args, registers
  };
  struct DeviceLanes {
    int64_t frame;
    std::string expression;
  };
  using Handle = std::variant<HostVars, lldb::SBValue, DeviceVars, DeviceLanes>;
  std::vector<Handle> handles_;
  int64_t handle(Handle h) {
    handles_.push_back(std::move(h));
    return int64_t(handles_.size());
  }
  /// The program ran: references from before are stale.
  void forgetStop() {
    frames_.clear();
    handles_.clear();
  }
};

} // namespace simt::dbg::dap
