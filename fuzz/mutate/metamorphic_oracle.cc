// The metamorphic oracle (metamorphic_oracle.h).
#include "fuzz/mutate/metamorphic_oracle.h"

#include "emulator/tgsi/interpreter.h"
#include "tools/harness/compare.h"
#include "tools/harness/shader_dictionary.h"

namespace shaderdiff::fuzz {

namespace {

bool Finished(const harness::ReferenceRun& r) { return r.result.status == common::ExecStatus::kOk; }

// Whether `shader` declares CONST[buffer][index].
bool DeclaresConst(const tgsi::Shader& shader, uint32_t buffer, uint32_t index) {
  for (const tgsi::Declaration& d : shader.declarations) {
    if (d.file == tgsi::File::kConstant && d.dimension.value_or(0) == buffer && d.first <= index && index <= d.last) return true;
  }
  return false;
}

}  // namespace

void ZeroNewUniforms(const tgsi::Shader& original, const tgsi::Shader& transformed, common::TestVector* vector) {
  for (const tgsi::Declaration& d : transformed.declarations) {
    if (d.file != tgsi::File::kConstant) continue;
    const uint32_t buffer = d.dimension.value_or(0);
    for (uint32_t i = d.first; i <= d.last; ++i) {
      if (!DeclaresConst(original, buffer, i)) vector->constants[buffer][i] = {0, 0, 0, 0};
    }
  }
}

namespace {

}  // namespace

bool RunPairReference(const tgsi::Shader& original, uint64_t original_hash, const tgsi::Shader& transformed,
                      const harness::CheckOptions& options, PairRuns* pair, std::string* error) {
  if (!harness::RunReference(original, original_hash, options, &pair->original, error)) return false;
  tgsi_exec::InterpreterOptions interp;
  interp.instruction_budget = options.interpreter_budget;
  const auto prepared = tgsi_exec::Prepare(transformed);
  pair->transformed.clear();
  for (const harness::ReferenceRun& run : pair->original) {
    harness::ReferenceRun t;
    t.choice = run.choice;
    t.vector = run.vector;
    ZeroNewUniforms(original, transformed, &t.vector);
    t.result = tgsi_exec::Interpret(*prepared, run.vector, interp);
    pair->transformed.push_back(std::move(t));
  }
  return true;
}

PairRuns RunPairReferenceOn(const tgsi::Shader& original, const tgsi::Shader& transformed,
                            const common::TestVector& vector, const harness::CheckOptions& options) {
  tgsi_exec::InterpreterOptions interp;
  interp.instruction_budget = options.interpreter_budget;
  PairRuns pair;
  harness::ReferenceRun o;
  o.vector = vector;
  o.result = tgsi_exec::Interpret(original, vector, interp);
  harness::ReferenceRun t;
  t.vector = vector;
  ZeroNewUniforms(original, transformed, &t.vector);
  t.result = tgsi_exec::Interpret(transformed, t.vector, interp);
  pair.original.push_back(std::move(o));
  pair.transformed.push_back(std::move(t));
  return pair;
}

std::string MetamorphicDifference::Signature() const {
  return "metamorphic " + executor + " OUT[" + std::to_string(mismatch.output) + "]." +
         std::string(1, "xyzw"[mismatch.component < 0 ? 0 : mismatch.component]);
}

std::string MetamorphicDifference::ToString() const {
  return executor + ": the transformed shader leaves the original's allowed set: " + mismatch.ToString() +
         harness::VectorFlags(vector);
}

std::optional<MetamorphicDifference> CompareReferencePair(const PairRuns& pair) {
  for (size_t i = 0; i < pair.original.size(); ++i) {
    if (!Finished(pair.original[i]) || !Finished(pair.transformed[i])) continue;
    const harness::Comparison c = harness::CompareResults(pair.original[i].result, pair.transformed[i].result);
    if (!c.ok()) return MetamorphicDifference{"reference", pair.original[i].choice, *c.first};
  }
  return std::nullopt;
}

std::optional<MetamorphicDifference> CompareBuildPair(const PairRuns& pair, const harness::BuildResults& results,
                                                      const std::string& executor) {
  for (size_t i = 0; i < pair.original.size() && i < results.size(); ++i) {
    if (!Finished(pair.original[i]) || !Finished(pair.transformed[i]) || !results[i]) continue;
    if (results[i]->status != common::ExecStatus::kOk) continue;  // the differential check reports it
    const harness::Comparison c = harness::CompareResults(pair.original[i].result, *results[i]);
    if (!c.ok()) return MetamorphicDifference{executor, pair.original[i].choice, *c.first};
  }
  return std::nullopt;
}

MetamorphicOutcome CheckMetamorphic(const tgsi::Shader& original, uint64_t original_hash,
                                    const tgsi::Shader& transformed, const harness::CheckOptions& options) {
  MetamorphicOutcome out;
  PairRuns pair;
  if (!RunPairReference(original, original_hash, transformed, options, &pair, &out.error)) return out;
  return CheckMetamorphicRuns(transformed, pair, options);
}

MetamorphicOutcome CheckMetamorphicRuns(const tgsi::Shader& transformed, const PairRuns& pair,
                                        const harness::CheckOptions& options) {
  MetamorphicOutcome out;
  for (size_t i = 0; i < pair.original.size(); ++i) {
    out.vectors_compared += Finished(pair.original[i]) && Finished(pair.transformed[i]);
  }
  out.difference = CompareReferencePair(pair);
  if (out.difference) return out;
  harness::BuildResults naive;
  for (harness::Build build : {harness::Build::kNaive, harness::Build::kOptimizing}) {
    harness::CheckOptions o = options;
    o.build = build;
    harness::BuildResults results;
    harness::CheckShaderAgainst(transformed, o, pair.transformed, build == harness::Build::kOptimizing ? &naive : nullptr,
                                &results);
    out.difference = CompareBuildPair(pair, results, o.target + "/" + std::string(harness::BuildName(build)));
    if (out.difference) return out;
    if (build == harness::Build::kNaive) naive = std::move(results);
  }
  return out;
}

}  // namespace shaderdiff::fuzz
