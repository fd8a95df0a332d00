//===-- TraceWriter.cpp - simt-emu --trace --------------------------------===//
#include "runtime/TraceWriter.h"

#include <cstdio>

namespace simt::rt {

static std::string hex32(uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%08x", v);
  return b;
}

void TraceWriter::write(const emu::TraceRecord &r) {
  char pc[16];
  std::snprintf(pc, sizeof pc, "0x%04x", r.pc);
  out_ << "cycle " << r.cycle << " sm " << r.sm << " grid " << r.grid << " cta (" << r.cta[0]
       << "," << r.cta[1] << "," << r.cta[2] << ") warp " << r.warp << " pc " << pc << " mask "
       << hex32(r.activeBefore) << "->" << hex32(r.activeAfter) << " | ";
  const emu::Grid *g = device_.grid(r.grid);
  out_ << (g ? device_.instText(*g, r.pc / 8) : std::string("?"));
  for (const emu::RegWrite &w : r.regs) {
    out_ << " | R" << unsigned(w.reg) << " =";
    uint32_t first = 0;
    bool uniform = true;
    bool seen = false;
    for (unsigned l = 0; l < emu::WarpSize; ++l) {
      if (!(w.lanes >> l & 1))
        continue;
      if (seen && w.value[l] != first)
        uniform = false;
      first = seen ? first : w.value[l];
      seen = true;
    }
    if (uniform) {
      out_ << " " << hex32(first) << " (lanes " << hex32(w.lanes) << ")";
      continue;
    }
    for (unsigned l = 0; l < emu::WarpSize; ++l)
      if (w.lanes >> l & 1)
        out_ << " " << l << ":" << hex32(w.value[l]);
  }
  for (const emu::PredWrite &p : r.preds)
    out_ << " | P" << unsigned(p.pred) << " = " << hex32(p.value);
  if (r.ccLanes)
    out_ << " | CC (lanes " << hex32(r.ccLanes) << ")";
  if (r.finished)
    out_ << " | warp finished";
  out_ << "\n";
}

} // namespace simt::rt
