//===-- HostBacktrace.h - The program's calls that led to a CUDA call -----===//
//
// compute-sanitizer's "Saved host backtrace up to driver entry point": the
// return addresses of the program's frames when a CUDA call is made (a
// launch, an allocation, a call that fails), taken then and symbolised
// (LLVM's symbolizer) only when a report shows them. The frames of the
// library that takes them (libcudart, which holds the emulator) are left
// out, as NVIDIA's stop at the driver; the frames shown end at `main`.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace simt::rt::sanitizer {

class HostBacktrace {
public:
  /// The calling thread's stack now, without this library's frames.
  static HostBacktrace capture();
  bool empty() const { return pcs_.empty(); }
  /// "Host Frame: main [0x8b82] in app" a frame, innermost first, up to
  /// and including main's: the function (named as --demangle says), the
  /// return address in its module (as the module's file numbers it) and the
  /// module's name.
  std::vector<std::string> frameLines(const std::string &demangle) const;

private:
  std::vector<uintptr_t> pcs_;
};

/// The lines a report adds for `stack` (none when it is empty): "Saved host
/// backtrace up to driver entry point at WHEN" and its frames, indented.
std::vector<std::string> hostBacktraceLines(const HostBacktrace &stack, const char *when,
                                            const std::string &demangle);

/// A function's name in a report, from its symbol, as --demangle says: ""
/// or "full" demangled with its parameters (a device function in NVIDIA's
/// words, cudaStyleSignature; a host one in LLVM's), "simple" without
/// parameters or template arguments, "no" the symbol itself.
std::string reportedName(std::string_view symbol, const std::string &demangle, bool device);

} // namespace simt::rt::sanitizer
