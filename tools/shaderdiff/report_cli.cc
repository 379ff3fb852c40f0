// Report plumbing shared by report, nightly and merge (report_cli.h).
#include "tools/shaderdiff/report_cli.h"

#include <iostream>

#include "tools/report/html.h"
#include "tools/report/junit.h"
#include "tools/shaderdiff/cli.h"

namespace shaderdiff::cli {

namespace fs = std::filesystem;

bool LoadBaseline(const std::string& path, report::Baseline* baseline) {
  std::optional<std::string> text = ReadFile(path);
  if (!text) return false;
  std::vector<std::string> errors;
  if (report::ParseBaseline(*text, path, baseline, &errors)) return true;
  for (const std::string& e : errors) std::cerr << e << "\n";
  return false;
}

bool LoadExemptions(const std::string& path, std::vector<report::Exemption>* exemptions) {
  std::optional<std::string> text = ReadFile(path);
  if (!text) return false;
  std::vector<std::string> errors;
  if (report::ParseExemptionsText(*text, exemptions, &errors)) return true;
  for (const std::string& e : errors) std::cerr << path << ": error: " << e << "\n";
  return false;
}

void PrintStaleExemptions(const std::string& path, const std::vector<report::Exemption>& exemptions,
                          const report::Report& run) {
  for (const report::StaleExemption& s : report::FindStaleExemptions(exemptions, run)) {
    const report::Exemption& e = s.exemption;
    std::cerr << path << ": warning: exemptions[" << e.index << "] (" << e.hash << " " << e.Config() << " " << e.output
              << ") is stale: " << s.why << "\n";
  }
}

void PrintClassificationSummary(const report::Classification& c) {
  using report::Outcome;
  std::cout << "report: " << c.checks.size() - c.Count(Outcome::kMissing) << " checks: " << c.Count(Outcome::kPass)
            << " pass, " << c.Count(Outcome::kExpectedFailure) << " expected failures, "
            << c.Count(Outcome::kRegression) << " regressions, " << c.Count(Outcome::kFix) << " fixed, "
            << c.Count(Outcome::kFlake) << " flakes";
  // Checks the target's hardware cannot run (a vertex shader on r500): neither pass nor failure.
  if (const size_t na = c.Count(Outcome::kNotApplicable)) std::cout << ", " << na << " not applicable";
  std::cout << "; " << c.Count(Outcome::kMissing) << " baseline entries missing from the run\n";
}

namespace {

void PrintOutcomes(const report::Classification& c, report::Outcome outcome, size_t limit) {
  size_t shown = 0;
  for (const report::ClassifiedCheck& k : c.checks) {
    if (k.outcome != outcome) continue;
    if (shown++ == limit) {
      std::cout << "  ... and " << c.Count(outcome) - limit << " more (see index.html)\n";
      break;
    }
    std::cout << "  " << k.name << ": " << k.check.verdict;
    if (k.expected) std::cout << " (baseline: " << report::StatusName(*k.expected) << ")";
    if (!k.check.detail.empty() && outcome == report::Outcome::kRegression) std::cout << ": " << k.check.detail;
    std::cout << "\n";
    if (!k.check.reproduce.empty() && outcome == report::Outcome::kRegression) {
      std::cout << "    reproduce: " << k.check.reproduce << "\n";
    }
  }
}

}  // namespace

void PrintRegressions(const report::Classification& c, size_t limit) {
  PrintOutcomes(c, report::Outcome::kRegression, limit);
}

void PrintFixes(const report::Classification& c, size_t limit) { PrintOutcomes(c, report::Outcome::kFix, limit); }

std::string DefaultBaselinePath(const std::string& corpus, uint32_t vectors, bool for_writing) {
  const fs::path fallback = fs::path(corpus) / "baseline.csv";
  if (vectors == kDefaultNightlyVectors) return fallback.string();
  const fs::path own = fs::path(corpus) / ("baseline-vectors" + std::to_string(vectors) + ".csv");
  std::error_code ec;
  if (for_writing || fs::exists(ResolvePath(own.string()), ec)) return own.string();
  return fallback.string();
}

bool LoadExpectations(const ExpectationFile& baseline, const ExpectationFile& flakes,
                      const ExpectationFile& exemptions, Expectations* out) {
  *out = Expectations{};
  // A default file that does not exist is simply not used.
  auto present = [](const ExpectationFile& f) {
    std::error_code ec;
    return !f.path.empty() && (f.required || fs::exists(ResolvePath(f.path), ec));
  };
  if (present(baseline)) {
    if (!LoadBaseline(baseline.path, &out->baseline)) return false;
    out->baseline_path = baseline.path;
  }
  if (present(flakes)) {
    out->flakes.emplace();
    if (!LoadBaseline(flakes.path, &*out->flakes)) return false;
  }
  if (present(exemptions)) {
    out->exemptions.emplace();
    if (!LoadExemptions(exemptions.path, &*out->exemptions)) return false;
    out->exemptions_path = exemptions.path;
  }
  return true;
}

std::optional<report::Classification> WriteRunOutputs(const fs::path& dir, const nlohmann::json& report_json,
                                                      const Expectations& expectations, const std::string& run_label,
                                                      report::Report* parsed) {
  const std::string text = report_json.dump(1) + "\n";
  std::string error;
  std::optional<report::Report> run = report::ParseReportText(text, &error);
  if (!run) {
    std::cerr << "shaderdiff: internal error: the report does not read back: " << error << "\n";
    return std::nullopt;
  }
  if (!WriteAtomically(dir / "report.json", text)) return std::nullopt;
  report::Classification c =
      report::Classify(*run, expectations.baseline, expectations.flakes ? &*expectations.flakes : nullptr);
  report::HtmlOptions html_options;
  html_options.run_label = run_label;
  if (!WriteAtomically(dir / "index.html", report::RenderHtml(*run, nullptr, c, html_options)) ||
      !WriteAtomically(dir / "junit.xml", report::RenderJunit(*run, c))) {
    return std::nullopt;
  }
  if (expectations.exemptions) PrintStaleExemptions(expectations.exemptions_path, *expectations.exemptions, *run);
  if (parsed) *parsed = std::move(*run);
  return c;
}

bool WriteUpdatedBaseline(const std::string& path, const report::Report& run, const report::Baseline& old) {
  const report::Baseline updated = report::UpdateBaseline(run, &old);
  if (!WriteAtomically(ResolvePath(path), report::WriteBaseline(updated))) return false;
  std::cout << "baseline: " << updated.entries.size() << " expected non-passes written to " << path << "\n";
  return true;
}

}  // namespace shaderdiff::cli
