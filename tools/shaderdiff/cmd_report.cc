// `shaderdiff report` and `shaderdiff compare`: render a nightly report.json
// (tools/report) as a self-contained index.html and a junit.xml, classified
// against a deqp-runner style baseline; and compare two reports' statistics
// in shader-db's style.
//
// Invariants: outputs are written atomically (temp file + rename); the same
// inputs give byte-identical outputs; bad input (unreadable or malformed
// JSON, a bad baseline line, an invalid exemption) is reported with the file
// name (and line or JSON path) and exit code 1, before anything is written.
#include <filesystem>
#include <iostream>

#include "tools/report/baseline.h"
#include "tools/report/classify.h"
#include "tools/report/compare.h"
#include "tools/report/exemptions.h"
#include "tools/report/html.h"
#include "tools/report/junit.h"
#include "tools/report/report_model.h"
#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/commands.h"
#include "tools/shaderdiff/report_cli.h"

namespace shaderdiff::cli {
namespace {

namespace fs = std::filesystem;

// A report given as a file, or as a run folder holding report.json.
std::string ReportPath(const std::string& given) {
  std::error_code ec;
  return fs::is_directory(ResolvePath(given), ec) ? (fs::path(given) / "report.json").string() : given;
}

std::optional<report::Report> LoadReport(const std::string& path) {
  std::optional<std::string> text = ReadFile(path);  // prints its own error
  if (!text) return std::nullopt;
  std::string error;
  std::optional<report::Report> r = report::ParseReportText(*text, &error);
  if (!r) std::cerr << path << ": error: " << error << "\n";
  return r;
}

}  // namespace

int RunReport(const std::vector<std::string>& args) {
  po::options_description options("report options");
  options.add_options()
      ("help,h", "show this help")
      ("previous", po::value<std::string>(), "an earlier report.json to compare statistics with")
      ("baseline", po::value<std::string>(), "expected non-passes, deqp-runner 'name,Status' lines (corpus/baseline.csv)")
      ("flakes", po::value<std::string>(), "known flakes in the same format (corpus/flakes.csv): never regressions")
      ("exemptions", po::value<std::string>(), "validate corpus/exemptions.json and list the stale entries")
      ("out", po::value<std::string>(), "folder for index.html and junit.xml (default: the report's folder)")
      ("write-baseline", po::value<std::string>(),
       "write the baseline that makes this run clean to FILE (entries of tests not in the run are kept)")
      ("report", po::value<std::string>(), "report.json (or the run folder holding it)");
  po::positional_options_description positional;
  positional.add("report", 1);
  po::variables_map vm;
  if (!ParseArgs(args, options, positional, &vm)) return kExitUsage;
  if (vm.count("help")) {
    PrintUsage("shaderdiff report REPORT.json [--previous OLD.json] [--baseline FILE] [--flakes FILE]\n"
               "                  [--exemptions FILE] [--out DIR] [--write-baseline FILE]\n\n"
               "Renders a nightly report as index.html (one self-contained page: summaries, what\n"
               "regressed and what got fixed against the baseline, statistics versus --previous,\n"
               "charts, and a sortable, filterable table of every check) and junit.xml.\n"
               "Test names are <shader file>@<target>/<build> (and @reference for the reference\n"
               "interpreter's own verdict); statuses map as pass/exempt -> Pass, unsupported ->\n"
               "Skip, timeout -> Timeout, crash -> Crash, every other verdict -> Fail.\n"
               "Exits 1 if a check regressed (a non-pass the baseline does not list with that\n"
               "status, and not a listed flake) or the input is bad, else 0.",
               options);
    return kExitOk;
  }
  if (!vm.count("report")) {
    std::cerr << "shaderdiff report: no report given (shaderdiff report REPORT.json)\n";
    return kExitUsage;
  }
  const std::string report_path = ReportPath(vm["report"].as<std::string>());
  std::optional<report::Report> run = LoadReport(report_path);
  if (!run) return kExitFailure;
  std::optional<report::Report> previous;
  if (vm.count("previous")) {
    previous = LoadReport(ReportPath(vm["previous"].as<std::string>()));
    if (!previous) return kExitFailure;
  }
  report::Baseline baseline, flakes;
  if (vm.count("baseline") && !LoadBaseline(vm["baseline"].as<std::string>(), &baseline)) return kExitFailure;
  if (vm.count("flakes") && !LoadBaseline(vm["flakes"].as<std::string>(), &flakes)) return kExitFailure;
  if (vm.count("exemptions")) {
    const std::string path = vm["exemptions"].as<std::string>();
    std::vector<report::Exemption> exemptions;
    if (!LoadExemptions(path, &exemptions)) return kExitFailure;
    PrintStaleExemptions(path, exemptions, *run);
  }

  const report::Classification classification =
      report::Classify(*run, baseline, vm.count("flakes") ? &flakes : nullptr);
  const fs::path resolved = ResolvePath(report_path);
  const fs::path out_dir = vm.count("out") ? fs::path(ResolvePath(vm["out"].as<std::string>())) : resolved.parent_path();
  std::error_code ec;
  if (!out_dir.empty()) fs::create_directories(out_dir, ec);
  if (ec) {
    std::cerr << "shaderdiff report: cannot create " << out_dir.string() << ": " << ec.message() << "\n";
    return kExitFailure;
  }
  report::HtmlOptions html_options;
  // A run folder's report.json is named after the folder (nightly-20261121); other files after themselves.
  html_options.run_label = resolved.filename() == "report.json" ? resolved.parent_path().filename().string()
                                                                 : resolved.filename().string();
  if (previous) html_options.previous_label = vm["previous"].as<std::string>();
  const std::string html = report::RenderHtml(*run, previous ? &*previous : nullptr, classification, html_options);
  const std::string junit = report::RenderJunit(*run, classification);
  if (!WriteAtomically(out_dir / "index.html", html) || !WriteAtomically(out_dir / "junit.xml", junit)) {
    return kExitFailure;
  }
  if (vm.count("write-baseline") &&
      !WriteUpdatedBaseline(vm["write-baseline"].as<std::string>(), *run, baseline)) {
    return kExitFailure;
  }

  PrintClassificationSummary(classification);
  PrintRegressions(classification, 20);
  std::cout << "wrote " << (out_dir / "index.html").string() << " and " << (out_dir / "junit.xml").string() << "\n";
  return classification.Clean() ? kExitOk : kExitFailure;
}

int RunCompare(const std::vector<std::string>& args) {
  po::options_description options("compare options");
  options.add_options()
      ("help,h", "show this help")
      ("top", po::value<size_t>()->default_value(10), "per metric, list this many most helped and most HURT shaders")
      ("reports", po::value<std::vector<std::string>>()->composing(), "two reports");
  po::positional_options_description positional;
  positional.add("reports", 2);
  po::variables_map vm;
  if (!ParseArgs(args, options, positional, &vm)) return kExitUsage;
  if (vm.count("help")) {
    PrintUsage("shaderdiff compare BEFORE.json AFTER.json [--top N]\n\n"
               "Compares instructions, registers (full_regs) and cycles of the checks that pass in\n"
               "both reports, per target/build, in shader-db's style: totals and affected totals\n"
               "BEFORE -> AFTER with the change, helped / HURT shader counts, LOST / GAINED\n"
               "shaders (passing in only one report) and the most affected shaders.",
               options);
    return kExitOk;
  }
  if (!vm.count("reports") || vm["reports"].as<std::vector<std::string>>().size() != 2) {
    std::cerr << "shaderdiff compare: give two reports (shaderdiff compare BEFORE.json AFTER.json)\n";
    return kExitUsage;
  }
  const auto& paths = vm["reports"].as<std::vector<std::string>>();
  std::optional<report::Report> before = LoadReport(ReportPath(paths[0]));
  if (!before) return kExitFailure;
  std::optional<report::Report> after = LoadReport(ReportPath(paths[1]));
  if (!after) return kExitFailure;
  std::cout << report::CompareReports(*before, *after, vm["top"].as<size_t>());
  return kExitOk;
}

}  // namespace shaderdiff::cli
