//===-- Simt.cpp - focus and the SIMT views (warps, lanes, stack, grids) --===//
#include "dbg/Debugger.h"
#include "dbg/Views.h"
#include "dbg/commands/Commands.h"
#include "emu/core/Cta.h"
#include "runtime/KernelNames.h"

#include <cstdio>
#include <functional>
#include <tuple>

namespace simt::dbg {

namespace {

bool sameCta(const emu::WarpInfo &i, const std::array<uint32_t, 3> &c) {
  return i.cta[0] == c[0] && i.cta[1] == c[1] && i.cta[2] == c[2];
}

/// The first resident warp matching, preferring the lowest CTA and warp.
std::optional<emu::WarpInfo> firstWarp(Debugger &d, const std::function<bool(const emu::WarpInfo &)> &ok) {
  std::optional<emu::WarpInfo> best;
  for (const emu::WarpInfo &i : d.device().warps()) {
    if (!ok(i))
      continue;
    auto key = [](const emu::WarpInfo &x) {
      return std::make_tuple(x.grid, x.cta[2], x.cta[1], x.cta[0], x.warp);
    };
    if (!best || key(i) < key(*best))
      best = i;
  }
  return best;
}

void focus(Debugger &d, const Invocation &inv) {
  std::vector<std::string> w = words(inv.args);
  Focus f = d.focus();
  if (w.empty()) {
    if (!d.focusedWarp(false)) {
      d.out() << "focus: nothing (no resident warp)\n";
      return;
    }
  }
  for (size_t i = 0; i < w.size(); i += 2) {
    if (i + 1 >= w.size())
      throw CommandError("focus " + w[i] + " needs a value (focus grid N|NAME, sm N, cta X[,Y,Z], "
                         "warp N, lane N)");
    const std::string &what = w[i], &val = w[i + 1];
    if (what == "grid") {
      emu::GridId g = 0;
      if (auto n = rt::parseUInt(val))
        g = emu::GridId(*n);
      else if (auto id = d.session().gridNamed(val))
        g = *id;
      else
        throw CommandError("no grid named '" + val + "'");
      auto x = firstWarp(d, [&](const emu::WarpInfo &i) { return i.grid == g; });
      if (!x)
        throw CommandError("grid " + val + " has no resident warp");
      f = Focus{x->grid, {x->cta[0], x->cta[1], x->cta[2]}, x->warp, lowestLane(x->active)};
    } else if (what == "sm") {
      auto n = rt::parseUInt(val);
      if (!n || *n >= d.device().numSms())
        throw CommandError("no SM " + val + " (the device has " +
                           std::to_string(d.device().numSms()) + ")");
      auto x = firstWarp(d, [&](const emu::WarpInfo &i) { return i.ref.sm == *n; });
      if (!x)
        throw CommandError("SM " + val + " has no resident warp");
      f = Focus{x->grid, {x->cta[0], x->cta[1], x->cta[2]}, x->warp, lowestLane(x->active)};
    } else if (what == "cta") {
      std::array<uint32_t, 3> c{};
      size_t k = 0;
      std::string cur;
      for (char ch : val + ",") {
        if (ch != ',') {
          cur += ch;
          continue;
        }
        auto v = rt::parseUInt(cur);
        if (!v || k >= 3 || *v > UINT32_MAX)
          throw CommandError("bad CTA coordinates '" + val + "' (X[,Y,Z])");
        c[k++] = uint32_t(*v);
        cur.clear();
      }
      const emu::GridId g = f.grid;
      auto x = firstWarp(d, [&](const emu::WarpInfo &i) {
        return (!g || i.grid == g) && sameCta(i, c);
      });
      if (!x)
        throw CommandError("cta " + ctaText(c) + " has no resident warp");
      f = Focus{x->grid, c, x->warp, f.lane};
    } else if (what == "warp") {
      auto n = rt::parseUInt(val);
      if (!n)
        throw CommandError("bad warp number '" + val + "'");
      if (!f.valid()) {
        d.focusedWarp();
        f = d.focus();
      }
      auto x = firstWarp(d, [&](const emu::WarpInfo &i) {
        return i.grid == f.grid && sameCta(i, f.cta) && i.warp == *n;
      });
      if (!x)
        throw CommandError("cta " + ctaText(f.cta) + " of grid " + std::to_string(f.grid) +
                           " has no warp " + val);
      f.warp = uint32_t(*n);
    } else if (what == "lane") {
      auto n = rt::parseUInt(val);
      if (!n || *n > 31)
        throw CommandError("lane must be 0..31");
      if (!f.valid()) {
        d.focusedWarp();
        f = d.focus();
      }
      f.lane = uint32_t(*n);
    } else {
      throw CommandError("focus grid N|NAME, focus sm N, focus cta X[,Y,Z], focus warp N, "
                         "focus lane N");
    }
  }
  d.focus() = f;
  emu::Warp *fw = d.focusedWarp(false);
  d.out() << "focus: " << d.focus().text();
  if (fw && fw->grid) {
    d.out() << " (sm " << fw->sm->id() << ", " << emu::warpStateName(fw->state) << ", active "
            << hex32(fw->ctl().active) << ")\n";
    if (fw->state != emu::WarpState::Done)
      d.out() << d.pcLine(*fw->grid, fw->pcBytes()) << "\n";
  } else {
    d.out() << "\n";
  }
}

void infoGrids(Debugger &d) {
  bool any = false;
  for (emu::GridId id = 1; const emu::Grid *g = d.device().grid(id); ++id) {
    if (!any)
      d.out() << "  id name       kernel           state    grid          block         ctas "
                 "done/resident/total  const\n";
    any = true;
    char buf[256];
    auto dim = [](const uint32_t *v) {
      return "(" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," + std::to_string(v[2]) + ")";
    };
    std::snprintf(buf, sizeof buf, "%c %3u %-10s %-16s %-8s %-13s %-13s %u/%u/%u  v%u\n",
                  d.focus().grid == id ? '*' : ' ', id,
                  g->params.name.empty() ? "-" : g->params.name.c_str(),
                  rt::demangleKernelName(g->kernelName()).c_str(),
                  emu::gridStateName(g->state), dim(g->params.grid).c_str(),
                  dim(g->params.block).c_str(), g->ctasDone, g->ctasResident, g->numCtas,
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
    const emu::Sm &sm = d.device().sm(s);
    std::string grids;
    for (const auto &c : sm.ctas()) {
      std::string g = std::to_string(c->grid->id);
      if (grids.find(g) == std::string::npos)
        grids += (grids.empty() ? "" : ",") + g;
    }
    char buf[160];
    std::snprintf(buf, sizeof buf, "  %2u %-12llu %2u/%-3u %4zu  %-10s %s\n", s,
                  static_cast<unsigned long long>(sm.cycle()), sm.usedWarps(), sm.numSlots(),
                  sm.ctas().size(), grids.empty() ? "-" : grids.c_str(),
                  cc ? ((cc->smActive(s) ? "active v" : "idle v") +
                        std::to_string(cc->smVersion(s))).c_str()
                     : "-");
    d.out() << buf;
  }
  d.out() << "device cycle " << d.device().cycle() << ", " << d.device().steps()
          << " warp-instructions\n";
}

void infoContexts(Debugger &d) {
  for (const rt::Session::ContextView &c : d.session().contexts()) {
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
  root.add({"focus", {"f"}, "simt", "choose the grid, SM, CTA, warp and lane commands refer to",
            "focus [grid N|NAME] [sm N] [cta X[,Y,Z]] [warp N] [lane N]\n"
            "warp N is the warp index within the CTA; several pairs may be combined\n"
            "(focus cta 1 warp 0 lane 5). Without arguments shows the focus.",
            focus});
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
  info.add({"focus", {}, "simt", "the current focus", "info focus",
            [](Debugger &d, const Invocation &) { focus(d, Invocation{"focus", "", ""}); }});
}

} // namespace simt::dbg
