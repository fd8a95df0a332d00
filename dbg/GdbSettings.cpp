//===-- GdbSettings.cpp - gdb's settings that scripts begin with ----------===//
#include "dbg/GdbSettings.h"

namespace simt::dbg {

GdbSettings &gdbSettings() {
  static GdbSettings settings;
  return settings;
}

} // namespace simt::dbg
