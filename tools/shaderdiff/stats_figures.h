// The figures `shaderdiff stats` prints for every target (cmd_stats.cc,
// cmd_stats_r500.cc): quantiles of a distribution and percentages.
#pragma once

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace shaderdiff::cli {

// The q-quantile (0..1) of `v`, interpolated between neighbours; 0 when empty.
inline double Quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const double pos = q * static_cast<double>(v.size() - 1);
  const size_t lo = static_cast<size_t>(pos);
  const size_t hi = std::min(lo + 1, v.size() - 1);
  return v[lo] + (v[hi] - v[lo]) * (pos - static_cast<double>(lo));
}

// "12.5%" for 0.125.
inline std::string Pct(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * x);
  return buf;
}

}  // namespace shaderdiff::cli
