//===-- HtmlReport.cpp - The profile as one self-contained HTML file ------===//
#include "runtime/profiler/HtmlReport.h"

#include "runtime/profiler/HtmlPlots.h"
#include "runtime/profiler/ProfileJson.h"
#include "runtime/profiler/SourceView.h"
#include "runtime/profiler/SummaryTable.h"
#include "runtime/profiler/Svg.h"

#include <algorithm>

namespace simt::prof {

namespace {

constexpr const char *Style = R"(
body{font-family:sans-serif;margin:1.5em;color:#222}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;font-size:.85em;margin:.5em 0}
th,td{border:1px solid #ddd;padding:2px 6px;text-align:right}
th{background:#f3f3f3}td.name,td.src{text-align:left}
td.src{font-family:monospace;white-space:pre}
details{margin:0}summary{cursor:pointer}
pre.insts{margin:2px 0 2px 1.5em;font-size:.95em}
svg text{font-size:11px;font-family:sans-serif}
.note{color:#666;font-size:.85em}
.wide{overflow-x:auto;max-width:100%}
#kernels,#launches{font-size:.72em}
#kernels th,#kernels td,#launches th,#launches td{padding:1px 3px}
#kernels th,#launches th{white-space:normal;max-width:4.5em;overflow-wrap:anywhere;vertical-align:bottom}
#kernels td.name,#launches td.name{min-width:10em;max-width:16em;overflow-wrap:anywhere}
svg{max-width:100%;height:auto}
)";

std::string pct(double f) { return fixed(100 * f, 2) + "%"; }

std::string cell(const std::string &s, const char *cls = nullptr) {
  return cls ? "<td class=\"" + std::string(cls) + "\">" + htmlEscape(s) + "</td>"
             : "<td>" + htmlEscape(s) + "</td>";
}

std::string header(std::initializer_list<const char *> names) {
  std::string out = "<tr>";
  for (const char *n : names)
    out += "<th>" + std::string(n) + "</th>";
  return out + "</tr>\n";
}

std::string kernelTable(const Profile &p) {
  std::string out = "<table id=\"kernels\">\n" +
                    header({"Kernel", "Launches", "Cycles", "Time (model)", "Host time", "Warp-insts",
                            "Thread-insts", "SIMD eff", "Divergent branches", "SSY/SYNC/BRK",
                            "BAR", "BAR wait cycles", "Atomics", "Lock retries", "Mem requests",
                            "Mem bytes", "128B segments", "L2 hits/misses",
                            "Stack spills/restores", "Const L1 hits/misses",
                            "Const L2 hits/misses", "Const versions", "Regs", "Shared",
                            "Local"});
  auto pair = [](uint64_t a, uint64_t b) { return cell(std::to_string(a) + "/" + std::to_string(b)); };
  for (const KernelProfile &k : p.kernels) {
    const EventCounts &e = k.events;
    out += "<tr class=\"kernel\">" + cell(k.name, "name") + cell(std::to_string(k.launches)) +
           cell(std::to_string(k.cycles)) + cell(formatSeconds(cyclesToSeconds(k.cycles))) +
           cell(formatSeconds(k.hostSeconds)) +
           cell(std::to_string(k.totals.warp)) + cell(std::to_string(k.totals.thread)) +
           cell(pct(k.totals.simdEfficiency())) + cell(std::to_string(k.totals.divergent)) +
           cell(std::to_string(k.executed(CountedEvent::SetSync)) + "/" +
                std::to_string(k.popSyncs()) + "/" +
                std::to_string(k.executed(CountedEvent::Break))) +
           cell(std::to_string(k.executed(CountedEvent::Barrier))) +
           cell(std::to_string(e.barrierWaitCycles)) +
           cell(std::to_string(k.executed(CountedEvent::Atomic))) +
           cell(std::to_string(e.lockFailures)) + cell(std::to_string(k.totals.memRequests)) +
           cell(std::to_string(k.totals.memBytes)) + cell(std::to_string(k.totals.memSegments)) +
           pair(e.l2Hits, e.l2Misses) + pair(e.stack.spills, e.stack.restores) +
           pair(e.constCache.l1_hits, e.constCache.l1_misses) +
           pair(e.constCache.l2_hits, e.constCache.l2_misses) +
           cell(std::to_string(k.constVersions.size())) + cell(std::to_string(k.regs)) +
           cell(std::to_string(k.shared)) + cell(std::to_string(k.local)) + "</tr>\n";
  }
  return out + "</table>\n";
}

std::string launchTable(const Profile &p) {
  std::string out = "<table id=\"launches\">\n" +
                    header({"Grid", "Kernel", "Stream", "Grid size", "Block size", "Start cycle",
                            "Cycles", "Start (model)", "Time (model)", "Host time",
                            "Warp-insts", "SIMD eff", "CTAs/SM achieved",
                            "CTAs/SM possible", "State"});
  auto dims = [](const uint32_t d[3]) {
    return std::to_string(d[0]) + "x" + std::to_string(d[1]) + "x" + std::to_string(d[2]);
  };
  for (const LaunchProfile &l : p.launches)
    out += "<tr class=\"launch\">" + cell(std::to_string(l.grid)) + cell(l.kernel, "name") +
           cell(std::to_string(l.stream)) + cell(dims(l.gridDim)) + cell(dims(l.blockDim)) +
           cell(std::to_string(l.launchCycle)) + cell(std::to_string(l.cycles())) +
           cell(formatSeconds(l.start)) + cell(formatSeconds(cyclesToSeconds(l.cycles()))) +
           cell(formatSeconds(l.hostSeconds())) + cell(std::to_string(l.counts.warp)) +
           cell(pct(l.counts.simdEfficiency())) + cell(std::to_string(l.ctasPerSmAchieved)) +
           cell(std::to_string(l.ctasPerSmPossible)) + cell(l.state) + "</tr>\n";
  return out + "</table>\n";
}

std::string deviceTable(const Profile &p) {
  const emu::DeviceStats &s = p.stats;
  std::string out = "<table id=\"device\">\n" + header({"Counter (as --stats)", "Value"});
  auto row = [&](const std::string &what, const std::string &v) {
    out += "<tr>" + cell(what, "name") + cell(v) + "</tr>\n";
  };
  row("cycles", std::to_string(s.cycles));
  row("warp-instructions", std::to_string(s.instr.warp()));
  row("thread-instructions", std::to_string(s.instr.thread));
  row("SIMD efficiency", pct(s.simdEfficiency()));
  row("branches / divergent", std::to_string(s.simt.branches) + " / " +
                                  std::to_string(s.simt.divergentBranches));
  s.stack.forEachField([&](std::string_view name, uint64_t v) {
    row("stack cache: " + std::string(name), std::to_string(v));
  });
  if (s.hasConstCache) {
    const emu::ConstCacheStats &c = s.constCache;
    row("constant cache: L1 hits / misses",
        std::to_string(c.l1_hits) + " / " + std::to_string(c.l1_misses));
    row("constant cache: L2 hits / misses",
        std::to_string(c.l2_hits) + " / " + std::to_string(c.l2_misses));
    row("constant cache: most versions live", std::to_string(c.versions_live_max));
  }
  for (const emu::SmStats &sm : s.bySm)
    row("SM " + std::to_string(sm.sm) + " warp-instructions", std::to_string(sm.instr.warp()));
  return out + "</table>\n";
}

std::string sourceView(const KernelProfile &k, size_t index) {
  const std::vector<SourceRow> rows = sourceRows(k);
  uint64_t worst = 1;
  for (const SourceRow &r : rows)
    worst = std::max(worst, r.counts.lanesLost());
  std::string out = "<h3>" + htmlEscape(k.name) + "</h3>\n";
  if (!k.hasLines)
    out += "<p class=\"note\">No line table (build with -g or -lineinfo): one row per "
           "instruction.</p>\n";
  out += "<table class=\"source-view\" id=\"source-" + std::to_string(index) + "\">\n" +
         header({"Where", "Source", "Warp-insts", "SIMD eff", "Lanes lost", "Divergent",
                 "Mem bytes"});
  for (const SourceRow &r : rows) {
    const std::string where = !r.file.empty() ? r.file.substr(r.file.rfind('/') + 1) + ":" +
                                                    std::to_string(r.line)
                              : k.hasLines    ? "?"
                                              : "0x" + [&] {
                                                  char b[16];
                                                  std::snprintf(b, sizeof b, "%04x",
                                                                r.insts.front()->pc);
                                                  return std::string(b);
                                                }();
    std::string src = htmlEscape(r.text);
    if (k.hasLines) {
      std::string insts;
      for (const InstProfile *i : r.insts)
        insts += htmlEscape(i->text) + "    ; " + std::to_string(i->counts.warp) + " warp, " +
                 pct(i->counts.simdEfficiency()) + "\n";
      src = "<details><summary>" + src + "</summary><pre class=\"insts\">" + insts +
            "</pre></details>";
    }
    out += "<tr class=\"line\" style=\"background:" +
           heatColour(double(r.counts.lanesLost()) / double(worst)) + "\">" +
           cell(where, "name") + "<td class=\"src\">" + src + "</td>" +
           cell(std::to_string(r.counts.warp)) + cell(pct(r.counts.simdEfficiency())) +
           cell(std::to_string(r.counts.lanesLost())) + cell(std::to_string(r.counts.divergent)) +
           cell(std::to_string(r.counts.memBytes)) + "</tr>\n";
  }
  return out + "</table>\n";
}

/// JSON inside <script>: "</" must not close the element.
std::string scriptSafe(std::string json) {
  for (size_t at = 0; (at = json.find("</", at)) != std::string::npos; at += 3)
    json.replace(at, 2, "<\\/");
  return json;
}

} // namespace

std::string htmlReport(const Profile &p) {
  const Timeline t = buildTimeline(p);
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                    "<title>simt-prof: " +
                    htmlEscape(p.program) + "</title>\n<style>" + Style + "</style></head>\n<body>\n";
  out += "<h1>simt-prof: " + htmlEscape(p.program) + "</h1>\n";
  out += "<p id=\"overview\">" + std::to_string(p.launches.size()) + " launches of " +
         std::to_string(p.kernels.size()) + " kernels, " + std::to_string(p.cycles) +
         " emulated cycles on " + std::to_string(p.sms) + " SMs, " +
         std::to_string(p.stats.instr.warp()) + " warp-instructions, SIMD efficiency " +
         pct(p.stats.simdEfficiency()) + ", host time " + formatSeconds(p.hostSeconds) + ".</p>\n";
  // The wide tables wrap their headers and scroll within the page.
  out += "<h2>Kernels</h2>\n<div class=\"wide\">\n" + kernelTable(p) + "</div>\n";
  out += "<h2>Launches</h2>\n<div class=\"wide\">\n" + launchTable(p) + "</div>\n";
  out += "<h2>Source view</h2>\n<p class=\"note\">Lines (or instructions) that lose the most "
         "lanes first; red: more lanes idle. Click a line for its instructions.</p>\n"
         "<div id=\"source\">\n";
  for (size_t i = 0; i < p.kernels.size(); ++i)
    out += sourceView(p.kernels[i], i);
  out += "</div>\n<h2>Timeline</h2>\n<div id=\"timeline\">\n";
  if (std::string host = timelineSvg(t, Clock::Host); !host.empty())
    out += "<h3>Host (wall time)</h3>\n" + host;
  out += "<h3>Device (emulated cycles): launches per stream, CTAs resident per SM</h3>\n" +
         timelineSvg(t, Clock::Device) + "</div>\n";
  out += "<h2>Plots</h2>\n<div id=\"plots\">\n<h3>SIMD efficiency over time</h3>\n" +
         simdEfficiencySvg(p) + "<h3>Active warps per SM</h3>\n" + activeWarpsSvg(p) +
         "<h3>Instruction mix</h3>\n" + instructionMixSvg(p) + "</div>\n";
  out += "<h2>Device counters</h2>\n" + deviceTable(p);
  out += "<details id=\"stats-json\"><summary>The statistics JSON (--stats: L2 slices, "
         "contexts, per SM)</summary><pre>" +
         htmlEscape(p.statsJson) + "</pre></details>\n";
  out += "<script type=\"application/json\" id=\"profile-data\">" + scriptSafe(profileJson(p)) +
         "</script>\n</body></html>\n";
  return out;
}

} // namespace simt::prof
