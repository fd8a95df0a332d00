//===-- Simt.cpp - The SIMT views (warps, lanes, stack, grids, SMs) -------===//
#include "dbg/Debugger.h"
#include "dbg/Views.h"
#include "dbg/commands/Commands.h"
#include "emu/device/Facade.h"
#include "runtime/KernelNames.h"

#include <cstdio>

namespace simt::dbg {

namespace {

void infoGrids(Debugger &d) {
  bool any = false;
  for (emu::GridId id = 1; const emu::Grid *g = d.device().grid(id); ++id) {
    if (!any)
      d.out() << "  id name       kernel           state    grid          block         ctas "
                 "done/resident/total  const\n";
    any = true;
    char buf[256];
    std::snprintf(buf, sizeof buf, "%c %3u %-10s %-16s %-8s %-13s %-13s %u/%u/%u  v%u\n",
                  d.focus().grid == id ? '*' : ' ', id,
                  g->params.name.empty() ? "-" : g->params.name.c_str(),
                  rt::demangleKernelName(g->kernelName()).c_str(),
                  emu::gridStateName(g->state), ctaText(g->params.grid).c_str(),
                  ctaText(g->params.block).c_str(), g->ctasDone, g->ctasResident, g->numCtas,
                  g->constVersion);
    d.out() << buf;
  }
  if (!any)
    d.out() << "no grids have been launched\n";
}

void infoSms(Debugger &d) {
  const emu::ConstCache *cc = d.device().constCache();
  d.out() << "  sm cycle        warps  ctas  grids      const\n";
  for (uint32_t s = 0; s < d.device().numSms(); ++s) {
    const emu::SmView sm = emu::viewSm(d.device(), s);
    std::string grids;
    for (size_t c = 0; c < sm.numCtas(); ++c) {
      std::string g = std::to_string(sm.cta(c).gridId());
      if (grids.find(g) == std::string::npos)
        grids += (grids.empty() ? "" : ",") + g;
    }
    char buf[160];
    std::snprintf(buf, sizeof buf, "  %2u %-12llu %2u/%-3u %4zu  %-10s %s\n", s,
                  static_cast<unsigned long long>(sm.cycle()), sm.usedWarps(), sm.numSlots(),
                  sm.numCtas(), grids.empty() ? "-" : grids.c_str(),
                  cc ? ((cc->smActive(s) ? "active v" : "idle v") +
                        std::to_string(cc->smVersion(s))).c_str()
                     : "-");
    d.out() << buf;
  }
  d.out() << "device cycle " << d.device().cycle() << ", " << d.device().steps()
          << " warp-instructions\n";
}

void infoContexts(Debugger &d) {
  for (const rt::DeviceSession::ContextView &c : d.session().contexts()) {
    d.out() << (c.current ? "* " : "  ") << c.name << " (context " << c.id << "): kernels";
    if (c.kernels.empty())
      d.out() << " none";
    for (const std::string &k : c.kernels)
      d.out() << " " << rt::demangleKernelName(k);
    d.out() << "; buffers";
    if (c.buffers.empty())
      d.out() << " none";
    for (const rt::Buffer *b : c.buffers) {
      char buf[32];
      std::snprintf(buf, sizeof buf, " at 0x%llx", static_cast<unsigned long long>(b->addr));
      d.out() << " " << b->name << " " << rt::typeName(b->type) << "[" << b->count << "]" << buf;
    }
    d.out() << "\n";
  }
  // The device's side: SM allocation, holders, CTAs, switches (ISA.md 7).
  std::string report = d.device().scheduler().contextsReport();
  if (!report.empty())
    d.out() << report << (report.back() == '\n' ? "" : "\n");
}

} // namespace

void registerSimtCommands(CommandTable &root, CommandTable &info) {
  info.add({"warps", {"w"}, "simt", "every resident warp: SM, CTA, warp, PC, masks, state",
            "info warps\n`*` marks the focused warp.",
            [](Debugger &d, const Invocation &) { printWarps(d, d.out()); }});
  info.add({"lanes", {"l"}, "simt", "lanes of the focused warp: active, waiting (and where), exited",
            "info lanes\nFor a waiting lane: the PC it resumes at and the SIMT-stack token holding it.",
            [](Debugger &d, const Invocation &) { printLanes(d, d.out(), *d.focusedWarp()); }});
  info.add({"simt-stack", {"stack", "ss"}, "simt",
            "the focused warp's SIMT stack: tokens on chip and spilled, thread sets",
            "info simt-stack\nTokens top first: type, mask, the lanes a pop would resume now, target\n"
            "PC and where the entry lives (on-chip entry, spill-region slot, or both when\n"
            "clean); then the stack cache's thread sets (valid/dirty), head and spill pointer.",
            [](Debugger &d, const Invocation &) { printSimtStack(d, d.out(), *d.focusedWarp()); }});
  info.add({"predicates", {"p", "pred"}, "simt", "P0..P6 and the CC flags, one bit per lane",
            "info predicates",
            [](Debugger &d, const Invocation &) { printPredicates(d.out(), *d.focusedWarp()); }});
  info.add({"grids", {"g"}, "simt", "every launched grid: kernel, state, shape, progress",
            "info grids", [](Debugger &d, const Invocation &) { infoGrids(d); }});
  info.add({"sms", {}, "simt", "every SM: clock, warps, CTAs, constants version", "info sms",
            [](Debugger &d, const Invocation &) { infoSms(d); }});
  info.add({"contexts", {}, "simt", "contexts with their kernels and buffers", "info contexts",
            [](Debugger &d, const Invocation &) { infoContexts(d); }});
  registerFocusCommands(root, info);
}

} // namespace simt::dbg
