/* Merging shard reports (merge.h). */
#include "tools/nightly/merge.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "tools/nightly/report_json.h"

namespace shaderdiff::nightly {
namespace {

using nlohmann::json;

struct Parsed {
  const MergeInput* input;
  ReportHeader header;
};

}  // namespace

bool MergeReports(const std::vector<MergeInput>& inputs, json* merged, std::string* error) {
  if (inputs.empty()) {
    *error = "no reports to merge";
    return false;
  }
  std::vector<Parsed> parsed;
  for (const MergeInput& in : inputs) {
    Parsed p{&in, {}};
    std::string why;
    if (!ParseHeader(in.report, &p.header, &why)) {
      *error = in.name + ": " + why;
      return false;
    }
    if (!in.report.value("complete", false)) {
      *error = in.name + ": the report is incomplete (its run was interrupted); finish it with --resume first";
      return false;
    }
    if (!in.report.contains("shaders") || !in.report["shaders"].is_array()) {
      *error = in.name + ": shaders: missing or not an array";
      return false;
    }
    parsed.push_back(std::move(p));
  }
  std::sort(parsed.begin(), parsed.end(),
            [](const Parsed& a, const Parsed& b) { return a.header.shard.start < b.header.shard.start; });
  const ReportHeader& first = parsed.front().header;
  const std::string identity = RunIdentity(first).dump();
  const uint32_t fraction = first.shard.fraction;
  for (size_t k = 0; k < parsed.size(); ++k) {
    const Parsed& p = parsed[k];
    const std::string& name = p.input->name;
    if (RunIdentity(p.header).dump() != identity) {
      *error = name + ": seed, corpus or settings differ from " + parsed.front().input->name + "'s";
      return false;
    }
    if (p.header.only != first.only) {
      *error = name + ": its --shader selection differs from " + parsed.front().input->name + "'s";
      return false;
    }
    if (p.header.shard.fraction != fraction) {
      *error = name + ": shard " + p.header.shard.Name() + " is not a shard of --fraction " + std::to_string(fraction);
      return false;
    }
    if (p.header.shard.start != k + 1) {
      *error = p.header.shard.start == k ? name + ": shard " + p.header.shard.Name() + " given twice"
                                         : "shard " + std::to_string(k + 1) + "of" + std::to_string(fraction) +
                                               " is missing";
      return false;
    }
  }
  if (parsed.size() != fraction) {
    *error = "shard " + std::to_string(parsed.size() + 1) + "of" + std::to_string(fraction) + " is missing";
    return false;
  }

  std::vector<json> shaders;
  std::set<std::string> files;
  std::map<std::string, bool> revisions;
  json shard_runs = json::array();
  for (const Parsed& p : parsed) {
    for (const json& s : p.input->report["shaders"]) {
      const std::string file = s.value("file", "");
      if (!files.insert(file).second) {
        *error = p.input->name + ": shader \"" + file + "\" is also in another input";
        return false;
      }
      shaders.push_back(s);
    }
    json run = p.input->report.value("run", json::object());
    run["fraction_start"] = p.header.shard.start;
    revisions[run.value("git_revision", "unknown")] = true;
    shard_runs.push_back(std::move(run));
  }
  std::stable_sort(shaders.begin(), shaders.end(), [](const json& a, const json& b) {
    return std::filesystem::path(a.value("file", "")) < std::filesystem::path(b.value("file", ""));
  });
  ReportHeader header = first;
  header.shard = Shard{};
  *merged = BuildReport(header, shaders, /*complete=*/true);
  (*merged)["run"] = {{"git_revision", revisions.size() == 1 ? revisions.begin()->first : "mixed"},
                      {"shards", shard_runs}};
  return true;
}

}  // namespace shaderdiff::nightly
