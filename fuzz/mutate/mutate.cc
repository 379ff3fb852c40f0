// Transform names and dispatch (mutate.h); the transforms themselves are
// in metamorphic.cc and changing.cc.
#include "fuzz/mutate/mutate.h"

#include <array>

#include "fuzz/mutate/transforms.h"
#include "tools/reduce/shader_edit.h"

namespace shaderdiff::fuzz {

namespace {

constexpr std::array<std::string_view, static_cast<size_t>(Transform::kCount)> kNames = {
    "dead-branch-immediate", "dead-branch-compare", "dead-branch-uniform", "if-true", "loop-once",
    "swizzle-round-trip", "split-temporary", "join-temporaries", "identity-mul-one", "identity-add-neg-zero",
    "swap-operands", "new-swizzle", "new-write-mask", "donor-splice",
};

constexpr uint32_t kOneWord = 0x3f800000, kNegZero = 0x80000000, kPosZero = 0;

std::optional<tgsi::Shader> Validated(std::optional<tgsi::Shader> s, std::string* text = nullptr) {
  if (!s) return std::nullopt;
  return reduce::Revalidate(*s, text);
}

}  // namespace

std::string_view TransformName(Transform t) { return kNames[static_cast<size_t>(t)]; }

std::optional<Transform> TransformByName(std::string_view name) {
  for (size_t i = 0; i < kNames.size(); ++i) {
    if (kNames[i] == name) return static_cast<Transform>(i);
  }
  return std::nullopt;
}

bool PreservesSemantics(Transform t) { return t < Transform::kSwapOperands; }

std::vector<Transform> PreservingTransforms() {
  std::vector<Transform> out;
  for (size_t i = 0; i < kNames.size(); ++i) {
    if (PreservesSemantics(static_cast<Transform>(i))) out.push_back(static_cast<Transform>(i));
  }
  return out;
}

std::vector<Transform> ChangingTransforms() {
  std::vector<Transform> out;
  for (size_t i = 0; i < kNames.size(); ++i) {
    if (!PreservesSemantics(static_cast<Transform>(i))) out.push_back(static_cast<Transform>(i));
  }
  return out;
}

std::optional<tgsi::Shader> Mutate(const tgsi::Shader& shader, Transform t, uint64_t seed, const tgsi::Shader* donor,
                                   std::string* text) {
  harness::Rng rng(seed);
  using namespace transforms;
  switch (t) {
    case Transform::kDeadBranchImmediate: return Validated(DeadBranch(shader, rng, false, false), text);
    case Transform::kDeadBranchCompare: return Validated(DeadBranch(shader, rng, true, false), text);
    case Transform::kDeadBranchUniform: return Validated(DeadBranchUniform(shader, rng, false), text);
    case Transform::kIfTrue: return Validated(WrapInFlow(shader, rng, false), text);
    case Transform::kLoopOnce: return Validated(WrapInFlow(shader, rng, true), text);
    case Transform::kSwizzleRoundTrip: return Validated(SwizzleRoundTrip(shader, rng), text);
    case Transform::kSplitTemporary: return Validated(SplitTemporary(shader, rng), text);
    case Transform::kJoinTemporaries: return Validated(JoinTemporaries(shader, rng, false), text);
    case Transform::kIdentityMulOne: return Validated(Identity(shader, rng, true, kOneWord), text);
    case Transform::kIdentityAddNegZero: return Validated(Identity(shader, rng, false, kNegZero), text);
    case Transform::kSwapOperands: return Validated(SwapOperands(shader, rng), text);
    case Transform::kNewSwizzle: return Validated(NewSwizzle(shader, rng), text);
    case Transform::kNewWriteMask: return Validated(NewWriteMask(shader, rng), text);
    case Transform::kDonorSplice:
      if (!donor) return std::nullopt;
      return Validated(DonorSplice(shader, *donor, rng), text);
    case Transform::kCount: break;
  }
  return std::nullopt;
}

std::optional<tgsi::Shader> WrongAddPosZero(const tgsi::Shader& shader, uint64_t seed) {
  harness::Rng rng(seed);
  return Validated(transforms::Identity(shader, rng, false, kPosZero));
}

std::optional<tgsi::Shader> WrongLiveBranch(const tgsi::Shader& shader, uint64_t seed) {
  harness::Rng rng(seed);
  return Validated(transforms::DeadBranch(shader, rng, true, true));
}

std::optional<tgsi::Shader> WrongUniformBranch(const tgsi::Shader& shader, uint64_t seed) {
  harness::Rng rng(seed);
  return Validated(transforms::DeadBranchUniform(shader, rng, true));
}

std::optional<tgsi::Shader> WrongJoinTemporaries(const tgsi::Shader& shader, uint64_t seed) {
  harness::Rng rng(seed);
  return Validated(transforms::JoinTemporaries(shader, rng, true));
}

}  // namespace shaderdiff::fuzz
