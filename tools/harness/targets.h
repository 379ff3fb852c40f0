// The targets the harness checks, each described once: the stages its
// hardware runs, the builds it has, the executor that runs its code, the
// shader-running command that reproduces a failing vector, and the fuzz
// generator policy it takes. Every tool that treats targets differently
// reads this table (or switches on TargetId); none compares target names.
//
// Invariants: names are unique; Targets() lists a3xx first (the default
// target) and the nightly's plans follow the table's order; a target's
// optimizing build exists exactly when compiler/pipeline.cc lists passes
// for it (compiler::TargetCompilers), so the two tables cannot disagree.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/tgsi/ast.h"

namespace shaderdiff::harness {

// kMesa: a program another compiler (Mesa's ir3) built from the shader,
// read from CheckOptions::mesa_program (tools/ir3_dump).
enum class Build : uint8_t { kNaive, kOptimizing, kMesa };
std::string_view BuildName(Build build);

enum class TargetId : uint8_t { kA3xx, kR500 };

struct TargetInfo {
  TargetId id;
  std::string name;      // --target
  std::string executor;  // the report's executor ("a3xx-emulator")
  // The stages the hardware runs; a shader of another stage is
  // not-applicable with `other_stages` as the reason.
  std::vector<tgsi::Processor> stages;
  std::string other_stages;
  bool mesa_build = false;  // programs read from Mesa's dumps (--build mesa) exist for it
  // `emulate --target T FILE` compiles and runs a shader on a drawn vector
  // (flags --seed/--lanes/...); otherwise `emulate` runs assembly, and a
  // failing vector is reproduced by `check`, which draws the same vectors.
  bool emulate_runs_shaders = false;
  std::string fuzz_policy;  // the generator's policy for `fuzz --target T` (fuzz/gen/policy.h)
};

const std::vector<TargetInfo>& Targets();
// nullptr for a name the table does not hold.
const TargetInfo* FindTarget(std::string_view name);
// "a3xx, r500": for usage errors and --help.
std::string TargetNames();

// Why `target`'s hardware cannot run a shader of `processor`'s stage at
// all ("the r500 target is the fragment processor"), or "" when it can (or
// the target is unknown: the check then says so itself).
std::string NotApplicableReason(std::string_view target, tgsi::Processor processor);

// The target has an optimizing build (compiler::TargetCompilers lists its
// passes).
bool HasOptimizingBuild(const TargetInfo& target);
// The builds the target has, naive first; the Mesa build when `mesa` and
// the target has one.
std::vector<Build> TargetBuilds(const TargetInfo& target, bool mesa);
// The build whose check runs every build of the target: the optimizing one
// (compared three-way with the naive one) where it exists, else the naive.
Build EveryBuild(const TargetInfo& target);

}  // namespace shaderdiff::harness
