//===-- Frames.cpp - gdb's one-line description of a device frame ---------===//
#include "dbg/Frames.h"

#include "dbg/Debugger.h"
#include "dbg/SourceView.h"
#include "dbg/Variables.h"
#include "emu/core/Grid.h"
#include "isa/SIMTDwarf.h"
#include "runtime/KernelNames.h"

#include <algorithm>
#include <cstdio>

namespace simt::dbg {

namespace {
/// "(x=9, p=...)": gdb prints aggregates in frame lines as `...`.
std::string argumentsText(const EvalScope &sc, uint32_t lane, const VarScope &s,
                          bool withValues) {
  std::string text;
  for (const Variable &v : argsAt(s)) {
    std::string value = "<unavailable>";
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

std::string withoutReturnType(std::string name) {
  // A template instance's demangled name leads with its return type ("int
  // twice<int>(int)"); gdb names it without ("twice<int>(int)"): drop what
  // comes before the last blank outside <> and () ahead of the parameters.
  int depth = 0;
  size_t cut = std::string::npos, end = 0;
  for (; end < name.size() && !(name[end] == '(' && depth == 0); ++end) {
    const char c = name[end];
    depth += c == '<' || c == '(' ? 1 : c == '>' || c == ')' ? -1 : 0;
    if (c == ' ' && depth == 0)
      cut = end;
  }
  const bool instance = end > 0 && name[end - 1] == '>';
  return cut == std::string::npos || !instance ? name : name.substr(cut + 1);
}

namespace {
struct FrameParts {
  std::string name; // "scale", "digit_sum"
  bool kernel = false;
  std::string args; // "(x=9)"
  bool described = false; // the DWARF describes the function
};

/// The scope of frame `f` of `w`: an outer frame's variables at its call,
/// less what its callees may have written (Debugger::scope for `up`).
EvalScope frameScope(Debugger &d, emu::WarpView w, uint32_t lane, const rt::LoadedKernel &k,
                     const FrameSpec &f) {
  EvalScope sc = d.scopeFor(w, lane);
  if (f.level == 0)
    return sc;
  // By level, not by pc: the frames of a recursive function return to the
  // same address, and matching the pc picked the outermost for all of them.
  enterFrame(sc, k, w, framesOf(w), f.level);
  return sc;
}

FrameParts partsOf(Debugger &d, emu::WarpView w, uint32_t lane, const FrameSpec &f) {
  FrameParts p;
  const rt::LoadedKernel *k = w.grid() ? d.kernelOf(*w.grid()) : nullptr;
  if (!k)
    return {"??", false, "()"};
  const rt::ImageSection *sec = k->sectionAt(f.pc);
  const std::optional<VarScope> s = varScopeAt(*k, f.linePc);
  p.name = s ? functionName(*s) : "";
  if (p.name.empty())
    p.name = sec ? rt::plainKernelName(sec->name) : "??";
  p.kernel = sec && sec->isKernel;
  p.args = s ? argumentsText(frameScope(d, w, lane, *k, f), lane, *s, f.withArgs) : "()";
  p.described = s && s->function;
  return p;
}
} // namespace

std::string frameFunctionText(Debugger &d, emu::WarpView w, uint32_t lane, const FrameSpec &f) {
  const FrameParts p = partsOf(d, w, lane, f);
  const std::string shape = p.kernel ? "<<<" + ctaText(w.grid()->params.grid) + "," +
                                           ctaText(w.grid()->params.block) + ">>>"
                                     : "";
  return p.name + shape + " " + p.args;
}

std::string invocationText(Debugger &d, const emu::Grid &g) {
  for (const emu::WarpInfo &i : d.device().warps())
    if (std::optional<emu::WarpView> w =
            i.grid == g.id ? emu::viewWarp(d.device(), i.ref) : std::nullopt)
      if (w->state() != emu::WarpState::Done) {
        // The kernel's own frame is the outermost one, whatever the warp calls.
        const FrameParts p = partsOf(d, *w, lowestLane(w->active()), framesOf(*w).back());
        if (p.described)
          return p.name + p.args;
        break; // no variables: the signature says more than "()"
      }
  return rt::demangleKernelName(g.kernelName());
}

std::vector<FrameSpec> framesOf(emu::WarpView w) {
  std::vector<FrameSpec> out{{w.pcBytes(), w.pcBytes()}};
  const emu::SimtStack &s = *w.stack();
  for (uint32_t lv = s.depth(); lv-- > 0;)
    if (const emu::SimtLevelView v = s.level(lv); v.token.type == emu::TokenType::Call)
      out.push_back({v.token.pc * 8, v.token.pc * 8 - 8, true, true, uint32_t(out.size())});
  return out;
}

void enterFrame(EvalScope &sc, const rt::LoadedKernel &k, emu::WarpView w,
                const std::vector<FrameSpec> &frames, size_t n) {
  if (n == 0 || n >= frames.size())
    return;
  sc.framePc = frames[n].linePc;
  sc.clobbered = registersWrittenBelow(k, w, frames, n);
  // R1 is restored by each callee's epilogue: frame n's is the warp's plus
  // what frames 0..n-1 have taken off it so far.
  int64_t delta = 0;
  for (size_t i = 0; i < n; ++i) {
    const std::optional<uint32_t> drop = stackPointerDrop(k, w, frames[i].pc);
    if (!drop)
      return;
    delta += *drop;
  }
  sc.stackPointerDelta = delta;
  sc.clobbered &= ~(uint64_t{1} << dwarfabi::kStackPointerRegNum);
}

std::optional<uint32_t> stackPointerDrop(const rt::LoadedKernel &k, emu::WarpView w,
                                         uint32_t pc) {
  // A framed function's prologue is its first write of R1, `IADD32I R1, R1,
  // -N`; each epilogue adds N back before its RET. Between the two the
  // function has N bytes off R1; before the prologue, or after an
  // epilogue (a RET comes before any write of R1), none.
  const rt::ImageSection *sec = k.sectionAt(pc);
  if (!sec)
    return std::nullopt;
  const std::span<const emu::Inst> code = w.code();
  const uint64_t end = std::min<uint64_t>(sec->addr + sec->size, code.size() * 8ull);
  constexpr uint8_t SP = dwarfabi::kStackPointerRegNum;
  auto writesSP = [&](const emu::Inst &in) {
    if (in.rd != SP || in.op >= emu::Op::NumOps)
      return false;
    const emu::OpInfo &info = emu::opInfo(in.op);
    return !(info.mayStore && !info.mayLoad); // a store's rd is its data
  };
  uint64_t prologue = end;
  for (uint64_t p = sec->addr; p < end; p += 8)
    if (writesSP(code[p / 8])) {
      prologue = p;
      break;
    }
  if (prologue == end || pc <= prologue)
    return 0u; // no frame, or not made yet
  const emu::Inst &first = code[prologue / 8];
  if (first.op != emu::Op::IADD32I || first.ra.reg != SP || first.guard.idx != emu::PT ||
      first.guard.neg || int32_t(first.imm) >= 0)
    return std::nullopt;
  for (uint64_t p = pc; p < end; p += 8) {
    const emu::Inst &in = code[p / 8];
    if (writesSP(in))
      return 0u - first.imm; // its epilogue is still ahead (imm is negative)
    if (in.op < emu::Op::NumOps && emu::opInfo(in.op).isReturn)
      return 0u;
  }
  return std::nullopt;
}

uint64_t registersWrittenBelow(const rt::LoadedKernel &k, emu::WarpView w,
                               const std::vector<FrameSpec> &frames, size_t n) {
  // The functions of frames 0..n-1 and every function they may call: any
  // register one of their instructions names as its destination (a wide
  // one's next three too, and a store's data register: an overestimate is
  // safe). A call this cannot follow clobbers everything.
  constexpr uint64_t kAll = ~uint64_t{0};
  std::vector<const rt::ImageSection *> todo, seen;
  auto visit = [&](const rt::ImageSection *sec) {
    if (std::find(seen.begin(), seen.end(), sec) == seen.end()) {
      seen.push_back(sec);
      todo.push_back(sec);
    }
  };
  for (size_t i = 0; i < n && i < frames.size(); ++i) {
    const rt::ImageSection *sec = k.sectionAt(frames[i].linePc);
    if (!sec)
      return kAll;
    visit(sec);
  }
  uint64_t written = 0;
  while (!todo.empty()) {
    const rt::ImageSection *sec = todo.back();
    todo.pop_back();
    for (uint64_t pc = sec->addr; pc < sec->addr + sec->size && pc / 8 < w.code().size(); pc += 8) {
      const emu::Inst &in = w.code()[pc / 8];
      if (in.rd != emu::RZ)
        for (unsigned r = in.rd; r < in.rd + 4u && r < 64; ++r)
          written |= uint64_t{1} << r;
      if (in.op < emu::Op::NumOps && emu::opInfo(in.op).isCall) {
        const rt::ImageSection *callee = k.sectionAt(in.target);
        if (!callee || in.memBase != emu::RZ)
          return kAll;
        visit(callee);
      }
    }
  }
  return written;
}

namespace {
/// Whether `pc` is a call's return point: the instruction before it is the
/// call, in the same function.
bool isReturnPoint(const rt::LoadedKernel &k, emu::WarpView w, uint64_t pc) {
  const std::span<const emu::Inst> code = w.code();
  const uint64_t call = pc / 8 - 1;
  return pc >= 8 && call < code.size() && code[call].op < emu::Op::NumOps &&
         emu::opInfo(code[call].op).isCall && k.sectionAt(pc - 8) == k.sectionAt(pc);
}
} // namespace

std::optional<rt::SourcePos> framePosition(const rt::LoadedKernel &k, emu::WarpView w,
                                           uint64_t pc, bool *borrowed) {
  if (borrowed)
    *borrowed = false;
  std::optional<rt::SourcePos> pos = sourcePos(k, pc);
  // A function's first stop (`break FUNCTION`, a kernel's entry: past its
  // prologue) at the first instruction of an inlined call is shown at the
  // call, in the caller, as gdb does (inlinedCallSiteAt). Elsewhere (a
  // line's breakpoint, a step) the inlined code's own line stands.
  const rt::ImageSection *sec = k.sectionAt(pc);
  if (pos && pc == w.pcBytes() && sec && afterPrologue(k, sec->addr) == pc)
    if (std::optional<rt::SourcePos> call = inlinedCallSiteAt(k, pc))
      return call;
  if (pos || !linesOf(k) || !isReturnPoint(k, w, pc))
    return pos;
  pos = sourcePos(k, pc - 8);
  if (pos && borrowed)
    *borrowed = true;
  return pos;
}

std::string frameText(Debugger &d, emu::WarpView w, uint32_t lane, const FrameSpec &f) {
  const rt::LoadedKernel *k = w.grid() ? d.kernelOf(*w.grid()) : nullptr;
  bool borrowed = false;
  const std::optional<rt::SourcePos> pos =
      k ? framePosition(*k, w, f.linePc, &borrowed) : std::nullopt;
  // A function's stop past its prologue starts a row of the line table
  // even where the prologue is on the same line (a one-line function): gdb
  // shows no address there (clang's prologue_end row). A return point
  // there (optimised code that calls at once) is mid-line as any other.
  const rt::ImageSection *sec = k ? k->sectionAt(f.pc) : nullptr;
  const bool entryStop = sec && f.pc != sec->addr && !isReturnPoint(*k, w, f.pc) &&
                         afterPrologue(*k, sec->addr) == f.pc;
  const bool address =
      f.showAddress || !pos || borrowed || (!startsLine(*k, f.pc) && !entryStop);
  return (address ? frameAddress(f.pc) + " in " : "") + frameFunctionText(d, w, lane, f) +
         (pos ? " at " + positionText(*pos) : "");
}

} // namespace simt::dbg
