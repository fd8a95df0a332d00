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
  /// and including main's: the function, the return address in its
  /// module (as the module's file numbers it) and the module's name.
  std::vector<std::string> frameLines() const;

private:
  std::vector<uintptr_t> pcs_;
};

/// The lines a report adds for `stack` (none when it is empty): "Saved host
/// backtrace up to driver entry point at WHEN" and its frames, indented.
std::vector<std::string> hostBacktraceLines(const HostBacktrace &stack, const char *when);

} // namespace simt::rt::sanitizer
