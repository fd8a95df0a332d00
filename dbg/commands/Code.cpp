//===-- Code.cpp - disassemble around the PC, backtrace over CALL tokens --===//
#include "dbg/Debugger.h"
#include "dbg/ProgramControl.h"
#include "dbg/Frames.h"
#include "dbg/Repl.h"
#include "dbg/SourceView.h"
#include "dbg/Views.h"
#include "dbg/commands/Commands.h"
#include "emu/device/Facade.h"
#include "runtime/KernelNames.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>

namespace simt::dbg {

namespace {

//===-- disassemble / backtrace ------------------------------------------------------===//

/// gdb's `disassemble START,END` and `START,+LENGTH`: the instructions in
/// [START, END) of the kernel the focus is in (or the first loaded), each
/// with its function and offset, START and END expressions ($pc, 0x68).
void disassembleRange(Debugger &d, const std::string &args) {
  const size_t comma = args.find(',');
  EvalScope sc = d.scope(false);
  const rt::LoadedKernel *k = &d.focusedOrFirstKernel();
  sc.kernel = k;
  const auto value = [&](std::string_view text) {
    const std::string t(trim(text));
    if (t.empty())
      throw CommandError("usage: disassemble START,END or START,+LENGTH");
    return uint64_t(Expr::parse(t).evalLane(sc, sc.mem.lane).asInt());
  };
  const uint64_t start = value(std::string_view(args).substr(0, comma));
  std::string_view rest = trim(std::string_view(args).substr(comma + 1));
  const bool length = !rest.empty() && rest.front() == '+';
  const uint64_t end = length ? start + value(rest.substr(1)) : value(rest);
  const uint32_t cur = sc.mem.warp && sc.mem.warp->view().grid() &&
                               d.kernelOf(*sc.mem.warp->view().grid()) == k
                           ? sc.mem.warp->view().pcBytes()
                           : UINT32_MAX;
  char buf[96];
  std::snprintf(buf, sizeof buf, "Dump of assembler code from 0x%llx to 0x%llx:\n",
                static_cast<unsigned long long>(start), static_cast<unsigned long long>(end));
  d.out() << buf;
  // Instructions are 8 bytes: one that starts inside the range is shown.
  for (uint64_t pc = start & ~uint64_t{7}; pc < end && pc / 8 < k->image.size(); pc += 8) {
    const rt::ImageSection *sec = k->sectionAt(pc);
    std::snprintf(buf, sizeof buf, "%s0x%016llx <", pc == cur ? "=> " : "   ",
                  static_cast<unsigned long long>(pc));
    d.out() << buf << rt::demangleKernelName(sec ? sec->name : k->name()) << "+"
            << (pc - (sec ? sec->addr : 0)) << ">:\t" << d.instText(*k, uint32_t(pc)) << "\n";
  }
  d.out() << "End of assembler dump.\n";
}

void disassemble(Debugger &d, const Invocation &inv) {
  if (inv.args.find(',') != std::string::npos) {
    // gdb's modifiers (/r, /s) before a range change nothing in this dump.
    std::string_view range = trim(inv.args);
    if (range.starts_with("/"))
      range = trim(range.substr(std::min(range.find_first_of(" \t"), range.size())));
    return disassembleRange(d, std::string(range));
  }
  std::optional<emu::WarpView> w = d.focusedWarp(false);
  const emu::Grid *g = d.focusedGrid();
  const rt::LoadedKernel *k = g ? d.kernelOf(*g) : nullptr;
  uint64_t center = w ? w->pcBytes() : 0;
  const uint32_t cur = w ? w->pcBytes() : UINT32_MAX;
  bool whole = false;
  // `/s` (or gdb's older `/m`): source lines interleaved.
  std::string args = inv.args;
  bool withSource = inv.format.find_first_of("sm") != std::string::npos;
  if (args.rfind("/s", 0) == 0 || args.rfind("/m", 0) == 0) {
    withSource = true;
    args = std::string(trim(std::string_view(args).substr(2)));
  }
  if (!args.empty()) {
    Location loc = parseLocation(args, d.session());
    const rt::LoadedKernel *found = nullptr;
    if (k && loc.resolve(*k))
      found = k;
    for (const rt::LoadedKernel *x : d.session().kernels())
      if (!found && loc.resolve(*x))
        found = x;
    k = found;
    center = *loc.resolve(*k);
    whole = true;
  }
  if (!k)
    k = &d.focusedOrFirstKernel();
  const rt::ImageSection *sec = k->sectionAt(center);
  uint64_t lo = sec ? sec->addr : 0, hi = sec ? sec->addr + sec->size : k->imageBytes();
  if (d.program() && !withSource) {
    // A program's session: gdb's (cuda-gdb's) dump of the whole function.
    d.out() << "Dump of assembler code for function "
            << rt::demangleKernelName(sec ? sec->name : k->name()) << ":\n";
    for (uint64_t pc = lo; pc < hi; pc += 8) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%s0x%016llx <+%llu>:\t", pc == cur ? "=> " : "   ",
                    static_cast<unsigned long long>(pc),
                    static_cast<unsigned long long>(pc - lo));
      d.out() << buf << d.instText(*k, uint32_t(pc)) << "\n";
    }
    d.out() << "End of assembler dump.\n";
    return;
  }
  const uint64_t span = uint64_t(d.listSize) * 8;
  if (!whole || hi - lo > 2 * span + 8) {
    lo = std::max(lo, center > span ? center - span : 0);
    hi = std::min(hi, center + span + 8);
  }
  // Branch targets inside the window get a marker.
  std::vector<uint64_t> targets;
  for (uint64_t pc = 0; pc < k->imageBytes(); pc += 8)
    if (auto t = d.branchTarget(*k, uint32_t(pc)))
      targets.push_back(*t);
  d.out() << "Dump of " << rt::demangleKernelName(sec ? sec->name : k->name()) << " in kernel "
          << rt::describeKernelName(k->name());
  if (g && d.kernelOf(*g) == k)
    d.out() << " (grid " << g->id << ")";
  char range[48];
  std::snprintf(range, sizeof range, ", 0x%04llx-0x%04llx:\n", static_cast<unsigned long long>(lo),
                static_cast<unsigned long long>(hi - 8));
  d.out() << range;
  size_t symWidth = 0;
  for (uint64_t pc = lo; pc < hi; pc += 8)
    symWidth = std::max(symWidth, d.symbolText(*k, uint32_t(pc)).size());
  std::optional<rt::SourcePos> shown;
  std::string shownFile;
  bool lineless = false; // shown: code without a line (line 0)
  for (uint64_t pc = lo; pc < hi; pc += 8) {
    if (withSource) {
      auto p = sourcePos(*k, pc);
      if (p && !(shown && shown->line == p->line && shown->file == p->file)) {
        if (shownFile != p->file)
          d.out() << fileName(p->file) << ":\n";
        d.out() << sourceLineText(p->file, p->line) << "\n";
        shown = p;
        shownFile = p->file;
        lineless = false;
      } else if (!p && shown && !lineless) {
        // The translator's reconvergence code: part of no line.
        d.out() << "(no source line)\n";
        shown.reset();
        lineless = true;
      }
    }
    const bool isTarget = std::find(targets.begin(), targets.end(), pc) != targets.end();
    const char *mark = pc == cur ? "=>" : (isTarget ? " >" : "  ");
    std::string sym = d.symbolText(*k, uint32_t(pc));
    char buf[32];
    std::snprintf(buf, sizeof buf, "%s 0x%04llx ", mark, static_cast<unsigned long long>(pc));
    std::string line = buf + sym + ":" + std::string(symWidth - sym.size() + 2, ' ') +
                       d.instText(*k, uint32_t(pc));
    if (auto t = d.branchTarget(*k, uint32_t(pc))) {
      char tb[32];
      std::snprintf(tb, sizeof tb, "  -> 0x%04llx", static_cast<unsigned long long>(*t));
      line += tb;
    }
    d.out() << line << "\n";
  }
  d.out() << "End of dump.\n";
}

/// gdb's `backtrace [full] [N | -N]`: the innermost N frames, or the
/// outermost N (0 or none: all), and each frame's locals with `full`.
struct BacktraceArgs {
  int limit = 0;
  bool full = false;
};

BacktraceArgs backtraceArgs(const std::string &args) {
  BacktraceArgs b;
  for (const std::string &w : words(args)) {
    if (w == "full" || w == "-full") {
      b.full = true;
      continue;
    }
    const bool negative = w[0] == '-';
    unsigned n = 0;
    const char *first = w.data() + (negative ? 1 : 0), *last = w.data() + w.size();
    const auto [end, ec] = std::from_chars(first, last, n);
    if (ec != std::errc() || end != last || first == last)
      throw CommandError("No symbol \"" + w + "\" in current context."); // gdb's
    b.limit = negative ? -int(n) : int(n);
  }
  return b;
}

/// gdb's note that a limited backtrace left frames out, at a terminal only.
void moreFrames(Debugger &d) {
  if (typedAtTerminal())
    d.out() << "(More stack frames follow...)\n";
}

/// gdb's backtrace of code with line tables: the frames as gdb describes
/// them (Frames.h), outer ones at their return address with the call's
/// line. Their arguments' values are not known: the callee has the
/// registers the caller's frame was read from.
void sourceBacktrace(Debugger &d, emu::WarpView w, BacktraceArgs b) {
  const std::vector<FrameSpec> frames = framesOf(w);
  const size_t n = frames.size();
  const size_t first = b.limit < 0 ? n - std::min<size_t>(n, size_t(-b.limit)) : 0;
  const size_t last = b.limit > 0 ? std::min<size_t>(n, size_t(b.limit)) : n;
  const size_t selected = d.selectedFrame();
  for (size_t i = first; i < last; ++i) {
    d.out() << "#" << i << "  " << frameText(d, w, d.focus().lane, frames[i]) << "\n";
    if (b.full) { // each frame's locals, read as `frame N` would select it
      d.selectFrame(i);
      printLocals(d, "        ");
    }
  }
  d.selectFrame(selected);
  if (last < n)
    moreFrames(d);
}

void backtrace(Debugger &d, const Invocation &inv) {
  const BacktraceArgs b = backtraceArgs(inv.args);
  const int limit = b.limit > 0 ? b.limit : 0;
  if (ProgramControl *p = d.program(); p && !p->started())
    throw CommandError("No stack."); // gdb's, with no process
  std::optional<emu::WarpView> w = d.focusedWarp();
  const emu::WarpView view(*w);
  const rt::LoadedKernel *k = d.kernelOf(*view.grid());
  // A program's frames are gdb's, with lines or without (`0x... in
  // compute<<<...>>> ()` for code built without -G or -lineinfo).
  if (k && (linesOf(*k) || d.program())) {
    sourceBacktrace(d, *w, b);
    return;
  }
  // A frame's line: the PC's, or for a return address the CAL's before it.
  auto where = [&](uint32_t pc, uint32_t linePc) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%04x", pc);
    std::string s = buf;
    if (k) {
      std::string sym = d.symbolText(*k, pc);
      if (!sym.empty())
        s += " " + sym;
      if (const rt::ImageSection *sec = k->sectionAt(pc))
        s += " in " + rt::demangleKernelName(sec->name);
      if (auto p = sourcePos(*k, linePc))
        s += " at " + positionText(*p);
    }
    return s;
  };
  d.out() << "#0  " << where(view.pcBytes(), view.pcBytes()) << " (active "
          << hex32(view.active()) << ")\n";
  unsigned frame = 1;
  for (uint32_t lv = view.stackDepth(); lv-- > 0;) {
    const emu::SimtLevelView v = view.stackLevel(lv);
    if (v.token.type != emu::TokenType::Call)
      continue;
    if (limit && frame == unsigned(limit)) {
      moreFrames(d);
      return;
    }
    d.out() << "#" << frame++ << "  " << where(v.token.pc * 8, v.token.pc * 8 - 8)
            << " (return address; CALL token at level "
            << lv << ", lanes " << hex32(v.effectiveMask) << ")\n";
  }
}
} // namespace

void registerCodeCommands(CommandTable &root) {
  root.add({"disassemble", {"disas"}, "data", "instructions around the PC, targets marked",
            "disassemble [/s] [LOCATION]\nThe function or kernel around the focused PC (within listsize\n"
            "instructions); `=>` marks the current instruction, ` >` branch targets, and\n"
            "branches show `-> TARGET`. /s: each source line before its code (simt-cc -g).",
            disassemble, Complete::Location});
  root.add({"backtrace", {"bt", "where"}, "data", "calls of the focused warp (CALL tokens)",
            "backtrace [full] [N | -N]\nFrame 0 is the PC; each CALL token on the SIMT stack adds a frame at its\n"
            "return address, innermost first. N: only the innermost N frames (-N: the\n"
            "outermost N); full: each frame's locals after it (code with line tables). With line\n"
            "tables the frames are gdb's: `#0  digit_sum (x=9) at walk.cu:10`, then\n"
            "`#1  0x... in walk<<<(1,1,1),(32,1,1)>>> (n=96) at walk.cu:23`\n"
            "(a return address with the call's line; an outer frame's arguments as they\n"
            "are at the call, <optimized out> in registers a callee may have written).",
            backtrace});
}

} // namespace simt::dbg
