//===-- Focus.cpp - What step, print and the SIMT views refer to ----------===//
#include "dbg/Focus.h"

#include "emu/device/Facade.h"

#include <bit>

namespace simt::dbg {

std::string ctaText(const uint32_t cta[3]) {
  return "(" + std::to_string(cta[0]) + "," + std::to_string(cta[1]) + "," +
         std::to_string(cta[2]) + ")";
}
std::string ctaText(const std::array<uint32_t, 3> &cta) { return ctaText(cta.data()); }

std::string threadText(emu::WarpView warp, uint32_t lane) {
  const emu::WarpView w = warp;
  const uint32_t *b = w.grid()->params.block;
  const uint32_t t = w.threadIndex(lane);
  const uint32_t c[3] = {t % b[0], (t / b[0]) % b[1], t / (b[0] * b[1])};
  return ctaText(c);
}

std::string switchingFocusText(emu::WarpView warp, uint32_t lane) {
  const emu::WarpView w = warp;
  const emu::GridId g = w.gridId();
  return "[Switching focus to CUDA kernel " + std::to_string(kernelOfGrid(g)) + ", grid " +
         std::to_string(g) + ", block " + ctaText(w.cta().id()) + ", thread " +
         threadText(warp, lane) + ", device 0, sm " + std::to_string(w.smId()) + ", warp " +
         std::to_string(w.slot()) + ", lane " + std::to_string(lane) + "]"; // the SM's warp slot
}

std::string Focus::text() const {
  if (!valid())
    return "nothing";
  return "grid " + std::to_string(grid) + " cta " + ctaText(cta) + " warp " +
         std::to_string(warp) + " lane " + std::to_string(lane);
}

Focus Focus::of(emu::WarpView warp, uint32_t lane) {
  const emu::WarpView w = warp;
  Focus f;
  f.grid = w.gridId();
  if (w.hasCta())
    f.cta = {w.cta().id()[0], w.cta().id()[1], w.cta().id()[2]};
  f.warp = w.index();
  f.lane = lane;
  f.uid = w.uid();
  return f;
}

bool sameThread(const Focus &a, const Focus &b) {
  return a.grid == b.grid && a.cta == b.cta && a.warp == b.warp && a.lane == b.lane;
}

std::optional<emu::WarpInfo> findFocused(const emu::Device &dev, const Focus &f) {
  if (!f.valid())
    return std::nullopt;
  for (const emu::WarpInfo &i : dev.warps())
    if (i.grid == f.grid && i.warp == f.warp && i.cta[0] == f.cta[0] && i.cta[1] == f.cta[1] &&
        i.cta[2] == f.cta[2])
      return i;
  return std::nullopt;
}

LaneState laneState(emu::WarpView warp, uint32_t lane) {
  const emu::WarpView w = warp;
  const emu::WarpControl &c = w.control();
  LaneState st;
  if (!(c.launched >> lane & 1))
    return st;
  if (c.exited >> lane & 1) {
    st.kind = LaneState::Exited;
  } else if (c.active >> lane & 1) {
    st.kind = LaneState::Active;
  } else {
    st.kind = LaneState::Waiting;
    for (uint32_t lv = w.stackDepth(); lv-- > 0;) {
      const emu::SimtLevelView v = w.stackLevel(lv);
      if (v.effectiveMask >> lane & 1) {
        st.token = v.token.type;
        st.level = lv;
        st.pc = v.token.pc * 8;
        st.found = true;
        break;
      }
    }
  }
  return st;
}

uint32_t lowestLane(uint32_t mask, uint32_t fallback) {
  return mask ? uint32_t(std::countr_zero(mask)) : fallback;
}

} // namespace simt::dbg
