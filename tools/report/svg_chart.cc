/* Inline SVG histograms (svg_chart.h). */
#include "tools/report/svg_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "tools/report/escape.h"

namespace shaderdiff::report {
namespace {

std::string Num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

std::string Fixed(double v) {  // coordinates: one decimal is plenty
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

}  // namespace

double NiceStep(double x) {
  if (!(x > 0)) return 1;
  double p = std::pow(10.0, std::floor(std::log10(x)));
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    if (m * p >= x * (1 - 1e-12)) return m * p;
  }
  return 10 * p;
}

std::string SvgHistogram(const std::vector<double>& values, const HistogramSpec& spec) {
  const int w = spec.width, h = spec.height;
  const double left = 48, right = 12, top = 28, bottom = 40;
  const double plot_w = w - left - right, plot_h = h - top - bottom;
  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"" + std::to_string(w) +
                    "\" height=\"" + std::to_string(h) + "\" viewBox=\"0 0 " + std::to_string(w) + " " +
                    std::to_string(h) + "\" role=\"img\" aria-label=\"" + HtmlEscape(spec.title) + "\">";
  svg += "<text x=\"" + Fixed(w / 2.0) + "\" y=\"16\" text-anchor=\"middle\" class=\"chart-title\">" +
         HtmlEscape(spec.title) + "</text>";
  if (values.empty()) {
    svg += "<text x=\"" + Fixed(w / 2.0) + "\" y=\"" + Fixed(h / 2.0) + "\" text-anchor=\"middle\">no data</text></svg>";
    return svg;
  }
  const int bins = std::max(1, spec.bins);
  const double lo_value = *std::min_element(values.begin(), values.end());
  const double hi_value = *std::max_element(values.begin(), values.end());
  const double lo = lo_value < 0 ? -NiceStep(-lo_value) : 0;
  // Bins cover strictly more than the span, so the largest value falls inside the last bin.
  const double span = hi_value - lo;
  const double step = span > 0 ? NiceStep(span / bins * (1 + 1e-9)) : 1;
  std::vector<size_t> counts(bins, 0);
  for (double v : values) {
    int i = static_cast<int>(std::floor((v - lo) / step));
    counts[std::clamp(i, 0, bins - 1)]++;
  }
  const size_t max_count = *std::max_element(counts.begin(), counts.end());
  const double bar_w = plot_w / bins;
  // Axes.
  svg += "<line x1=\"" + Fixed(left) + "\" y1=\"" + Fixed(top + plot_h) + "\" x2=\"" + Fixed(left + plot_w) + "\" y2=\"" +
         Fixed(top + plot_h) + "\" class=\"axis\"/>";
  svg += "<line x1=\"" + Fixed(left) + "\" y1=\"" + Fixed(top) + "\" x2=\"" + Fixed(left) + "\" y2=\"" +
         Fixed(top + plot_h) + "\" class=\"axis\"/>";
  for (size_t tick : {size_t{0}, max_count / 2, max_count}) {
    const double y = top + plot_h - (max_count ? plot_h * tick / max_count : 0);
    svg += "<text x=\"" + Fixed(left - 4) + "\" y=\"" + Fixed(y + 4) + "\" text-anchor=\"end\">" + std::to_string(tick) +
           "</text>";
  }
  for (int i = 0; i <= bins; i += std::max(1, bins / 5)) {
    const double x = left + bar_w * i;
    svg += "<text x=\"" + Fixed(x) + "\" y=\"" + Fixed(top + plot_h + 14) + "\" text-anchor=\"middle\">" +
           Num(lo + step * i) + "</text>";
  }
  svg += "<text x=\"" + Fixed(left + plot_w / 2) + "\" y=\"" + Fixed(h - 6.0) + "\" text-anchor=\"middle\">" +
         HtmlEscape(spec.x_label) + "</text>";
  // Bars.
  for (int i = 0; i < bins; ++i) {
    if (counts[i] == 0) continue;
    const double bh = plot_h * counts[i] / max_count;
    svg += "<rect class=\"bar\" x=\"" + Fixed(left + bar_w * i + 1) + "\" y=\"" + Fixed(top + plot_h - bh) +
           "\" width=\"" + Fixed(std::max(1.0, bar_w - 2)) + "\" height=\"" + Fixed(bh) + "\"><title>[" +
           Num(lo + step * i) + ", " + Num(lo + step * (i + 1)) + "): " + std::to_string(counts[i]) + "</title></rect>";
  }
  svg += "</svg>";
  return svg;
}

}  // namespace shaderdiff::report
