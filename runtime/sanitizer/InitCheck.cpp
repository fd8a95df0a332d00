//===-- InitCheck.cpp - initcheck: reads of global bytes nothing wrote ----===//
#include "runtime/sanitizer/InitCheck.h"

#include <bit>

namespace simt::rt::sanitizer {

using emu::sanitize::Finding;
using emu::sanitize::FindingKind;
using emu::sanitize::Tool;

void InitCheck::observe(const emu::TraceRecord &r, std::vector<Finding> &out) {
  if (shadow_.empty())
    return;
  for (const emu::MemAccess &m : r.mem) {
    if (m.space != emu::MemSpace::Global)
      continue;
    for (uint32_t lanes = m.lanes; lanes; lanes &= lanes - 1) {
      const unsigned l = static_cast<unsigned>(std::countr_zero(lanes));
      if (m.writes()) {
        shadow_.write(m.addr[l], m.bytes);
        continue;
      }
      if (shadow_.read(m.addr[l], m.bytes))
        continue;
      Finding f;
      f.tool = Tool::Initcheck;
      f.kind = FindingKind::UninitializedRead;
      f.access = emu::sanitize::memorySite(r.grid, r.cta, r.warp * emu::WarpSize + l, r.pc,
                                           m.space, m.kind, m.bytes, m.addr[l]);
      out.push_back(f);
    }
  }
}

} // namespace simt::rt::sanitizer
