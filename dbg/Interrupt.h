//===-- Interrupt.h - Ctrl-C: stop a running kernel, keep the debugger ----===//
//
// A SIGINT handler that sets a flag and, while a device run is under way,
// calls Device::requestStop() (an atomic store, async-signal-safe): the SMs
// return at the next instruction boundary with RunStatus::Interrupted, so
// Ctrl-C returns a running (possibly endless) kernel to the prompt with its
// state intact, with or without breakpoints and at full speed until then.
// The single-warp step loops poll the flag between steps. At the prompt, the
// line reader sees the interrupted read and starts a new line.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <csignal>

namespace simt::emu {
class Device;
}

namespace simt::dbg {

namespace detail {
extern volatile std::sig_atomic_t interrupted;
} // namespace detail

/// Installs the handler (no SA_RESTART, so a blocked read returns EINTR).
void installInterruptHandler();
/// Whether Ctrl-C arrived since the last clearInterrupt().
inline bool interruptPending() { return detail::interrupted != 0; }
void clearInterrupt();
/// For tests: raise the flag as the handler would.
void requestInterrupt();
/// The device whose runs Ctrl-C stops (Device::requestStop), set just
/// before a run and cleared (null) right after it.
void armInterrupt(emu::Device *device);

} // namespace simt::dbg
