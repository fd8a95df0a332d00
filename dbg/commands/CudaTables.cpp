//===-- CudaTables.cpp - cuda-gdb's info cuda kernels, blocks, threads ----===//
//
// The tables as cuda-gdb 13 prints them (TextTable.h): kernels by cuda-gdb's
// number (from 0) with the SMs holding their blocks and the invocation with
// its arguments; the resident blocks, and the threads with their PCs and
// lines, each coalesced into ranges of consecutive blocks or threads alike
// ("(0,0,0) To (1,0,0) Count 2"), under a "Kernel N" line; with `set cuda
// coalescing off`, one row each, with its device and SM (and a thread's
// warp and lane), in cuda-gdb's uncoalesced columns. Only kernels
// still on the device are listed, as cuda-gdb lists them: a finished
// kernel has left it. A lane that waits on a divergent path shows the PC
// it resumes at (Fermi keeps one PC a warp; the stack holds the others').
// Blocks and threads are the focused kernel's unless a filter (CudaFilter.h)
// says otherwise; `kernels` checks its filter and lists every kernel, as
// cuda-gdb's does.
//
//===----------------------------------------------------------------------===//
#include "dbg/Breakpoints.h"
#include "dbg/Debugger.h"
#include "dbg/Frames.h"
#include "dbg/SourceView.h"
#include "dbg/TextTable.h"
#include "dbg/commands/Commands.h"
#include "emu/core/Grid.h"

#include <cstdio>
#include <map>
#include <tuple>

namespace simt::dbg {

namespace {

/// Grids still on the device, in launch order.
std::vector<const emu::Grid *> liveGrids(Debugger &d) {
  std::vector<const emu::Grid *> out;
  for (emu::GridId id = 1; const emu::Grid *g = d.device().grid(id); ++id)
    if (g->state == emu::GridState::Running || g->state == emu::GridState::Faulted)
      out.push_back(g);
  return out;
}

uint32_t linearOf(const uint32_t c[3], const uint32_t dim[3]) {
  return c[0] + c[1] * dim[0] + c[2] * dim[0] * dim[1];
}

/// cuda-gdb's SMs Mask: one bit per SM, whole bytes of hex digits.
std::string smMask(Debugger &d, emu::GridId g) {
  const uint32_t sms = d.device().numSms();
  std::vector<uint8_t> bytes((sms + 7) / 8, 0);
  for (const emu::WarpInfo &i : d.device().warps())
    if (i.grid == g)
      bytes[i.ref.sm / 8] |= uint8_t(1u << (i.ref.sm % 8));
  std::string s = "0x";
  char buf[4];
  for (size_t b = bytes.size(); b-- > 0;) {
    std::snprintf(buf, sizeof buf, "%02x", bytes[b]);
    s += buf;
  }
  return s;
}

std::string statusOf(const emu::Grid &g) {
  return g.state == emu::GridState::Faulted ? "Terminated" : "Active";
}

/// The resident warps of grid `g` in block-then-warp order.
std::map<std::pair<uint32_t, uint32_t>, emu::WarpInfo> warpsOf(Debugger &d, const emu::Grid &g) {
  std::map<std::pair<uint32_t, uint32_t>, emu::WarpInfo> out;
  for (const emu::WarpInfo &i : d.device().warps())
    if (i.grid == g.id)
      out.emplace(std::make_pair(linearOf(i.cta, g.params.grid), i.warp), i);
  return out;
}

std::array<uint32_t, 3> coordsOf(uint32_t linear, const uint32_t dim[3]) {
  return {linear % dim[0], (linear / dim[0]) % dim[1], linear / (dim[0] * dim[1])};
}

/// A run of consecutive blocks or threads that look alike (with
/// `set cuda coalescing off`, one of each), and where its first one runs.
struct Range {
  uint32_t firstBlock = 0, lastBlock = 0, firstThread = 0, lastThread = 0, count = 0;
  uint64_t pc = 0;
  bool marked = false;
  CudaCoords where;
};

void infoKernels(Debugger &d, const Invocation &inv) {
  // cuda-gdb checks the filter and then lists every kernel whatever it says.
  (void)cudaFilter(d, inv.args, CudaFilter{});
  const std::vector<const emu::Grid *> grids = liveGrids(d);
  if (grids.empty()) {
    d.out() << "No CUDA kernels.\n";
    return;
  }
  TextTable t;
  for (const char *h : {"Kernel", "Parent", "Dev", "Grid", "Status", "SMs Mask", "GridDim",
                        "BlockDim"})
    t.addColumn(h);
  t.addColumn("Invocation", TextTable::Align::Left);
  for (const emu::Grid *g : grids)
    t.addRow(d.focus().grid == g->id,
             {std::to_string(kernelOfGrid(g->id)), "-", "0", std::to_string(g->id), statusOf(*g),
              smMask(d, g->id), ctaText(g->params.grid), ctaText(g->params.block),
              invocationText(d, *g)});
  t.print(d.out());
}

/// The blocks' and threads' default filter: the focused kernel.
CudaFilter focusedKernel(Debugger &d) {
  CudaFilter f;
  if (const std::optional<CudaCoords> here = cudaFocus(d))
    f.kernel = here->kernel;
  return f;
}

/// Whether lane `lane` of `w` (active) is at a place of a breakpoint the
/// filter names (`breakpoint all`: any device breakpoint).
bool atBreakpoint(Debugger &d, emu::WarpView w, uint32_t lane, uint32_t number) {
  if (!(w.active() >> lane & 1))
    return false;
  const rt::LoadedKernel *k = d.kernelOf(*w.grid());
  for (const Breakpoint &b : d.breakpoints().breakpoints())
    if (b.enabled && (number == 0 || b.number == int(number)))
      for (const Site &s : sitesOf(b.loc, d.session()))
        if (s.kernel == k && s.addr == w.pcBytes())
          return true;
  return false;
}

void infoBlocks(Debugger &d, const Invocation &inv) {
  const CudaFilter f = cudaFilter(d, inv.args, focusedKernel(d));
  TextTable t;
  // cuda-gdb's uncoalesced table names each block's device and SM instead.
  if (d.cudaCoalescing)
    for (const char *h : {"BlockIdx", "To BlockIdx", "Count", "State"})
      t.addColumn(h);
  else
    for (const char *h : {"BlockIdx", "State", "Dev", "SM"})
      t.addColumn(h, TextTable::Align::Right, std::string_view(h) == "State" ? 7 : 0);
  bool any = false;
  for (const emu::Grid *g : liveGrids(d)) {
    std::vector<Range> ranges;
    const uint32_t focused = linearOf(d.focus().cta.data(), g->params.grid);
    for (const auto &[key, info] : warpsOf(d, *g)) {
      const uint32_t b = key.first;
      const std::optional<emu::WarpView> w = emu::viewWarp(d.device(), info.ref);
      if (!w || !f.warpMatches(cudaCoordsOf(*w, lowestLane(w->live()))))
        continue;
      if (!ranges.empty() && ranges.back().lastBlock == b)
        continue; // another warp of the same block
      if (ranges.empty() || ranges.back().lastBlock + 1 != b || !d.cudaCoalescing)
        ranges.push_back({b, b, 0, 0, 0, 0, false, cudaCoordsOf(*w, lowestLane(w->live()))});
      Range &r = ranges.back();
      r.lastBlock = b;
      ++r.count;
      r.marked |= d.focus().grid == g->id && b == focused;
    }
    if (ranges.empty())
      continue;
    any = true;
    t.addLine("Kernel " + std::to_string(kernelOfGrid(g->id)));
    for (const Range &r : ranges) {
      const std::string first = ctaText(coordsOf(r.firstBlock, g->params.grid));
      if (d.cudaCoalescing)
        t.addRow(r.marked, {first, ctaText(coordsOf(r.lastBlock, g->params.grid)),
                            std::to_string(r.count), "running"});
      else
        t.addRow(r.marked, {first, "running", std::to_string(r.where.device),
                            std::to_string(r.where.sm)});
    }
  }
  if (!any) {
    d.out() << "No CUDA blocks.\n";
    return;
  }
  t.print(d.out());
}

void infoThreads(Debugger &d, const Invocation &inv) {
  const CudaFilter f = cudaFilter(d, inv.args, focusedKernel(d));
  TextTable t;
  // Uncoalesced, cuda-gdb names each thread's device, SM, warp and lane.
  if (d.cudaCoalescing)
    for (const char *h : {"BlockIdx", "ThreadIdx", "To BlockIdx", "ThreadIdx", "Count", "PC",
                          "Filename"})
      t.addColumn(h);
  else
    for (const char *h : {"BlockIdx", "ThreadIdx", "PC", "Dev", "SM", "Wp", "Ln",
                          "Filename"})
      t.addColumn(h);
  t.addColumn("Line", TextTable::Align::Right, 5); // cuda-gdb's Line is at least 5 wide
  bool any = false;
  for (const emu::Grid *g : liveGrids(d)) {
    const rt::LoadedKernel *k = d.kernelOf(*g);
    const uint32_t *bd = g->params.block;
    const uint32_t threads = bd[0] * bd[1] * bd[2];
    const Focus &focus = d.focus();
    std::vector<Range> ranges;
    for (const auto &[key, info] : warpsOf(d, *g)) {
      std::optional<emu::WarpView> w = emu::viewWarp(d.device(), info.ref);
      if (!w)
        continue;
      for (uint32_t lane = 0; lane < 32; ++lane) {
        const uint32_t th = w->threadIndex(lane);
        const LaneState ls = laneState(*w, lane);
        if (th >= threads || (ls.kind != LaneState::Active && ls.kind != LaneState::Waiting))
          continue;
        if (!f.threadMatches(cudaCoordsOf(*w, lane)) ||
            (f.breakpoint && !atBreakpoint(d, *w, lane, *f.breakpoint)))
          continue;
        const uint64_t pc = ls.kind == LaneState::Active ? w->pcBytes() : ls.pc;
        const bool marked = focus.grid == g->id && sameThread(focus, Focus::of(*w, lane));
        Range *r = ranges.empty() ? nullptr : &ranges.back();
        const bool next = r && d.cudaCoalescing && r->pc == pc &&
                          ((r->lastBlock == key.first && r->lastThread + 1 == th) ||
                           (r->lastBlock + 1 == key.first && th == 0 && r->lastThread + 1 == threads));
        if (!next) {
          ranges.push_back({key.first, key.first, th, th, 0, pc, false, cudaCoordsOf(*w, lane)});
          r = &ranges.back();
        }
        r->lastBlock = key.first;
        r->lastThread = th;
        ++r->count;
        r->marked |= marked;
      }
    }
    if (ranges.empty())
      continue;
    any = true;
    t.addLine("Kernel " + std::to_string(kernelOfGrid(g->id)));
    for (const Range &r : ranges) {
      const std::optional<rt::SourcePos> pos = k ? sourcePos(*k, r.pc) : std::nullopt;
      const std::string block = ctaText(coordsOf(r.firstBlock, g->params.grid)),
                        thread = ctaText(coordsOf(r.firstThread, bd));
      if (d.cudaCoalescing)
        t.addRow(r.marked, {block, thread, ctaText(coordsOf(r.lastBlock, g->params.grid)),
                            ctaText(coordsOf(r.lastThread, bd)), std::to_string(r.count),
                            frameAddress(r.pc), pos ? fileName(pos->file) : "",
                            pos ? std::to_string(pos->line) : ""});
      else
        t.addRow(r.marked, {block, thread, frameAddress(r.pc), std::to_string(r.where.device),
                            std::to_string(r.where.sm), std::to_string(r.where.warp),
                            std::to_string(r.where.lane), pos ? fileName(pos->file) : "n/a",
                            std::to_string(pos ? pos->line : 0)});
    }
  }
  if (!any) {
    d.out() << "No CUDA threads.\n";
    return;
  }
  t.print(d.out());
}

} // namespace

void registerCudaTables(CommandTable &cuda, CommandTable &info) {
  cuda.add({"kernels", {"k"}, "simt", "the kernels on the device, as cuda-gdb lists them",
            "info cuda kernels [FILTER]\ncuda-gdb's table: kernel (from 0, what `cuda kernel N` "
            "takes), grid,\nstatus, the SMs holding its blocks, its shape and invocation with "
            "arguments.\nA FILTER is checked, and every kernel listed, as cuda-gdb does.",
            infoKernels});
  cuda.add({"blocks", {}, "simt", "the resident blocks, coalesced, as cuda-gdb lists them",
            "info cuda blocks [FILTER]\nThe focused kernel's blocks; FILTER: cuda-gdb's "
            "(`kernel 1`, `block 1`, `sm 0`).",
            infoBlocks});
  cuda.add({"threads", {}, "simt", "the threads, coalesced by PC, as cuda-gdb lists them",
            "info cuda threads [FILTER]\nRuns of consecutive threads at one PC, with its file "
            "and line, of the focused\nkernel; FILTER: cuda-gdb's (`block 1`, `thread (5,0,0)`, "
            "`breakpoint all`: the\nthreads at a breakpoint, `breakpoint 2`: at breakpoint 2).",
            infoThreads});
  info.add({"launches", {}, "simt", "the kernels on the device (as info cuda kernels)",
            "info launches", infoKernels});
}

} // namespace simt::dbg
