//===-- HtmlPlots.cpp - The report's pictures as inline SVG ---------------===//
#include "runtime/profiler/HtmlPlots.h"

#include "runtime/profiler/SummaryTable.h"
#include "runtime/profiler/Svg.h"

#include <algorithm>
#include <bit>
#include <map>

namespace simt::prof {

namespace {

constexpr double Left = 110, Width = 900, RowHeight = 16;
/// Drawn spans per timeline: a browser copes; the trace file has them all.
constexpr size_t MaxSpans = 20000;

const char *fillOf(const std::string &category) {
  if (category == "api")
    return "#6a8fd0";
  if (category == "copy")
    return "#d9a441";
  if (category == "launch")
    return "#5aa469";
  return "#b77fd1";
}

const char *classColour(size_t i) {
  static const char *Colours[] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                                  "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
  return Colours[i % (sizeof Colours / sizeof *Colours)];
}

/// An x axis from 0 to `end` (`unit` after each tick's value) at `y`.
void axis(Svg &svg, double y, double end, bool seconds) {
  svg.line(Left, y, Left + Width, y, "#888");
  for (int i = 0; i <= 4; ++i) {
    const double v = end * i / 4;
    svg.text(Left + Width * i / 4, y + 13,
             seconds ? formatSeconds(v) : fixed(v, 0) + " cyc",
             i == 0 ? "start" : i == 4 ? "end" : "middle");
  }
}

} // namespace

std::string timelineSvg(const Timeline &t, Clock clock) {
  std::vector<uint32_t> rows(t.tracks.size(), UINT32_MAX);
  uint32_t n = 0;
  for (size_t i = 0; i < t.tracks.size(); ++i)
    if (t.tracks[i].clock == clock)
      rows[i] = n++;
  if (!n)
    return "";
  double end = 0;
  for (const Span &s : t.spans)
    if (t.tracks[s.track].clock == clock)
      end = std::max(end, s.start + s.duration);
  end = end > 0 ? end : 1;
  Svg svg(Left + Width + 10, n * RowHeight + 24, "timeline");
  std::string shown;
  for (size_t i = 0; i < t.tracks.size(); ++i)
    if (rows[i] != UINT32_MAX && t.tracks[i].name != shown) {
      svg.text(4, rows[i] * RowHeight + 12, t.tracks[i].name);
      shown = t.tracks[i].name; // an SM's further rows stay unlabelled
    }
  size_t drawn = 0;
  for (const Span &s : t.spans) {
    if (rows[s.track] == UINT32_MAX || drawn++ >= MaxSpans)
      continue;
    const std::string when = clock == Clock::Host
                                 ? formatSeconds(s.start) + " +" + formatSeconds(s.duration)
                                 : "cycle " + fixed(s.start, 0) + " +" + fixed(s.duration, 0);
    svg.rect(Left + Width * s.start / end, rows[s.track] * RowHeight + 2,
             Width * s.duration / end, RowHeight - 4, fillOf(s.category), s.name + ": " + when,
             "span " + s.category);
  }
  axis(svg, n * RowHeight + 4, end, clock == Clock::Host);
  return svg.finish();
}

std::string simdEfficiencySvg(const Profile &p) {
  const double height = 140;
  Svg svg(Left + Width + 10, height + 24, "plot simd");
  svg.text(4, 12, "100%");
  svg.text(4, height, "0%");
  std::string points;
  for (size_t i = 0; i < p.bins.size(); ++i) {
    const TimeBin &b = p.bins[i];
    if (!b.warp)
      continue;
    const double e = double(b.thread) / (32.0 * double(b.warp));
    points += fixed(Left + Width * (double(i) + 0.5) / double(p.bins.size()), 1) + "," +
              fixed(height - e * (height - 8), 1) + " ";
  }
  svg.polyline(points, "#e15759");
  axis(svg, height + 4, double(p.bins.size() * p.binCycles), false);
  return svg.finish();
}

std::string activeWarpsSvg(const Profile &p) {
  const double cell = Width / double(std::max<size_t>(p.bins.size(), 1));
  Svg svg(Left + Width + 10, p.sms * RowHeight + 24, "plot warps");
  for (uint32_t sm = 0; sm < p.sms; ++sm) {
    svg.text(4, sm * RowHeight + 12, "SM " + std::to_string(sm));
    for (size_t i = 0; i < p.bins.size(); ++i) {
      const int warps = sm < p.bins[i].slotsPerSm.size() ? std::popcount(p.bins[i].slotsPerSm[sm]) : 0;
      if (!warps)
        continue;
      svg.rect(Left + cell * double(i), sm * RowHeight + 1, cell, RowHeight - 2,
               heatColour(double(warps) / double(std::max(p.warpsPerSm, 1u))),
               "SM " + std::to_string(sm) + ", cycles from " +
                   std::to_string(i * p.binCycles) + ": " + std::to_string(warps) + " warps");
    }
  }
  axis(svg, p.sms * RowHeight + 4, double(p.bins.size() * p.binCycles), false);
  return svg.finish();
}

std::string instructionMixSvg(const Profile &p) {
  std::map<std::string, size_t> classes; // colour per class, by name
  for (const KernelProfile &k : p.kernels)
    for (const auto &[cls, n] : k.mix())
      classes.try_emplace(cls, 0);
  size_t c = 0;
  for (auto &[cls, colour] : classes)
    colour = c++;
  const double legend = 20;
  Svg svg(Left + Width + 10, p.kernels.size() * (RowHeight + 4) + legend + 4, "plot mix");
  double x = Left;
  for (const auto &[cls, colour] : classes) {
    svg.rect(x, 4, 10, 10, classColour(colour));
    svg.text(x + 14, 13, cls);
    x += 24 + 7.5 * double(cls.size());
  }
  for (size_t k = 0; k < p.kernels.size(); ++k) {
    const KernelProfile &kp = p.kernels[k];
    const double y = legend + double(k) * (RowHeight + 4);
    svg.text(4, y + 12, kp.name.substr(0, 16));
    double at = Left;
    for (const auto &[cls, n] : kp.mix()) {
      const double w = Width * double(n) / double(std::max<uint64_t>(kp.totals.warp, 1));
      svg.rect(at, y, w, RowHeight, classColour(classes[cls]),
               kp.name + ": " + cls + " " + std::to_string(n) + " warp-instructions");
      at += w;
    }
  }
  return svg.finish();
}

} // namespace simt::prof
