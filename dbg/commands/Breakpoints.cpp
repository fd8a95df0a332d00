//===-- Breakpoints.cpp - break, tbreak, delete, condition, watch, info ---===//
#include "dbg/Debugger.h"
#include "dbg/ProgramControl.h"
#include "dbg/SourceView.h"
#include "dbg/Views.h"
#include "dbg/commands/Commands.h"
#include "runtime/KernelNames.h"

#include <algorithm>
#include <cstdio>

namespace simt::dbg {

std::string breakLocationText(Debugger &d, std::string_view text) {
  // An object's bare number stays an address (its kernels may have no lines).
  if (d.program() && isLineNumber(text))
    return fileName(currentSourceFile(d)) + ":" + std::string(text);
  return std::string(text);
}

namespace {

/// "odd (diverge 0x0038, other 0x0050)"
std::string whereText(Debugger &d, const Location &loc) {
  if (loc.hostWatch)
    return loc.text + " (host)";
  if (!loc.host.empty())
    return loc.text + " (host " + loc.host + ")";
  std::string s = loc.text + " (";
  bool first = true;
  for (const rt::LoadedKernel *k : d.session().kernels())
    for (uint64_t a : loc.resolveAll(*k)) {
      char buf[16];
      std::snprintf(buf, sizeof buf, " 0x%04llx", static_cast<unsigned long long>(a));
      s += (first ? "" : ", ") + rt::demangleKernelName(k->name()) + buf;
      first = false;
    }
  return s + (first ? "pending)" : ")");
}

/// In a program (simt-dbg --args), gdb's words for a new breakpoint:
/// "Breakpoint 2 at 0x98: file app.cu, line 26." at its one place, or
/// "... at 0x98: app.cu:26. (2 locations)". A kernel's name is, as
/// cuda-gdb sets it before the kernel's code is loaded, its host stub's
/// address alone ("Breakpoint 1 at 0x91ee", the reference transcripts').
std::string programWhereText(Debugger &d, const Location &loc) {
  const std::vector<Site> sites = sitesOf(loc, d.session());
  char buf[32];
  if (loc.namesFunction())
    for (const Site &s : sites)
      if (const rt::ImageSection *sec = s.kernel->sectionAt(s.addr); sec && sec->isKernel)
        if (const uint64_t stub = d.program()->kernelStub(sec->name)) {
          std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(stub));
          return buf;
        }
  if (sites.empty())
    return loc.text + " (pending)";
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(sites[0].addr));
  const std::optional<rt::SourcePos> pos = sourcePos(*sites[0].kernel, sites[0].addr);
  if (sites.size() > 1)
    return std::string(buf) + ": " + (pos ? positionText(*pos) : loc.text) + ". (" +
           std::to_string(sites.size()) + " locations)";
  if (!pos)
    return buf;
  return std::string(buf) + ": file " + fileName(pos->file) + ", line " +
         std::to_string(pos->line) + ".";
}

void addBreak(Debugger &d, const Invocation &inv, bool temporary) {
  const BreakArgs args = splitBreakArgs(inv.args);
  const std::string &locText = args.location;
  if (args.condition && args.condition->empty())
    throw CommandError("argument required (the condition after \"if\")");
  Location loc;
  if (locText.empty()) {
    std::optional<emu::WarpView> w = d.focusedWarp();
    loc.kernel = w->grid()->kernelName();
    loc.offset = w->pcBytes();
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%04x", w->pcBytes());
    loc.text = loc.kernel + ":" + buf;
  } else {
    loc = parseLocation(breakLocationText(d, locText), d.session());
  }
  std::optional<Expr> cond;
  if (args.condition)
    cond = Expr::parse(*args.condition);
  int n = d.breakpoints().addBreakpoint(loc, temporary, cond);
  if (d.program()) {
    d.out() << (temporary ? "Temporary breakpoint " : "Breakpoint ") << n << " at "
            << programWhereText(d, loc) << "\n";
    return;
  }
  d.out() << (temporary ? "temporary breakpoint " : "breakpoint ") << n << " at "
          << whereText(d, loc);
  if (cond)
    d.out() << " if " << cond->text();
  d.out() << "\n";
}

void addWatch(Debugger &d, const Invocation &inv) {
  if (inv.args.empty())
    throw CommandError("argument required (a memory location: *(u32 @shared)0x40, out[3], ...)");
  Expr e = Expr::parse(inv.args);
  EvalScope sc = d.scope(false);
  auto t = e.memoryTarget(sc, sc.mem.lane);
  if (!t)
    throw CommandError("watch needs a memory location: *(TYPE @SPACE)ADDRESS, BUFFER[INDEX] "
                       "or a C variable in memory");
  if (t->space.space == Space::Const)
    throw CommandError("constant memory cannot change under a grid: nothing to watch");
  if (t->space.space == Space::Spill)
    throw CommandError("the spill region changes with SIMT-stack pushes, not stores: "
                       "step and use `info simt-stack`");
  Watchpoint w;
  w.text = e.text();
  w.space = t->space;
  w.addr = t->addr;
  w.type = t->type;
  if (t->space.space != Space::Global) {
    std::optional<emu::WarpView> fw = d.focusedWarp();
    w.scope = Focus::of(*fw, d.focus().lane);
    if (w.space.space == Space::Local && w.space.index < 0)
      w.space.index = int(d.focus().lane);
    w.scope.lane = uint32_t(std::max(w.space.index, 0));
  }
  // Check that the location exists now.
  std::vector<uint8_t> now(rt::sizeOf(w.type));
  std::string err;
  if (!readMemory(sc.mem, w.space, w.addr, now, &err))
    throw CommandError(err);
  w.last = now;
  w.known = true;
  int n = d.breakpoints().addWatchpoint(w);
  d.out() << "watchpoint " << n << ": " << w.text << " (" << spaceName(w.space) << " 0x"
          << std::hex << w.addr << std::dec;
  if (w.space.space == Space::Shared)
    d.out() << " of cta " << ctaText(w.scope.cta) << " in grid " << w.scope.grid;
  d.out() << ") = " << rt::formatValue(rt::Value::load(w.type, now.data())) << "\n";
}

/// Whether `l` is a kernel's name in a program (also its host stub's).
bool isKernelName(Debugger &d, const Location &l) {
  if (!d.program() || !l.namesFunction())
    return false;
  for (const rt::LoadedKernel *k : d.session().kernels())
    if (std::optional<uint64_t> a = l.resolve(*k))
      if (const rt::ImageSection *sec = k->sectionAt(*a))
        return sec->isKernel;
  return false;
}

/// gdb's `ignore N COUNT`.
void ignore(Debugger &d, const Invocation &inv) {
  std::vector<std::string> w = words(inv.args);
  if (w.empty())
    throw CommandError("Argument required (a breakpoint number).");
  auto n = rt::parseUInt(w[0]);
  Breakpoint *b = n ? d.breakpoints().breakpoint(int(*n)) : nullptr;
  if (!b || b->number < 0)
    throw CommandError("No breakpoint number " + w[0] + ".");
  if (w.size() < 2)
    throw CommandError("Second argument (specified ignore-count) is missing.");
  const uint64_t count = countArg(w[1], 0, "ignore-count");
  b->ignore = count;
  b->ignoreGiven = true;
  const std::string which = "breakpoint " + std::to_string(b->number);
  if (count == 0)
    d.out() << "Will stop next time " << which << " is reached.\n";
  else if (count == 1)
    d.out() << "Will ignore next crossing of " << which << ".\n";
  else
    d.out() << "Will ignore next " << count << " crossings of " << which << ".\n";
}

void enable(Debugger &d, const Invocation &inv, bool on) {
  BreakpointTable &t = d.breakpoints();
  std::vector<int> ns = numberList(inv.args);
  if (ns.empty()) {
    for (Breakpoint &b : t.breakpoints())
      b.enabled = on;
    for (Watchpoint &w : t.watchpoints())
      w.enabled = on;
  }
  for (int n : ns) {
    if (Breakpoint *b = t.breakpoint(n))
      b->enabled = on;
    else if (Watchpoint *w = t.watchpoint(n))
      w->enabled = on;
    else
      throw CommandError("No breakpoint number " + std::to_string(n) + ".");
  }
  t.invalidate();
  d.exec().refreshWatchValues();
}

/// `maintenance host-breakpoint keep|del LOCATION [if COND] -- WHERE [-- WHERE...]`:
/// simt-dbg's LLDB set a host breakpoint at these places; it gets the next
/// number and a row in the table.
void addHostBreakpoint(Debugger &d, const Invocation &inv) {
  const size_t dash = inv.args.find(" -- ");
  std::vector<std::string> w = words(inv.args.substr(0, dash));
  if (dash == std::string::npos || w.size() < 2 || (w[0] != "keep" && w[0] != "del"))
    throw CommandError("usage: maintenance host-breakpoint keep|del LOCATION [if COND] -- WHERE");
  const BreakArgs args =
      splitBreakArgs(std::string_view(inv.args).substr(w[0].size(), dash - w[0].size()));
  Location loc;
  loc.text = args.location;
  for (size_t at = dash; at != std::string::npos;) {
    const size_t next = inv.args.find(" -- ", at + 4);
    loc.hostPlaces.emplace_back(trim(std::string_view(inv.args).substr(at + 4, next - at - 4)));
    at = next;
  }
  loc.host = loc.hostPlaces.front();
  const int n = d.breakpoints().addBreakpoint(loc, w[0] == "del", std::nullopt);
  d.breakpoints().breakpoint(n)->hostCond = args.condition.value_or("");
}

/// `maintenance host-stub LOCATION -- WHERE`: LLDB found a host function
/// named as the newest breakpoint, a kernel's name: its host stub, which
/// cuda-gdb lists as the breakpoint's first location.
void addHostStub(Debugger &d, const Invocation &inv) {
  const size_t dash = inv.args.find(" -- ");
  if (dash == std::string::npos)
    throw CommandError("usage: maintenance host-stub LOCATION -- WHERE");
  std::vector<Breakpoint> &all = d.breakpoints().breakpoints();
  auto newest = std::max_element(all.begin(), all.end(), [](const auto &a, const auto &b) {
    return a.number < b.number;
  });
  if (newest != all.end() && newest->loc.text == trim(inv.args.substr(0, dash)) &&
      isKernelName(d, newest->loc))
    newest->loc.hostPlaces = {std::string(trim(inv.args.substr(dash + 4)))};
}

/// `maintenance host-breakpoint-state N HITS IGNORE`: what LLDB counted for
/// host breakpoint N (crossings it ignored included, as gdb counts them).
void setHostState(Debugger &d, const Invocation &inv) {
  std::vector<std::string> w = words(inv.args);
  auto n = w.size() == 3 ? rt::parseUInt(w[0]) : std::nullopt;
  auto hits = w.size() == 3 ? rt::parseUInt(w[1]) : std::nullopt;
  auto ignore = w.size() == 3 ? rt::parseUInt(w[2]) : std::nullopt;
  Breakpoint *b = n ? d.breakpoints().breakpoint(int(*n)) : nullptr;
  if (!b || b->loc.host.empty() || !hits || !ignore)
    throw CommandError("usage: maintenance host-breakpoint-state N HITS IGNORE");
  b->hits = *hits;
  b->ignore = *ignore;
}

/// `maintenance breakpoint-hits N HITS`: device breakpoint N's hit count
/// from the program's last run, shown until the next run starts (gdb's
/// run clears the hit counts; an exit does not).
void setDeviceHits(Debugger &d, const Invocation &inv) {
  std::vector<std::string> w = words(inv.args);
  auto n = w.size() == 2 ? rt::parseUInt(w[0]) : std::nullopt;
  auto hits = w.size() == 2 ? rt::parseUInt(w[1]) : std::nullopt;
  Breakpoint *b = n ? d.breakpoints().breakpoint(int(*n)) : nullptr;
  if (!b || !b->loc.host.empty() || !hits)
    throw CommandError("usage: maintenance breakpoint-hits N HITS");
  b->hits = *hits;
}

/// `maintenance host-watchpoint EXPR`: simt-dbg's LLDB watches EXPR in host
/// memory; it gets the next number and a row in the table.
void addHostWatchpoint(Debugger &d, const Invocation &inv) {
  if (trim(inv.args).empty())
    throw CommandError("usage: maintenance host-watchpoint EXPR");
  Location loc;
  loc.text = loc.host = std::string(trim(inv.args));
  loc.hostWatch = true;
  d.breakpoints().addBreakpoint(loc, false, std::nullopt);
}

/// `maintenance host-breakpoint-hit N`: LLDB stopped at host breakpoint N.
void countHostHit(Debugger &d, const Invocation &inv) {
  auto n = rt::parseUInt(inv.args);
  Breakpoint *b = n ? d.breakpoints().breakpoint(int(*n)) : nullptr;
  if (!b || b->loc.host.empty())
    throw CommandError("no host breakpoint number " + inv.args);
  ++b->hits;
}

} // namespace

void registerBreakpointCommands(CommandTable &root, CommandTable &info, CommandTable &maint) {
  const char *locHelp =
      "LOCATION: LABEL, LABEL+OFFSET, ADDRESS (a byte address in the kernel image, 8-byte\n"
      "aligned), or KERNEL:LABEL / KERNEL:ADDRESS for one kernel; a label of a device\n"
      "function is found in every kernel image that links it. Without LOCATION: the\n"
      "focused warp's PC.\n"
      "COND is an expression over lanes, registers, predicates and memory\n"
      "(`$lane==5 && R2>7`, `P0`, `(s32)R3 < 0`, `out[$tid.x] != 0`); it is evaluated for\n"
      "every active lane of a warp reaching LOCATION, and the warp stops when any lane\n"
      "matches, focused on the lowest such lane.";
  root.add({"break", {"b", "br", "brea"}, "breakpoints", "set a breakpoint",
            std::string("break [LOCATION] [if COND]\n") + locHelp,
            [](Debugger &d, const Invocation &inv) { addBreak(d, inv, false); },
            Complete::Location});
  root.add({"tbreak", {"tb"}, "breakpoints", "set a temporary breakpoint (deleted when hit)",
            std::string("tbreak [LOCATION] [if COND]\n") + locHelp,
            [](Debugger &d, const Invocation &inv) { addBreak(d, inv, true); },
            Complete::Location});
  root.add({"delete", {"d"}, "breakpoints", "delete breakpoints and watchpoints",
            "delete [N...]\nWithout numbers deletes every breakpoint and watchpoint.",
            [](Debugger &d, const Invocation &inv) {
              std::vector<int> ns = numberList(inv.args);
              if (ns.empty()) {
                d.breakpoints().clear();
                return;
              }
              for (int n : ns)
                if (!d.breakpoints().remove(n))
                  throw CommandError("No breakpoint number " + std::to_string(n) + ".");
            }});
  root.add({"condition", {}, "breakpoints", "set or remove a breakpoint's condition",
            "condition N [COND]\nWithout COND the breakpoint becomes unconditional.",
            [](Debugger &d, const Invocation &inv) {
              std::vector<std::string> w = words(inv.args);
              if (w.empty())
                throw CommandError("argument required (breakpoint number)");
              auto n = rt::parseUInt(w[0]);
              Breakpoint *b = n ? d.breakpoints().breakpoint(int(*n)) : nullptr;
              if (!b)
                throw CommandError("No breakpoint number " + w[0] + ".");
              std::string rest(trim(std::string_view(inv.args).substr(w[0].size())));
              b->hostCond = b->loc.host.empty() ? "" : rest; // simt-dbg gives it to LLDB
              if (rest.empty()) {
                b->cond.reset();
                d.out() << "breakpoint " << b->number << " now unconditional\n";
              } else if (b->loc.host.empty()) {
                b->cond = Expr::parse(rest);
              }
              d.breakpoints().invalidate();
            },
            Complete::Expression});
  root.add({"enable", {"en"}, "breakpoints", "enable breakpoints and watchpoints",
            "enable [N...]", [](Debugger &d, const Invocation &inv) { enable(d, inv, true); }});
  root.add({"disable", {"dis", "disa"}, "breakpoints", "disable breakpoints and watchpoints",
            "disable [N...]", [](Debugger &d, const Invocation &inv) { enable(d, inv, false); }});
  root.add({"watch", {"wa"}, "breakpoints", "stop when a memory location changes",
            "watch *(TYPE @SPACE)ADDRESS | watch BUFFER[INDEX]\n"
            "Stops after the instruction that changed the value, showing the old and new\n"
            "values, the writing instruction and the lanes that wrote. SPACE: global\n"
            "(default), shared (the focused CTA's), local / local[N] (a lane of the focused\n"
            "warp), spill.",
            addWatch, Complete::Expression});
  root.add({"ignore", {}, "breakpoints", "pass a breakpoint COUNT times without stopping",
            "ignore N COUNT\nThe next COUNT times breakpoint N is reached (its condition true) it\n"
            "does not stop; the crossings count as hits, as in gdb.",
            ignore});
  info.add({"breakpoints", {"b", "break"}, "breakpoints", "list breakpoints and watchpoints",
            "info breakpoints [N...]\ngdb's table: number, type, disposition (del: temporary), "
            "enabled, address and\nwhere; then the condition, hit count and ignore count. A "
            "breakpoint at several\nplaces lists each as N.1, N.2, ...",
            [](Debugger &d, const Invocation &inv) { listBreakpoints(d, inv.args, false); }});
  info.add({"watchpoints", {}, "breakpoints", "list watchpoints", "info watchpoints [N...]",
            [](Debugger &d, const Invocation &inv) { listBreakpoints(d, inv.args, true); }});
  maint.add({"host-breakpoint", {}, "internals", "number a host breakpoint LLDB set",
             "maintenance host-breakpoint keep|del LOCATION [if COND] -- WHERE [-- WHERE...]",
             addHostBreakpoint});
  maint.add({"host-stub", {}, "internals", "a kernel breakpoint's host stub, as LLDB found it",
             "maintenance host-stub LOCATION -- WHERE", addHostStub});
  maint.add({"host-breakpoint-state", {}, "internals", "a host breakpoint's counts in LLDB",
             "maintenance host-breakpoint-state N HITS IGNORE", setHostState});
  maint.add({"breakpoint-hits", {}, "internals", "a device breakpoint's hits in the last run",
             "maintenance breakpoint-hits N HITS", setDeviceHits});
  maint.add({"host-watchpoint", {}, "internals", "number a host watchpoint LLDB set",
             "maintenance host-watchpoint EXPR", addHostWatchpoint});
  maint.add({"host-breakpoint-hit", {}, "internals", "count a host breakpoint's hit",
             "maintenance host-breakpoint-hit N", countHostHit});
}

} // namespace simt::dbg
