//===-- BreakpointList.cpp - info breakpoints: gdb's table ----------------===//
//
// One table for the host's breakpoints (LLDB's, numbered here), the
// device's and the watchpoints, in gdb's columns and words:
//
//   Num     Type           Disp Enb Address            What
//   1       breakpoint     keep y   0x0000555555555297 in digitSum(int) at host_device.cu:26
//   	stop only if x == 19
//   	breakpoint already hit 1 time
//   2       breakpoint     keep y   <MULTIPLE>
//   2.1                         y   0x0000555555555201 in addOne(int*, int) at host_device.cu:19
//   2.2                         y   0x0000000000000040 in addOne(int*, int) at host_device.cu:20
//   3       hw watchpoint  keep y                      total
//
// A breakpoint at several places (a line whose code begins twice, a device
// function linked into several kernels, a kernel's name, which is also its
// host stub's) lists each as gdb lists a breakpoint's locations; without
// LLDB a kernel's stub is still its N.1, as the stops number it.
//
//===----------------------------------------------------------------------===//
#include "dbg/Debugger.h"
#include "dbg/Frames.h"
#include "dbg/SourceView.h"
#include "dbg/ProgramControl.h"
#include "dbg/commands/Commands.h"
#include "runtime/KernelNames.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace simt::dbg {

namespace {

/// One row: gdb's columns are 7, 14, 4, 3 and 18 wide (64-bit addresses),
/// each followed by a blank; What is not padded.
std::string row(const std::string &num, const char *type, const char *disp, const char *enabled,
                const std::string &address, const std::string &what) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%-7s %-14s %-4s %-3s %-18s ", num.c_str(), type, disp, enabled,
                address.c_str());
  return buf + what + "\n";
}

const char *yesNo(bool on) { return on ? "y" : "n"; }

struct Place {
  std::string address, what;
};

/// A place LLDB reported, "0x5555... in main at app.cu:30".
Place hostPlace(const std::string &text) {
  const size_t blank = text.find(' ');
  return {frameAddress(std::strtoull(text.c_str(), nullptr, 16)),
          blank == std::string::npos ? "" : text.substr(blank + 1)};
}

/// gdb's What for a device address: the function and line, or without line
/// tables the address's symbol.
std::string deviceWhat(Debugger &d, const rt::LoadedKernel &k, uint64_t a) {
  const rt::ImageSection *sec = k.sectionAt(a);
  if (const std::optional<rt::SourcePos> pos = sourcePos(k, a); pos && sec)
    return "in " + withoutReturnType(rt::demangleKernelName(sec->name)) + " at " +
           positionText(*pos);
  return d.symbolText(k, uint32_t(a));
}

/// A kernel's host stub where no host debugger placed it (built without
/// LLDB, SIMT_DBG_LLDB=0, or LLDB did not find it): the breakpoint on a
/// kernel's name still has cuda-gdb's two locations, N.1 the stub and N.2
/// the kernel, as a stop names them (Debugger::hitNumber). The runtime's
/// registration gives the stub's address; with no host line tables to
/// read, What is gdb's for a place without them, `<FUNCTION>`.
std::optional<Place> stubPlace(Debugger &d, const Breakpoint &b, const std::vector<Site> &sites) {
  if (!d.program() || !b.loc.hostPlaces.empty() || !b.loc.namesFunction())
    return std::nullopt;
  for (const Site &s : sites)
    if (const rt::ImageSection *sec = s.kernel->sectionAt(s.addr); sec && sec->isKernel) {
      const uint64_t stub = d.program()->kernelStub(sec->name);
      return Place{stub ? frameAddress(stub) : "<PENDING>",
                   "<" + withoutReturnType(rt::demangleKernelName(sec->name)) + ">"};
    }
  return std::nullopt;
}

std::vector<Place> placesOf(Debugger &d, const Breakpoint &b) {
  std::vector<Place> out;
  for (const std::string &h : b.loc.hostPlaces)
    out.push_back(hostPlace(h));
  const std::vector<Site> sites = sitesOf(b.loc, d.session());
  if (std::optional<Place> stub = stubPlace(d, b, sites))
    out.push_back(*stub);
  for (const Site &s : sites)
    out.push_back({frameAddress(s.addr), deviceWhat(d, *s.kernel, s.addr)});
  return out;
}

/// The lines under a row: gdb's condition, hit count and ignore count.
std::string details(const std::string &cond, uint64_t hits, uint64_t ignore) {
  std::string s;
  if (!cond.empty())
    s += "\tstop only if " + cond + "\n";
  if (hits)
    s += "\tbreakpoint already hit " + std::to_string(hits) + (hits == 1 ? " time\n" : " times\n");
  if (ignore)
    s += "\tignore next " + std::to_string(ignore) + " hits\n";
  return s;
}

std::string breakpointRows(Debugger &d, const Breakpoint &b) {
  const std::string num = std::to_string(b.number);
  const std::vector<Place> places = b.loc.hostWatch ? std::vector<Place>() : placesOf(d, b);
  Place shown{"", b.loc.text}; // a watchpoint's expression
  if (places.size() == 1)
    shown = places[0];
  else if (places.size() > 1)
    shown = {"<MULTIPLE>", ""};
  else if (!b.loc.hostWatch)
    shown.address = "<PENDING>"; // until an object has the file
  std::string s = row(num, b.loc.hostWatch ? "hw watchpoint" : "breakpoint",
                      b.temporary ? "del" : "keep", yesNo(b.enabled), shown.address, shown.what) +
                  details(b.cond ? b.cond->text() : b.hostCond, b.hits, b.ignore);
  if (places.size() > 1)
    for (size_t i = 0; i < places.size(); ++i)
      s += row(num + "." + std::to_string(i + 1), "", "", "y", places[i].address, places[i].what);
  return s;
}

std::string watchpointRows(const Watchpoint &w) {
  std::string scope;
  if (w.space.space != Space::Global) {
    // The CTA (shared memory) or lane (local) whose location it is.
    scope = "grid " + std::to_string(w.scope.grid) + " cta " + ctaText(w.scope.cta);
    if (w.space.space == Space::Local)
      scope += " warp " + std::to_string(w.scope.warp) + " lane " + std::to_string(w.scope.lane);
    scope = "\tstop only in " + scope + "\n";
  }
  return row(std::to_string(w.number), "hw watchpoint", "keep", yesNo(w.enabled), "", w.text) + scope +
         details("", w.hits, 0);
}

} // namespace

void listBreakpoints(Debugger &d, std::string_view args, bool watchOnly) {
  const std::vector<int> only = numberList(args);
  auto listed = [&](int n) {
    return n > 0 && (only.empty() || std::find(only.begin(), only.end(), n) != only.end());
  };
  BreakpointTable &t = d.breakpoints();
  std::vector<std::pair<int, std::string>> rows;
  for (const Breakpoint &b : t.breakpoints())
    if (listed(b.number) && (!watchOnly || b.loc.hostWatch))
      rows.emplace_back(b.number, breakpointRows(d, b));
  for (const Watchpoint &w : t.watchpoints())
    if (listed(w.number))
      rows.emplace_back(w.number, watchpointRows(w));
  if (rows.empty()) {
    const char *what = watchOnly ? "watchpoint" : "breakpoint or watchpoint";
    if (only.empty())
      d.out() << (watchOnly ? "No watchpoints.\n" : "No breakpoints or watchpoints.\n");
    else
      d.out() << "No " << what << " matching '" << trim(args) << "'.\n";
    return;
  }
  std::sort(rows.begin(), rows.end());
  d.out() << row("Num", "Type", "Disp", "Enb", "Address", "What");
  for (const auto &r : rows)
    d.out() << r.second;
}

} // namespace simt::dbg
