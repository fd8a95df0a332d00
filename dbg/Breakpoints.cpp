//===-- Breakpoints.cpp - Breakpoints, watchpoints and their fast lookup --===//
#include "dbg/Breakpoints.h"

#include "dbg/CommandTable.h"
#include "dbg/Debugger.h"
#include "dbg/SourceView.h"
#include "dbg/Variables.h"
#include "runtime/KernelNames.h"

#include <algorithm>

namespace simt::dbg {

BreakArgs splitBreakArgs(std::string_view args) {
  BreakArgs b{std::string(trim(args)), std::nullopt};
  if (size_t p = (" " + b.location + " ").find(" if "); p != std::string::npos) {
    const std::string_view all = b.location;
    b.condition = std::string(trim(all.substr(std::min(all.size(), p + 3))));
    b.location = std::string(trim(all.substr(0, p)));
  }
  return b;
}

std::vector<uint64_t> Location::resolveAll(const rt::LoadedKernel &k) const {
  std::vector<uint64_t> out;
  if (!host.empty())
    return out;
  if (!line) {
    if (auto a = resolve(k))
      out.push_back(*a);
  } else if (kernel.empty() || k.name() == kernel) {
    // gdb's linespec keeps one address per block: a line whose code comes
    // in pieces (a ?: operand, a loop's test) is one location, a line in
    // two inlined copies two. The innermost lexical block or inlined call
    // is the block; without DWARF scopes, the code section.
    std::vector<uint64_t> blocks;
    for (const LineRange &r : lineRanges(k, file, line)) {
      const std::optional<VarScope> s = varScopeAt(k, r.begin);
      const rt::ImageSection *sec = k.sectionAt(r.begin);
      const uint64_t block = s && !s->blocks.empty() ? s->blocks.front().getOffset()
                             : sec                   ? ~sec->addr
                                                     : ~uint64_t{0};
      if (std::find(blocks.begin(), blocks.end(), block) != blocks.end())
        continue;
      blocks.push_back(block);
      out.push_back(r.begin);
    }
  }
  return out;
}

std::optional<uint64_t> Location::resolve(const rt::LoadedKernel &k) const {
  if (!host.empty() || (!kernel.empty() && k.name() != kernel))
    return std::nullopt;
  if (line) {
    std::vector<uint64_t> all = resolveAll(k);
    return all.empty() ? std::nullopt : std::optional<uint64_t>(all.front());
  }
  uint64_t a = offset;
  if (!label.empty()) {
    auto base = k.addressOf(label);
    if (!base)
      return std::nullopt;
    a = *base + offset;
    if (!exact && !offset) // a function's entry: after its prologue, as gdb
      a = afterPrologue(k, a);
  }
  if (a % 8 || a >= k.imageBytes())
    return std::nullopt;
  return a;
}

std::vector<Site> sitesOf(const Location &loc, const rt::DeviceSession &session) {
  std::vector<Site> out;
  for (const rt::LoadedKernel *k : session.kernels())
    for (uint64_t a : loc.resolveAll(*k))
      out.push_back({k, a});
  return out;
}

bool isLineNumber(std::string_view text) {
  return !text.empty() && text.front() != '0' && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c));
  });
}

Location parseLocation(std::string_view text, const rt::DeviceSession &session) {
  Location loc;
  loc.text = std::string(trim(text));
  std::string_view t = loc.text;
  if (t.empty())
    throw CommandError("a location is needed: LABEL, LABEL+OFFSET, ADDRESS or KERNEL:LABEL");
  // KERNEL:LABEL, where KERNEL may be qualified (`ns::scale:store`): the
  // first colon that is not half of a `::`.
  size_t colon = 0;
  while ((colon = t.find(':', colon)) != std::string_view::npos && colon + 1 < t.size() &&
         t[colon + 1] == ':')
    colon += 2;
  if (colon != std::string_view::npos) {
    // FILE:LINE when the part before the colon is a source file of the
    // line tables, or looks like one (pending until an object has it).
    const std::string_view pre = trim(t.substr(0, colon)), post = trim(t.substr(colon + 1));
    const bool digits = !post.empty() && std::all_of(post.begin(), post.end(), [](char c) {
      return std::isdigit(static_cast<unsigned char>(c));
    });
    if (digits && (!findSourceFile(session, pre).empty() ||
                   pre.find_first_of("./") != std::string_view::npos)) {
      loc.file = std::string(pre);
      loc.line = unsigned(std::stoul(std::string(post)));
      if (!loc.line)
        throw CommandError("line numbers start at 1");
      const std::string path = findSourceFile(session, pre);
      if (path.empty())
        return loc; // pending
      for (const rt::LoadedKernel *k : session.kernels())
        if (loc.resolve(*k))
          return loc;
      throw CommandError("line " + std::to_string(loc.line) + " of \"" + path +
                         "\" has no code (nor has any line after it)");
    }
    loc.kernel = std::string(trim(t.substr(0, colon)));
    t = trim(t.substr(colon + 1));
  }
  if (!t.empty() && t.front() == '*') {
    t = trim(t.substr(1));
    loc.exact = true;
  }
  if (!t.empty() && std::isdigit(static_cast<unsigned char>(t.front()))) {
    auto v = rt::parseUInt(t);
    if (!v)
      throw CommandError("bad address '" + std::string(t) + "'");
    loc.offset = *v;
    if (*v % 8)
      throw CommandError("address " + std::string(t) + " is not an instruction boundary (8 bytes)");
  } else {
    size_t plus = t.find('+');
    loc.label = std::string(trim(t.substr(0, plus)));
    if (plus != std::string_view::npos) {
      auto v = rt::parseUInt(trim(t.substr(plus + 1)));
      if (!v)
        throw CommandError("bad offset in '" + loc.text + "'");
      loc.offset = *v;
    }
    if (loc.label.empty())
      throw CommandError("bad location '" + loc.text + "'");
  }
  // A kernel is named as everywhere (exact, demangled or plain name); a
  // location that is only a kernel's name is the kernel's entry.
  std::vector<std::string_view> names;
  for (const rt::LoadedKernel *k : session.kernels())
    names.push_back(k->name());
  if (!loc.kernel.empty()) {
    rt::Expected<size_t> at = rt::resolveKernelName(names, loc.kernel);
    if (!at)
      throw CommandError(at.message());
    loc.kernel = std::string(names[*at]);
  }
  for (const rt::LoadedKernel *k : session.kernels())
    if (loc.resolve(*k))
      return loc;
  if (!loc.label.empty() && loc.kernel.empty()) {
    std::vector<size_t> named = rt::kernelsNamed(names, loc.label);
    if (named.size() > 1)
      throw CommandError(rt::resolveKernelName(names, loc.label).message());
    if (named.size() == 1) {
      loc.kernel = loc.label = std::string(names[named.front()]);
      if (loc.resolve(*session.kernels()[named.front()]))
        return loc;
    }
  }
  // A device function by its demangled or plain name (`classify` for
  // _Z8classifyi), as kernels are named: the one function of that name.
  if (!loc.label.empty()) {
    std::vector<std::string_view> functions;
    for (const rt::LoadedKernel *k : session.kernels())
      for (const rt::ImageSection &s : k->sections)
        if (!s.isKernel && std::find(functions.begin(), functions.end(), s.name) == functions.end())
          functions.push_back(s.name);
    std::vector<size_t> named = rt::kernelsNamed(functions, loc.label);
    if (named.size() > 1)
      throw CommandError(rt::resolveKernelName(functions, loc.label).message());
    if (named.size() == 1) {
      loc.label = std::string(functions[named.front()]);
      for (const rt::LoadedKernel *k : session.kernels())
        if (loc.resolve(*k))
          return loc;
    }
  }
  if (!loc.label.empty())
    throw CommandError("no label '" + loc.label + "' in the loaded kernels" +
                       (loc.offset ? " (or the offset leaves the image)" : ""));
  throw CommandError("address " + loc.text + " is outside every loaded kernel image");
}

int BreakpointTable::addBreakpoint(Location loc, bool temporary, std::optional<Expr> cond) {
  Breakpoint b;
  b.number = next_++;
  b.loc = std::move(loc);
  b.temporary = temporary;
  b.cond = std::move(cond);
  bps_.push_back(std::move(b));
  invalidate();
  return bps_.back().number;
}

int BreakpointTable::addInternal(Location loc, std::string reason) {
  Breakpoint b;
  b.number = nextInternal_--;
  b.loc = std::move(loc);
  b.temporary = true;
  b.reason = std::move(reason);
  bps_.push_back(std::move(b));
  invalidate();
  return bps_.back().number;
}

int BreakpointTable::addWatchpoint(Watchpoint w) {
  w.number = next_++;
  wps_.push_back(std::move(w));
  return wps_.back().number;
}

bool BreakpointTable::remove(int number) {
  auto b = std::find_if(bps_.begin(), bps_.end(), [&](auto &x) { return x.number == number; });
  if (b != bps_.end()) {
    bps_.erase(b);
    invalidate();
    return true;
  }
  auto w = std::find_if(wps_.begin(), wps_.end(), [&](auto &x) { return x.number == number; });
  if (w != wps_.end()) {
    wps_.erase(w);
    return true;
  }
  return false;
}

void BreakpointTable::clear() {
  bps_.clear();
  wps_.clear();
  invalidate();
}

Breakpoint *BreakpointTable::breakpoint(int n) {
  for (Breakpoint &b : bps_)
    if (b.number == n)
      return &b;
  return nullptr;
}

Watchpoint *BreakpointTable::watchpoint(int n) {
  for (Watchpoint &w : wps_)
    if (w.number == n)
      return &w;
  return nullptr;
}

bool BreakpointTable::anyWatch() const {
  for (const Watchpoint &w : wps_)
    if (w.enabled)
      return true;
  return false;
}

bool BreakpointTable::anyBreakpoint() const {
  for (const Breakpoint &b : bps_)
    if (b.enabled)
      return true;
  return false;
}

std::vector<Breakpoint *> BreakpointTable::at(const rt::LoadedKernel &k, uint32_t pc) {
  std::vector<Breakpoint *> out;
  for (Breakpoint &b : bps_)
    if (b.enabled)
      for (uint64_t a : b.loc.resolveAll(k))
        if (a == pc) {
          out.push_back(&b);
          break;
        }
  return out;
}

void BreakpointTable::markSites(rt::DeviceSession &session) {
  emu::Device &d = session.device();
  if (!sitesStale_ && sitesDevice_ == &d)
    return;
  d.clearBreakSites();
  for (const rt::LoadedKernel *k : session.kernels())
    if (const std::vector<emu::Inst> *code = session.codeOf(*k))
      for (const Breakpoint &b : bps_)
        if (b.enabled)
          for (uint64_t a : b.loc.resolveAll(*k))
            d.setBreakSite(*code, uint32_t(a), true);
  sitesStale_ = false;
  sitesDevice_ = &d;
}

} // namespace simt::dbg
