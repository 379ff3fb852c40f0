// Evaluations and selections as JSON (evaluation_json.h).
#include "tools/bisect/evaluation_json.h"

#include "tools/bisect/isolate.h"

namespace shaderdiff::bisect {

using nlohmann::json;

json SelectionToJson(const Selection& selection) {
  json j = selection.allowed ? json{{"decisions", *selection.allowed}} : json{{"limit", selection.limit}};
  if (!selection.conservative.empty()) j["conservative"] = selection.conservative;
  return j;
}

json DecisionToJson(const DecisionRecord& d) {
  return json{{"index", d.index}, {"pass", d.pass}, {"rewrite", d.rewrite}, {"taken", d.taken}};
}

json EvaluationToJson(const Evaluation& e, bool code) {
  json j{{"verdict", e.verdict}, {"signature", e.signature}, {"detail", e.detail}, {"rewrites_taken", e.taken()},
         {"decisions_asked", e.decisions.size()}};
  if (!e.not_bisectable.empty()) j["not_bisectable"] = e.not_bisectable;
  if (code) {
    j["decisions"] = json::array();
    for (const DecisionRecord& d : e.decisions) j["decisions"].push_back(DecisionToJson(d));
    j["disassembly"] = e.disassembly;
    j["dumps"] = e.dumps;
  }
  return j;
}

Evaluation EvaluationFromJson(const json& j) {
  Evaluation e;
  e.verdict = j.at("verdict").get<std::string>();
  e.signature = j.at("signature").get<std::string>();
  e.detail = j.at("detail").get<std::string>();
  if (j.contains("not_bisectable")) e.not_bisectable = j.at("not_bisectable").get<std::string>();
  for (const json& d : j.at("decisions")) {
    e.decisions.push_back({d.at("index").get<uint64_t>(), d.at("pass").get<std::string>(),
                           d.at("rewrite").get<std::string>(), d.at("taken").get<bool>()});
  }
  e.disassembly = j.at("disassembly").get<std::string>();
  e.dumps = j.at("dumps").get<std::string>();
  return e;
}

Evaluation EvaluateIsolated(const std::function<Evaluation()>& evaluate) {
  IsolatedRun run = RunIsolated([&] { return EvaluationToJson(evaluate()).dump(); });
  if (run.output) {
    try {
      return EvaluationFromJson(json::parse(*run.output));
    } catch (const json::exception& ex) {
      run.ended = std::string("sent a malformed evaluation (") + ex.what() + ")";
    }
  }
  Evaluation e;
  e.verdict = "crash";
  e.signature = "crash: " + run.ended;
  e.detail = "the compile or run " + run.ended;
  return e;
}

}  // namespace shaderdiff::bisect
