// The bisection's text and JSON output (report.h).
#include "tools/bisect/report.h"

#include "tools/bisect/evaluation_json.h"
#include "tools/bisect/text_diff.h"
#include "tools/harness/targets.h"

namespace shaderdiff::bisect {

using nlohmann::json;

std::string DumpSection(const std::string& dumps, const std::string& pass) {
  const std::string header = "=== after " + pass + " ===\n";
  const size_t start = dumps.find(header);
  if (start == std::string::npos) return "";
  const size_t body = start + header.size();
  const size_t end = dumps.find("=== after ", body);
  return dumps.substr(body, end == std::string::npos ? std::string::npos : end - body);
}

namespace {

std::string Name(const DecisionRecord& d) {
  return "#" + std::to_string(d.index) + " " + (d.pass.empty() ? "?" : d.pass) + "/" + d.rewrite;
}

// The flag that selects `s` for `compile`/`emulate`; "" for a set (no flag takes one).
std::string LimitFlag(const Selection& s) {
  return s.allowed ? "" : " --opt-bisect-limit " + std::to_string(s.limit);
}

// The pass whose IR to show: the last culprit's.
std::string CulpritPass(const BisectResult& r) { return r.culprits.empty() ? "" : r.culprits.back().pass; }

std::string Names(const std::vector<DecisionRecord>& ds) {
  std::string s;
  for (const DecisionRecord& d : ds) s += (s.empty() ? "" : " ") + Name(d);
  return s;
}

// The pass probes (pass_probe.h) and the pass they name, as text ("" when none ran).
std::string PassProbeText(const BisectResult& r) {
  const PassProbes& pp = r.pass_probes;
  if (!pp.none.empty()) return "pass probes: " + pp.none + "\n";
  if (pp.why.empty()) return "";
  std::string out = "pass probes (" + pp.why + "): " + std::to_string(pp.compiles) +
                    " compiles, each fixed pass replaced by its conservative substitute\n";
  for (const PassProbe& p : pp.probes) {
    out += "  " + p.pass + ": " + p.outcome + " (";
    for (size_t i = 0; i < p.selections.size(); ++i) {
      const Evaluation& e = p.outcomes[i];
      out += (i ? "; " : "") + p.selections[i].ToString() + ": " + (e.signature.empty() ? e.verdict : e.signature);
      if (!e.not_bisectable.empty()) out += " [" + e.detail + "]";
    }
    out += ")";
    if (p.downstream_outcome == "cleared") out += "; cleared: with it real and every later pass conservative, it passes";
    if (p.downstream_outcome == "kept") out += "; kept: with it real and every later pass conservative, it still fails";
    out += "\n";
  }
  if (pp.culprit_passes.empty()) return out + "culprit pass: none named (no substitute alone removes the failure)\n";
  out += "culprit pass: ";
  for (size_t i = 0; i < pp.culprit_passes.size(); ++i) out += (i ? ", " : "") + pp.culprit_passes[i];
  out += pp.culprit_passes.size() == 1 ? " (its conservative substitute removes the failure)"
                                       : " (each one's conservative substitute alone removes the failure)";
  if (!r.culprits.empty()) out += "; exposed by rewrite " + Names(r.culprits);
  return out + "\n";
}

std::string NaiveProbeText(const BisectResult& r) {
  if (!r.naive_probe) return "";
  const NaiveProbe& np = *r.naive_probe;
  std::string out = "template probe:";
  for (size_t i = 0; i < np.selections.size(); ++i) {
    const Evaluation& e = np.outcomes[i];
    out += std::string(i ? ";" : "") + " opt " + np.selections[i].ToString() + ": " +
           (e.signature.empty() ? e.verdict : e.signature);
  }
  out += "\n" + np.conclusion + "\n";
  if (!np.named.empty()) out += "culprit part: " + np.named + "\n";
  return out;
}

json PassProbeJson(const PassProbes& pp) {
  json j{{"why", pp.why}, {"compiles", pp.compiles}, {"probes", json::array()}};
  for (const PassProbe& p : pp.probes) {
    json runs = json::array();
    for (size_t i = 0; i < p.selections.size(); ++i) {
      const Evaluation& e = p.outcomes[i];
      runs.push_back({{"selection", SelectionToJson(p.selections[i])}, {"verdict", e.verdict},
                      {"signature", e.signature}, {"detail", e.detail}});
    }
    json probe{{"pass", p.pass}, {"outcome", p.outcome}, {"compiles", runs}};
    if (!p.downstream_outcome.empty()) {
      json down = json::array();
      for (const Evaluation& e : p.downstream) down.push_back({{"verdict", e.verdict}, {"signature", e.signature}});
      probe["downstream"] = {{"outcome", p.downstream_outcome}, {"compiles", down}};
    }
    j["probes"].push_back(probe);
  }
  return j;
}

}  // namespace

std::string FormatText(const BisectResult& r, const CaseDescription& what) {
  std::string out = "bisect " + what.file + what.vector_flags + "\n";
  out += "failure: " + (r.unlimited.signature.empty() ? r.unlimited.verdict : r.unlimited.signature);
  if (!r.unlimited.detail.empty()) out += " (" + r.unlimited.detail + ")";
  out += "\n";
  const std::string compiles = "compiles: " + std::to_string(r.compiles) + " (search " +
                               std::to_string(r.search_compiles) + ", bound ceil(log2 R) + 2 = " +
                               std::to_string(SearchBound(std::max<uint64_t>(r.rewrites, 1))) + " for R = " +
                               std::to_string(r.rewrites) + " rewrites)\n";
  switch (r.status) {
    case Status::kNotFailing:
      return out + "nothing to bisect: " + r.reason + "\n";
    case Status::kNotBisectable:
      if (r.naive_probe) return out + "not bisectable: " + r.reason + "\n" + NaiveProbeText(r);
      return out + "not bisectable: " + r.reason + "\n" + compiles;
    case Status::kFailsWithoutRewrites:
      return out + "not bisectable: " + r.reason + "\n" + compiles + PassProbeText(r);
    case Status::kCulpritPass:
      return out + "no culprit rewrite: " + r.reason + "\n" + compiles + PassProbeText(r);
    case Status::kCulprit:
    case Status::kCulpritSet: break;
  }
  if (r.status == Status::kCulprit && !r.culprits.empty()) {
    out += "culprit: " + Name(r.culprits.front()) + " (pass " + r.culprits.front().pass + ", rewrite " +
           r.culprits.front().rewrite + ", decision index " + std::to_string(r.culprits.front().index) + ")\n";
  } else {
    out += "culprit set (no single rewrite fails alone; ddmin's 1-minimal set):";
    for (const DecisionRecord& d : r.culprits) out += " " + Name(d);
    out += "\n";
  }
  out += PassProbeText(r);
  out += "good: " + r.good_selection.ToString() + " (" + r.good.verdict + "), bad: " + r.bad_selection.ToString() +
         " (" + r.bad.verdict + ")\n";
  const harness::TargetInfo* target = harness::FindTarget(what.target);
  if (!r.bad_selection.allowed && target && !target->emulate_runs_shaders) {  // `emulate` runs assembly there
    out += "reproduce: " + what.program + " compile --target " + what.target + " --build opt " + what.file +
           LimitFlag(r.bad_selection) + " (the program; `check --target " + what.target +
           " --build opt --opt-bisect-limit N` checks it)\n";
  } else if (!r.bad_selection.allowed) {
    out += "reproduce: " + what.program + " emulate --target " + what.target + " --build opt " + what.file + what.vector_flags +
           LimitFlag(r.bad_selection) + (r.bad.verdict == "hazard" ? " --hazards trap" : " --compare") +
           "   (with" + LimitFlag(r.good_selection) +
           (r.good.passed() ? " it passes" : " it fails differently: " + r.good.signature) + ")\n";
  }
  out += compiles;
  if (r.by_ddmin) {
    out += "found by ddmin: the culprit of the limit search (#" + std::to_string(r.last_good_limit) +
           ") does not fail alone" + (r.alone_selection ? "" : " or its site could not be found without the other rewrites") +
           "\n";
  }
  if (r.other_failures) out += "probes that failed differently (counted as good): " + std::to_string(r.other_failures) + "\n";
  const std::string pass = CulpritPass(r);
  const std::string before = DumpSection(r.good.dumps, pass), after = DumpSection(r.bad.dumps, pass);
  out += "\n=== IR after pass " + pass + ": without (-, " + r.good_selection.ToString() + ") and with (+, " +
         r.bad_selection.ToString() + ") the culprit ===\n";
  if (before.empty() && after.empty()) out += "(no dump of pass " + pass + ")\n";
  else if (before == after) out += "(identical: the rewrite changes nothing this pass prints)\n";
  else out += UnifiedDiff(before, after);
  out += "\n=== machine code ===\n";
  out += SideBySide(r.good.disassembly.empty() ? "(no program: " + r.good.detail + ")" : r.good.disassembly,
                    r.bad.disassembly.empty() ? "(no program: " + r.bad.detail + ")" : r.bad.disassembly,
                    "good: " + r.good_selection.ToString(), "bad: " + r.bad_selection.ToString());
  return out;
}

json FormatJson(const BisectResult& r, const CaseDescription& what) {
  json j{{"target", what.target},
         {"file", what.file},
         {"vector", what.vector_flags},
         {"status", StatusName(r.status)},
         {"failure", EvaluationToJson(r.unlimited, false)},
         {"rewrites", r.rewrites},
         {"compiles", r.compiles},
         {"search_compiles", r.search_compiles},
         {"search_bound", SearchBound(std::max<uint64_t>(r.rewrites, 1))},
         {"other_failures", r.other_failures}};
  if (!r.reason.empty()) j["reason"] = r.reason;
  if (r.alone_selection) j["alone"] = SelectionToJson(*r.alone_selection);
  if (r.status == Status::kCulprit || r.status == Status::kCulpritSet) j["method"] = r.by_ddmin ? "ddmin" : "limit";
  if (r.last_good_limit >= 0) {
    j["last_good_limit"] = r.last_good_limit;
    j["first_bad_limit"] = r.first_bad_limit;
  }
  j["culprits"] = json::array();
  for (const DecisionRecord& d : r.culprits) j["culprits"].push_back(DecisionToJson(d));
  if (r.status == Status::kCulprit || r.status == Status::kCulpritSet) {
    const std::string pass = CulpritPass(r);
    j["good"] = {{"selection", SelectionToJson(r.good_selection)}, {"verdict", r.good.verdict},
                 {"ir", DumpSection(r.good.dumps, pass)}, {"disassembly", r.good.disassembly}};
    j["bad"] = {{"selection", SelectionToJson(r.bad_selection)}, {"verdict", r.bad.verdict},
                {"signature", r.bad.signature}, {"ir", DumpSection(r.bad.dumps, pass)},
                {"disassembly", r.bad.disassembly}};
  } else if (r.status == Status::kFailsWithoutRewrites || r.status == Status::kCulpritPass) {
    j["limit0"] = EvaluationToJson(r.good, false);
  }
  j["culprit_passes"] = r.pass_probes.culprit_passes;
  if (r.naive_probe) {
    json runs = json::array();
    for (size_t i = 0; i < r.naive_probe->selections.size(); ++i) {
      const Evaluation& e = r.naive_probe->outcomes[i];
      runs.push_back({{"selection", SelectionToJson(r.naive_probe->selections[i])}, {"verdict", e.verdict},
                      {"signature", e.signature}, {"detail", e.detail}});
    }
    j["template_probe"] = {{"compiles", runs}, {"conclusion", r.naive_probe->conclusion},
                           {"culprit_part", r.naive_probe->named}};
  }
  if (!r.pass_probes.why.empty()) j["pass_probes"] = PassProbeJson(r.pass_probes);
  if (!r.pass_probes.none.empty()) j["pass_probes"] = {{"none", r.pass_probes.none}, {"compiles", 0}};
  j["probes"] = json::array();
  for (const Probe& p : r.probes) {
    j["probes"].push_back({{"selection", SelectionToJson(p.selection)}, {"verdict", p.verdict},
                           {"outcome", p.outcome == 'g' ? "good" : p.outcome == 'b' ? "bad" : "other"}});
  }
  return j;
}

}  // namespace shaderdiff::bisect
