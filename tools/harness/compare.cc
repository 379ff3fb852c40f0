// Result comparison and the tolerance policy table (see compare.h).
#include "tools/harness/compare.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>

#include "emulator/common/words.h"

namespace shaderdiff::harness {
namespace {

struct PolicyEntry {
  std::string_view reason;
  Tolerance tolerance;
  std::string_view why;
};

// The one tolerance policy table. Sources: GLSL 4.x / ARB_shader_precision
// limits (docs/tgsi.md section 5 item 8) where they exist; otherwise what the
// freedom the spec leaves can change.
constexpr PolicyEntry kPolicy[] = {
    {"rcp", {3, 0, 0}, "1/x: GLSL division precision, 2.5 ulp"},
    {"div", {3, 0, 0}, "a/b: GLSL division precision, 2.5 ulp"},
    {"rsq", {2, 0, 0}, "inversesqrt: 2 ulp"},
    {"sqrt", {3, 0, 0}, "sqrt as 1/inversesqrt: 2.5 ulp"},
    {"ex2", {16, 0, 0}, "exp2: (3 + 2|x|) ulp; 16 covers |x| <= 6.5, larger errors show up as mismatches to look at"},
    {"exp", {16, 0, 0}, "EXP uses exp2"},
    {"lg2", {3, 1.0f / (1 << 21), 0}, "log2: 3 ulp outside [0.5, 2], absolute 2^-21 inside"},
    {"log", {3, 1.0f / (1 << 21), 0}, "LOG uses log2"},
    {"pow", {0, 1.0f / (1 << 20), 1.0f / (1 << 12)}, "pow = exp2(y * log2(x)): errors compound"},
    {"lit", {0, 1.0f / (1 << 20), 1.0f / (1 << 12)}, "LIT.z is a pow"},
    {"sin", {0, 1.0f / (1 << 11), 0}, "trigonometric precision is undefined; 2^-11 absolute on [-1024, 1024]"},
    {"cos", {0, 1.0f / (1 << 11), 0}, "as sin"},
    {"mad-fusion", {2, 0, 1.0f / (1 << 20)}, "a*b+c fused or not"},
    {"dot-rounding", {4, 0, 1.0f / (1 << 20)}, "dot products: association and fusion are free"},
    {"lrp-formula", {4, 0, 1.0f / (1 << 20)}, "LRP's formula differs between implementations"},
    {"conversion-rounding", {1, 0, 0}, "rounding of an inexact conversion"},
    {"texture-filter", {0, 1.0f / 256, 0}, "filter weights: one texel step"},
    {"lod-query", {0, 1.0f / 256, 0}, "LOD computation precision"},
    {"inexact-operand", {0, 1.0f / (1 << 10), 1.0f / (1 << 10)}, "an inexact value propagated: error bound unknown"},
    {"control-depends-on-inexact", {0, 1.0f / (1 << 10), 1.0f / (1 << 10)}, "written under an inexact branch"},
};
constexpr Tolerance kLoosest = {0, 1.0f / (1 << 10), 1.0f / (1 << 10)};

uint32_t OrderedBits(common::Word w) {
  // Maps floats to integers whose order matches the floats' (+0 and -0 meet).
  return (w & 0x80000000u) ? 0x80000000u - (w & 0x7fffffffu) : 0x80000000u + w;
}

}  // namespace

Tolerance ToleranceFor(std::string_view reason) {
  for (const PolicyEntry& e : kPolicy) {
    if (e.reason == reason) return e.tolerance;
  }
  return kLoosest;
}

bool WithinTolerance(common::Word expected, common::Word actual, const Tolerance& tol) {
  if (expected == actual) return true;
  const float a = common::AsFloat(expected), b = common::AsFloat(actual);
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b)) return false;
  const uint32_t oa = OrderedBits(expected), ob = OrderedBits(actual);
  if ((oa > ob ? oa - ob : ob - oa) <= tol.ulps) return true;
  const double diff = std::fabs(static_cast<double>(a) - static_cast<double>(b));
  if (diff <= tol.absolute) return true;
  return diff <= tol.relative * std::fmax(std::fabs(static_cast<double>(a)), std::fabs(static_cast<double>(b)));
}

std::string Mismatch::ToString() const {
  char buf[256];
  if (component < 0) {
    std::snprintf(buf, sizeof buf, "lane %u: killed %s in the reference but %s here", lane,
                  expected ? "true" : "false", actual ? "true" : "false");
    return buf;
  }
  std::snprintf(buf, sizeof buf, "OUT[%u].%c lane %u: expected 0x%08x (%g), got 0x%08x (%g)%s%s", output,
                "xyzw"[component], lane, expected, static_cast<double>(common::AsFloat(expected)), actual,
                static_cast<double>(common::AsFloat(actual)), inexact_reason.empty() ? "" : ", inexact: ",
                inexact_reason.c_str());
  return buf;
}

Comparison CompareResults(const common::ExecResult& reference, const common::ExecResult& actual) {
  Comparison c;
  auto record = [&](Mismatch m) {
    ++c.mismatches;
    if (!c.first) c.first = std::move(m);
  };
  for (const auto& [index, ref_lanes] : reference.outputs) {
    const auto& undefined = reference.undefined.at(index);
    const auto& inexact = reference.inexact.at(index);
    const auto reasons_it = reference.reasons.find(index);
    auto act_it = actual.outputs.find(index);
    for (uint32_t lane = 0; lane < ref_lanes.size(); ++lane) {
      for (int comp = 0; comp < 4; ++comp) {
        if (undefined[lane][comp]) {
          ++c.skipped;
          continue;
        }
        const common::Word expected = ref_lanes[lane][comp];
        const bool present = act_it != actual.outputs.end() && lane < act_it->second.size();
        const common::Word got = present ? act_it->second[lane][comp] : 0;
        if (inexact[lane][comp]) {
          ++c.tolerant;
          const std::string reason = reasons_it != reference.reasons.end() ? reasons_it->second[lane][comp] : "";
          if (!present || !WithinTolerance(expected, got, ToleranceFor(reason)))
            record({index, lane, comp, expected, got, reason});
        } else {
          ++c.compared;
          if (!present || expected != got) record({index, lane, comp, expected, got, ""});
        }
      }
    }
  }
  for (uint32_t lane = 0; lane < reference.killed.size(); ++lane) {
    const bool uncertain = lane < reference.killed_uncertain.size() && reference.killed_uncertain[lane];
    const bool got = lane < actual.killed.size() && actual.killed[lane];
    if (!uncertain && reference.killed[lane] != got)
      record({0, lane, -1, reference.killed[lane] ? 1u : 0u, got ? 1u : 0u, ""});
  }
  return c;
}

}  // namespace shaderdiff::harness
