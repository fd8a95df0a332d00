//===-- Inspection.cpp - print, display, set var, info registers ----------===//
#include "dbg/CValues.h"
#include "dbg/Debugger.h"
#include "dbg/GdbPrintf.h"
#include "dbg/Memory.h"
#include "dbg/ValueHistory.h"
#include "dbg/Views.h"
#include "dbg/commands/Commands.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace simt::dbg {

namespace {

/// `$name` of the user's, set or not: not one of the debugger's own ($pc,
/// $lane, $R2), which the expression parser knows.
bool isUserConvenience(std::string_view text) {
  text = trim(text);
  if (!ValueHistory::isConvenienceName(text))
    return false;
  try {
    (void)Expr::parse(text);
    return false;
  } catch (const CommandError &) {
    return true;
  }
}

void print(Debugger &d, const Invocation &inv) {
  std::string_view args = inv.args;
  // `print -lanes EXPR`: a C value in every lane, not the focused lane's.
  const bool lanes = args.substr(0, 6) == "-lanes" && (args.size() == 6 || args[6] == ' ');
  if (lanes)
    args = trim(args.substr(6));
  if (args.empty())
    throw CommandError("argument required (an expression: R5, $lane[3].R5, P2, out[4], i, "
                       "a[i], s.m, ...)");
  ValueHistory &history = d.history();
  if (std::optional<std::string> v = lanes ? std::nullopt : history.whole(args)) {
    d.out() << "$" << history.record(*v) << " = " << *v << "\n"; // gdb numbers it again
    return;
  }
  if (!lanes && isUserConvenience(args)) { // not set: whole() has the ones that are
    d.out() << "$" << history.record("void") << " = void\n"; // gdb's value of one never set
    return;
  }
  Expr e = Expr::parse(history.expand(args));
  EvalScope sc = d.scope(e.perLane() || lanes);
  if (lanes && e.isC(sc))
    printValueLanes(d.out(), e, inv.format, sc);
  else
    printValue(d, d.out(), e, inv.format, sc, &history);
}
/// `output EXPR`: print's value of the focused lane alone, no newline.
void output(Debugger &d, const Invocation &inv) {
  if (trim(inv.args).empty())
    throw CommandError("Argument required (expression to compute).");
  Expr e = Expr::parse(d.history().expand(inv.args));
  d.out() << laneValueText(d, e, inv.format, d.scope(e.perLane()));
}

/// printf's argument in the focused lane: a number, or for %s the C
/// string it points to (in any memory space).
PrintfValue printfValue(Debugger &d, const std::string &text, char conversion) {
  Expr e = Expr::parse(d.history().expand(text));
  EvalScope sc = d.scope(e.perLane());
  const unsigned lane = sc.mem.lane;
  PrintfValue v;
  if (conversion == 's') {
    std::optional<std::pair<SpaceRef, uint64_t>> at;
    if (e.isC(sc))
      at = memoryAt(e.evalC(sc, lane), sc);
    if (!at)
      throw CommandError("Value can't be converted to integer.");
    std::string err;
    for (uint64_t a = at->second; v.s.size() < 4096; ++a) {
      uint8_t c = 0;
      if (!readMemory(sc.mem, at->first, a, std::span<uint8_t>(&c, 1), &err))
        throw CommandError(err);
      if (!c)
        break;
      v.s += char(c);
    }
    return v;
  }
  const Scalar s = e.isC(sc) ? scalarOf(e.evalC(sc, lane), sc) : e.evalLane(sc, lane);
  v.isFloat = s.isFloat;
  v.i = s.i;
  v.f = s.f;
  return v;
}

void printfCommand(Debugger &d, const Invocation &inv) {
  d.out() << gdbPrintf(inv.args, [&d](const std::string &text, char conversion) {
    return printfValue(d, text, conversion);
  });
}

//===-- set var --------------------------------------------------------------------===//

size_t assignmentEquals(std::string_view s) {
  int depth = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '(' || c == '[')
      ++depth;
    else if (c == ')' || c == ']')
      --depth;
    else if (c == '=' && depth == 0) {
      const char prev = i ? s[i - 1] : ' ';
      const char next = i + 1 < s.size() ? s[i + 1] : ' ';
      if (next == '=' || prev == '=' || prev == '!' || prev == '<' || prev == '>')
        continue;
      return i;
    }
  }
  return std::string_view::npos;
}

/// A convenience variable's value as gdb keeps it: the number.
std::string scalarText(const Scalar &v) {
  if (!v.isFloat)
    return std::to_string(v.i);
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v.f);
  return buf;
}

/// `set $name = EXPR` for a name that is none of the debugger's own.
bool setConvenience(Debugger &d, std::string_view name, std::string_view value) {
  name = trim(name);
  if (!isUserConvenience(name))
    return false; // $pc, $lane, $R2, ...: the debugger's
  Expr rhs = Expr::parse(d.history().expand(value));
  EvalScope sc = d.scope(rhs.perLane());
  d.history().setConvenience(std::string(name), scalarText(rhs.evalLane(sc, sc.mem.lane)));
  return true;
}
} // namespace

void setVariable(Debugger &d, std::string_view text) {
  const size_t eq = assignmentEquals(text);
  if (eq == std::string_view::npos)
    throw CommandError("expected an assignment: set var LHS = VALUE");
  if (setConvenience(d, text.substr(0, eq), text.substr(eq + 1)))
    return;
  Expr lhs = Expr::parse(text.substr(0, eq));
  Expr rhs = Expr::parse(d.history().expand(text.substr(eq + 1)));
  if (!lhs.assignable())
    throw CommandError("cannot assign to \"" + lhs.text() +
                       "\" (registers, predicates, CC flags, $pc, $active, $lane[N].X, memory, "
                       "buffer elements, C variables)");
  EvalScope sc = d.scope(lhs.perLane() || rhs.perLane());
  const uint32_t lane = sc.mem.lane;
  const Scalar v = rhs.evalLane(sc, lane);
  d.exec().checkpoint(); // the state before the edit
  lhs.assign(sc, lane, v);
  const Focus where = d.focus();
  d.exec().recordEdit([lhs, v, where, lane](Debugger &dd) {
    EvalScope s;
    s.mem.session = &dd.session();
    s.mem.lane = lane;
    if (where.valid())
      if (auto i = findFocused(dd.device(), where))
        if (std::optional<emu::WarpView> w = emu::viewWarp(dd.device(), i->ref))
          s = dd.scopeFor(*w, lane);
    lhs.assign(s, lane, v);
  });
}
void registerInspectionCommands(CommandTable &root, CommandTable &info, CommandTable &set,
                                CommandTable &maint) {
  const char *exprHelp =
      "EXPR: registers R0..R62 RZ, predicates P0..P6 PT, CC and CC.ZF/.SF/.CF/.OF,\n"
      "$lane $tid $tid.x $ctaid.x $ntid.x $warp $sm $pc $active $exited $clock,\n"
      "$lane[N].X (lane N's X), c[BANK][OFFSET], *(TYPE @SPACE)ADDR (TYPE u8..f64,\n"
      "SPACE global shared local local[N] spill const[B]), BUFFER[INDEX], BUFFER (its\n"
      "address), labels, numbers, C operators and casts ((s32)R5, (f32)R5), sizeof,\n"
      "PTX registers %r5 %rd2 %f1 %p1 in objects compiled with -g (read where\n"
      "the translator put them at the pc; <optimized out> where they are not live).";
  root.add({"print", {"p", "inspect", "call"}, "data", "print a value: every lane as a table, or one lane",
            std::string("print[/FMT] EXPR\nA per-lane expression (R5, P2, R2+R3) prints a table of the\n"
                        "focused warp's 32 lanes (inactive lanes in parentheses, exited as x);\n"
                        "$lane[3].R5 or a lane-independent expression prints one value.\n"
                        "FMT: x d u t f.\n") + exprHelp,
            print, Complete::Expression});
  root.add({"display", {"disp"}, "data", "print an expression after every stop",
            "display[/FMT] [EXPR]\nWithout EXPR prints every display now.",
            [](Debugger &d, const Invocation &inv) {
              if (inv.args.empty()) {
                d.printDisplays();
                return;
              }
              Expr::parse(inv.args); // syntax check
              Display disp{d.nextDisplayNumber(), inv.format, inv.args};
              formatLetter(inv.format);
              d.displays().push_back(disp);
              d.printDisplay(disp);
            },
            Complete::Expression});
  root.add({"output", {}, "data", "print a value alone, without a newline",
            "output[/FMT] EXPR\nThe focused lane's value as print shows it, without \"$N = \" and\n"
            "without a newline (for command files, as gdb's output).",
            output, Complete::Expression});
  root.add({"printf", {}, "data", "print values through a C format",
            "printf \"FORMAT\", EXPR...\nThe focused lane's values through a C format, as gdb's\n"
            "printf: %d %i %u %x %o %c %s (the string an argument points to) %f %e %g %p,\n"
            "with flags, width and precision; escapes \\n \\t \\\" \\\\.",
            printfCommand, Complete::Expression});
  root.add({"undisplay", {"und"}, "data", "remove displays", "undisplay [N...]",
            [](Debugger &d, const Invocation &inv) {
              std::vector<int> ns = numberList(inv.args);
              auto &v = d.displays();
              if (ns.empty()) {
                v.clear();
                return;
              }
              for (int n : ns) {
                auto it = std::find_if(v.begin(), v.end(), [&](const Display &x) { return x.number == n; });
                if (it == v.end())
                  throw CommandError("no display number " + std::to_string(n));
                v.erase(it);
              }
            }});
  maint.add({"host-display", {}, "internals", "number a display simt-dbg evaluates on the host",
             "maintenance host-display [/FMT] EXPR",
             [](Debugger &d, const Invocation &inv) {
               std::string_view args = trim(inv.args);
               std::string format;
               if (!args.empty() && args.front() == '/') {
                 const size_t blank = std::min(args.find(' '), args.size());
                 format = std::string(args.substr(1, blank - 1));
                 args = trim(args.substr(blank));
               }
               d.displays().push_back({d.nextDisplayNumber(), format, std::string(args), true});
             }});
  info.add({"display", {}, "data", "list the displays", "info display",
            [](Debugger &d, const Invocation &) {
              // gdb's list (displays cannot be disabled here: all `y`).
              if (d.displays().empty()) {
                d.out() << "There are no auto-display expressions now.\n";
                return;
              }
              d.out() << "Auto-display expressions now in effect:\nNum Enb Expression\n";
              for (const Display &x : d.displays())
                d.out() << x.number << ":   y  " << (x.format.empty() ? "" : "/" + x.format + " ")
                        << x.text << "\n";
            }});
  info.add({"registers",
            {"r", "reg", "all-registers"},
            "data",
            "registers of the focused lane",
            "info registers [REG...]\nThe kernel's registers, P0..P6, CC, $pc and $active for the\n"
            "focused lane (`focus lane N` to change it), then the PTX registers live at\n"
            "the pc with their location (objects compiled with -g); with names (R5, %r5),\n"
            "only those.",
            [](Debugger &d, const Invocation &inv) {
              std::optional<emu::WarpView> w = d.focusedWarp();
              printRegisters(d, d.out(), *w, d.focus().lane, words(inv.args));
            },
            Complete::Expression});
  set.add({"variable", {"var"}, "data", "assign a register, predicate, flag or memory",
           "set var LHS = VALUE\nR5 = 7 (the focused lane), $lane[3].P2 = 1, CC.ZF = 0, $pc = 0x40,\n"
           "*(u32 @global)0x10000000 = 5, *(f32 @shared)0x40 = 1.5, out[3] = 9, and C\n"
           "variables of code compiled with -g: i = 3, st.hist[2] = 1.5, p->x = 0.",
           [](Debugger &d, const Invocation &inv) { setVariable(d, inv.args); },
           Complete::Expression});
}

} // namespace simt::dbg
