/* Run-versus-baseline classification (classify.h). */
#include "tools/report/classify.h"

#include <set>

namespace shaderdiff::report {
namespace {

constexpr std::array<std::string_view, kOutcomeCount> kOutcomeNames = {
    "pass", "expected-failure", "regression", "fix", "flake", "missing", "not-applicable"};

// Calls f(shader, check) for the reference pseudo-check and every check, in
// the order classify.h promises.
template <typename F>
void ForEachCheck(const Report& report, F f) {
  for (const ShaderResult& shader : report.shaders) {
    f(shader, shader.reference);
    for (const CheckResult& check : shader.checks) f(shader, check);
  }
}

Outcome Decide(Status status, const Status* expected, bool flaky) {
  if (status == Status::kPass) return expected ? Outcome::kFix : Outcome::kPass;
  // No test at all: a baseline entry for it is stale (a fix drops it).
  if (status == Status::kNotApplicable) return expected ? Outcome::kFix : Outcome::kNotApplicable;
  if (expected && *expected == status) return Outcome::kExpectedFailure;
  if (flaky) return Outcome::kFlake;
  return Outcome::kRegression;
}

}  // namespace

std::string_view OutcomeName(Outcome outcome) { return kOutcomeNames[static_cast<size_t>(outcome)]; }

Classification Classify(const Report& report, const Baseline& baseline, const Baseline* flakes) {
  Classification result;
  std::set<std::string> seen;
  ForEachCheck(report, [&](const ShaderResult& shader, const CheckResult& check) {
    ClassifiedCheck c;
    c.name = TestName(shader.file, check.config);
    c.file = shader.file;
    c.hash = shader.hash;
    c.stage = shader.stage;
    c.check = check;
    c.status = StatusForVerdict(check.verdict);
    const Status* expected = baseline.Find(c.name);
    if (expected) c.expected = *expected;
    c.outcome = Decide(c.status, expected, flakes && flakes->Find(c.name));
    ++result.counts[static_cast<size_t>(c.outcome)];
    seen.insert(c.name);
    result.checks.push_back(std::move(c));
  });
  for (const auto& [name, status] : baseline.entries) {  // sorted by name
    if (seen.count(name)) continue;
    ClassifiedCheck c;
    c.name = name;
    const size_t at = name.rfind('@');
    c.file = name.substr(0, at);
    c.check.config = at == std::string::npos ? "" : name.substr(at + 1);
    c.status = status;
    c.expected = status;
    c.outcome = Outcome::kMissing;
    ++result.counts[static_cast<size_t>(c.outcome)];
    result.checks.push_back(std::move(c));
  }
  return result;
}

Baseline UpdateBaseline(const Report& report, const Baseline* previous) {
  Baseline baseline;
  std::set<std::string> seen;
  ForEachCheck(report, [&](const ShaderResult& shader, const CheckResult& check) {
    std::string name = TestName(shader.file, check.config);
    Status status = StatusForVerdict(check.verdict);
    if (status != Status::kPass && status != Status::kNotApplicable) baseline.entries[name] = status;
    seen.insert(std::move(name));
  });
  if (previous) {
    for (const auto& [name, status] : previous->entries) {
      if (!seen.count(name)) baseline.entries[name] = status;
    }
  }
  return baseline;
}

}  // namespace shaderdiff::report
