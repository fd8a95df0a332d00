//===-- Focus.h - What step, print and the SIMT views refer to ------------===//
//
// The focus names a warp by grid, CTA coordinates and warp index within the
// CTA (stable while the warp lives, unlike an SM slot), plus a lane. It moves
// to the warp that stopped; `focus grid|sm|cta|warp|lane` moves it by hand.
// Resolution goes through Device::warps(), so a warp that has exited but
// whose CTA still runs stays visible (state "done").
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/device/Facade.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace simt::dbg {

struct Focus {
  emu::GridId grid = 0; // 0: nothing focused yet
  std::array<uint32_t, 3> cta{};
  uint32_t warp = 0;    // index within the CTA
  uint32_t lane = 0;
  uint64_t uid = 0;     // the warp's unique id: reverse execution finds it
                        // in the log after it has exited

  bool valid() const { return grid != 0; }
  /// "grid 1 cta (0,0,0) warp 0 lane 3"
  std::string text() const;
  static Focus of(emu::WarpView w, uint32_t lane);
};
/// Whether two foci name the same thread (grid, block, warp and lane).
bool sameThread(const Focus &a, const Focus &b);

/// Where one lane of a warp is.
struct LaneState {
  enum Kind : uint8_t { Absent, Exited, Active, Waiting } kind = Absent;
  // Waiting: the innermost SIMT-stack token that holds the lane, and where
  // it resumes the lane (a byte address).
  emu::TokenType token = emu::TokenType::Div;
  uint32_t level = 0, pc = 0;
  bool found = false; // no token holds it (a broken stack): pc and level unset
};
LaneState laneState(emu::WarpView w, uint32_t lane);

/// The resident warp the focus names (any state but free).
std::optional<emu::WarpInfo> findFocused(const emu::Device &dev, const Focus &f);
/// The lowest lane of `mask`, or `fallback` when the mask is empty.
uint32_t lowestLane(uint32_t mask, uint32_t fallback = 0);
/// "(1,0,0)"
std::string ctaText(const uint32_t cta[3]);
/// Lane `lane`'s threadIdx in its block: "(5,0,0)".
std::string threadText(emu::WarpView w, uint32_t lane);
/// cuda-gdb numbers kernels from 0 in launch order; the device numbers
/// grids from 1, one grid per launch, so kernel K is grid K + 1.
inline uint64_t kernelOfGrid(emu::GridId g) { return g - 1; }
inline emu::GridId gridOfKernel(uint64_t k) { return emu::GridId(k + 1); }
/// cuda-gdb's "[Switching focus to CUDA kernel 0, grid 1, block (0,0,0),
/// thread (1,0,0), device 0, sm 0, warp 0, lane 1]" (warp: the index in the
/// block, as `cuda warp` takes it).
std::string switchingFocusText(emu::WarpView w, uint32_t lane);
std::string ctaText(const std::array<uint32_t, 3> &cta);

} // namespace simt::dbg
