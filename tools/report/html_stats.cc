/* The statistics parts of the HTML report: totals versus the previous run
   (compare.h), this run's totals, and the SVG histograms (html_parts.h). */
#include <map>
#include <set>
#include <vector>

#include "tools/report/compare.h"
#include "tools/report/escape.h"
#include "tools/report/html_parts.h"
#include "tools/report/svg_chart.h"

namespace shaderdiff::report::html {
namespace {

std::string ChangeTd(uint64_t before, uint64_t after) {
  const char* tone = after > before ? " up" : after < before ? " down" : "";
  return "<td class=\"num" + std::string(tone) + "\">" + HtmlEscape(PercentChange(before, after)) + "</td>";
}

// The most helped and HURT shaders per metric, folded; empty when nothing changed.
std::string MostAffected(const ConfigComparison& c) {
  bool any = false;
  for (const MetricComparison& m : c.metrics) any = any || !m.helped.empty() || !m.hurt.empty();
  if (!any) return "";
  std::string out = "<details><summary>most affected shaders</summary>";
  for (const MetricComparison& m : c.metrics) {
    for (const auto* list : {&m.helped, &m.hurt}) {
      if (list->empty()) continue;
      out += "<p><b>" + HtmlEscape(m.metric) + (list == &m.helped ? " helped" : " HURT") + "</b></p><ul>";
      for (size_t i = 0; i < list->size() && i < 10; ++i) {
        const ShaderDelta& d = (*list)[i];
        out += "<li><code>" + HtmlEscape(d.file) + "</code>: " + std::to_string(d.before) + " → " +
               std::to_string(d.after) + " (" + HtmlEscape(PercentChange(d.before, d.after)) + ")</li>";
      }
      out += "</ul>";
    }
  }
  return out + "</details>";
}

std::string VersusPrevious(const Report& run, const Report& previous, const std::string& label) {
  std::string out = "<h3>Versus the previous run" + (label.empty() ? std::string() : " (" + HtmlEscape(label) + ")") +
                    "</h3><p class=\"note\">over the shaders whose check passes in both runs; lower is better</p>";
  for (const ConfigComparison& c : CompareStats(previous, run)) {
    out += "<h3>" + HtmlEscape(c.config) + "</h3><p>shaders passing in both: " + Thousands(c.shared) +
           " · LOST: " + Thousands(c.lost) + " · GAINED: " + Thousands(c.gained) + "</p>";
    out += "<table><thead><tr>" + Th("metric") + Th("total before", true) + Th("total now", true) + Th("change", true) +
           Th("affected before", true) + Th("affected now", true) + Th("change", true) + Th("helped", true) +
           Th("HURT", true) + "</tr></thead><tbody>";
    for (const MetricComparison& m : c.metrics) {
      out += "<tr>" + Td(m.metric) + NumTd(m.total_before) + NumTd(m.total_after) +
             ChangeTd(m.total_before, m.total_after) + NumTd(m.affected_before) + NumTd(m.affected_after) +
             ChangeTd(m.affected_before, m.affected_after) + NumTd(m.helped.size()) + NumTd(m.hurt.size()) + "</tr>";
    }
    out += "</tbody></table>" + MostAffected(c);
  }
  return out;
}

struct Totals {
  uint64_t passing = 0, instructions = 0, nops = 0, regs = 0, cycles = 0, stalls = 0;
};

std::string ThisRun(const Report& run) {
  std::map<std::string, Totals> totals;
  for (const ShaderResult& s : run.shaders) {
    for (const CheckResult& c : s.checks) {
      Totals& t = totals[c.config];
      if (c.verdict != "pass") continue;
      ++t.passing;
      t.instructions += c.instructions.value_or(0);
      t.nops += c.nops.value_or(0);
      t.regs += c.full_regs.value_or(0);
      t.cycles += c.cycles.value_or(0);
      t.stalls += c.stall_cycles.value_or(0);
    }
  }
  std::string out = "<h3>This run</h3><p class=\"note\">sums over passing checks</p><table><thead><tr>" +
                    Th("target/build") + Th("passing", true) + Th("instructions", true) + Th("nops", true) +
                    Th("full regs", true) + Th("cycles", true) + Th("stall cycles", true) +
                    Th("instructions / shader", true) + "</tr></thead><tbody>";
  for (const auto& [config, t] : totals) {
    out += "<tr>" + Td(config) + NumTd(t.passing) + NumTd(t.instructions) + NumTd(t.nops) + NumTd(t.regs) +
           NumTd(t.cycles) + NumTd(t.stalls) +
           NumTd(t.passing ? (t.instructions + t.passing / 2) / t.passing : 0) + "</tr>";
  }
  return out + "</tbody></table>";
}

}  // namespace

std::string StatsSection(const Report& run, const Report* previous, const std::string& previous_label) {
  std::string out = "<section id=\"stats\"><h2>Statistics</h2>";
  if (previous) {
    out += VersusPrevious(run, *previous, previous_label);
  } else {
    out += "<p class=\"note\">no previous report given (shaderdiff report --previous) to compare with</p>";
  }
  return out + ThisRun(run) + "</section>";
}

std::string ChartsSection(const Report& run) {
  // target -> file -> instructions of the passing naive / opt check.
  std::map<std::string, std::map<std::string, uint64_t>> naive, opt;
  std::map<std::string, std::vector<double>> per_config;
  std::set<std::string> targets;
  for (const ShaderResult& s : run.shaders) {
    for (const CheckResult& c : s.checks) {
      targets.insert(ConfigTarget(c.config));
      if (c.verdict != "pass" || !c.instructions) continue;
      per_config[c.config].push_back(static_cast<double>(*c.instructions));
      const std::string build = ConfigBuild(c.config);
      if (build == "naive") naive[ConfigTarget(c.config)][s.file] = *c.instructions;
      if (build == "opt") opt[ConfigTarget(c.config)][s.file] = *c.instructions;
    }
  }
  std::string out = "<section id=\"charts\"><h2>Distributions</h2><div class=\"grid\">";
  for (const std::string& target : targets) {
    std::vector<double> ratios;
    for (const auto& [file, n] : naive[target]) {
      auto it = opt[target].find(file);
      if (it != opt[target].end() && n > 0) ratios.push_back(static_cast<double>(it->second) / static_cast<double>(n));
    }
    if (ratios.empty()) {
      out += "<div><p class=\"note\">" + HtmlEscape(target) + ": no shader passes in both " + HtmlEscape(target) +
             "/naive and " + HtmlEscape(target) + "/opt yet, so there is no opt/naive ratio to plot</p></div>";
      continue;
    }
    out += "<div>" +
           SvgHistogram(ratios, {.title = target + ": opt / naive instructions (" + std::to_string(ratios.size()) + " shaders)",
                                 .x_label = "ratio (below 1: the optimizing build is smaller)"}) +
           "</div>";
  }
  for (const auto& [config, values] : per_config) {
    out += "<div>" +
           SvgHistogram(values, {.title = config + ": instructions per passing shader (" +
                                          std::to_string(values.size()) + ")",
                                 .x_label = "instructions"}) +
           "</div>";
  }
  return out + "</div></section>";
}

}  // namespace shaderdiff::report::html
