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
// Each check runs in a forked child process (bisect::RunIsolated), so a candidate that crashes
// the compiler or the emulator (or runs past kCheckSeconds) cannot end the
// reduction: it does not reproduce, and the oracle keeps the first such
// candidate and how its check ended (a finding of its own).
//
// Invariants: the oracle never sees a shader that did not pass the front
// door (the reducer validates every candidate first); calls() counts every
// check run, reproducing, crashing or not.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

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
// (build, hazards, budgets, rewrite limit), in this process. `three_way`: an
// optimizing build is also compared with the naive build, as CheckShader does.
OracleRun CheckOneVector(const tgsi::Shader& shader, const common::TestVector& vector,
                         const harness::CheckOptions& options, bool three_way);

// What a check in a child process reports back: the outcome's verdict,
// detail, vector, first mismatch (output, lane, component) and first
// hazard's kind (enough for SignatureOf and ReproCommand; no reference
// result), and whether the reference is defined at that mismatch.
struct IsolatedCheck {
  harness::CheckOutcome outcome;
  bool reference_defined = true;
};

// A wall-clock limit per isolated check (the compiler and emulator have
// budgets of their own; this catches a hang outside them).
inline constexpr unsigned kCheckSeconds = 300;

// CheckOneVector in a forked child. nullopt with *how ("killed by SIGSEGV
// (Segmentation fault)", ...) when the child did not report.
std::optional<IsolatedCheck> CheckIsolated(const tgsi::Shader& shader, const common::TestVector& vector,
                                           const harness::CheckOptions& options, bool three_way, std::string* how);

// The extra condition a candidate must meet (see above); empty: none.
using ExtraPredicate = std::function<bool(const tgsi::Shader&, const common::TestVector&)>;

class Oracle {
 public:
  Oracle(harness::CheckOptions options, FailureSignature target, ExtraPredicate also = {});

  // Whether the candidate fails with the target signature. `outcome`, if
  // given, receives the check's outcome (also when it does not reproduce).
  bool Reproduces(const tgsi::Shader& shader, const common::TestVector& vector,
                  harness::CheckOutcome* outcome = nullptr);

  uint64_t calls() const { return calls_; }
  const FailureSignature& target() const { return target_; }

  // Candidates whose check crashed or hung, and the first of them.
  struct Crash {
    tgsi::Shader shader;
    common::TestVector vector;
    std::string how;
  };
  uint64_t crashes() const { return crashes_; }
  const std::optional<Crash>& first_crash() const { return first_crash_; }

 private:
  harness::CheckOptions options_;
  FailureSignature target_;
  ExtraPredicate also_;
  uint64_t calls_ = 0;
  uint64_t crashes_ = 0;
  std::optional<Crash> first_crash_;
};

}  // namespace shaderdiff::reduce
