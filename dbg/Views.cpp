//===-- Views.cpp - Tables of lanes, registers, predicates, SIMT stack ----===//
#include "dbg/Views.h"
#include "dbg/ValueHistory.h"
#include "dbg/CValues.h"
#include "dbg/PTXRegisters.h"

#include "dbg/CommandTable.h"
#include "dbg/Debugger.h"
#include "emu/core/Fault.h"
#include "runtime/KernelNames.h"

#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace simt::dbg {

std::string hex32(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

namespace {
std::string hexWidth(uint64_t v, unsigned bits) {
  char buf[32];
  const int digits = int(std::max(1u, (std::min(bits, 64u) + 3) / 4));
  if (bits < 64)
    v &= (uint64_t(1) << bits) - 1;
  std::snprintf(buf, sizeof buf, "0x%0*llx", digits, static_cast<unsigned long long>(v));
  return buf;
}

std::string pcText(Debugger &d, emu::WarpView w, uint32_t pc) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%04x", pc);
  std::string s = buf;
  if (const rt::LoadedKernel *k = d.kernelOf(*w.grid())) {
    std::string sym = d.symbolText(*k, pc);
    if (!sym.empty())
      s += " " + sym;
  }
  return s;
}

std::string warpTitle(emu::WarpView w) {
  std::string s = "grid " + std::to_string(w.grid()->id);
  if (w.hasCta())
    s += " cta " + ctaText(w.cta().id());
  return s + " warp " + std::to_string(w.index());
}
} // namespace

char formatLetter(const std::string &f) {
  if (f.empty())
    return 0;
  // gdb's x/NFU puts counts and sizes in the same word; print takes one letter.
  if (f.size() == 1 && std::strchr("xduotzfc", f[0]))
    return f[0];
  throw CommandError("Undefined output format \"" + f + "\".");
}

namespace {
/// A float's encoding at `width` (32: as a float, else as a double).
uint64_t floatBits(double d, unsigned width) {
  if (width == 32) {
    const float f = float(d);
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
  }
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}

/// The bits of `v` at `width`: an integer's low `width` bits, a float's
/// encoding.
uint64_t scalarBits(const Scalar &v, unsigned width) {
  if (v.isFloat)
    return floatBits(v.f, width);
  return width < 64 && width > 1 ? uint64_t(v.i) & ((uint64_t(1) << width) - 1)
                                 : uint64_t(v.i) & (width == 1 ? 1 : ~uint64_t{0});
}

/// `bits` in base 2^shift with no leading zeros ("0" for zero).
std::string digits(uint64_t bits, unsigned shift) {
  std::string s;
  do {
    s.insert(s.begin(), "0123456789abcdef"[bits & ((1u << shift) - 1)]);
    bits >>= shift;
  } while (bits);
  return s;
}
} // namespace

std::string gdbFloatText(double v, unsigned width) {
  const bool single = width == 32;
  if (std::isnan(v)) {
    // gdb shows a NaN's sign and mantissa: -nan(0x400000) for CUDA's NaN.
    const uint64_t bits = floatBits(v, single ? 32 : 64);
    const unsigned mantissa = single ? 23 : 52;
    char buf[40];
    std::snprintf(buf, sizeof buf, "%snan(0x%llx)", (bits >> (single ? 31 : 63)) ? "-" : "",
                  static_cast<unsigned long long>(bits & ((uint64_t(1) << mantissa) - 1)));
    return buf;
  }
  if (std::isinf(v))
    return v < 0 ? "-inf" : "inf";
  char buf[40];
  std::snprintf(buf, sizeof buf, single ? "%.9g" : "%.17g", single ? double(float(v)) : v);
  return buf;
}

std::string gdbFormatScalar(const Scalar &v, char fmt, unsigned width, bool isFloat) {
  const uint64_t bits = scalarBits(v, width);
  if ((fmt == 0 || fmt == 'f') && v.isFloat)
    return gdbFloatText(v.f, width);
  switch (fmt) {
  case 'x':
    return "0x" + digits(bits, 4);
  case 'z':
    return hexWidth(bits, width == 1 ? 8 : width);
  case 'o':
    return bits ? "0" + digits(bits, 3) : "0";
  case 't':
    return digits(bits, 1);
  case 'c':
    return charText(v.isFloat ? int64_t(v.f) : int64_t(int8_t(bits)));
  case 'd':
  case 'u':
    if (v.isFloat) { // gdb: a float's bits as an integer of its width
      Scalar asBits;
      asBits.i = int64_t(bits);
      return formatScalar(asBits, fmt, width, false, false, true);
    }
    return formatScalar(v, fmt, width, isFloat, false, true);
  default:
    return formatScalar(v, fmt, width, isFloat, false, true);
  }
}

std::string formatScalar(const Scalar &v, char fmt, unsigned width, bool isFloat, bool hex,
                         bool table) {
  if (v.isFloat && fmt != 'x' && fmt != 't') {
    if (width == 64)
      return rt::formatDouble(v.f);
    return rt::formatFloat(float(v.f));
  }
  const uint64_t bits = v.isFloat ? floatBits(v.f, width) : uint64_t(v.i);
  if (fmt == 0)
    fmt = isFloat ? 'f' : (width == 1 ? 'd' : (hex ? 'x' : (table ? 'd' : 'n')));
  switch (fmt) {
  case 'o':
  case 'z':
    return gdbFormatScalar(v, fmt, width, isFloat);
  case 'x':
    return hexWidth(bits, width == 1 ? 4 : width);
  case 'u':
    return std::to_string(width < 64 ? bits & ((uint64_t(1) << width) - 1) : bits);
  case 'd': {
    int64_t s = int64_t(bits);
    if (width < 64 && width > 1) {
      const uint64_t m = uint64_t(1) << (width - 1);
      s = int64_t(((bits & ((m << 1) - 1)) ^ m) - m);
    }
    return std::to_string(s);
  }
  case 't': {
    std::string s;
    const unsigned n = width == 1 ? 1 : std::min(width, 64u);
    for (unsigned i = n; i-- > 0;)
      s += (bits >> i & 1) ? '1' : '0';
    return s;
  }
  case 'f': {
    if (width == 32) {
      float f;
      uint32_t b = uint32_t(bits);
      std::memcpy(&f, &b, 4);
      return rt::formatFloat(f);
    }
    double d;
    std::memcpy(&d, &bits, 8);
    return rt::formatDouble(d);
  }
  case 'c':
    return "'" + std::string(1, char(bits & 0x7f)) + "'";
  default: {
    // Natural: decimal, with hex beside it when that says more.
    std::string dec = std::to_string(v.i);
    if (v.i >= 0 && v.i < 10)
      return dec;
    return dec + " (" + hexWidth(bits, v.i < 0 ? 64 : width) + ")";
  }
  }
}

void printLaneTable(std::ostream &os, const EvalResult &r, emu::WarpView w, char fmt) {
  std::vector<std::string> cells(32);
  for (unsigned l = 0; l < 32; ++l)
    if (r.valid >> l & 1)
      cells[l] = formatScalar(r.lanes[l], fmt, r.width, r.isFloat, r.hex, true);
  printLaneCells(os, cells, w, r.width == 1 ? 16 : 8);
}

void printLaneCells(std::ostream &os, const std::vector<std::string> &cells, emu::WarpView w,
                    unsigned perRow) {
  const emu::WarpControl &c = w.control();
  size_t cellWidth = 1;
  for (const std::string &cell : cells)
    cellWidth = std::max(cellWidth, cell.size());
  for (unsigned row = 0; row < 32; row += perRow) {
    char head[16];
    std::snprintf(head, sizeof head, "  [%2u]", row);
    std::string line = head;
    for (unsigned l = row; l < row + perRow; ++l) {
      std::string v = cells[l];
      if (!(c.launched >> l & 1))
        v = ".";
      else if (c.exited >> l & 1)
        v = "x";
      std::string padded = std::string(cellWidth - std::min(cellWidth, v.size()), ' ') + v;
      const bool inactive = (c.launched >> l & 1) && !(c.exited >> l & 1) && !(c.active >> l & 1);
      line += inactive ? " (" + padded + ")" : "  " + padded + " ";
    }
    while (!line.empty() && line.back() == ' ')
      line.pop_back();
    os << line << "\n";
  }
}

namespace {
/// One scalar of `e`'s as print writes it.
std::string scalarText(Debugger &d, const Expr &e, const Scalar &v, const EvalResult &r,
                       char fmt, const EvalScope &scope) {
  const std::string &t = e.text();
  // In a program, gdb's code address: `(void (*)(void)) 0x148 <kernel(int*)+328>`.
  if (t == "$pc" && d.program() && !fmt && scope.kernel)
    if (const rt::ImageSection *sec = scope.kernel->sectionAt(uint64_t(v.i))) {
      char buf[48];
      std::snprintf(buf, sizeof buf, "(void (*)(void)) 0x%llx <",
                    static_cast<unsigned long long>(v.i));
      return buf + rt::demangleKernelName(sec->name) + "+" +
             std::to_string(uint64_t(v.i) - sec->addr) + ">";
    }
  const bool mask =
      t == "$pc" || t == "$active" || t == "$mask" || t == "$exited" || t == "$launched";
  // In a program, gdb's plain decimal (`print 100`, `print $R1`); a run
  // script's session adds the hex beside it.
  const char natural = mask ? 'x' : d.program() ? 'd' : 0;
  return fmt || v.isFloat ? gdbFormatScalar(v, fmt, r.width, r.isFloat)
                          : formatScalar(v, natural, r.width, r.isFloat, false);
}
} // namespace

std::string laneValueText(Debugger &d, const Expr &e, const std::string &format,
                          const EvalScope &scope) {
  const char fmt = formatLetter(format);
  if (e.isC(scope))
    return formatCValue(e.evalC(scope, scope.mem.lane), scope, fmt);
  EvalResult r = e.eval(scope);
  if (r.perLane && !(r.valid >> scope.mem.lane & 1))
    throw CommandError("no value in the focused lane");
  return scalarText(d, e, r.perLane ? r.lanes[scope.mem.lane] : r.scalar, r, fmt, scope);
}

void printValue(Debugger &d, std::ostream &os, const Expr &e, const std::string &format,
                const EvalScope &scope, ValueHistory *history) {
  const char fmt = formatLetter(format);
  // One value: "$N = " as gdb's print, or "EXPR = " as a display. The
  // history keeps the value, not the format it was printed in: gdb's `p/x
  // n` then `p $1` prints it plainly again.
  auto single = [&](const std::string &text, const std::string &natural) {
    os << (history ? "$" + std::to_string(history->record(natural)) : e.text()) << " = " << text
       << "\n";
  };
  if (e.isC(scope)) { // with its C type, for the focused lane
    const CValue v = e.evalC(scope, scope.mem.lane);
    const std::string text = formatCValue(v, scope, fmt);
    single(text, fmt ? formatCValue(v, scope, 0) : text);
    return;
  }
  EvalResult r = e.eval(scope);
  if (!r.perLane) {
    const std::string text = scalarText(d, e, r.scalar, r, fmt, scope);
    single(text, fmt ? scalarText(d, e, r.scalar, r, 0, scope) : text);
    return;
  }
  // `display $lane` is evaluated at every stop, also before any warp is resident.
  if (!scope.mem.warp)
    throw CommandError("no focused warp (a per-lane value needs one: launch a kernel and stop "
                       "in it, or use `focus`)");
  emu::WarpView w = scope.mem.warp->view();
  if (r.width == 1) {
    uint32_t m = 0;
    for (unsigned l = 0; l < 32; ++l)
      if ((r.valid >> l & 1) && r.lanes[l].truthy())
        m |= 1u << l;
    os << e.text() << " = " << hex32(m) << " (lanes " << emu::formatLanes(m) << ") in "
       << warpTitle(w) << "; ( ) inactive, x exited\n";
  } else {
    os << e.text() << " in " << warpTitle(w) << "; ( ) inactive, x exited:\n";
  }
  printLaneTable(os, r, w, fmt);
}

void printValueLanes(std::ostream &os, const Expr &e, const std::string &format,
                     const EvalScope &scope) {
  const char fmt = formatLetter(format);
  if (!scope.mem.warp)
    throw CommandError("no focused warp (print -lanes needs one: launch a kernel and stop in it, "
                       "or use `focus`)");
  emu::WarpView w = scope.mem.warp->view();
  const emu::WarpControl &c = w.control();
  std::vector<std::string> cells(32);
  size_t widest = 0;
  for (unsigned l = 0; l < 32; ++l) {
    if (!(c.launched >> l & 1) || (c.exited >> l & 1))
      continue;
    try {
      cells[l] = formatCValue(e.evalC(scope, l), scope, fmt);
    } catch (const CommandError &err) {
      cells[l] = std::string("<") + err.what() + ">";
    }
    widest = std::max(widest, cells[l].size());
  }
  os << e.text() << " in " << warpTitle(w) << "; ( ) inactive, x exited:\n";
  if (widest <= 12) {
    printLaneCells(os, cells, w, 8);
    return;
  }
  // A line per value, with the lanes that have it (inactive ones apart).
  uint32_t done = 0;
  for (unsigned l = 0; l < 32; ++l) {
    if (cells[l].empty() || (done >> l & 1))
      continue;
    const bool active = c.active >> l & 1;
    uint32_t same = 0;
    for (unsigned m = l; m < 32; ++m)
      if (cells[m] == cells[l] && bool(c.active >> m & 1) == active)
        same |= 1u << m;
    done |= same;
    const std::string lanes = emu::formatLanes(same);
    os << (active ? "  [" + lanes + "] " : "  (" + lanes + ") ") << cells[l] << "\n";
  }
}

void printWarps(Debugger &d, std::ostream &os) {
  std::vector<emu::WarpInfo> all = d.device().warps();
  if (all.empty()) {
    os << "no resident warps\n";
    return;
  }
  const Focus &f = d.focus();
  os << "   sm slot grid cta        warp pc      active     exited     state\n";
  for (const emu::WarpInfo &i : all) {
    const bool focused = f.valid() && f.grid == i.grid && f.warp == i.warp &&
                         f.cta[0] == i.cta[0] && f.cta[1] == i.cta[1] && f.cta[2] == i.cta[2];
    char buf[160];
    std::snprintf(buf, sizeof buf, "%c %3u %4u %4u %-10s %4u 0x%04x  %s %s %s\n",
                  focused ? '*' : ' ', i.ref.sm, i.ref.slot, i.grid, ctaText(i.cta).c_str(),
                  i.warp, i.pc, hex32(i.active).c_str(), hex32(i.exited).c_str(),
                  emu::warpStateName(i.state));
    os << buf;
  }
}

std::string tokenText(const LaneState &st) {
  return std::string(emu::tokenTypeName(st.token)) + " token, level " + std::to_string(st.level);
}

std::string waitingText(Debugger &d, emu::WarpView w, const LaneState &st) {
  if (!st.found)
    return "waiting (no token holds it)";
  const char *what = "at the join";
  switch (st.token) {
  case emu::TokenType::Div:
    what = "to run its path from";
    break;
  case emu::TokenType::Brk:
    what = "at the loop's exit";
    break;
  case emu::TokenType::Call:
    what = "at the return to";
    break;
  case emu::TokenType::Cont:
    what = "at the loop's next trip";
    break;
  case emu::TokenType::Sync:
    break;
  }
  return std::string("waiting ") + what + " " + pcText(d, w, st.pc);
}

std::string laneStateText(Debugger &d, emu::WarpView w, uint32_t lane) {
  const LaneState st = laneState(w, lane);
  const std::string name = "lane " + std::to_string(lane);
  switch (st.kind) {
  case LaneState::Absent:
    return name + " is not part of the launch (the CTA has fewer threads)";
  case LaneState::Exited:
    return name + " has exited";
  case LaneState::Active:
    return name + " is active";
  case LaneState::Waiting:
    break;
  }
  return name + " is not active: " + waitingText(d, w, st) +
         (st.found ? " (" + tokenText(st) + ")" : "");
}

void printLanes(Debugger &d, std::ostream &os, emu::WarpView w) {
  const emu::WarpControl &c = w.control();
  os << warpTitle(w) << ": pc " << pcText(d, w, w.pcBytes()) << ", active " << hex32(c.active)
     << ", exited " << hex32(c.exited) << "\n";
  const uint32_t *b = w.grid()->params.block;
  os << "lane tid          state     resumes at\n";
  for (unsigned l = 0; l < 32; ++l) {
    const uint32_t t = w.threadIndex(l);
    char tid[32];
    std::snprintf(tid, sizeof tid, "(%u,%u,%u)", t % b[0], (t / b[0]) % b[1], t / (b[0] * b[1]));
    std::string state, where;
    const LaneState st = laneState(w, l);
    switch (st.kind) {
    case LaneState::Absent:
      state = "absent";
      std::strcpy(tid, "-");
      break;
    case LaneState::Exited:
      state = "exited";
      break;
    case LaneState::Active:
      state = "active";
      where = "(running)";
      break;
    case LaneState::Waiting:
      state = "waiting";
      where = st.found ? pcText(d, w, st.pc) + " (" + tokenText(st) + ")" : "no token";
      break;
    }
    char buf[96];
    std::snprintf(buf, sizeof buf, "%4u %-12s %-9s ", l, tid, state.c_str());
    std::string line = buf + where;
    while (!line.empty() && line.back() == ' ')
      line.pop_back();
    os << line << "\n";
  }
}

void printSimtStack(Debugger &d, std::ostream &os, emu::WarpView w) {
  const emu::SimtStack &s = *w.stack();
  const emu::StackCache &cache = s.cache();
  const emu::StackCacheConfig &cfg = cache.config();
  const emu::WarpControl &c = w.control();
  os << "SIMT stack of " << warpTitle(w) << ": depth " << s.depth() << " (limit "
     << s.depthLimit() << "), active " << hex32(c.active) << " at "
     << pcText(d, w, w.pcBytes()) << "\n";
  if (s.depth() == 0) {
    os << "  (empty)\n";
  } else {
    struct Row {
      std::string left, pc, right;
    };
    std::vector<Row> rows;
    size_t pcWidth = 2;
    for (uint32_t lv = s.depth(); lv-- > 0;) {
      const emu::SimtLevelView v = s.level(lv);
      std::string storage;
      if (v.storage.onChip)
        storage = "on chip entry " + std::to_string(v.storage.entry);
      if (v.storage.inSpill) {
        char off[32];
        std::snprintf(off, sizeof off, "spill +0x%02x", v.storage.spillOffset);
        storage += storage.empty() ? std::string(off) : std::string(", ") + off + " (clean)";
      }
      if (v.pendingRemoval)
        storage += "; leaving " + hex32(v.pendingRemoval);
      char buf[96];
      std::snprintf(buf, sizeof buf, "%5u %-4s %s %s ", lv,
                    std::string(emu::tokenTypeName(v.token.type)).c_str(),
                    hex32(v.token.mask).c_str(), hex32(v.effectiveMask).c_str());
      rows.push_back({buf, pcText(d, w, v.token.pc * 8), storage});
      pcWidth = std::max(pcWidth, rows.back().pc.size());
    }
    os << "level type mask       resumes    " << "pc" << std::string(pcWidth - 2, ' ')
       << " storage\n";
    for (const Row &r : rows)
      os << r.left << r.pc << std::string(pcWidth - r.pc.size(), ' ') << " " << r.right << "\n";
  }
  os << "stack cache: " << cfg.entries << " entries in " << cache.numSets() << " thread sets of "
     << cfg.setEntries << "; head entry " << cache.head() << "; spill pointer "
     << cache.spillPointer() << " (" << cache.spillPointer() << " entr"
     << (cache.spillPointer() == 1 ? "y" : "ies") << " in spill storage)\n";
  for (uint32_t p = 0; p < cache.numSets(); ++p) {
    const emu::ThreadSetView t = cache.threadSet(p);
    os << "  set " << p << ": ";
    if (!t.valid) {
      os << "invalid\n";
      continue;
    }
    const uint32_t first = t.logicalSet * cfg.setEntries;
    os << "valid " << (t.dirty ? "dirty" : "clean") << ", levels " << first << "-"
       << first + cfg.setEntries - 1;
    if (t.readyCycle > w.smCycle())
      os << ", restore lands at cycle " << t.readyCycle;
    os << "\n";
  }
  const emu::StackCacheStats &st = cache.stats();
  os << "  " << st.pushes << " pushes, " << st.pops << " pops, " << st.spills << " spills, "
     << st.restores << " restores (" << st.stallRestores << " stalled), " << st.cleanPops
     << " clean pops, max depth " << st.maxDepth << "\n";
}

void printPredicates(std::ostream &os, emu::WarpView w) {
  const emu::WarpRegs &r = w.regs();
  const emu::WarpControl &c = w.control();
  auto row = [&](const char *name, uint32_t m) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%-8s", name);
    os << buf;
    for (unsigned l = 0; l < 32; ++l) {
      if (l && l % 8 == 0)
        os << ' ';
      os << ((m >> l & 1) ? '1' : '0');
    }
    os << "  " << hex32(m) << "\n";
  };
  os << warpTitle(w) << " (bit per lane, lane 0 first)\n";
  os << "lanes   0-7      8-15     16-23    24-31\n";
  row("active", c.active);
  row("exited", c.exited);
  for (unsigned p = 0; p < 7; ++p)
    row(("P" + std::to_string(p)).c_str(), r.pred[p]);
  row("CC.ZF", r.ccZF);
  row("CC.SF", r.ccSF);
  row("CC.CF", r.ccCF);
  row("CC.OF", r.ccOF);
}

namespace {

/// `%r5     R3          0x0000002a  42`
void printPTXLine(std::ostream &os, const EvalScope &sc, uint32_t lane,
                  const as::PTXRegLocation &l) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%-8s%-12s", l.name.c_str(), l.where().c_str());
  if (l.where().size() >= 12) // c[0x2][0x1a0]: the column's width and a space
    std::strncat(buf, " ", sizeof buf - std::strlen(buf) - 1);
  std::string value;
  try {
    value = ptxValueText(l, readPTXBits(sc, lane, l));
  } catch (const CommandError &e) { // an unreadable slot spoils only its line
    value = std::string("<") + e.what() + ">";
  }
  os << buf << value << "\n";
}

/// `info registers %r5`: its line, or why there is none.
void printPTXRegister(std::ostream &os, const EvalScope &sc, uint32_t lane,
                      const std::string &name) {
  if (const as::PTXRegLocation *l = findPTXRegister(sc, name)) {
    printPTXLine(os, sc, lane, *l);
    return;
  }
  char buf[16];
  std::snprintf(buf, sizeof buf, "%-8s", name.c_str());
  os << buf << "<optimized out>\n";
}

} // namespace

void printRegisters(Debugger &d, std::ostream &os, emu::WarpView w, uint32_t lane,
                    const std::vector<std::string> &regs) {
  EvalScope sc = d.scopeFor(w, lane);
  std::vector<std::string> names = regs;
  if (names.empty()) {
    uint32_t n = w.grid()->params.kernel.regs;
    n = std::min<uint32_t>(n ? n : 63, 63);
    for (uint32_t r = 0; r < n; ++r)
      names.push_back("R" + std::to_string(r));
    for (unsigned p = 0; p < 7; ++p)
      names.push_back("P" + std::to_string(p));
    names.push_back("CC");
    names.push_back("$pc");
    names.push_back("$active");
  }
  os << warpTitle(w) << " lane " << lane
     << (w.active() >> lane & 1 ? " (active)"
                                : (w.exited() >> lane & 1 ? " (exited)" : " (inactive)"))
     << "\n";
  const bool all = regs.empty();
  for (const std::string &n : names) {
    if (!n.empty() && n[0] == '%') {
      printPTXRegister(os, sc, lane, n);
      continue;
    }
    Expr e = Expr::parse(n);
    Scalar v = e.evalLane(sc, lane);
    std::string text;
    if (n == "CC") {
      text = "ZF=" + std::to_string(v.i & 1) + " SF=" + std::to_string(v.i >> 1 & 1) +
             " CF=" + std::to_string(v.i >> 2 & 1) + " OF=" + std::to_string(v.i >> 3 & 1);
    } else if (n == "$pc") {
      text = pcText(d, w, uint32_t(v.i));
    } else if (n == "$active" || n == "$exited") {
      text = hex32(uint32_t(v.i));
    } else if (e.width() == 1) {
      text = std::to_string(v.i);
    } else {
      text = hexWidth(uint64_t(v.i), 32) + "  " + std::to_string(int32_t(uint32_t(v.i)));
    }
    char buf[16];
    std::snprintf(buf, sizeof buf, "%-8s", n.c_str());
    os << buf << text << "\n";
  }
  // The PTX registers live here, where the object has their map.
  if (all && sc.kernel)
    for (const as::PTXRegLocation *l : ptxRegistersAt(*sc.kernel, w.pcBytes()))
      printPTXLine(os, sc, lane, *l);
}

} // namespace simt::dbg
