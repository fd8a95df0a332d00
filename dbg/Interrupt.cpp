//===-- Interrupt.cpp - Ctrl-C: stop a running kernel ---------------------===//
#include "dbg/Interrupt.h"

#include "emu/Device.h"

#include <csignal>

namespace simt::dbg {

namespace detail {
volatile std::sig_atomic_t interrupted = 0;
volatile std::sig_atomic_t slowPath = 0;
} // namespace detail

namespace {
volatile std::sig_atomic_t armedByDebugger = 0;
emu::Device *volatile hookDevice = nullptr;
emu::BreakFn volatile hookFn = nullptr;
void *volatile hookCtx = nullptr;

extern "C" void onSigint(int) {
  detail::interrupted = 1;
  detail::slowPath = 1;
  // The main thread is inside Device::run (this handler interrupted it): the
  // two pointer stores are read at the SM's next quantum.
  if (emu::Device *d = hookDevice)
    d->setBreakHook(hookFn, hookCtx);
}
} // namespace

void armInterruptHook(emu::Device *device, emu::BreakFn fn, void *ctx) {
  hookDevice = nullptr;
  hookFn = fn;
  hookCtx = ctx;
  hookDevice = device;
}

void installInterruptHandler() {
  struct sigaction sa = {};
  sa.sa_handler = onSigint;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0; // no SA_RESTART: the prompt's read returns EINTR
  sigaction(SIGINT, &sa, nullptr);
}

void clearInterrupt() {
  detail::interrupted = 0;
  detail::slowPath = armedByDebugger;
}

void requestInterrupt() {
  detail::interrupted = 1;
  detail::slowPath = 1;
}

void setHookArmed(bool armed) {
  armedByDebugger = armed;
  detail::slowPath = armed || detail::interrupted;
}

} // namespace simt::dbg
