//===-- CudaDeviceTables.cpp - cuda-gdb's info cuda sms, warps, lanes -----===//
//
// The hardware's side of cuda-gdb's views, in cuda-gdb 13's columns
// (TextTable.h) and groupings:
//
//     SM  Active Warps Mask            (info cuda sms: the SMs holding warps)
//   Device 0
//   *  0 0x0000000000000003
//
//     Wp Active Lanes Mask Divergent Lanes Mask          Active PC Kernel BlockIdx First Active ThreadIdx
//   Device 0 SM 0
//   *  0        0xffffffff           0x00000000 0x0000000000000120      0  (0,0,0)                (0,0,0)
//
//     Ln  State         PC         ThreadIdx Exception
//   Device 0 SM 0 Warp 0
//   *  0 active 0x0000000000000120   (0,0,0)    None
//
// By default the SMs of the device, the warps of the focused SM, the lanes
// of the focused warp; a filter (CudaFilter.h) picks others. Fermi's truth:
// a warp is an SM's warp slot (docs/ISA.md), Wp its slot number, as the
// focus line's `warp`; a warp is listed while a lane of it has not exited;
// a divergent lane is one that waits on the SIMT stack, shown at the PC it
// resumes at (one PC a warp: the active lanes'). Exited lanes are no
// longer valid threads and are not listed, as on the hardware.
//
//===----------------------------------------------------------------------===//
#include "dbg/CudaExceptions.h"
#include "dbg/CudaFilter.h"
#include "dbg/Debugger.h"
#include "dbg/Frames.h"
#include "dbg/TextTable.h"
#include "dbg/ValueHistory.h"
#include "dbg/commands/Commands.h"

#include <cstdio>

namespace simt::dbg {

CudaCoords cudaCoordsOf(emu::WarpView w, uint32_t lane) {
  CudaCoords c;
  c.sm = w.smId();
  c.warp = w.slot();
  c.lane = lane;
  c.grid = w.gridId();
  c.kernel = uint32_t(kernelOfGrid(c.grid));
  if (w.hasCta())
    c.block = {w.cta().id()[0], w.cta().id()[1], w.cta().id()[2]};
  const uint32_t *b = w.grid()->params.block;
  const uint32_t t = w.threadIndex(lane);
  c.thread = {t % b[0], (t / b[0]) % b[1], t / (b[0] * b[1])};
  return c;
}

std::optional<CudaCoords> cudaFocus(Debugger &d) {
  const std::optional<emu::WarpInfo> i = findFocused(d.device(), d.focus());
  if (!i)
    return std::nullopt;
  const std::optional<emu::WarpView> w = emu::viewWarp(d.device(), i->ref);
  if (!w || !w->grid())
    return std::nullopt;
  return cudaCoordsOf(*w, d.focus().lane);
}

CudaFilter cudaFilter(Debugger &d, const std::string &args, CudaFilter defaults) {
  // A filter's value may be a convenience variable (`block $b`), as in cuda-gdb.
  return args.empty() ? defaults : CudaFilter::parse(d.history().expand(args), cudaFocus(d));
}

namespace {

std::string hex(uint64_t v, int digits) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%0*llx", digits, static_cast<unsigned long long>(v));
  return buf;
}

/// The warps cuda-gdb calls valid, by SM and slot: a slot holding a warp
/// with a lane that has not exited.
template <class F> void forEachValidWarp(Debugger &d, F &&f) {
  emu::Device &dev = d.device();
  for (uint32_t s = 0; s < dev.numSms(); ++s) {
    const uint32_t slots = emu::viewSm(dev, s).numSlots();
    for (uint32_t slot = 0; slot < slots; ++slot) {
      const emu::WarpView w = emu::viewSlot(dev, s, slot);
      if (w.state() != emu::WarpState::Free && w.hasCta() && w.grid() && w.live())
        f(w);
    }
  }
}

/// The lanes waiting on the SIMT stack: cuda-gdb's divergent lanes.
uint32_t divergentLanes(emu::WarpView w) { return w.live() & ~w.active(); }

/// The exception a lane stopped on: the warp of the last stop, if it
/// faulted with a hardware exception, for each of its active lanes.
std::string exceptionOf(Debugger &d, emu::WarpView w, uint32_t lane) {
  const StopEvent &e = d.lastStop();
  const CudaException *x = cudaExceptionOf(e.fault, e.faultSpace);
  if (!x || !e.hasWarp || !(w.active() >> lane & 1))
    return "None";
  const Focus f = Focus::of(w, lane);
  return f.grid == e.where.grid && f.cta == e.where.cta && f.warp == e.where.warp ? x->name
                                                                                  : "None";
}

void infoSms(Debugger &d, const Invocation &inv) {
  const std::optional<CudaCoords> here = cudaFocus(d);
  CudaFilter def;
  def.device = 0;
  const CudaFilter f = cudaFilter(d, inv.args, def);
  std::vector<uint64_t> masks(d.device().numSms(), 0);
  forEachValidWarp(d, [&](emu::WarpView w) { masks[w.smId()] |= uint64_t{1} << w.slot(); });
  TextTable t;
  t.addColumn("SM");
  t.addColumn("Active Warps Mask");
  t.addLine("Device 0");
  bool any = false;
  for (uint32_t s = 0; s < masks.size(); ++s)
    if (masks[s] && f.smMatches(0, s)) {
      any = true;
      t.addRow(here && here->sm == s, {std::to_string(s), hex(masks[s], 16)});
    }
  if (!any) {
    d.out() << "No CUDA SMs.\n";
    return;
  }
  t.print(d.out());
}

void infoWarps(Debugger &d, const Invocation &inv) {
  const std::optional<CudaCoords> here = cudaFocus(d);
  CudaFilter def;
  def.device = 0;
  if (here)
    def.sm = here->sm;
  const CudaFilter f = cudaFilter(d, inv.args, def);
  TextTable t;
  for (const char *h : {"Wp", "Active Lanes Mask", "Divergent Lanes Mask", "Active PC", "Kernel",
                        "BlockIdx", "First Active ThreadIdx"})
    t.addColumn(h);
  uint32_t sm = ~0u;
  forEachValidWarp(d, [&](emu::WarpView w) {
    // The first active lane's thread; a warp with none (every live lane
    // waiting) shows its first live lane's.
    const uint32_t first = lowestLane(w.active(), lowestLane(w.live()));
    const CudaCoords c = cudaCoordsOf(w, first);
    if (!f.warpMatches(c))
      return;
    if (c.sm != sm)
      t.addLine("Device 0 SM " + std::to_string(c.sm));
    sm = c.sm;
    t.addRow(here && here->sm == c.sm && here->warp == c.warp,
             {std::to_string(c.warp), hex(w.active(), 8), hex(divergentLanes(w), 8),
              frameAddress(w.pcBytes()), std::to_string(c.kernel), ctaText(c.block),
              ctaText(c.thread)});
  });
  if (sm == ~0u) {
    d.out() << "No CUDA Warps.\n";
    return;
  }
  t.print(d.out());
}

void infoLanes(Debugger &d, const Invocation &inv) {
  const std::optional<CudaCoords> here = cudaFocus(d);
  CudaFilter def;
  def.device = 0;
  if (here) {
    def.sm = here->sm;
    def.warp = here->warp;
  }
  const CudaFilter f = cudaFilter(d, inv.args, def);
  TextTable t;
  t.addColumn("Ln");
  t.addColumn("State", TextTable::Align::Center);
  t.addColumn("PC", TextTable::Align::Center);
  t.addColumn("ThreadIdx");
  t.addColumn("Exception", TextTable::Align::Center);
  bool any = false;
  forEachValidWarp(d, [&](emu::WarpView w) {
    bool titled = false;
    for (uint32_t lane = 0; lane < 32; ++lane) {
      const LaneState ls = laneState(w, lane);
      if (ls.kind != LaneState::Active && ls.kind != LaneState::Waiting)
        continue;
      const CudaCoords c = cudaCoordsOf(w, lane);
      if (!f.threadMatches(c))
        continue;
      if (!titled)
        t.addLine("Device 0 SM " + std::to_string(c.sm) + " Warp " + std::to_string(c.warp));
      titled = any = true;
      const bool active = ls.kind == LaneState::Active;
      const uint64_t pc = active || !ls.found ? w.pcBytes() : ls.pc;
      t.addRow(here && here->sm == c.sm && here->warp == c.warp && here->lane == lane,
               {std::to_string(lane), active ? "active" : "divergent", frameAddress(pc),
                ctaText(c.thread), exceptionOf(d, w, lane)});
    }
  });
  if (!any) {
    d.out() << "No CUDA Lanes.\n";
    return;
  }
  t.print(d.out());
}

} // namespace

void registerCudaDeviceTables(CommandTable &cuda) {
  cuda.add({"sms", {}, "simt", "the SMs holding warps, as cuda-gdb lists them",
            "info cuda sms [FILTER]\ncuda-gdb's table: each SM with warps and the mask of its "
            "occupied warp slots.\nFILTER: cuda-gdb's (`sm 1`, `device 0`); default: every SM.",
            infoSms});
  cuda.add({"warps", {}, "simt", "the warps of the focused SM, as cuda-gdb lists them",
            "info cuda warps [FILTER]\ncuda-gdb's table under `Device 0 SM N`: each warp slot's "
            "active and divergent\nlanes, PC, kernel, block and first active thread. FILTER: "
            "cuda-gdb's (`sm 1`,\n`sm all`, `kernel 0`, `block 1`); default: the focused SM.",
            infoWarps});
  cuda.add({"lanes", {}, "simt", "the lanes of the focused warp, as cuda-gdb lists them",
            "info cuda lanes [FILTER]\ncuda-gdb's table under `Device 0 SM N Warp W`: each "
            "lane's state (active, or\ndivergent: waiting on the SIMT stack), PC, thread and "
            "exception. FILTER:\ncuda-gdb's (`warp 1`, `lane 5`, `sm 0 warp all`); default: the "
            "focused warp.",
            infoLanes});
}

} // namespace simt::dbg
