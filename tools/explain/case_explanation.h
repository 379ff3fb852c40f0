/* One failing case explained end to end, within a budget: reduced
   (tools/reduce), bisected to the culprit rewrite (tools/bisect, optimizing
   build only) and explained down to the machine instruction
   (explain.h), as the "explanation" object of the nightly's report.json
   (schema 2, reports/README.md) and of the fuzz campaign's findings.

   The budget: the reduction gets at most `max_oracle_calls` checks and
   `seconds` of wall time; bisect and explain run on the reduced case
   (a few compiles) unless the reduction already spent the time. The
   oracle-call limit is the one that should bind: it is deterministic, the
   time limit is not (reports/README.md: a time-limited explanation is the
   one part of the report that depends on the machine's speed), and the
   object says "budget_exhausted" whenever a limit cut the work short.

   Invariants: the object depends only on the case, the options and the
   budget (unless a time limit fired); nothing here writes to the disk (the
   case's files are returned for the caller to write). */
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "compiler/tgsi/ast.h"
#include "emulator/common/test_vector.h"
#include "tools/harness/check.h"

namespace shaderdiff::explain {

struct CaseBudget {
  double seconds = 10;
  uint64_t max_oracle_calls = 1000;
  std::function<bool()> interrupted;  // polled by the reduction: stop with the best case so far (may be empty)
};

// The oracle calls a budget of `seconds` allows the reduction: 100 per
// second, at most reduce's default of 1,000 (tools/reduce/README.md: the
// median reduction takes 66 calls, the largest of the mutant table 894).
uint64_t OracleCallsFor(double seconds);

struct CaseExplanation {
  nlohmann::json explanation;                // the report's "explanation" object
  std::map<std::string, std::string> files;  // reduce::CaseFiles of the reduced case (empty when not reduced)
  std::string culprit;                       // "pass/rewrite[ + ...]", or why there is none ("naive build (not bisectable)")
  std::string shape;                         // the reduced program's opcodes ("MUL ADD END")
  uint64_t instructions = 0;                 // the reduced program's TGSI instructions
  bool reduced = false;
};

// `program`: how repro.sh invokes shaderdiff (reduce::CaseFiles); `source`:
// where the case came from (reduce.json's "source").
CaseExplanation ExplainCase(const tgsi::Shader& shader, const common::TestVector& vector,
                            const harness::CheckOptions& options, const CaseBudget& budget, const std::string& program,
                            const nlohmann::json& source);

}  // namespace shaderdiff::explain
