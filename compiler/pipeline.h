// The optimizing TGSI -> a3xx compiler: one list of passes per target
// (pipeline.cc; a3xx's is the only one so far), each with the reason for its
// place, run with verification between them.
//
// CompileA3xxOpt returns the same statuses as the naive build
// (naive::CompileStatus): kOk with a legal, validated Program; kUnsupported
// naming the feature or limit ("register pressure: ..."); kError naming the
// pass that broke an invariant ("pass copy-prop broke the IR: ...") — a
// compiler bug, never silently wrong code — or the pass that exhausted the
// compile-work budget ("compile budget exceeded: ...", naming the limit;
// CompileResult::over_budget).
//
// Every optional rewrite asks one RewriteBudget (--opt-bisect-limit): with
// limit N only the first N rewrites happen, in a stable order; 0 gives the
// unoptimized-but-correct program (selection order, no copy/dead-code
// removal, no folding), -1 everything.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "compiler/targets/a3xx/naive/a3xx_naive.h"
#include "compiler/support/debug_counter.h"
#include "compiler/tgsi/ast.h"
#include "emulator/a3xx/isa/shader_state.h"
#include "emulator/a3xx/isa/validated_program.h"

namespace shaderdiff::compiler {

// The compile-work budget (compiler/support/work_budget.h) of a shader
// unless OptOptions::work_limit says otherwise: linear in its size (TGSI
// instructions, declarations and immediates), with a wide margin: the
// corpus uses at most 2% of it (compile_corpus_benchmark's "budget used"),
// the generated shapes of tools/bench/shape_shaders.h at most 10%
// (compiler/work_budget_pipeline_test.cc checks a 4x margin).
inline constexpr uint64_t kWorkPerTgsiItem = 16000;
inline constexpr uint64_t kWorkBase = 1000000;
uint64_t DefaultWorkLimit(const tgsi::Shader& shader);

struct OptOptions {
  int64_t opt_bisect_limit = RewriteBudget::kUnlimited;
  // When set, replaces the limit: exactly these decision indices are taken
  // (RewriteBudget::AllowingOnly; tools/bisect's search over sets).
  std::optional<std::set<uint64_t>> opt_bisect_allowed;
  uint64_t work_limit = 0;  // 0: DefaultWorkLimit
  std::vector<std::string> dump_after;  // pass names (OptPassNames())
  bool dump_all = false;
  bool dot = false;  // fill OptResult::dot with the scheduled SSA graph
  // Passes run by their conservative substitutes (compiler/targets/a3xx/conservative.h;
  // names from ConservativePasses()): for bisect's pass probes. Empty: the
  // real passes, the shipped output.
  std::set<std::string> conservative_passes;
};

struct OptResult {
  naive::CompileStatus status = naive::CompileStatus::kOk;
  std::string detail;
  std::string failed_pass;  // the pass that failed (status != kOk)
  a3xx::ValidatedProgram program;  // every instruction checked by legalize
  std::vector<int32_t> source_map;  // per instruction: the input's TGSI instruction index, -1 for none
  std::vector<uint8_t> source_comps;  // parallel: destination components it writes the final value of
                                      //   (naive/provenance.h), 0 for intermediates and copies
  std::string dumps;                // "=== after <pass> ===" sections, as requested
  std::string dot;
  RewriteBudget budget;             // every rewrite decision, for bisection
  uint64_t work_used = 0;           // compile-work units (work_budget.h) spent
  uint64_t work_limit = 0;          // the budget they were measured against
  bool over_budget = false;         // kError because the budget ran out
};

OptResult CompileA3xxOpt(const tgsi::Shader& shader, const OptOptions& options = {});

// Either a3xx build through one result type (the naive build's), for the
// tools that take a --build: an optimizing-build error names its pass
// ("pass copy-prop: ..."). `details`, when given, receives the optimizing
// build's dumps, graph and rewrite log (its program is moved into the
// result); `options` and `details` are ignored by the naive build.
naive::CompileResult CompileA3xxBuild(const tgsi::Shader& shader, bool optimizing, const OptOptions& options = {},
                                      OptResult* details = nullptr);

struct OptPassInfo {
  std::string name;
  std::string why;   // the reason for its place in the list
  std::string code;  // where its code lives: shared packages and the target's own
};
// The a3xx pipeline in order (for --help, --dump-after validation and docs).
const std::vector<OptPassInfo>& OptPasses();

// The per-target table: which steps each target's compiler runs, and why
// (`shaderdiff compile --target T --list-passes`). A target the harness
// knows (it has an ISA or an emulator) but no compiler for has an entry
// whose `missing` says so and whose lists are empty.
struct TargetCompiler {
  std::string target;
  std::string naive;                  // the naive build (--build naive), one line; empty without one
  std::vector<OptPassInfo> opt_passes;  // the optimizing build (--build opt), in order
  std::string missing;                // why there is no (optimizing) compiler; empty when there is one
};
const std::vector<TargetCompiler>& TargetCompilers();
// nullptr for a target the table does not know.
const TargetCompiler* FindTargetCompiler(const std::string& target);
// The entry as text: every step with where its code lives and why it runs
// there; for a target without a compiler, `missing`.
std::string PrintTargetCompiler(const TargetCompiler& target);
// The passes that have a conservative substitute, in pipeline order
// (out-of-ssa, regalloc, to-machine, legalize).
const std::vector<std::string>& ConservativePasses();

}  // namespace shaderdiff::compiler
