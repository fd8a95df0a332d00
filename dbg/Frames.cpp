//===-- Frames.cpp - gdb's one-line description of a device frame ---------===//
#include "dbg/Frames.h"

#include "dbg/Debugger.h"
#include "dbg/SourceView.h"
#include "dbg/Variables.h"
#include "emu/core/Grid.h"
#include "runtime/KernelNames.h"

#include <cstdio>

namespace simt::dbg {

namespace {
/// "(x=9, p=...)": gdb prints aggregates in frame lines as `...`.
std::string argumentsText(Debugger &d, emu::Warp &w, uint32_t lane, const VarScope &s,
                          bool withValues) {
  std::string text;
  EvalScope sc = d.scopeFor(w, lane);
  for (const Variable &v : argsAt(s)) {
    std::string value = "<unavailable>"; // an outer frame's: its registers are gone
    if (withValues) {
      try {
        CValue c = valueOf(s, v, sc, lane);
        value = c.where != CValue::OptimizedOut && !isScalar(c.type) ? "..."
                                                                      : formatCValueBare(c, sc);
      } catch (const CommandError &) {
        value = "<error reading variable>";
      }
    }
    text += (text.empty() ? "" : ", ") + v.name + "=" + value;
  }
  return "(" + text + ")";
}
} // namespace

std::string frameAddress(uint64_t pc) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(pc));
  return buf;
}

namespace {
struct FrameParts {
  std::string name; // "scale", "digit_sum"
  bool kernel = false;
  std::string args; // "(x=9)"
  bool described = false; // the DWARF describes the function
};

FrameParts partsOf(Debugger &d, emu::Warp &w, uint32_t lane, const FrameSpec &f) {
  FrameParts p;
  const rt::LoadedKernel *k = w.grid ? d.kernelOf(*w.grid) : nullptr;
  if (!k)
    return {"??", false, "()"};
  const rt::ImageSection *sec = k->sectionAt(f.pc);
  const std::optional<VarScope> s = varScopeAt(*k, f.linePc);
  p.name = s ? functionName(*s) : "";
  if (p.name.empty())
    p.name = sec ? rt::plainKernelName(sec->name) : "??";
  p.kernel = sec && sec->isKernel;
  p.args = s ? argumentsText(d, w, lane, *s, f.withArgs) : "()";
  p.described = s && s->function;
  return p;
}

/// Whether the warp runs in its kernel's own frame (no call on its stack).
bool inKernelFrame(const emu::Warp &w) {
  const emu::SimtStack &s = w.stack();
  for (uint32_t lv = 0; lv < s.depth(); ++lv)
    if (s.level(lv).token.type == emu::TokenType::Call)
      return false;
  return true;
}
} // namespace

std::string frameFunctionText(Debugger &d, emu::Warp &w, uint32_t lane, const FrameSpec &f) {
  const FrameParts p = partsOf(d, w, lane, f);
  const std::string shape =
      p.kernel ? "<<<" + ctaText(w.grid->params.grid) + "," + ctaText(w.grid->params.block) + ">>>"
               : "";
  return p.name + shape + " " + p.args;
}

std::string invocationText(Debugger &d, const emu::Grid &g) {
  for (const emu::WarpInfo &i : d.device().warps())
    if (emu::Warp *w = i.grid == g.id ? d.device().warp(i.ref) : nullptr)
      if (w->state != emu::WarpState::Done && inKernelFrame(*w)) {
        const FrameParts p =
            partsOf(d, *w, lowestLane(w->ctl().active), {w->pcBytes(), w->pcBytes()});
        if (p.described)
          return p.name + p.args;
        break; // no variables: the signature says more than "()"
      }
  return rt::demangleKernelName(g.kernelName());
}

std::vector<FrameSpec> framesOf(const emu::Warp &w) {
  std::vector<FrameSpec> out{{w.pcBytes(), w.pcBytes()}};
  const emu::SimtStack &s = w.stack();
  for (uint32_t lv = s.depth(); lv-- > 0;)
    if (const emu::SimtLevelView v = s.level(lv); v.token.type == emu::TokenType::Call)
      out.push_back({v.token.pc * 8, v.token.pc * 8 - 8, true, false});
  return out;
}

std::string frameText(Debugger &d, emu::Warp &w, uint32_t lane, const FrameSpec &f) {
  const rt::LoadedKernel *k = w.grid ? d.kernelOf(*w.grid) : nullptr;
  const std::optional<rt::SourcePos> pos = k ? sourcePos(*k, f.linePc) : std::nullopt;
  const bool address = f.showAddress || !pos || !startsLine(*k, f.pc);
  return (address ? frameAddress(f.pc) + " in " : "") + frameFunctionText(d, w, lane, f) +
         (pos ? " at " + positionText(*pos) : "");
}

} // namespace simt::dbg
