// What `shaderdiff stats` shares between its targets (cmd_stats.cc,
// cmd_stats_r500.cc): reading a shader and drawing the vector cycles are
// measured on, quantiles of a distribution and percentages.
#pragma once

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "compiler/tgsi/validate.h"
#include "tools/harness/check.h"
#include "tools/harness/corpus.h"
#include "tools/harness/vector_gen.h"
#include "tools/shaderdiff/cli.h"

namespace shaderdiff::cli {

// A corpus entry through the front door, into *shader, and the first vector
// `check` draws for it (seed `seed`), into *vector: *have_vector is false
// when none can be drawn (then no cycles are measured). False after printing
// the shader's errors.
inline bool LoadStatsShader(const harness::CorpusEntry& e, uint64_t seed, tgsi::Shader* shader,
                            common::TestVector* vector, bool* have_vector) {
  tgsi::FrontDoorResult parsed = tgsi::ParseAndValidate(e.text);
  if (!parsed.ok()) {
    PrintShaderErrors(parsed.errors, e.path);
    return false;
  }
  harness::CheckOptions options;
  options.seed = seed;
  const harness::VectorChoice choice = harness::ChooseVector(options, e.hash, 0, parsed.shader);
  std::string error;
  *have_vector = harness::GenerateVector(parsed.shader, harness::VectorOptionsFor(choice), vector, &error);
  *shader = std::move(parsed.shader);
  return true;
}

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
