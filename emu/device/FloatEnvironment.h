//===-- FloatEnvironment.h - Device code under the default FP environment -===//
//
// The emulator computes device arithmetic with the host's floating-point
// unit, in the program's own process and threads. A program may change its
// thread's environment (fesetround, feenableexcept, fesetenv with traps:
// HeCBench's halo-finder), which must not reach device code: a trap
// enabled by the host killed the program with SIGFPE on a lane's 1/x, and a
// rounding mode would change every result. Device work runs under
// FE_DFL_ENV (round to nearest, no traps); the program's environment comes
// back afterwards, its flags untouched by what device code raised.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cfenv>

namespace simt::emu {

class DefaultFloatEnvironment {
public:
  DefaultFloatEnvironment() {
    std::fegetenv(&saved_);
    std::fesetenv(FE_DFL_ENV);
  }
  ~DefaultFloatEnvironment() { std::fesetenv(&saved_); }
  DefaultFloatEnvironment(const DefaultFloatEnvironment &) = delete;
  DefaultFloatEnvironment &operator=(const DefaultFloatEnvironment &) = delete;

private:
  std::fenv_t saved_;
};

} // namespace simt::emu
