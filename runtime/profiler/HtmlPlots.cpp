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

/// A row of coloured boxes with their names, from `x` at `y` (the legend
/// of a timeline or of the instruction mix); returns where it ends.
double legend(Svg &svg, double x, double y, const std::vector<std::pair<std::string, std::string>> &entries) {
  for (const auto &[name, colour] : entries) {
    svg.rect(x, y - 9, 10, 10, colour);
    svg.text(x + 14, y, name);
    x += 24 + 6.5 * double(name.size());
  }
  return x;
}

/// `s` cut to about `width` pixels of 11-pixel text ("" if not even a
/// few characters fit): a label inside a bar.
std::string fitted(const std::string &s, double width) {
  const size_t chars = static_cast<size_t>(width / 6.5);
  if (chars < 4)
    return "";
  return s.size() <= chars ? s : s.substr(0, chars - 1) + "\u2026";
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
  // A legend row first: what each colour is.
  constexpr double Top = 18;
  Svg svg(Left + Width + 10, n * RowHeight + 24 + Top, "timeline");
  if (clock == Clock::Host)
    legend(svg, Left, 12, {{"API call", fillOf("api")}, {"copy or set", fillOf("copy")}});
  else
    legend(svg, Left, 12, {{"launch (per stream)", fillOf("launch")},
                           {"CTA resident (per SM)", fillOf("cta")}});
  std::string shown;
  for (size_t i = 0; i < t.tracks.size(); ++i)
    if (rows[i] != UINT32_MAX && t.tracks[i].name != shown) {
      svg.text(4, Top + rows[i] * RowHeight + 12, t.tracks[i].name);
      shown = t.tracks[i].name; // an SM's further rows stay unlabelled
    }
  size_t drawn = 0;
  for (const Span &s : t.spans) {
    if (rows[s.track] == UINT32_MAX || drawn++ >= MaxSpans)
      continue;
    const std::string when = clock == Clock::Host
                                 ? formatSeconds(s.start) + " +" + formatSeconds(s.duration)
                                 : "cycle " + fixed(s.start, 0) + " +" + fixed(s.duration, 0);
    const double x = Left + Width * s.start / end, w = Width * s.duration / end;
    const double y = Top + rows[s.track] * RowHeight;
    svg.rect(x, y + 2, w, RowHeight - 4, fillOf(s.category), s.name + ": " + when,
             "span " + s.category);
    // Wide bars carry their name (the title has it all).
    if (const std::string label = fitted(s.name, w - 4); !label.empty())
      svg.text(x + 2, y + 11, label);
  }
  axis(svg, Top + n * RowHeight + 4, end, clock == Clock::Host);
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
  // The scale first: white none of the SM's warp slots, red all of them.
  constexpr double Top = 18;
  const uint32_t slots = std::max(p.warpsPerSm, 1u);
  Svg svg(Left + Width + 10, p.sms * RowHeight + 24 + Top, "plot warps");
  svg.text(Left, 12, "warps that issued in the span: 0");
  for (int i = 0; i <= 10; ++i)
    svg.rect(Left + 190 + 12 * i, 3, 12, 10, heatColour(i / 10.0),
             std::to_string(slots * i / 10) + " warps");
  svg.text(Left + 190 + 12 * 11 + 4, 12, std::to_string(slots) + " (the SM's warp slots)");
  for (uint32_t sm = 0; sm < p.sms; ++sm) {
    const double y = Top + sm * RowHeight;
    svg.text(4, y + 12, "SM " + std::to_string(sm));
    for (size_t i = 0; i < p.bins.size(); ++i) {
      const int warps = sm < p.bins[i].slotsPerSm.size() ? std::popcount(p.bins[i].slotsPerSm[sm]) : 0;
      if (!warps)
        continue;
      svg.rect(Left + cell * double(i), y + 1, cell, RowHeight - 2,
               heatColour(double(warps) / double(slots)),
               "SM " + std::to_string(sm) + ", cycles from " +
                   std::to_string(i * p.binCycles) + ": " + std::to_string(warps) + " warps");
    }
  }
  axis(svg, Top + p.sms * RowHeight + 4, double(p.bins.size() * p.binCycles), false);
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
  const double top = 20;
  Svg svg(Left + Width + 10, p.kernels.size() * (RowHeight + 4) + top + 4, "plot mix");
  std::vector<std::pair<std::string, std::string>> entries;
  for (const auto &[cls, colour] : classes)
    entries.push_back({cls, classColour(colour)});
  legend(svg, Left, 13, entries);
  for (size_t k = 0; k < p.kernels.size(); ++k) {
    const KernelProfile &kp = p.kernels[k];
    const double y = top + double(k) * (RowHeight + 4);
    svg.text(4, y + 12, kp.name.substr(0, 16));
    double at = Left;
    for (const auto &[cls, n] : kp.mix()) {
      const double share = double(n) / double(std::max<uint64_t>(kp.totals.warp, 1));
      const double w = Width * share;
      const std::string percent = fixed(100 * share, 1) + "%";
      svg.rect(at, y, w, RowHeight, classColour(classes[cls]),
               kp.name + ": " + cls + " " + percent + " (" + std::to_string(n) +
                   " warp-instructions)");
      // The share in the bar where it fits.
      if (w >= 6.5 * double(percent.size()) + 4)
        svg.text(at + 2, y + 12, percent);
      at += w;
    }
  }
  return svg.finish();
}

} // namespace simt::prof
