//===-- Svg.h - Inline SVG and HTML text for the report -------------------===//
//
// The few drawing primitives the report's timeline and plots use, written
// as inline SVG (no script, no network), and HTML escaping.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <string_view>

namespace simt::prof {

/// `s` with &, <, >, " escaped.
std::string htmlEscape(std::string_view s);
/// A fixed-point number ("%.Nf").
std::string fixed(double v, int digits);
/// White (0) to red (1): the heat of a source line or a cell.
std::string heatColour(double fraction);

class Svg {
public:
  Svg(double width, double height, std::string_view cssClass);
  void rect(double x, double y, double w, double h, std::string_view fill,
            std::string_view title = {}, std::string_view cssClass = {});
  void text(double x, double y, std::string_view s, std::string_view anchor = "start");
  void line(double x1, double y1, double x2, double y2, std::string_view stroke);
  /// A polyline through `points` ("x,y x,y ...").
  void polyline(std::string_view points, std::string_view stroke);
  std::string finish();

private:
  std::string out_;
};

} // namespace simt::prof
