// `shaderdiff merge`: the shard reports of one nightly (--fraction N, K =
// 1..N, or the shards of a Bazel sharded test) combined into the report of
// the whole run (tools/nightly/merge.h), written with its index.html and
// junit.xml and classified against the baseline as the nightly would.
//
// Invariants: the merged report equals the unsharded run's report apart
// from the "run" object; nothing is written unless the inputs form one
// complete run; outputs are written atomically.
#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "tools/nightly/merge.h"
#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/commands.h"
#include "tools/shaderdiff/report_cli.h"

namespace shaderdiff::cli {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// A report given as a file, or as a run folder holding report.json.
std::string ReportFile(const std::string& given) {
  std::error_code ec;
  return fs::is_directory(ResolvePath(given), ec) ? (fs::path(given) / "report.json").string() : given;
}

bool LoadJson(const std::string& path, json* out) {
  std::optional<std::string> text = ReadFile(path);  // prints its own error
  if (!text) return false;
  *out = json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (out->is_discarded()) {
    std::cerr << path << ": error: not valid JSON\n";
    return false;
  }
  return true;
}

}  // namespace

int RunMerge(const std::vector<std::string>& args) {
  po::options_description options("merge options");
  options.add_options()
      ("help,h", "show this help")
      ("out", po::value<std::string>(), "folder for the merged report.json, index.html and junit.xml (required)")
      ("baseline", po::value<std::string>(), "expected non-passes (default: CORPUS/baseline.csv if it exists, "
       "CORPUS being the reports' corpus path; for a run with other than 16 vectors, "
       "CORPUS/baseline-vectorsN.csv if that exists)")
      ("flakes", po::value<std::string>(), "known flakes (default: CORPUS/flakes.csv if it exists)")
      ("exemptions", po::value<std::string>(), "manual exemptions (default: CORPUS/exemptions.json if it exists)")
      ("reports", po::value<std::vector<std::string>>()->composing(), "shard reports (files or run folders)");
  po::positional_options_description positional;
  positional.add("reports", -1);
  po::variables_map vm;
  if (!ParseArgs(args, options, positional, &vm)) return kExitUsage;
  if (vm.count("help")) {
    PrintUsage("shaderdiff merge SHARD.json... --out DIR [--baseline FILE] [--flakes FILE] [--exemptions FILE]\n\n"
               "Combines the shard reports of one nightly (shards K = 1..N of --fraction N, each\n"
               "once, all complete, same seed, corpus and settings) into the report of the whole\n"
               "run: byte-identical to an unsharded run's report.json apart from its \"run\"\n"
               "object, which lists the shards' own. Writes DIR/report.json, index.html and\n"
               "junit.xml. Exits 1 if a check regressed against the baseline or the inputs do\n"
               "not form one complete run (the missing or duplicate shard is named), 2 on a bad\n"
               "command line, else 0.",
               options);
    return kExitOk;
  }
  if (!vm.count("reports")) {
    std::cerr << "shaderdiff merge: no reports given (shaderdiff merge SHARD.json... --out DIR)\n";
    return kExitUsage;
  }
  if (!vm.count("out")) {
    std::cerr << "shaderdiff merge: --out DIR is required\n";
    return kExitUsage;
  }
  std::vector<nightly::MergeInput> inputs;
  for (const std::string& given : vm["reports"].as<std::vector<std::string>>()) {
    nightly::MergeInput in{ReportFile(given), {}};
    if (!LoadJson(in.name, &in.report)) return kExitFailure;
    inputs.push_back(std::move(in));
  }
  json merged;
  std::string error;
  if (!nightly::MergeReports(inputs, &merged, &error)) {
    std::cerr << "shaderdiff merge: " << error << "\n";
    return kExitFailure;
  }
  std::string corpus = merged["corpus"].value("path", "corpus");
  if (!fs::path(corpus).is_absolute()) corpus = WorkspacePath(corpus);
  auto expectation = [&](const char* flag, const std::string& default_path) {
    if (vm.count(flag)) return ExpectationFile{vm[flag].as<std::string>(), true};
    return ExpectationFile{default_path, false};
  };
  Expectations expectations;
  const uint32_t vectors = merged["settings"].value("vectors", kDefaultNightlyVectors);
  if (!LoadExpectations(expectation("baseline", DefaultBaselinePath(corpus, vectors, false)),
                        expectation("flakes", (fs::path(corpus) / "flakes.csv").string()),
                        expectation("exemptions", (fs::path(corpus) / "exemptions.json").string()), &expectations)) {
    return kExitFailure;
  }
  const fs::path out_dir = ResolvePath(vm["out"].as<std::string>());
  std::error_code ec;
  fs::create_directories(out_dir, ec);
  if (ec) {
    std::cerr << "shaderdiff merge: cannot create " << out_dir.string() << ": " << ec.message() << "\n";
    return kExitFailure;
  }
  std::optional<report::Classification> c =
      WriteRunOutputs(out_dir, merged, expectations, out_dir.filename().string());
  if (!c) return kExitFailure;
  std::cout << "merge: " << inputs.size() << " shard report(s), " << merged["shaders"].size() << " shaders\n";
  PrintClassificationSummary(*c);
  PrintRegressions(*c, 20);
  if (c->Count(report::Outcome::kFix) > 0) {
    std::cout << "fixed:\n";
    PrintFixes(*c, 20);
  }
  std::cout << "wrote " << (out_dir / "report.json").string() << ", index.html and junit.xml\n";
  return c->Clean() ? kExitOk : kExitFailure;
}

}  // namespace shaderdiff::cli
