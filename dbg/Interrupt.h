//===-- Interrupt.h - Ctrl-C: stop a running kernel, keep the debugger ----===//
//
// A SIGINT handler that only sets a flag. The debugger's break hook (asked
// before every instruction while the device runs) and its single-warp step
// loops poll the flag and stop at the next instruction, so Ctrl-C returns a
// running (possibly endless) kernel to the prompt with its state intact. At
// the prompt, the line reader sees the interrupted read and starts a new line.
//
// A run without breakpoints goes at full speed, without a break hook: for
// it, the handler installs the debugger's break hook itself, which the
// emulator picks up at its next SM quantum (Device::run re-reads the hooks
// every quantum), so Ctrl-C still stops within a few hundred instructions.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/Trace.h"

#include <csignal>

namespace simt::emu {
class Device;
}

namespace simt::dbg {

namespace detail {
extern volatile std::sig_atomic_t interrupted;
/// interrupted || the debugger armed the break hook's slow path: the one
/// word the hook reads before every instruction.
extern volatile std::sig_atomic_t slowPath;
} // namespace detail

/// Installs the handler (no SA_RESTART, so a blocked read returns EINTR).
void installInterruptHandler();
/// Whether Ctrl-C arrived since the last clearInterrupt() (inline: the break
/// hook asks before every instruction).
inline bool interruptPending() { return detail::interrupted != 0; }
void clearInterrupt();
/// For tests and the break hook: raise the flag as the handler would.
void requestInterrupt();
/// Sends the break hook to its slow path (a watched write happened, a replay
/// runs) until disarmed; Ctrl-C does too.
void setHookArmed(bool armed);
/// While a hook-less run is under way: the hook Ctrl-C installs on `device`
/// (null device: none).
void armInterruptHook(emu::Device *device, emu::BreakFn fn, void *ctx);

} // namespace simt::dbg
