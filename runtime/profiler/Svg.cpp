//===-- Svg.cpp - Inline SVG and HTML text for the report -----------------===//
#include "runtime/profiler/Svg.h"

#include <algorithm>
#include <cstdio>

namespace simt::prof {

std::string htmlEscape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
    case '&': out += "&amp;"; break;
    case '<': out += "&lt;"; break;
    case '>': out += "&gt;"; break;
    case '"': out += "&quot;"; break;
    default: out += c;
    }
  }
  return out;
}

std::string fixed(double v, int digits) {
  char b[64];
  std::snprintf(b, sizeof b, "%.*f", digits, v);
  return b;
}

std::string heatColour(double f) {
  f = std::clamp(f, 0.0, 1.0);
  return "hsl(8,85%," + fixed(100 - 48 * f, 1) + "%)";
}

Svg::Svg(double width, double height, std::string_view cssClass) {
  out_ = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"" + std::string(cssClass) +
         "\" width=\"" + fixed(width, 0) + "\" height=\"" + fixed(height, 0) +
         "\" viewBox=\"0 0 " + fixed(width, 0) + " " + fixed(height, 0) + "\">\n";
}

void Svg::rect(double x, double y, double w, double h, std::string_view fill,
               std::string_view title, std::string_view cssClass) {
  out_ += "<rect x=\"" + fixed(x, 1) + "\" y=\"" + fixed(y, 1) + "\" width=\"" +
          fixed(std::max(w, 0.5), 1) + "\" height=\"" + fixed(h, 1) + "\" fill=\"" +
          std::string(fill) + "\"";
  if (!cssClass.empty())
    out_ += " class=\"" + std::string(cssClass) + "\"";
  if (title.empty()) {
    out_ += "/>\n";
    return;
  }
  out_ += "><title>" + htmlEscape(title) + "</title></rect>\n";
}

void Svg::text(double x, double y, std::string_view s, std::string_view anchor) {
  out_ += "<text x=\"" + fixed(x, 1) + "\" y=\"" + fixed(y, 1) + "\" text-anchor=\"" +
          std::string(anchor) + "\">" + htmlEscape(s) + "</text>\n";
}

void Svg::line(double x1, double y1, double x2, double y2, std::string_view stroke) {
  out_ += "<line x1=\"" + fixed(x1, 1) + "\" y1=\"" + fixed(y1, 1) + "\" x2=\"" + fixed(x2, 1) +
          "\" y2=\"" + fixed(y2, 1) + "\" stroke=\"" + std::string(stroke) + "\"/>\n";
}

void Svg::polyline(std::string_view points, std::string_view stroke) {
  out_ += "<polyline fill=\"none\" stroke-width=\"1.5\" stroke=\"" + std::string(stroke) +
          "\" points=\"" + std::string(points) + "\"/>\n";
}

std::string Svg::finish() { return std::move(out_) + "</svg>\n"; }

} // namespace simt::prof
