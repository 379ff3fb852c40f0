/* Reductions of the campaign's findings that have no differential
   signature, with the reducer's generic entry (reduce::ReduceWithPredicate):

   - a metamorphic difference is reduced as a pair: the PARENT program is
     the case, and a candidate parent P' still fails when the same
     transform, applied to P', gives a program that differs from P''s
     allowed sets on the candidate vector in the same executor and output
     component (the same "metamorphic EXEC OUT[i].c"). The transform is
     tried with its own seed first, then with seeds 1..kPairSeeds: a seed
     picks a site among those the program has, so removing an unrelated
     instruction moves the site a fixed seed picks. Reducing the mutated
     program alone against the fixed parent would not do: any edit that
     changes what it computes would "still differ". The result is the pair
     (reduced parent, its transform at the seed that shows it) and the
     vector;
   - a worker crash is reduced with "the check of the candidate on the
     vector (reference interpreter, both a3xx builds: reduce::CheckIsolated
     in a child process) still ends the same way" (the wait status text,
     e.g. "killed by SIGSEGV (Segmentation fault)"), on the first of the
     program's vectors that reproduces it;
   - a worker timeout is reduced with "the check of the candidate on the
     vector still runs past a CPU budget": each call runs the check
     (reference, both builds) in a child under a CPU-time limit of
     `step_cpu_seconds` (default 1 s, not the worker's 30 s deadline) and
     with the emulator's cycle budget lowered to kTimeoutCycleBudget, so a
     program that merely loops to the cycle budget (a slow program, which
     the check reports as a timeout verdict of its own) ends within the
     step budget and does not count as a hang. A call that runs past the
     step budget costs that budget, so a reduction costs at most about
     max_seconds. Faithful because (1) the vector is the first of the
     program's on which the check runs past the step budget, and (2) the
     reduced case must run past the worker's whole deadline
     (`deadline_cpu_seconds`, with the campaign's own cycle budget) on
     vector.json in one more call; a reduced case that does not (it was
     slow, not hung) is not written as reduced (*error says so).
   Every predicate call runs in a forked child, so a candidate that crashes
   or hangs a compiler cannot end the campaign; it simply does not count
   (for a crash reduction: unless it dies the same way).
   Invariants: a returned case satisfies its predicate (the reducer's
   invariant); nullopt with *error when the unreduced case does not (the
   crash needed something outside one vector's check, the transform no
   longer applies...) or the reduction was interrupted. */
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "compiler/tgsi/ast.h"
#include "emulator/common/test_vector.h"
#include "tools/fuzz/program_eval.h"
#include "tools/harness/check.h"
#include "tools/reduce/reducer.h"

namespace shaderdiff::fuzz {

struct ReducedFinding {
  std::map<std::string, std::string> files;  // case.tgsi, vector.json, original.tgsi for a pair
  nlohmann::json reduce;  // "predicate", "before"/"after" instructions, "oracle_calls", "seconds", "stopped_by", "accepted"
  std::string shape;      // the reduced case's opcodes, in order
  uint64_t instructions = 0;  // of case.tgsi
};

// The transform of a metamorphic pair: the parent and a seed (which site).
using PairTransform = std::function<std::optional<tgsi::Shader>(const tgsi::Shader&, uint64_t seed)>;
inline constexpr uint64_t kPairSeeds = 16;

// `seed`: the transform's seed in the finding;
// `signature`: the finding's "metamorphic EXEC OUT[i].c"; `vector`: the
// vector it showed on (the transformed program's: the parent's plus the new
// uniforms at 0). `budget` gives max_oracle_calls, max_seconds and interrupted.
std::optional<ReducedFinding> ReduceMetamorphicPair(const tgsi::Shader& parent, const PairTransform& transform,
                                                    uint64_t seed, const common::TestVector& vector, const std::string& signature,
                                                    const harness::CheckOptions& check,
                                                    const reduce::ReduceOptions& budget, std::string* error);

// `how`: the worker's end as the campaign recorded it; `vectors`: the
// candidates (ProgramVectors), tried in order.
std::optional<ReducedFinding> ReduceCrash(const tgsi::Shader& shader, const std::vector<common::TestVector>& vectors,
                                          const std::string& how, const harness::CheckOptions& check,
                                          const reduce::ReduceOptions& budget, std::string* error);

// The emulator's cycle budget in a timeout reduction's step (the
// campaign's default is 50,000,000): a loop that runs to it ends in well
// under the step's CPU budget.
inline constexpr uint64_t kTimeoutCycleBudget = 1'000'000;

// How one check in a CPU-limited child ended.
enum class CpuLimitedRun { kFinished, kPastBudget, kOther };

// The check of `shader` on `vector` (reference, both builds) in a child
// limited to `cpu_seconds` of CPU time (and 20 times that, plus 2 s, of
// wall time), run by bisect::RunIsolated; `interrupted` is polled while it
// runs. *how: how a kOther ended.
CpuLimitedRun CheckWithinCpu(const tgsi::Shader& shader, const common::TestVector& vector,
                             const harness::CheckOptions& check, double cpu_seconds,
                             const std::function<bool()>& interrupted, std::string* how);

// `step_cpu_seconds`: the CPU budget of each predicate call;
// `deadline_cpu_seconds`: the worker's deadline, which the reduced case's
// check must exceed (see above).
std::optional<ReducedFinding> ReduceTimeout(const tgsi::Shader& shader, const std::vector<common::TestVector>& vectors,
                                            const harness::CheckOptions& check, double step_cpu_seconds,
                                            double deadline_cpu_seconds, const reduce::ReduceOptions& budget,
                                            std::string* error);

// The vectors a worker drew for `program` (harness::RunReference's, without
// running anything): its own, or for a preserving mutation its parent's
// with the new uniforms at 0.
std::vector<common::TestVector> ProgramVectors(const FuzzProgram& program, const tgsi::Shader& shader,
                                               const harness::CheckOptions& check);

// The opcodes of a shader, in order ("MUL ADD MOV END"): a finding's shape.
std::string ShaderShape(const tgsi::Shader& shader);

}  // namespace shaderdiff::fuzz
