// The differential check of one shader on one target and build: compile,
// then for each seeded vector run the reference interpreter and the
// target's emulator, compare under the rules of compare.h, and reduce the
// outcome to one verdict (DESIGN.md): pass, mismatch / naive-mismatch,
// build-mismatch, hazard, unsupported (naming the feature), compile-error,
// timeout, untested, or not-applicable (the target's hardware has no such
// stage: NotApplicableReason; decided before any build is compiled).
//
// Three-way: the optimizing build is also compared with the naive build on
// the same vectors, bit for bit on every component whose allowed set is not
// "any value" (CompareBuilds). A vector where the optimized result lies in
// the reference's sets but differs from the naive build's is a
// build-mismatch; a difference from the reference is reported first.
//
// A vector on which the reference interpreter exhausts its budget is that
// vector's outcome (the shader loops forever on that input): it is skipped
// (vectors_skipped), not a failure. So is a vector on which the build
// exhausts its cycle budget while the reference's control flow was decided
// by an undefined value (ExecResult::control_undefined: a valid
// implementation may then loop where the reference left the loop):
// vectors_undefined_timeout. A check that could run no vector at all is
// untested.
//
// Invariants: the same shader, options and build give the same outcome;
// unsupported, untested and not-applicable are never a pass; every failing outcome carries
// the vector seed, lanes and edge setting that reproduce it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "compiler/tgsi/ast.h"
#include "emulator/a3xx/emulator.h"
#include "tools/harness/compare.h"
#include "tools/harness/targets.h"
#include "tools/harness/vector_gen.h"

namespace shaderdiff::tgsi_exec {
class BranchCoverage;  // emulator/tgsi/coverage.h
}  // namespace shaderdiff::tgsi_exec
namespace shaderdiff::r500 {
struct FragmentProgram;  // emulator/r500/run_vector.h
}  // namespace shaderdiff::r500
namespace shaderdiff::naive {
enum class CompileStatus;  // compiler/targets/a3xx/naive/a3xx_naive.h
}  // namespace shaderdiff::naive
namespace shaderdiff::r500naive {
enum class Status : uint8_t;  // compiler/targets/r500/naive/r500_naive.h
}  // namespace shaderdiff::r500naive

namespace shaderdiff::harness {

// kUntested: no vector could be checked: none was requested, or the
// reference interpreter exhausted its budget on every one (the shader loops
// forever on them) or could not run them (an interpreter error such as a
// call stack deeper than 32). Like unsupported, never a pass.
// kNotApplicable ("not-applicable"): the target's hardware has no such
// stage (a vertex shader on r500, a fragment processor), so there is
// nothing to check: not a gap of ours (unsupported) and not a pass; never a
// failure or a regression, and baselines do not list it
// (tools/report/README.md).
enum class Verdict : uint8_t {
  kPass, kMismatch, kNaiveMismatch, kBuildMismatch, kHazard, kUnsupported, kCompileError, kTimeout, kUntested,
  kNotApplicable,
};
std::string_view VerdictName(Verdict verdict);

struct CheckOptions {
  std::string target = "a3xx";
  Build build = Build::kNaive;
  uint32_t vectors = 16;  // odd-numbered vectors carry edge values, 1 and 2 mod 4 the dictionary
  uint32_t lanes = 16;    // per vector (FRAG: a multiple of 4)
  uint64_t seed = 1;
  uint64_t interpreter_budget = 100'000;  // per wave; terminating corpus shaders need < 1,000
  uint64_t cycle_budget = 50'000'000;
  a3xx::HazardMode hazards = a3xx::HazardMode::kStale;
  a3xx::ShiftCountMode shift_counts = a3xx::ShiftCountMode::kHazard;
  a3xx::JpRule jp_rule = a3xx::JpRule::kEveryBranchTarget;
  a3xx::FragSysvalFormat frag_sysvals = a3xx::FragSysvalFormat::kBinary32;
  int64_t opt_bisect_limit = -1;  // the optimizing build's rewrite budget (-1: all)
  // The optimizing build's passes run by their conservative substitutes
  // (compiler/targets/a3xx/conservative.h); empty: the real passes.
  std::set<std::string> conservative_passes;
  // The optimizing build is compared with the naive build too (three-way).
  bool compare_builds = true;
  // kMesa: the ir3 variant dump of the shader (tools/ir3_dump/README.md);
  // empty: there is none, and the check is untested ("no Mesa program").
  std::string mesa_program;
  // Test-only fault injection: when set, applied to every program this check
  // compiles, after compiling and before emulating, to prove that the
  // harness catches a broken compiler (a dropped delay slot, swapped
  // operands). Only test binaries set it (tools/shaderdiff:fault_injection,
  // testonly); no shipped command does, so shipped checks never run it.
  std::function<void(a3xx::Program&)> post_compile;
};

// The vector a (shader, vector number) pair uses: shared by check, nightly
// and the reproduction commands they print.
// Vector number i has edge values when i is odd and the shader's dictionary
// when i % 4 is 1 or 2 (so of every four: plain, edges + dictionary,
// dictionary, edges); in-range relative indices are in all of them.
struct VectorChoice {
  uint64_t seed = 0;
  bool edges = false;
  uint32_t lanes = 0;
  bool dictionary = false;
};
VectorChoice ChooseVector(const CheckOptions& options, uint64_t shader_hash, uint32_t index,
                          const tgsi::Shader& shader);
// The generator options that draw `choice`.
VectorOptions VectorOptionsFor(const VectorChoice& choice);

// Static statistics of a compiled a3xx program. `instructions` and `nops`
// (nop slots: 1 + rpt per nop) count every word; the padding fields count
// the part after the program's last `end`, which never runs (ir3 pads its
// programs with nops there; our builds end at `end`).
struct ProgramStats {
  uint32_t instructions = 0, nops = 0, ss = 0, sy = 0, full_regs = 0, half_regs = 0;
  uint32_t padding_instructions = 0, padding_nops = 0;
};
ProgramStats CountProgram(const a3xx::Program& program);

struct CheckOutcome {
  Verdict verdict = Verdict::kPass;
  std::string detail;                // the unsupported feature, compile error, hazard or mismatch text
  tgsi::SourceLocation location;     // the shader instruction `detail` is about (line 0: none)
  std::optional<VectorChoice> vector;  // the vector of the failure
  std::optional<Mismatch> mismatch;
  std::vector<a3xx::Hazard> hazards;   // of the failing vector
  uint32_t vectors_run = 0;
  uint32_t vectors_skipped = 0;        // the reference timed out or could not run them
  // The build timed out where the reference's control was undefined (not run).
  uint32_t vectors_undefined_timeout = 0;
  Comparison totals;                   // summed over all vectors
  uint32_t vectors_compared_to_naive = 0;  // three-way: vectors also compared with the naive build
  // Statistics of the compiled program and of the first vector's run.
  ProgramStats program;
  a3xx::CycleStats cycles;
};

// The emulated results of one build, one per reference vector (nullopt
// where that vector was not emulated), kept for the three-way comparison.
using BuildResults = std::vector<std::optional<common::ExecResult>>;

// One seeded vector and the reference interpreter's result on it.
struct ReferenceRun {
  VectorChoice choice;
  common::TestVector vector;
  common::ExecResult result;
};

// Draws the options.vectors vectors of a shader (ChooseVector) and runs the
// reference interpreter on each (the shader prepared once, tgsi_exec::Prepare). Returns false with *error if a vector cannot
// be generated for the shader. With `coverage`, every run's branches are
// recorded in it (emulator/tgsi/coverage.h).
bool RunReference(const tgsi::Shader& shader, uint64_t shader_hash, const CheckOptions& options,
                  std::vector<ReferenceRun>* runs, std::string* error,
                  tgsi_exec::BranchCoverage* coverage = nullptr);

// Compiles, then checks against reference runs computed here (only when the
// shader compiles, so unsupported shaders cost no interpretation). The
// optimizing build is compared with the naive build (compiled and emulated
// here) when options.compare_builds.
CheckOutcome CheckShader(const tgsi::Shader& shader, uint64_t shader_hash, const CheckOptions& options);

// Checks against reference runs the caller already has (from RunReference
// with the same vectors), so several targets and builds share one
// interpretation of each vector. `naive`: the naive build's results on
// those vectors, for the three-way comparison of an optimizing check
// (null: none). `keep`: filled with this build's results.
CheckOutcome CheckShaderAgainst(const tgsi::Shader& shader, const CheckOptions& options,
                                const std::vector<ReferenceRun>& reference, const BuildResults* naive = nullptr,
                                BuildResults* keep = nullptr);

// Checks an already compiled program against reference runs (the check
// CheckShaderAgainst makes after compiling), for tools that compile the
// build themselves (tools/bisect compiles with chosen rewrites, the fuzz
// campaign to read the rewrite log). `naive` and `keep` as for
// CheckShaderAgainst.
CheckOutcome CheckProgram(const a3xx::Program& program, const CheckOptions& options,
                          const std::vector<ReferenceRun>& reference, const BuildResults* naive = nullptr,
                          BuildResults* keep = nullptr);
// The same for a compiler's program as it came out of the compiler
// (CompileResult::program): the emulator does not validate its
// instructions again.
CheckOutcome CheckProgram(const a3xx::ValidatedProgram& program, const CheckOptions& options,
                          const std::vector<ReferenceRun>& reference, const BuildResults* naive = nullptr,
                          BuildResults* keep = nullptr);
// The same for an r500 program (options.target is r500): what the r500
// bisection and the r500 fuzz campaign call after compiling the optimizing
// build themselves (with chosen rewrites, or to read its rewrite log).
CheckOutcome CheckProgram(const r500::FragmentProgram& program, const CheckOptions& options,
                          const std::vector<ReferenceRun>& reference, const BuildResults* naive = nullptr,
                          BuildResults* keep = nullptr);

// The verdict of a build its compiler refused (status not kOk):
// unsupported for kUnsupported, compile-error for kError. The one mapping
// the check (Compile) and the fuzz campaign's optimizing builds share.
Verdict CompileFailureVerdict(naive::CompileStatus status);
Verdict CompileFailureVerdict(r500naive::Status status);

// The shaderdiff command that reproduces a failure (empty when passing):
// it exits non-zero and shows the same first difference. A failure on a
// vector reruns that vector with `emulate`, adding --compare for a
// mismatch of any kind (exit 1, "first": the same difference; with the
// naive build for a build-mismatch) and --hazards trap for a
// hazard (exit 1 at the same first hazard); a timeout exits 3, an emulator
// error 1. A failure before any vector (compile-error, unsupported)
// recompiles with `compile` (exit 5 or 4 with the same message). On r500,
// whose `emulate` takes assembly only, a failure on a vector reruns the
// check with the run's seed, vector count and lanes (exit 1, the same
// verdict and detail).
// `program` is how to invoke shaderdiff (a test-only build names itself).
std::string ReproCommand(const std::string& file, const CheckOptions& options, const CheckOutcome& outcome,
                         std::string_view program = "shaderdiff");

// The flags that draw `choice` again (" --seed S --lanes N [--edges] [--dictionary]"),
// as `vector`, `interp` and `emulate` take them.
std::string VectorFlags(const VectorChoice& choice);
// `shaderdiff interp FILE` on the vector `choice`.
std::string InterpCommand(const std::string& file, const VectorChoice& choice);

}  // namespace shaderdiff::harness
