//===-- Interrupt.cpp - Ctrl-C: stop a running kernel ---------------------===//
#include "dbg/Interrupt.h"

#include "emu/device/Device.h"

#include <atomic>
#include <csignal>

namespace simt::dbg {

namespace detail {
volatile std::sig_atomic_t interrupted = 0;
} // namespace detail

namespace {
// Read by the handler: a lock-free atomic is safe in it.
std::atomic<emu::Device *> runningDevice{nullptr};
static_assert(std::atomic<emu::Device *>::is_always_lock_free);

extern "C" void onSigint(int) {
  detail::interrupted = 1;
  if (emu::Device *d = runningDevice.load(std::memory_order_relaxed))
    d->requestStop();
}
} // namespace

void armInterrupt(emu::Device *device) { runningDevice.store(device, std::memory_order_relaxed); }

void installInterruptHandler() {
  struct sigaction sa = {};
  sa.sa_handler = onSigint;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0; // no SA_RESTART: the prompt's read returns EINTR
  sigaction(SIGINT, &sa, nullptr);
}

void clearInterrupt() { detail::interrupted = 0; }

void requestInterrupt() { detail::interrupted = 1; }

} // namespace simt::dbg
