/* Statistics of two runs side by side, in shader-db's style.

   For each config (target/build, in name order) the shaders whose check
   passes in both runs are "shared"; over them, for each metric
   (instructions, full registers, cycles: lower is better for all three):
     total <m> in shared programs: A -> B (x%)
     <m> in affected programs: A -> B (x%)      (shaders whose value changed)
     helped: N                                   (value went down)
     HURT: N                                     (value went up)
   plus LOST (passes in A but not in B) and GAINED (passes in B, not A)
   shader counts, and the most helped and most hurt shaders by relative
   change. Percentages are (B - A) / A, printed like shader-db's report.py
   ("-3.33%", "2.50%"); a zero A total with a non-zero B prints "inf%".

   Invariants: pure and deterministic (ties in "most affected" break on the
   absolute change, then on the file name); a shader missing a metric in
   either run is left out of that metric only. */
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "tools/report/report_model.h"

namespace shaderdiff::report {

struct ShaderDelta {
  std::string file;
  uint64_t before = 0, after = 0;
  double Relative() const;  // (after - before) / before; +-inf when before is 0
};

struct MetricComparison {
  std::string metric;  // "instructions", "registers", "cycles"
  uint64_t total_before = 0, total_after = 0;
  uint64_t affected_before = 0, affected_after = 0;
  size_t shaders = 0;                      // shared shaders that have this metric in both runs
  std::vector<ShaderDelta> helped, hurt;   // most helped / most hurt first
};

struct ConfigComparison {
  std::string config;
  size_t shared = 0;  // shaders whose check passes in both runs
  size_t lost = 0;    // passes in A, not in B (failing or absent)
  size_t gained = 0;  // passes in B, not in A
  std::array<MetricComparison, 3> metrics;
};

std::vector<ConfigComparison> CompareStats(const Report& a, const Report& b);

// "-3.33%" (shader-db's {:.2%}): the change from a to b relative to a.
std::string PercentChange(uint64_t a, uint64_t b);

// The shader-db style text for every config; `top` per-shader lines for
// helped and for HURT per metric.
std::string CompareReports(const Report& a, const Report& b, size_t top = 10);

}  // namespace shaderdiff::report
