/* Classifying a run against a baseline and a flake list (deqp-runner style).

   Every check of the report (including each shader's "reference"
   pseudo-check, report_model.h) gets exactly one outcome:
     pass              passes (status Pass) and is not in the baseline
     expected-failure  does not pass, and the baseline lists it with the same status
     regression        does not pass, and the baseline does not list it, or lists
                       another status (Fail -> Crash, Skip -> Fail, Fail -> Skip, ...)
     fix               passes, but the baseline lists it: update the baseline
     flake             does not pass, is not expected, but the flake list names it
                       (flakes match on name only; their status is informational)
     not-applicable    the target's hardware has no such stage (status
                       NotApplicable: a vertex shader on r500), with or without
                       a baseline; a baseline that lists it gets a fix instead
                       (the entry is stale: update the baseline, which drops it)
   and every baseline entry whose test is not in the run (its shader is not in
   the report, or that check was not run) is reported once as
     missing           listed in the baseline, absent from the run: not a failure.

   A not-applicable check is never a regression and never written to a
   baseline. Unsupported maps to Skip, so a check that newly becomes unsupported is a
   regression until the baseline says Skip (unsupported is never silent).
   Unlike deqp-runner, a fix (deqp-runner's UnexpectedPass) is reported but
   does not fail the run.

   Invariants: Classify is a pure function; entries come in report order
   (shaders in report order, each shader's reference first, then its checks
   by config), then the missing ones sorted by name; Classify(r,
   UpdateBaseline(r)) has no regressions, fixes or missing entries. */
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "tools/report/baseline.h"
#include "tools/report/report_model.h"

namespace shaderdiff::report {

enum class Outcome : uint8_t { kPass, kExpectedFailure, kRegression, kFix, kFlake, kMissing, kNotApplicable };
inline constexpr size_t kOutcomeCount = 7;

// "pass", "expected-failure", "regression", "fix", "flake", "missing", "not-applicable".
std::string_view OutcomeName(Outcome outcome);

struct ClassifiedCheck {
  std::string name;  // TestName(file, config)
  std::string file, hash, stage;
  CheckResult check;                // config, verdict, detail, stats; for kMissing only config is set
  Status status = Status::kPass;    // this run's (kMissing: the baseline's)
  std::optional<Status> expected;   // the baseline's entry, if any
  Outcome outcome = Outcome::kPass;
};

struct Classification {
  std::vector<ClassifiedCheck> checks;
  std::array<size_t, kOutcomeCount> counts{};

  size_t Count(Outcome outcome) const { return counts[static_cast<size_t>(outcome)]; }
  bool Clean() const { return Count(Outcome::kRegression) == 0; }
};

// `flakes` may be null (no flake list).
Classification Classify(const Report& report, const Baseline& baseline, const Baseline* flakes = nullptr);

// The baseline that makes `report` clean: one entry per non-passing check
// that is not not-applicable, with its status. With `previous`, entries of `previous` whose test is not
// in the run are kept (so a partial or sharded run does not forget them).
Baseline UpdateBaseline(const Report& report, const Baseline* previous = nullptr);

}  // namespace shaderdiff::report
