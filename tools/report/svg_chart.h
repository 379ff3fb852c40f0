/* A small inline SVG histogram for the HTML report.

   Bins are [lo + i*w, lo + (i+1)*w) for i < bins, with w a "nice" width
   (1, 2 or 5 times a power of ten) chosen so that `bins` bins starting at
   lo cover every value up to the largest; lo is 0 for non-negative values
   (the charts here plot counts and ratios). Values below lo (negative
   ones) land in the first bin. Nothing is dropped. Each bar has a <title> tooltip "[a, b): n".

   Invariants: self-contained SVG (no external references, no script); all
   text is escaped; deterministic for the same values; an empty value list
   gives a short "no data" SVG rather than nothing. */
#pragma once

#include <string>
#include <vector>

namespace shaderdiff::report {

struct HistogramSpec {
  std::string title;    // drawn above the plot
  std::string x_label;  // drawn under the x axis
  int bins = 20;
  int width = 460, height = 220;
};

std::string SvgHistogram(const std::vector<double>& values, const HistogramSpec& spec);

// The smallest 1/2/5 x 10^k that is >= x (x > 0).
double NiceStep(double x);

}  // namespace shaderdiff::report
