// `shaderdiff reduce`'s engine: shrinks a failing (shader, vector) case while
// the oracle (oracle.h) says it still fails with the same signature.
//
// The steps, in rounds until a round changes nothing:
//   lanes       the vector down to the failing lane (VERT, GEOM) or quad
//               (FRAG), else halves;
//   slice       instructions the failing output component does not depend
//               on (slice.h), or plain dead code;
//   fold        each input and constant register read directly becomes an
//               immediate holding the failing lane's value;
//   ddmin       instructions removed in chunks, halving the chunk size;
//               flow control only as whole constructs (IF..ENDIF,
//               BGNLOOP..ENDLOOP, SWITCH..ENDSWITCH), so it stays balanced;
//   unwrap      a construct's markers removed, keeping one branch or the
//               loop body, or an IF's ELSE branch removed;
//   operands    a TEMP read replaced by an immediate (1.0, 0.0), an input,
//               or a register read by the instructions writing it (bypass);
//   swizzles    identity swizzles, no modifiers or saturation, fewer
//               write-mask components;
//   decls       unused declarations, properties and immediates dropped,
//               TEMP and CONST ranges narrowed, TEMPs renumbered;
// then once, for the vector: barycentrics to (+0, +0), entries the shader
// no longer declares, words zeroed in halving chunks (ddmin), and each
// remaining word replaced by a simpler one (1.0, 1, 2.0, 2).
// Every candidate is printed and read back through the front door
// (parse + tgsi::ValidateShader) before the oracle sees it; one that does
// not pass is counted (invalid_candidates) and never tried or kept.
//
// Invariants: the result always reproduces (it is the original or an
// accepted candidate); the oracle is called at most max_oracle_calls times;
// the run stops at the budget, the time limit or `interrupted`, returning
// the best case so far.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "compiler/tgsi/ast.h"
#include "emulator/common/test_vector.h"
#include "tools/harness/check.h"
#include "tools/reduce/oracle.h"
#include "tools/reduce/signature.h"

namespace shaderdiff::reduce {

struct ReduceOptions {
  harness::CheckOptions check;  // build, hazards, budgets, rewrite limit
  uint64_t max_oracle_calls = 1000;
  double max_seconds = 300;
  ExtraPredicate also;  // an extra condition for "the same failure" (oracle.h)
  // A line per accepted candidate that removes instructions or lanes
  // (progress); polled before every oracle call
  // (interrupted: stop and return the best case so far).
  std::function<void(const std::string&)> progress;
  std::function<bool()> interrupted;
};

struct ReduceCase {
  tgsi::Shader shader;
  common::TestVector vector;
};

struct ReduceResult {
  FailureSignature signature;
  ReduceCase original;
  ReduceCase reduced;
  harness::CheckOutcome outcome;  // the check of the reduced case
  uint64_t oracle_calls = 0;      // the first check, which finds the signature, included
  uint64_t invalid_candidates = 0;
  double seconds = 0;
  std::string stopped_by;  // "done", "oracle-calls", "time" or "interrupt"
  std::map<std::string, uint64_t> accepted;  // accepted candidates per step
  // Candidates whose check crashed or hung (never kept), and the first of
  // them with how its check ended: a compiler or emulator bug of its own.
  uint64_t crashed_candidates = 0;
  std::optional<ReduceCase> crash;
  std::string crash_how;
};

// Checks the case (three-way for the optimizing build, as the check does),
// takes its signature, and reduces. nullopt with *error when the case does
// not fail (pass, unsupported, untested: nothing to keep) or its check
// crashes.
std::optional<ReduceResult> Reduce(const tgsi::Shader& shader, const common::TestVector& vector,
                                   const ReduceOptions& options, std::string* error);

// The generic entry: the same steps with any notion of "still fails", for
// failures that have no differential signature (a metamorphic difference
// against a parent program, a check that kills its process with a signal).
// `still_fails` decides for every candidate that passed the front door, and
// is counted as an oracle call (the budgets and `interrupted` apply; `check`
// and `also` are not used). With no failing component to focus on, lanes
// are halved, the slice step removes plain dead code only, and inputs are
// folded with lane 0's values; the predicate keeps whatever it needs.
// The result's `signature` and `outcome` are not set, nor its crash fields
// (a predicate that runs the case in a child process reports crashes
// itself). nullopt with *error when the case itself does not satisfy it.
using CasePredicate = std::function<bool(const tgsi::Shader&, const common::TestVector&)>;
std::optional<ReduceResult> ReduceWithPredicate(const tgsi::Shader& shader, const common::TestVector& vector,
                                                const CasePredicate& still_fails, const ReduceOptions& options,
                                                std::string* error);

}  // namespace shaderdiff::reduce
