//===-- GdbSettings.h - gdb's settings that scripts begin with --*- C++ -*-===//
//
// cuda-gdb scripts start with gdb's settings (`set pagination off`, `set
// confirm off`, `set print pretty on`, `set width 0`); in a command file
// one that fails ends the file, so every one of them must be accepted.
// Those that shape what simt-dbg prints take effect (print pretty,
// elements, repeats; confirm's kill question); the rest are kept and
// shown, as simt-dbg has nothing they change (no pager, no line wrapping:
// pagination off, height and width unlimited whatever they say).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace simt::dbg {

struct GdbSettings {
  bool pagination = true, confirm = true, verbose = false;
  size_t height = 0, width = 0; // 0: unlimited
  bool printPretty = false;
  size_t printElements = 200, printRepeats = 10; // 0: unlimited
  std::string breakpointPending = "auto";
};

/// The process's settings (one debugger a process, as gdb's are).
GdbSettings &gdbSettings();

} // namespace simt::dbg
