// Pass probes (pass_probe.h).
#include "tools/bisect/pass_probe.h"

#include <algorithm>
#include <map>
#include <set>

namespace shaderdiff::bisect {

namespace {

// "compile-error in pass P" -> P ("" otherwise).
std::string FailingPass(const Evaluation& e) {
  const std::string prefix = "compile-error in pass ";
  return e.signature.starts_with(prefix) ? e.signature.substr(prefix.size()) : "";
}

// to-machine's only choice is its copies' order, which nothing checks but
// the values: its substitute is probed on mismatches (and only then), the
// other passes' on what ShouldProbe lists for them.
constexpr const char* kCopyPass = "to-machine";

bool Has(const std::vector<std::string>& v, const std::string& x) { return std::find(v.begin(), v.end(), x) != v.end(); }

bool IsRewriteMismatch(const BisectResult& r) {
  return (r.status == Status::kCulprit || r.status == Status::kCulpritSet) && r.unlimited.verdict == "mismatch";
}

}  // namespace

std::vector<std::string> ProbedPasses(const BisectResult& r, const std::vector<std::string>& substitutable) {
  std::vector<std::string> probed;
  const bool mismatch = r.unlimited.verdict == "mismatch";
  for (const std::string& pass : substitutable) {
    const bool copy_pass = pass == kCopyPass;
    if (IsRewriteMismatch(r) ? copy_pass : !copy_pass || mismatch) probed.push_back(pass);
  }
  return probed;
}

std::string ShouldProbe(const BisectResult& r, const std::vector<std::string>& substitutable) {
  switch (r.status) {
    case Status::kFailsWithoutRewrites:
      return "the failure survives limit 0: no rewrite causes it";
    case Status::kCulprit:
    case Status::kCulpritSet: break;
    default: return "";
  }
  const std::string failing = FailingPass(r.unlimited);
  if (!failing.empty()) {
    if (std::find(substitutable.begin(), substitutable.end(), failing) != substitutable.end()) {
      return "a compile error caught in pass " + failing + ", which takes no rewrite decisions";
    }
    for (const DecisionRecord& d : r.culprits) {
      if (d.pass != failing) {
        return "a compile error of pass " + failing + ", but the rewrite search names a culprit in pass " + d.pass;
      }
    }
    return "";
  }
  if (IsRewriteMismatch(r) && Has(substitutable, kCopyPass)) {
    return "a mismatch: to-machine's copy order, which only the values check, may be what a rewrite exposes";
  }
  if (r.unlimited.verdict == "hazard" || r.unlimited.verdict == "timeout") {
    return "a " + r.unlimited.verdict + ": a timing failure the fixed passes decide, which a rewrite may only expose";
  }
  return "";
}

void ProbePasses(Evaluator& evaluator, const std::vector<std::string>& all_substitutable, BisectResult* r) {
  PassProbes& pp = r->pass_probes;
  pp.why = ShouldProbe(*r, all_substitutable);
  if (pp.why.empty()) return;
  const std::vector<std::string> substitutable = ProbedPasses(*r, all_substitutable);
  // Each selection compiled once (the downstream check of the pass before
  // the last is the last pass's own probe).
  std::map<Selection, Evaluation> made;
  auto evaluate = [&](const Selection& s) {
    auto it = made.find(s);
    if (it != made.end()) return it->second;
    Evaluation e = evaluator.Evaluate(s);
    ++pp.compiles;
    e.decisions.clear();
    e.dumps.clear();
    e.disassembly.clear();
    return made.emplace(s, std::move(e)).first->second;
  };
  std::vector<Selection> failing = {Selection::Limit(-1)};
  if (r->status == Status::kFailsWithoutRewrites) failing.push_back(Selection::Limit(0));
  for (const std::string& pass : substitutable) {
    PassProbe probe;
    probe.pass = pass;
    bool all_pass = true, same = false, no_verdict = false;
    for (Selection s : failing) {
      s.conservative = {pass};
      Evaluation e = evaluate(s);
      all_pass = all_pass && e.passed();
      same = same || (!e.passed() && e.signature == r->unlimited.signature);
      no_verdict = no_verdict || !e.not_bisectable.empty();
      probe.selections.push_back(s);
      probe.outcomes.push_back(std::move(e));
    }
    probe.outcome = no_verdict ? "no-verdict" : all_pass ? "removes-failure" : same ? "same-failure" : "other-failure";
    if (probe.outcome == "removes-failure") pp.culprit_passes.push_back(pass);
    pp.probes.push_back(std::move(probe));
  }
  // Several substitutes remove it (a hazard that needs a reused register and a
  // missing wait): a pass whose real output passes when every later pass is
  // conservative did its part right, and is not named.
  if (pp.culprit_passes.size() > 1) {
    std::vector<std::string> kept;
    for (PassProbe& probe : pp.probes) {
      if (probe.outcome != "removes-failure") continue;
      const auto at = std::find(substitutable.begin(), substitutable.end(), probe.pass);
      const std::set<std::string> later(at + 1, substitutable.end());
      bool cleared = !later.empty();
      for (Selection s : failing) {
        if (later.empty()) break;
        s.conservative = later;
        Evaluation e = evaluate(s);
        cleared = cleared && e.passed();
        probe.downstream.push_back(std::move(e));
      }
      probe.downstream_outcome = later.empty() ? "" : cleared ? "cleared" : "kept";
      if (!cleared) kept.push_back(probe.pass);
    }
    if (!kept.empty()) pp.culprit_passes = kept;
  }
  if (r->status == Status::kFailsWithoutRewrites && !pp.culprit_passes.empty()) r->status = Status::kCulpritPass;
}

}  // namespace shaderdiff::bisect
