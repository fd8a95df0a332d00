//===-- Fault.cpp - Fault reports of the emulator -------------------------===//
#include "emu/core/Fault.h"

#include <cstdio>

namespace simt::emu {

std::string_view faultKindName(FaultKind kind) {
  switch (kind) {
  case FaultKind::None: return "no fault";
  case FaultKind::MemoryOutOfRange: return "memory access out of range";
  case FaultKind::MemoryMisaligned: return "misaligned memory access";
  case FaultKind::InvalidInstruction: return "invalid instruction";
  case FaultKind::Trap: return "trap";
  case FaultKind::StackOverflow: return "SIMT stack overflow";
  case FaultKind::StackUnderflow: return "pop of an empty SIMT stack with live threads";
  case FaultKind::Deadlock: return "barrier deadlock";
  case FaultKind::LockNotReleased: return "lock not released at grid end";
  case FaultKind::StepLimit: return "step limit reached";
  }
  return "fault";
}

std::string formatLanes(uint32_t mask) {
  if (mask == 0)
    return "none";
  std::string out;
  for (unsigned l = 0; l < 32;) {
    if (!(mask >> l & 1)) {
      ++l;
      continue;
    }
    unsigned e = l;
    while (e + 1 < 32 && (mask >> (e + 1) & 1))
      ++e;
    if (!out.empty())
      out += ',';
    out += std::to_string(l);
    if (e > l)
      out += '-' + std::to_string(e);
    l = e + 1;
  }
  return out;
}

std::string FaultReport::format() const {
  std::string out = "fault: " + (reason.empty() ? std::string(faultKindName(kind)) : reason);
  out += " in " + formatKernel() + "\n" + formatSite();
  if (!detail.empty())
    out += "\n  " + detail;
  return out;
}

std::string FaultReport::formatKernel() const {
  std::string out = "kernel '" + kernel + "' (grid " + std::to_string(grid);
  if (!gridName.empty())
    out += " '" + gridName + "'";
  return out + ")";
}

std::string FaultReport::formatSite() const {
  char buf[256];
  std::string out;
  std::snprintf(buf, sizeof buf,
                "  cta (%u,%u,%u) warp %u lane%s %s (0x%08x) pc 0x%04x sm %u cycle %llu\n",
                cta[0], cta[1], cta[2], warp, (lanes & (lanes - 1)) ? "s" : "",
                formatLanes(lanes).c_str(), lanes, pc, sm,
                static_cast<unsigned long long>(cycle));
  out += buf;
  std::snprintf(buf, sizeof buf, "  0x%04x: ", pc);
  out += buf;
  out += instruction.empty() ? "<unknown instruction>" : instruction;
  return out;
}

} // namespace simt::emu
