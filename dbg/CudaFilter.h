//===-- CudaFilter.h - cuda-gdb's filters of the info cuda tables ---------===//
//
// Every `info cuda` table takes cuda-gdb's filter: restrictions `device N`,
// `sm N`, `warp N`, `lane N`, `kernel N`, `grid N`, `block X[,Y[,Z]]`,
// `thread X[,Y[,Z]]` (the triples also in parentheses) and `breakpoint
// all|N`, each value a number or `current` (the focus's), `any` or `all`
// (anything); a coordinate left out of a triple is anything. A filter given
// replaces the table's default as a whole (cuda-gdb starts from "anything"),
// so `info cuda warps sm 1` lists SM 1's warps whatever the focus.
// Anything else is cuda-gdb's "Incorrect filter: 'TEXT'.".
//
//===----------------------------------------------------------------------===//
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace simt::dbg {

/// Where one thread is, in both of cuda-gdb's coordinate systems: the
/// hardware's (device, SM, warp slot, lane) and CUDA's (kernel, grid,
/// block, thread).
struct CudaCoords {
  uint32_t device = 0, sm = 0, warp = 0, lane = 0;
  uint32_t kernel = 0, grid = 0;
  std::array<uint32_t, 3> block{}, thread{};
};

struct CudaFilter {
  static constexpr uint32_t Any = ~0u;
  uint32_t device = Any, sm = Any, warp = Any, lane = Any, kernel = Any, grid = Any;
  std::array<uint32_t, 3> block{Any, Any, Any}, thread{Any, Any, Any};
  /// `breakpoint all` (0) or `breakpoint N`: threads stopped at one.
  std::optional<uint32_t> breakpoint;

  /// Parses `text`; `current` takes `focus`'s coordinate, or anything when
  /// nothing is focused. Throws CommandError on what is no filter.
  static CudaFilter parse(std::string_view text, const std::optional<CudaCoords> &focus);

  bool smMatches(uint32_t dev, uint32_t s) const { return is(device, dev) && is(sm, s); }
  /// A warp: its hardware place and its kernel, grid and block.
  bool warpMatches(const CudaCoords &c) const;
  /// A thread: every coordinate.
  bool threadMatches(const CudaCoords &c) const {
    return warpMatches(c) && is(lane, c.lane) && triple(thread, c.thread);
  }

private:
  static bool is(uint32_t want, uint32_t have) { return want == Any || want == have; }
  static bool triple(const std::array<uint32_t, 3> &want, const std::array<uint32_t, 3> &have) {
    return is(want[0], have[0]) && is(want[1], have[1]) && is(want[2], have[2]);
  }
};

} // namespace simt::dbg
