// The oracle of a reduction: does this (shader, vector) still fail with the
// same signature?
//
// One oracle call is one differential check of one explicit vector, the
// way harness::CheckShader checks its seeded ones (the reference
// interpreter, the build under test on the emulator, the comparison, and
// for a build-mismatch the naive build too), reduced to a FailureSignature
// and compared with the target. A candidate reproduces only if
//   - its signature equals the target's,
//   - for a compared component, the reference's value there is defined (not
//     "any value") at the failing lane, and a killed-lane difference is not
//     one the reference marks uncertain, and
//   - the optional extra predicate holds. That is the hook for stronger
//     notions of "the same failure", e.g. "and the same culprit rewrite"
//     from `shaderdiff bisect`: it sees the candidate and decides.
//
// Invariants: the oracle never sees a shader that did not pass the front
// door (the reducer validates every candidate first); calls() counts every
// check run, reproducing or not.
#pragma once

#include <cstdint>
#include <functional>

#include "compiler/tgsi/ast.h"
#include "emulator/common/test_vector.h"
#include "tools/harness/check.h"
#include "tools/reduce/signature.h"

namespace shaderdiff::reduce {

// The check of one explicit vector, and the reference result it compared with.
struct OracleRun {
  harness::CheckOutcome outcome;
  common::ExecResult reference;
};

// Runs the differential check of `shader` on `vector` with `options`
// (build, hazards, budgets, rewrite limit). `three_way`: an optimizing
// build is also compared with the naive build, as CheckShader does.
OracleRun CheckOneVector(const tgsi::Shader& shader, const common::TestVector& vector,
                         const harness::CheckOptions& options, bool three_way);

// The extra condition a candidate must meet (see above); empty: none.
using ExtraPredicate = std::function<bool(const tgsi::Shader&, const common::TestVector&)>;

class Oracle {
 public:
  Oracle(harness::CheckOptions options, FailureSignature target, ExtraPredicate also = {});

  // Whether the candidate fails with the target signature. `run`, if given,
  // receives the check's outcome (also when it does not reproduce).
  bool Reproduces(const tgsi::Shader& shader, const common::TestVector& vector, OracleRun* run = nullptr);

  uint64_t calls() const { return calls_; }
  const FailureSignature& target() const { return target_; }

 private:
  harness::CheckOptions options_;
  FailureSignature target_;
  ExtraPredicate also_;
  uint64_t calls_ = 0;
};

}  // namespace shaderdiff::reduce
