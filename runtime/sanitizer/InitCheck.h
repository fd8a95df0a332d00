//===-- InitCheck.h - initcheck: reads of global bytes nothing wrote ------===//
//
// Watches every global access (emu/sanitize/Checker.h): stores and atomics
// mark their bytes written in the Shadow, loads of tracked bytes never
// written are reported, one finding per lane.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/sanitize/Checker.h"
#include "runtime/sanitizer/Shadow.h"

namespace simt::rt::sanitizer {

class InitCheck final : public emu::sanitize::Checker {
public:
  explicit InitCheck(Shadow &shadow) : shadow_(shadow) {}
  void observe(const emu::TraceRecord &record,
               std::vector<emu::sanitize::Finding> &out) override;

private:
  Shadow &shadow_;
};

} // namespace simt::rt::sanitizer
