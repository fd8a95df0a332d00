//===-- GdbPrintf.h - gdb's printf command: the format and its arguments --===//
//
// `printf "n=%d at %p: %s\n", n, p, name` prints as gdb does at a host or a
// device stop; each side evaluates the arguments its own way.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace simt::dbg {

/// One argument, evaluated for its conversion.
struct PrintfValue {
  bool isFloat = false;
  int64_t i = 0;
  double f = 0;
  std::string s; ///< for %s: the string the argument points to
};

/// What `printf ARGS` prints. `value(expr, conversion)` evaluates one
/// argument for its conversion letter ('s': the C string it points to;
/// 'f', 'e', 'g', 'a': a number as a double; else an integer). Throws
/// CommandError with gdb's messages for a bad format or argument count.
std::string gdbPrintf(std::string_view args,
                      const std::function<PrintfValue(const std::string &expr, char conversion)>
                          &value);

} // namespace simt::dbg
