//===-- TraceWriter.h - simt-emu --trace: one line per warp-instruction ---===//
//
// Formats the emulator's trace records (emu/core/Trace.h) as text:
//   cycle 12 sm 0 grid 1 cta (0,0,0) warp 1 pc 0x0018 mask 0xffffffff->0x0000ffff
//     @P0 BRA L_40 | R2 = 0x5 (lanes 0xffffffff) | P0 = 0x0000ffff
// Registers whose changed lanes all received one value print once; others
// print per lane.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/device/Device.h"

#include <ostream>

namespace simt::rt {

class TraceWriter final : public emu::Subscriber {
public:
  TraceWriter(emu::Device &device, std::ostream &out) : device_(device), out_(out) {}
  ~TraceWriter() { detach(); }
  /// Subscribes to the device; records flow until detach().
  void attach() { device_.subscribe(*this); }
  void detach() { device_.unsubscribe(*this); }
  void write(const emu::TraceRecord &r);

  /// The lines show the register, predicate and CC writes only.
  emu::Interests interests() const override { return {.records = true, .detail = emu::TraceWrites}; }
  void record(const emu::TraceRecord &r) override { write(r); }

private:
  emu::Device &device_;
  std::ostream &out_;
};

} // namespace simt::rt
