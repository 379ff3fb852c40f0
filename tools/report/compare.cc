/* shader-db style comparison of two reports (compare.h). */
#include "tools/report/compare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <set>

namespace shaderdiff::report {
namespace {

constexpr std::array<const char*, 3> kMetrics = {"instructions", "registers", "cycles"};

std::optional<uint64_t> MetricOf(const CheckResult& check, size_t metric) {
  switch (metric) {
    case 0: return check.instructions;
    case 1: return check.full_regs;
    default: return check.cycles;
  }
}

// config -> file -> the passing check.
using Passing = std::map<std::string, std::map<std::string, const CheckResult*>>;

Passing PassingChecks(const Report& report, std::set<std::string>* configs) {
  Passing passing;
  for (const ShaderResult& shader : report.shaders) {
    for (const CheckResult& check : shader.checks) {
      configs->insert(check.config);
      if (check.verdict == "pass") passing[check.config][shader.file] = &check;
    }
  }
  return passing;
}

// Most affected first: larger relative change, then larger absolute change, then file.
bool MoreAffected(const ShaderDelta& x, const ShaderDelta& y) {
  const double rx = std::fabs(x.Relative()), ry = std::fabs(y.Relative());
  if (rx != ry) return rx > ry;
  const uint64_t ax = x.after > x.before ? x.after - x.before : x.before - x.after;
  const uint64_t ay = y.after > y.before ? y.after - y.before : y.before - y.after;
  if (ax != ay) return ax > ay;
  return x.file < y.file;
}

void AppendDeltaLines(const char* label, const std::vector<ShaderDelta>& deltas, size_t top, std::string* out) {
  for (size_t i = 0; i < deltas.size() && i < top; ++i) {
    const ShaderDelta& d = deltas[i];
    *out += std::string(label) + " " + d.file + ": " + std::to_string(d.before) + " -> " + std::to_string(d.after) +
            " (" + PercentChange(d.before, d.after) + ")\n";
  }
  if (deltas.size() > top) *out += std::string(label) + " ... and " + std::to_string(deltas.size() - top) + " more\n";
}

}  // namespace

double ShaderDelta::Relative() const {
  if (before == 0) {
    return after == 0 ? 0.0 : std::numeric_limits<double>::infinity();
  }
  return (static_cast<double>(after) - static_cast<double>(before)) / static_cast<double>(before);
}

std::string PercentChange(uint64_t a, uint64_t b) {
  if (a == 0) return b == 0 ? "0.00%" : "inf%";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f%%", 100.0 * (static_cast<double>(b) - static_cast<double>(a)) / static_cast<double>(a));
  return buf;
}

std::vector<ConfigComparison> CompareStats(const Report& a, const Report& b) {
  std::set<std::string> configs;
  Passing pa = PassingChecks(a, &configs);
  Passing pb = PassingChecks(b, &configs);
  std::vector<ConfigComparison> result;
  for (const std::string& config : configs) {
    ConfigComparison c;
    c.config = config;
    const auto& in_a = pa[config];
    const auto& in_b = pb[config];
    for (size_t m = 0; m < kMetrics.size(); ++m) c.metrics[m].metric = kMetrics[m];
    for (const auto& [file, check_a] : in_a) {
      auto it = in_b.find(file);
      if (it == in_b.end()) {
        ++c.lost;
        continue;
      }
      ++c.shared;
      for (size_t m = 0; m < kMetrics.size(); ++m) {
        std::optional<uint64_t> va = MetricOf(*check_a, m), vb = MetricOf(*it->second, m);
        if (!va || !vb) continue;
        MetricComparison& mc = c.metrics[m];
        ++mc.shaders;
        mc.total_before += *va;
        mc.total_after += *vb;
        if (*va == *vb) continue;
        mc.affected_before += *va;
        mc.affected_after += *vb;
        (*vb < *va ? mc.helped : mc.hurt).push_back({file, *va, *vb});
      }
    }
    for (const auto& [file, check_b] : in_b) c.gained += in_a.count(file) ? 0 : 1;
    for (MetricComparison& mc : c.metrics) {
      std::sort(mc.helped.begin(), mc.helped.end(), MoreAffected);
      std::sort(mc.hurt.begin(), mc.hurt.end(), MoreAffected);
    }
    result.push_back(std::move(c));
  }
  return result;
}

std::string CompareReports(const Report& a, const Report& b, size_t top) {
  std::string out;
  for (const ConfigComparison& c : CompareStats(a, b)) {
    if (!out.empty()) out += "\n";
    out += "== " + c.config + " ==\n";
    out += "shaders passing in both: " + std::to_string(c.shared) + "\n";
    out += "LOST:   " + std::to_string(c.lost) + "\n";
    out += "GAINED: " + std::to_string(c.gained) + "\n";
    for (const MetricComparison& m : c.metrics) {
      out += "\n";
      AppendDeltaLines("helped:", m.helped, top, &out);
      AppendDeltaLines("HURT:", m.hurt, top, &out);
      out += "total " + m.metric + " in shared programs: " + std::to_string(m.total_before) + " -> " +
             std::to_string(m.total_after) + " (" + PercentChange(m.total_before, m.total_after) + ")\n";
      out += m.metric + " in affected programs: " + std::to_string(m.affected_before) + " -> " +
             std::to_string(m.affected_after) + " (" + PercentChange(m.affected_before, m.affected_after) + ")\n";
      out += "helped: " + std::to_string(m.helped.size()) + "\n";
      out += "HURT: " + std::to_string(m.hurt.size()) + "\n";
    }
  }
  if (out.empty()) out = "no checks in either report\n";
  return out;
}

}  // namespace shaderdiff::report
