/* The HTML page: head, overview, the verdict summary tables, and the shared
   cell helpers (html.h, html_parts.h). */
#include "tools/report/html.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <map>
#include <vector>

#include "tools/report/escape.h"
#include "tools/report/html_assets.h"
#include "tools/report/html_parts.h"

namespace shaderdiff::report {
namespace html {
namespace {

// Verdicts in the order the tables show them; others follow alphabetically.
constexpr std::array<std::string_view, 16> kVerdictOrder = {
    "pass",    "exempt",      "mismatch", "naive-mismatch", "build-mismatch", "hazard",  "compile-error",  "crash",
    "timeout", "unsupported", "untested", "not-applicable", "parse-error",    "invalid", "print-mismatch", "error"};

size_t VerdictRank(const std::string& verdict) {
  return static_cast<size_t>(std::find(kVerdictOrder.begin(), kVerdictOrder.end(), verdict) - kVerdictOrder.begin());
}

struct Counts {
  std::map<std::string, size_t> verdicts;
  std::array<size_t, kOutcomeCount> outcomes{};
  size_t total = 0;
};

// One table: a row per key, a column per verdict seen, then the outcomes.
std::string CountTable(const std::string& key_header, const std::map<std::string, Counts>& rows) {
  std::vector<std::string> verdicts;
  for (const auto& [key, counts] : rows) {
    for (const auto& [verdict, n] : counts.verdicts) {
      if (std::find(verdicts.begin(), verdicts.end(), verdict) == verdicts.end()) verdicts.push_back(verdict);
    }
  }
  std::sort(verdicts.begin(), verdicts.end(), [](const std::string& a, const std::string& b) {
    return std::make_pair(VerdictRank(a), a) < std::make_pair(VerdictRank(b), b);
  });
  constexpr Outcome kShown[] = {Outcome::kRegression, Outcome::kFix, Outcome::kExpectedFailure, Outcome::kFlake};
  std::string out = "<table class=\"summary\"><thead><tr>" + Th(key_header) + Th("checks", true);
  for (const std::string& v : verdicts) out += Th(v, true);
  for (Outcome o : kShown) out += Th(OutcomeName(o), true);
  out += "</tr></thead><tbody>";
  for (const auto& [key, counts] : rows) {
    out += "<tr>" + Td(key) + NumTd(counts.total);
    for (const std::string& v : verdicts) {
      auto it = counts.verdicts.find(v);
      out += NumTd(it == counts.verdicts.end() ? 0 : it->second);
    }
    for (Outcome o : kShown) {
      const size_t n = counts.outcomes[static_cast<size_t>(o)];
      out += "<td class=\"num" + std::string(o == Outcome::kRegression && n ? " up" : o == Outcome::kFix && n ? " down" : "") +
             "\" data-v=\"" + std::to_string(n) + "\">" + Thousands(n) + "</td>";
    }
    out += "</tr>";
  }
  return out + "</tbody></table>";
}

// A settings value as text: strings bare, arrays comma-separated, the rest as JSON.
std::string SettingText(const nlohmann::json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (!value.is_array()) return value.dump();
  std::string out;
  for (const nlohmann::json& item : value) out += (out.empty() ? "" : ", ") + SettingText(item);
  return out;
}

std::string Card(const std::string& label, size_t n, const char* tone) {
  return "<div class=\"card" + std::string(tone) + "\"><div class=\"n\">" + Thousands(n) + "</div><div>" +
         HtmlEscape(label) + "</div></div>";
}

std::string Overview(const Report& run, const Report* previous, const Classification& c, const HtmlOptions& options) {
  std::string out = "<h1>" + HtmlEscape(options.title) + "</h1><p class=\"meta\">";
  if (!options.run_label.empty()) out += "run <b>" + HtmlEscape(options.run_label) + "</b> · ";
  out += "seed " + std::to_string(run.seed) + " · corpus " + HtmlEscape(run.corpus_path.empty() ? "?" : run.corpus_path) +
         " (" + Thousands(run.shaders.size()) + " shaders";
  if (!run.corpus_hash.empty()) out += ", hash " + HtmlEscape(run.corpus_hash);
  out += ")";
  if (run.settings.is_object()) {
    for (const auto& [key, value] : run.settings.items()) {
      out += " · " + HtmlEscape(key) + " " + HtmlEscape(SettingText(value));
    }
  }
  if (previous) out += " · compared with " + HtmlEscape(options.previous_label.empty() ? "the previous run" : options.previous_label);
  out += "</p>";
  if (run.run.is_object() && !run.run.empty()) {
    // The run's varying facts: revision, times, throughput. The only part
    // of the page that differs between two runs of the same build, corpus
    // and seed (reports/README.md): one element, marked "run".
    out += "<p class=\"meta run\">";
    bool first = true;
    for (const auto& [key, value] : run.run.items()) {
      out += (first ? "" : " · ") + HtmlEscape(key) + " " + HtmlEscape(SettingText(value));
      first = false;
    }
    out += "</p>";
  }
  uint64_t branches = 0, both_ways = 0;
  for (const ShaderResult& s : run.shaders) {
    branches += s.reference.branches_total.value_or(0);
    both_ways += s.reference.branches_both_ways.value_or(0);
  }
  if (branches > 0) {
    char share[32];
    std::snprintf(share, sizeof share, "%.1f%%", 100.0 * static_cast<double>(both_ways) / static_cast<double>(branches));
    out += "<p class=\"meta\">branch coverage of the reference runs: " + Thousands(both_ways) + " of " +
           Thousands(branches) + " branches went both ways (" + share + ")</p>";
  }
  out += "<div class=\"cards\">";
  const size_t regressions = c.Count(Outcome::kRegression), fixes = c.Count(Outcome::kFix);
  out += Card("regressions", regressions, regressions ? " bad" : " good");
  out += Card("fixed", fixes, fixes ? " good" : "");
  out += Card("expected failures", c.Count(Outcome::kExpectedFailure), "");
  out += Card("flakes", c.Count(Outcome::kFlake), "");
  out += Card("missing", c.Count(Outcome::kMissing), "");
  out += Card("passing", c.Count(Outcome::kPass), "");
  // Checks the target's hardware cannot run (a vertex shader on r500): no test, no gap.
  if (const size_t na = c.Count(Outcome::kNotApplicable)) out += Card("not applicable", na, "");
  if (run.explore_seed) {
    size_t findings = 0;
    for (const ShaderResult& s : run.shaders) findings += s.findings.size();
    out += Card("new findings (explore)", findings, "");
  }
  return out + "</div>";
}

}  // namespace

std::string Td(std::string_view text, std::string_view css_class) {
  std::string out = css_class.empty() ? "<td>" : "<td class=\"" + HtmlEscape(css_class) + "\">";
  return out + HtmlEscape(text) + "</td>";
}

std::string NumTd(std::optional<uint64_t> value) {
  if (!value) return "<td class=\"num\" data-v=\"\"></td>";
  return "<td class=\"num\" data-v=\"" + std::to_string(*value) + "\">" + Thousands(*value) + "</td>";
}

std::string Th(std::string_view text, bool numeric) {
  return numeric ? "<th class=\"num\" data-type=\"num\">" + HtmlEscape(text) + "</th>" : "<th>" + HtmlEscape(text) + "</th>";
}

std::string Thousands(uint64_t value) {
  std::string digits = std::to_string(value), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string ReproTd(const std::string& command) {
  return command.empty() ? "<td></td>" : "<td><code>" + HtmlEscape(command) + "</code></td>";
}

std::string SummarySection(const Classification& classification) {
  std::map<std::string, Counts> by_config, by_target, by_build, reference;
  auto add = [](Counts& counts, const ClassifiedCheck& c) {
    ++counts.verdicts[c.check.verdict];
    ++counts.outcomes[static_cast<size_t>(c.outcome)];
    ++counts.total;
  };
  for (const ClassifiedCheck& c : classification.checks) {
    if (c.outcome == Outcome::kMissing) continue;
    if (c.check.config == kReferenceConfig) {
      add(reference["reference interpreter"], c);
      continue;
    }
    add(by_config[c.check.config], c);
    add(by_target[ConfigTarget(c.check.config)], c);
    add(by_build[ConfigBuild(c.check.config)], c);
  }
  std::string out = "<section id=\"summary\"><h2>Verdicts</h2>";
  out += "<h3>By target and build</h3>" + CountTable("target/build", by_config);
  out += "<div class=\"grid\"><div><h3>By target</h3>" + CountTable("target", by_target) + "</div>";
  out += "<div><h3>By build</h3>" + CountTable("build", by_build) + "</div></div>";
  out += "<h3>Reference interpreter (per shader)</h3>" + CountTable("executor", reference);
  return out + "</section>";
}

}  // namespace html

std::string RenderHtml(const Report& run, const Report* previous, const Classification& classification,
                       const HtmlOptions& options) {
  std::string title = options.title;
  if (!options.run_label.empty()) title += ": " + options.run_label;
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">";
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">";
  out += "<title>" + HtmlEscape(title) + "</title><style>" + kReportCss + "</style></head><body>\n";
  out += html::Overview(run, previous, classification, options) + "\n";
  out += html::SummarySection(classification) + "\n";
  out += html::ChangesSection(classification, options.change_limit) + "\n";
  out += html::ExploreSection(run, options.change_limit) + "\n";
  out += html::StatsSection(run, previous, options.previous_label) + "\n";
  out += html::ChartsSection(run) + "\n";
  out += html::ChecksSection(classification) + "\n";
  out += "<script>" + std::string(kReportJs) + "</script>\n</body></html>\n";
  return out;
}

}  // namespace shaderdiff::report
