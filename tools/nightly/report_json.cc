/* Assembling report.json (report_json.h). */
#include "tools/nightly/report_json.h"

#include <map>

namespace shaderdiff::nightly {
namespace {

using nlohmann::json;

bool IsCount(const json& j) { return j.is_number_unsigned() || (j.is_number_integer() && j.get<int64_t>() >= 0); }

uint64_t Count(const json& object, const char* key) {
  auto it = object.find(key);
  return it != object.end() && IsCount(*it) ? it->get<uint64_t>() : 0;
}

}  // namespace

json RunIdentity(const ReportHeader& h) {
  return json{{"seed", h.seed}, {"corpus_hash", h.corpus_hash}, {"settings", h.settings}};
}

json Summarize(const std::vector<json>& shaders) {
  std::map<std::string, uint64_t> verdicts;
  std::map<std::string, std::map<std::string, uint64_t>> checks;
  std::map<std::string, uint64_t> reasons;
  uint64_t components = 0, undefined = 0, inexact = 0, instructions = 0;
  std::map<std::string, uint64_t> sets;
  uint64_t branches = 0, both_ways = 0;
  uint64_t relative_shaders = 0, relative_components = 0, relative_out_of_range = 0;
  bool explored = false;
  std::map<std::string, uint64_t> explanations;  // status -> count, schema 2
  auto explained = [&](const json& record) {
    if (auto x = record.find("explanation"); x != record.end() && x->is_object()) ++explanations[x->value("status", "?")];
  };
  uint64_t findings = 0, explore_branches = 0, explore_both_ways = 0;
  for (const json& s : shaders) {
    if (auto k = s.find("sets"); k != s.end() && k->is_object()) {
      for (const auto& [kind, n] : k->items()) sets[kind] += IsCount(n) ? n.get<uint64_t>() : 0;
    }
    if (auto x = s.find("explore"); x != s.end() && x->is_object()) {
      explored = true;
      if (auto f = x->find("findings"); f != x->end() && f->is_array()) {
        findings += f->size();
        for (const json& finding : *f) explained(finding);
      }
      if (auto b = x->find("branches"); b != x->end() && b->is_object()) {
        explore_branches += Count(*b, "total");
        explore_both_ways += Count(*b, "both_ways");
      }
    }
    ++verdicts[s.value("verdict", "?")];
    explained(s);
    components += Count(s, "components");
    undefined += Count(s, "undefined");
    inexact += Count(s, "inexact");
    instructions += Count(s, "instructions_executed");
    if (auto c = s.find("checks"); c != s.end() && c->is_object()) {
      for (const auto& [config, check] : c->items()) {
        ++checks[config][check.value("verdict", "?")];
        explained(check);
      }
    }
    const json no_object = json::object();
    const json& why = s.contains("reasons") && s["reasons"].is_object() ? s["reasons"] : no_object;
    for (const auto& [code, n] : why.items()) reasons[code] += IsCount(n) ? n.get<uint64_t>() : 0;
    if (auto b = s.find("branches"); b != s.end() && b->is_object()) {
      branches += Count(*b, "total");
      both_ways += Count(*b, "both_ways");
    }
    if (s.value("relative_addressing", false)) {
      ++relative_shaders;
      relative_components += Count(s, "components");
      relative_out_of_range += Count(why, "index-out-of-range");
    }
  }
  json summary{{"verdicts", verdicts},
              {"checks", checks},
              {"output_components", components},
              {"undefined_components", undefined},
              {"inexact_components", inexact},
              {"component_sets", sets},
              {"instructions_executed", instructions},
              {"reasons", reasons},
              {"branches", {{"total", branches}, {"both_ways", both_ways}}},
              {"relative_addressing",
               {{"shaders", relative_shaders},
                {"output_components", relative_components},
                {"index_out_of_range", relative_out_of_range}}}};
  if (explored) {
    summary["explore"] = {{"findings", findings},
                          {"branches", {{"total", explore_branches}, {"both_ways", explore_both_ways}}}};
  }
  if (!explanations.empty()) summary["explanations"] = explanations;
  return summary;
}

json BuildReport(const ReportHeader& h, const std::vector<json>& shaders, bool complete) {
  json report{{"schema", kReportSchema},
              {"complete", complete},
              {"seed", h.seed},
              {"corpus", {{"path", h.corpus_path}, {"shaders", h.corpus_shaders}, {"hash", h.corpus_hash}}},
              {"settings", h.settings},
              {"summary", Summarize(shaders)},
              {"shaders", shaders}};
  if (!h.shard.Whole()) report["shard"] = {{"fraction", h.shard.fraction}, {"fraction_start", h.shard.start}};
  if (!h.only.empty()) report["only"] = h.only;
  return report;
}

bool ParseHeader(const json& r, ReportHeader* h, std::string* error) {
  *h = ReportHeader{};
  auto fail = [&](const std::string& what) {
    *error = what;
    return false;
  };
  if (!r.is_object()) return fail("top level: expected an object");
  const int schema = r.contains("schema") && r["schema"].is_number_integer() ? r["schema"].get<int>() : 0;
  if (schema < kOldestReportSchema || schema > kReportSchema) {
    return fail("schema: expected " + std::to_string(kOldestReportSchema) + " to " + std::to_string(kReportSchema));
  }
  if (!r.contains("seed") || !IsCount(r["seed"])) return fail("seed: missing or not a number");
  h->seed = r["seed"].get<uint64_t>();
  const json& corpus = r.value("corpus", json::object());
  if (!corpus.is_object() || !corpus.contains("hash") || !corpus["hash"].is_string()) {
    return fail("corpus.hash: missing");
  }
  h->corpus_path = corpus.value("path", "");
  h->corpus_hash = corpus["hash"].get<std::string>();
  h->corpus_shaders = Count(corpus, "shaders");
  if (!r.contains("settings") || !r["settings"].is_object()) return fail("settings: missing");
  h->settings = r["settings"];
  if (auto shard = r.find("shard"); shard != r.end()) {
    if (!shard->is_object() ||
        !MakeShard(Count(*shard, "fraction"), Count(*shard, "fraction_start"), &h->shard, error)) {
      return fail("shard: expected {\"fraction\": N, \"fraction_start\": K} with 1 <= K <= N");
    }
  }
  if (auto only = r.find("only"); only != r.end()) {
    if (!only->is_array()) return fail("only: expected an array of shader files");
    for (const json& f : *only) {
      if (!f.is_string()) return fail("only: expected an array of shader files");
      h->only.push_back(f.get<std::string>());
    }
  }
  return true;
}

std::string ReportText(const json& report) { return report.dump(1) + "\n"; }

json StripRun(const json& report) {
  json copy = report;
  if (copy.is_object()) copy.erase("run");
  return copy;
}

}  // namespace shaderdiff::nightly
