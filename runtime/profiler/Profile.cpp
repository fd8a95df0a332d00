//===-- Profile.cpp - Taking a profile from a session ---------------------===//
#include "runtime/profiler/Profile.h"

#include "emu/device/Occupancy.h"
#include "runtime/DeviceSession.h"
#include "runtime/SourceLines.h"

#include <algorithm>
#include <tuple>

namespace simt::prof {

namespace {

/// The instruction class the mix shows an opcode in.
const char *classOf(emu::Op op) {
  return op < emu::Op::NumOps ? SIMT::nameOf(emu::opInfo(op).semClass) : "Invalid";
}

/// How one grid's CTAs held the SMs: the most resident at once on one SM;
/// the cycles in which an SM held at least one of them, and their warps
/// resident in each cycle, summed over the SMs.
struct Residency {
  uint32_t most = 0;
  uint64_t activeCycles = 0, activeWarps = 0;
};

Residency residencyOf(const std::vector<CtaSpan> &spans, emu::GridId grid, uint32_t sms,
                      uint32_t warpsPerCta) {
  Residency r;
  for (uint32_t sm = 0; sm < sms; ++sm) {
    std::vector<std::pair<uint64_t, int>> edges; // (cycle, +1 start / -1 after end)
    for (const CtaSpan &c : spans)
      if (c.grid == grid && c.sm == sm) {
        edges.push_back({c.first, +1});
        edges.push_back({c.last + 1, -1});
      }
    std::sort(edges.begin(), edges.end());
    int now = 0;
    for (size_t i = 0; i < edges.size(); ++i) {
      now += edges[i].second;
      r.most = std::max<uint32_t>(r.most, static_cast<uint32_t>(now));
      if (now > 0 && i + 1 < edges.size()) {
        const uint64_t span = edges[i + 1].first - edges[i].first;
        r.activeCycles += span;
        r.activeWarps += span * uint64_t(now) * warpsPerCta;
      }
    }
  }
  return r;
}

LaunchProfile launchOf(const emu::Grid &g, const emu::Device &device) {
  LaunchProfile l;
  l.grid = g.id;
  // "f(int*) (_Z1fPi)": the demangled name, as nvprof shows it.
  l.kernel = g.shownName();
  if (size_t at = l.kernel.rfind(" (_Z"); at != std::string::npos && l.kernel.back() == ')')
    l.kernel.resize(at);
  std::copy(g.params.grid, g.params.grid + 3, l.gridDim);
  std::copy(g.params.block, g.params.block + 3, l.blockDim);
  l.launchCycle = g.launchCycle;
  l.endCycle = g.state == emu::GridState::Running ? device.cycle() : g.endCycle;
  l.regsPerThread = g.params.kernel.regs;
  l.sharedPerCta = g.sharedPerCta;
  l.staticShared = g.params.kernel.shared;
  l.localPerThread = g.localWindow;
  l.constVersion = g.constVersion;
  l.warpsPerCta = g.warpsPerCta;
  l.ctasPerSmPossible = emu::occupancy(device.config(), emu::ctaShape(g)).ctas;
  l.state = emu::gridStateName(g.state);
  return l;
}

} // namespace

void EventCounts::add(const emu::GridCounters &g) {
  add(EventCounts{g.barrierWaitCycles, g.lockFailures, g.l2Hits, g.l2Misses, g.l2ReadHits,
                  g.l2ReadMisses, g.stack, g.constCache});
}

void EventCounts::add(const EventCounts &o) {
  barrierWaitCycles += o.barrierWaitCycles;
  lockFailures += o.lockFailures;
  l2Hits += o.l2Hits, l2Misses += o.l2Misses;
  l2ReadHits += o.l2ReadHits, l2ReadMisses += o.l2ReadMisses;
  stack.add(o.stack);
  constCache.merge(o.constCache);
}

uint64_t KernelProfile::executed(SIMT::CountedEvent event) const {
  uint64_t n = 0;
  for (const InstProfile &i : insts)
    if (i.op < emu::Op::NumOps && emu::opInfo(i.op).event == event)
      n += i.counts.warp;
  return n;
}

uint64_t KernelProfile::popSyncs() const {
  uint64_t n = 0;
  for (const InstProfile &i : insts)
    if (i.popSync)
      n += i.counts.warp;
  return n;
}

std::map<std::string, uint64_t> KernelProfile::mix() const {
  std::map<std::string, uint64_t> out;
  for (const InstProfile &i : insts)
    if (i.counts.warp)
      out[classOf(i.op)] += i.counts.warp;
  return out;
}

void Profile::describeCode(const rt::DeviceSession &session, const emu::Grid &g, bool full) {
  CodeInfo &info = described_[g.params.kernel.code];
  info.insts.clear();
  const rt::LoadedKernel *loaded = session.kernelOf(g);
  const std::vector<emu::Inst> &code = *g.params.kernel.code;
  for (uint32_t i = 0; i < g.codeSize && i < code.size(); ++i) {
    InstProfile p;
    p.pc = i * 8;
    const emu::Op op = code[i].op;
    p.mnemonic = std::string(emu::baseMnemonic(op));
    p.text = full ? session.device().instText(g, i) : p.mnemonic;
    p.op = op;
    p.popSync = code[i].popSync;
    if (full && loaded && loaded->lines)
      if (const rt::ImageSection *sec = loaded->sectionAt(p.pc))
        if (auto pos = loaded->lines->at(sec->section, p.pc - sec->addr)) {
          p.file = pos->file;
          p.line = pos->line;
          const std::vector<std::string> *text = rt::sourceFileLines(p.file);
          if (text && p.line >= 1 && p.line <= text->size())
            p.source = (*text)[p.line - 1];
          info.hasLines = true;
        }
    info.insts.push_back(std::move(p));
  }
}

void Profile::harvest(rt::DeviceSession &session, const Collector &collector,
                      const HostEvents &host) {
  const emu::Device &device = session.device();
  const std::vector<CtaSpan> spans = collector.ctaSpans();
  // A grid that never issued has no description: its opcodes only (the
  // printers may be gone at a program's exit).
  for (emu::GridId id = 1; const emu::Grid *g = device.grid(id); ++id)
    if (!described_.count(g->params.kernel.code))
      describeCode(session, *g, false);
  sms = device.numSms();
  this->device = deviceName(session.level());
  warpsPerSm = device.config().warpsPerSm;

  // Launches, in grid order; each kernel image once.
  const size_t firstLaunch = launches.size();
  std::map<const std::vector<emu::Inst> *, size_t> kernelOfCode;
  for (emu::GridId id = 1; const emu::Grid *g = device.grid(id); ++id) {
    LaunchProfile l = launchOf(*g, device);
    const Residency r = residencyOf(spans, id, sms, l.warpsPerCta);
    l.ctasPerSmAchieved = r.most;
    l.activeCycles = r.activeCycles;
    l.activeWarps = r.activeWarps;
    if (auto it = collector.byGrid().find(id); it != collector.byGrid().end()) {
      l.counts = it->second.counts;
      l.events.add(it->second);
      l.hostFirst = it->second.hostFirst;
      l.hostLast = it->second.hostLast;
    }
    for (const LaunchNote &n : host.launches())
      if (n.grid == id)
        l.stream = n.stream, l.hostLaunch = n.at;
    const std::vector<emu::Inst> *code = g->params.kernel.code;
    auto [at, fresh] = kernelOfCode.try_emplace(code, kernels.size());
    if (fresh) {
      KernelProfile k;
      k.name = l.kernel;
      k.regs = l.regsPerThread;
      k.shared = g->params.kernel.shared;
      k.local = g->params.kernel.local;
      auto info = described_.find(code);
      if (info != described_.end()) {
        k.insts = info->second.insts;
        k.hasLines = info->second.hasLines;
      }
      auto counts = collector.byCode().find(code);
      for (size_t i = 0; i < k.insts.size(); ++i) {
        if (counts != collector.byCode().end() && i < counts->second.size())
          k.insts[i].counts = counts->second[i];
        k.totals.add(k.insts[i].counts);
      }
      kernels.push_back(std::move(k));
    }
    KernelProfile &k = kernels[at->second];
    l.kernelIndex = at->second;
    const uint64_t c = l.cycles();
    const double h = l.hostSeconds();
    k.minCycles = k.launches ? std::min(k.minCycles, c) : c;
    k.maxCycles = std::max(k.maxCycles, c);
    k.minHost = k.launches ? std::min(k.minHost, h) : h;
    k.maxHost = std::max(k.maxHost, h);
    k.events.add(l.events);
    if (device.constCache()) // a version per launch, bound at launch
      k.constVersions.insert(l.constVersion);
    ++k.launches;
    k.cycles += c;
    k.hostSeconds += h;
    launches.push_back(std::move(l));
  }
  placeActivities(firstLaunch, host);
  ctas.insert(ctas.end(), spans.begin(), spans.end());
  if (bins.empty()) {
    bins = collector.bins();
    binCycles = collector.binCycles();
  }
  // In the order they began (a call is recorded when it returns, so one
  // made inside another, or on another thread, comes out of order).
  calls = host.calls();
  std::stable_sort(calls.begin(), calls.end(),
                   [](const HostCall &a, const HostCall &b) { return a.start < b.start; });
  const emu::DeviceStats s = device.stats();
  stats.instr.add(s.instr);
  stats.simt.add(s.simt);
  stats.stack.add(s.stack);
  stats.cycles += s.cycles;
  stats.wallSeconds += s.wallSeconds;
  if (stats.bySm.empty())
    stats.bySm = s.bySm;
  if (s.hasConstCache) {
    stats.hasConstCache = true;
    stats.constCache = s.constCache;
  }
  cycles = stats.cycles;
  statsJson = session.statsJson();
  described_.clear(); // the images go with the session
  hostSeconds = host.now();
}

void Profile::placeActivities(size_t firstLaunch, const HostEvents &host) {
  // The session's launches and copies in the order the device met them:
  // by its clock, then (a copy and a launch at one cycle) by host time.
  struct Met {
    uint64_t cycle;
    double at;
    bool isCopy;
    size_t index;
  };
  std::vector<Met> met;
  for (size_t i = firstLaunch; i < launches.size(); ++i)
    met.push_back({launches[i].launchCycle, launches[i].hostLaunch, false, i});
  const std::vector<CopyNote> &copies = host.copies();
  for (size_t i = copiesTaken_; i < copies.size(); ++i)
    met.push_back({copies[i].deviceCycle, copies[i].at, true, i});
  std::sort(met.begin(), met.end(), [](const Met &a, const Met &b) {
    return std::tie(a.cycle, a.at, a.isCopy, a.index) < std::tie(b.cycle, b.at, b.isCopy, b.index);
  });
  const size_t firstNew = activities.size();
  double shift = gpuEnd_; // the copies so far, and the earlier sessions
  double end = gpuEnd_;
  for (const Met &m : met) {
    GpuActivity a;
    a.issued = m.at;
    if (m.isCopy) {
      const CopyNote &c = copies[m.index];
      a.name = activityName(c.kind);
      a.copy = c.kind;
      a.bytes = c.bytes;
      a.stream = c.stream;
      a.start = cyclesToSeconds(c.deviceCycle) + shift;
      a.seconds = copySeconds(c.kind, c.bytes);
      shift += a.seconds;
    } else {
      LaunchProfile &l = launches[m.index];
      l.start = cyclesToSeconds(l.launchCycle) + shift;
      a.name = l.kernel;
      a.stream = l.stream;
      a.launch = static_cast<int>(m.index);
      a.start = l.start;
      a.seconds = cyclesToSeconds(l.cycles());
    }
    end = std::max(end, a.start + a.seconds);
    a.order = activities.size();
    activities.push_back(std::move(a));
  }
  // By start; at one start, in the order met (launch or copy index).
  std::sort(activities.begin() + static_cast<std::ptrdiff_t>(firstNew), activities.end(),
            [](const GpuActivity &a, const GpuActivity &b) {
              return std::tie(a.start, a.order) < std::tie(b.start, b.order);
            });
  copiesTaken_ = copies.size();
  gpuEnd_ = end;
}

} // namespace simt::prof
