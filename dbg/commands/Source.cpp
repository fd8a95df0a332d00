//===-- Source.cpp - list, info line, info source, until, advance ---------===//
//
// The source-level commands over the line tables of objects built with
// `simt-cc -g` (or assembly with `.loc`): gdb's spellings and output where
// gdb has them. step/next are in Running.cpp, `disassemble /s` and the
// positions in backtrace in Code.cpp; `advance LOCATION` shares its name
// with the run script's `advance CYCLES` (Host.cpp).
//
//===----------------------------------------------------------------------===//
#include "dbg/Debugger.h"
#include "dbg/Frames.h"
#include "dbg/SourceView.h"
#include "dbg/Views.h"
#include "dbg/commands/Commands.h"

#include <algorithm>
#include <string_view>
#include <cstdio>

namespace simt::dbg {

namespace {

/// Where the focused warp is in the source, if it is known.
std::optional<rt::SourcePos> focusPos(Debugger &d) {
  std::optional<emu::WarpView> w = d.focusedWarp(false);
  const rt::LoadedKernel *k = w ? d.kernelOf(*w->grid()) : nullptr;
  return k ? framePosition(*k, *w, w->pcBytes()) : std::nullopt;
}

bool allDigits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c));
  });
}

/// A position from `[FILE:]LINE` or a location (FUNCTION, LABEL, ADDRESS):
/// file path and line.
rt::SourcePos parseSourcePos(Debugger &d, std::string_view arg) {
  arg = trim(arg);
  std::string file;
  std::string_view lineText = arg;
  if (size_t colon = arg.rfind(':'); colon != std::string_view::npos &&
                                     allDigits(trim(arg.substr(colon + 1)))) {
    std::string_view name = trim(arg.substr(0, colon));
    file = findSourceFile(d.session(), name);
    if (file.empty())
      throw CommandError("no source file named " + std::string(name) + " in the line tables");
    lineText = trim(arg.substr(colon + 1));
  }
  if (allDigits(lineText))
    return {file.empty() ? currentSourceFile(d) : file, unsigned(std::stoul(std::string(lineText))),
            0};
  // A function, label or address: the line of its instruction.
  Location loc = parseLocation(arg, d.session());
  for (const rt::LoadedKernel *k : d.session().kernels())
    if (auto a = loc.resolve(*k))
      if (auto p = sourcePos(*k, *a))
        return *p;
  throw CommandError("no line information for " + std::string(arg));
}

} // namespace

std::string currentSourceFile(Debugger &d) {
  if (!d.listMark.file.empty())
    return d.listMark.file;
  if (auto p = focusPos(d))
    return p->file;
  std::vector<std::string> all = sourceFiles(d.session());
  if (all.empty())
    throw CommandError("no line tables in the loaded objects (compile with simt-cc -g)");
  return all.front();
}

namespace {

void listLines(Debugger &d, const std::string &file, unsigned first, unsigned last) {
  const unsigned count = sourceLineCount(file);
  if (!count)
    throw CommandError("cannot read source file " + file);
  if (first > count)
    throw CommandError("line number " + std::to_string(first) + " out of range; \"" + file +
                       "\" has " + std::to_string(count) + " lines.");
  last = std::min(last, count);
  for (unsigned l = first; l <= last; ++l)
    d.out() << sourceLineText(file, l) << "\n";
  d.listMark.file = file;
  d.listMark.line = last;
  d.listMark.next = last + 1;
}

void list(Debugger &d, const Invocation &inv) {
  std::string arg(trim(inv.args));
  if (arg.empty()) {
    if (d.listMark.next) {
      listLines(d, d.listMark.file, d.listMark.next, d.listMark.next + 9);
      return;
    }
    rt::SourcePos p;
    if (!d.listMark.file.empty())
      p = {d.listMark.file, d.listMark.line, 0};
    else if (auto f = focusPos(d))
      p = *f;
    else
      throw CommandError("no current source line: `list FILE:LINE` or `list FUNCTION`");
    listLines(d, p.file, p.line > 5 ? p.line - 5 : 1, (p.line > 5 ? p.line - 5 : 1) + 9);
    return;
  }
  // gdb's FIRST,LAST (and FIRST, / ,LAST): those lines.
  if (const size_t comma = arg.find(','); comma != std::string::npos) {
    const std::string from(trim(std::string_view(arg).substr(0, comma)));
    const std::string to(trim(std::string_view(arg).substr(comma + 1)));
    if (from.empty() && to.empty())
      throw CommandError("Junk at end of line specification.");
    if (to.empty()) {
      rt::SourcePos a = parseSourcePos(d, from);
      listLines(d, a.file, a.line, a.line + 9);
      return;
    }
    if (!from.empty()) {
      rt::SourcePos a = parseSourcePos(d, from);
      // A bare LAST is a line of FIRST's file.
      rt::SourcePos b = allDigits(to) ? rt::SourcePos{a.file, unsigned(std::stoul(to)), 0}
                                      : parseSourcePos(d, to);
      listLines(d, a.file, a.line, std::max(a.line, b.line));
      return;
    }
    rt::SourcePos b = parseSourcePos(d, to);
    listLines(d, b.file, b.line > 9 ? b.line - 9 : 1, b.line);
    return;
  }
  rt::SourcePos p = parseSourcePos(d, arg);
  const unsigned first = p.line > 5 ? p.line - 5 : 1;
  listLines(d, p.file, first, first + 9);
}

std::string addressText(Debugger &d, const rt::LoadedKernel &k, uint64_t a) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%04llx", static_cast<unsigned long long>(a));
  std::string s = buf;
  std::string sym = d.symbolText(k, uint32_t(a));
  return sym.empty() ? s : s + " " + sym;
}

void infoLine(Debugger &d, const Invocation &inv) {
  rt::SourcePos p;
  if (trim(inv.args).empty()) {
    auto f = focusPos(d);
    if (!f)
      throw CommandError("no line information at the focused PC");
    p = *f;
  } else {
    p = parseSourcePos(d, inv.args);
  }
  const std::string name = fileName(p.file);
  bool any = false;
  for (const rt::LoadedKernel *k : d.session().kernels()) {
    unsigned actual = p.line;
    for (const LineRange &r : lineRanges(*k, p.file, p.line, &actual)) {
      if (actual != p.line)
        break; // the line itself has no code
      d.out() << "Line " << p.line << " of \"" << name << "\" starts at address "
              << addressText(d, *k, r.begin) << " and ends at " << addressText(d, *k, r.end)
              << ".\n";
      any = true;
    }
  }
  if (!any)
    d.out() << "Line " << p.line << " of \"" << name << "\" has no code.\n";
  d.listMark.file = p.file;
  d.listMark.line = p.line;
  d.listMark.next = 0;
}

void infoSource(Debugger &d, const Invocation &) {
  std::string file = d.listMark.file;
  if (auto f = focusPos(d))
    file = f->file;
  if (file.empty()) {
    d.out() << "No current source file.\n";
    std::vector<std::string> all = sourceFiles(d.session());
    if (!all.empty()) {
      d.out() << "Source files in the line tables:\n";
      for (const std::string &f : all)
        d.out() << "  " << f << "\n";
    }
    return;
  }
  d.out() << "Current source file is " << fileName(file) << "\nLocated in " << file << "\n";
  if (unsigned n = sourceLineCount(file))
    d.out() << "Contains " << n << " lines.\n";
  else
    d.out() << "The file cannot be read.\n";
  d.out() << "Line tables: DWARF .debug_line\n";
}

} // namespace

void runToLocation(Debugger &d, std::string_view args, const char *what) {
  if (trim(args).empty())
    throw CommandError("Argument required (a location)."); // gdb's words
  std::string text(trim(args));
  if (allDigits(text)) // LINE: of the current file
    text = positionText(parseSourcePos(d, text));
  Location loc = parseLocation(text, d.session());
  int n = d.breakpoints().addBreakpoint(loc, /*temporary=*/true, std::nullopt);
  if (Breakpoint *b = d.breakpoints().breakpoint(n))
    b->reason = what;
  d.exec().cont();
  // Reached or not, it goes at the stop, as in gdb: a program's device runs
  // after this command returns, a run script's has run.
  if (d.program())
    d.deleteAtNextStop(n);
  else
    d.breakpoints().remove(n);
}

void registerSourceCommands(CommandTable &root, CommandTable &info) {
  root.add({"list", {"l"}, "source", "source lines around a line or function",
            "list [FILE:]LINE | FUNCTION | (nothing)\nTen source lines centred on the line (or on the "
            "function's first line);\nwithout an argument, around the last stop, then on from "
            "the last line listed.",
            list, Complete::Location});
  root.add({"until", {"u"}, "source", "next, but not back up a loop; or run to a location",
            "until [LOCATION]\nWithout an argument: like `next`, but it does not stop on an "
            "earlier line of\nthe file (back up a loop), so a loop runs to its end. With a "
            "location: `advance`.",
            [](Debugger &d, const Invocation &inv) {
              if (trim(inv.args).empty())
                d.exec().stepLine(/*over=*/true, /*untilMode=*/true);
              else
                runToLocation(d, inv.args, "until");
            },
            Complete::Location});
  info.add({"line", {}, "source", "the code addresses of a source line",
            "info line [[FILE:]LINE | FUNCTION]\nWhere the line's code starts and ends in each "
            "kernel image (default: the\nfocused PC's line).",
            infoLine, Complete::Location});
  info.add({"source", {}, "source", "the current source file",
            "info source\nThe file of the focused PC's line (or of the last listing): its path "
            "and length.",
            infoSource});
}

} // namespace simt::dbg
