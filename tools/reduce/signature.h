// The failure signature a reduction keeps: what makes a smaller case "the
// same failure" rather than any failure.
//
// A signature is the verdict and the build, plus what identifies the
// failure within that verdict:
// - mismatch, naive-mismatch, build-mismatch: the first differing output
//   component (OUT index, component; -1 for a killed-lane difference), at
//   whatever lane;
// - compile-error: the failing pass or checker (harness::CompileErrorCause);
// - hazard: the first hazard's kind (alu-delay, missing-ss, ...);
// - timeout: the verdict alone.
// pass, unsupported and untested are not failures and have no signature.
//
// Invariants: SignatureOf depends only on the outcome; two outcomes of the
// same failure on shaders of different sizes have equal signatures.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "tools/harness/check.h"

namespace shaderdiff::reduce {

struct FailureSignature {
  harness::Verdict verdict = harness::Verdict::kMismatch;
  harness::Build build = harness::Build::kOptimizing;
  uint32_t output = 0;  // mismatch kinds: OUT index
  int component = 0;    // mismatch kinds: 0..3, -1 for a killed lane
  std::string cause;    // compile-error: the pass or checker; hazard: the kind
  bool operator==(const FailureSignature&) const = default;

  // Whether the verdict compares an output component.
  bool HasComponent() const;
  // "opt mismatch OUT[0].y", "opt hazard alu-delay",
  // "opt compile-error: pass regalloc: register allocation checker".
  std::string ToString() const;
  nlohmann::json ToJson() const;
};

// The signature of a failing outcome, or nullopt for pass, unsupported and
// untested (nothing to reduce).
std::optional<FailureSignature> SignatureOf(const harness::CheckOutcome& outcome, harness::Build build);

}  // namespace shaderdiff::reduce
