// The target table (targets.h).
#include "tools/harness/targets.h"

#include <algorithm>

#include "compiler/pipeline.h"

namespace shaderdiff::harness {

std::string_view BuildName(Build build) {
  switch (build) {
    case Build::kNaive: return "naive";
    case Build::kOptimizing: return "opt";
    case Build::kMesa: return "mesa";
  }
  return "?";
}

const std::vector<TargetInfo>& Targets() {
  using P = tgsi::Processor;
  static const std::vector<TargetInfo> targets = {
      {.id = TargetId::kA3xx,
       .name = "a3xx",
       .executor = "a3xx-emulator",
       .stages = {P::kVertex, P::kFragment, P::kGeometry, P::kTessCtrl, P::kTessEval, P::kCompute},  // unsupported stages are named by its compiler
       .other_stages = "",
       .mesa_build = true,
       .emulate_runs_shaders = true,
       .fuzz_policy = ""},
      {.id = TargetId::kR500,
       .name = "r500",
       .executor = "r500-emulator",
       .stages = {P::kFragment},
       .other_stages = "the r500 target is the fragment processor",
       .mesa_build = false,
       .emulate_runs_shaders = false,
       .fuzz_policy = "r500"},
  };
  return targets;
}

const TargetInfo* FindTarget(std::string_view name) {
  for (const TargetInfo& t : Targets())
    if (t.name == name) return &t;
  return nullptr;
}

std::string TargetNames() {
  std::string out;
  for (const TargetInfo& t : Targets()) out += (out.empty() ? "" : ", ") + t.name;
  return out;
}

std::string NotApplicableReason(std::string_view target, tgsi::Processor processor) {
  const TargetInfo* t = FindTarget(target);
  if (!t || std::find(t->stages.begin(), t->stages.end(), processor) != t->stages.end()) return "";
  return t->other_stages;
}

bool HasOptimizingBuild(const TargetInfo& target) {
  const compiler::TargetCompiler* c = compiler::FindTargetCompiler(target.name);
  return c && !c->opt_passes.empty();
}

std::vector<Build> TargetBuilds(const TargetInfo& target, bool mesa) {
  std::vector<Build> builds = {Build::kNaive};
  if (HasOptimizingBuild(target)) builds.push_back(Build::kOptimizing);
  if (mesa && target.mesa_build) builds.push_back(Build::kMesa);
  return builds;
}

Build EveryBuild(const TargetInfo& target) {
  return HasOptimizingBuild(target) ? Build::kOptimizing : Build::kNaive;
}

}  // namespace shaderdiff::harness
