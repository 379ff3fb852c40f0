// Result comparison: refinement against the reference's allowed sets, and
// the bit-for-bit comparison of the two builds (compare.h).
#include "tools/harness/compare.h"

#include <cstdio>

#include "emulator/common/words.h"

namespace shaderdiff::harness {
namespace {

std::string WordText(common::Word w) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "0x%08x (%g)", w, static_cast<double>(common::AsFloat(w)));
  return buf;
}

// Walks every component the reference defines: fn(index, lane, comp,
// reference word, undefined, inexact, set, reason) for each.
template <class Fn>
void ForComponents(const common::ExecResult& reference, Fn&& fn) {
  for (const common::OutputLanes& out : reference.outputs) {
    const bool has_reasons = !out.reasons.empty();
    for (uint32_t lane = 0; lane < out.lanes(); ++lane) {
      for (int comp = 0; comp < 4; ++comp) {
        const std::string_view* reason = has_reasons ? &out.reasons[lane][comp] : nullptr;
        fn(out.index, lane, comp, out.words[lane][comp], out.Undefined(lane, comp), out.Inexact(lane, comp),
           out.Allowed(lane, comp), reason);
      }
    }
  }
}

// The words of one result, looked up by (index, lane, comp); the output's
// row is found once per index (ForComponents walks index by index).
class WordReader {
 public:
  explicit WordReader(const common::ExecResult& result) : result_(result) {}
  // The word at (index, lane, comp), if the result has one.
  bool At(uint32_t index, uint32_t lane, int comp, common::Word* w) {
    if (!have_index_ || index != index_) {
      const common::OutputLanes* out = result_.FindOutput(index);
      row_ = out == nullptr ? nullptr : &out->words;
      index_ = index;
      have_index_ = true;
    }
    if (row_ == nullptr || lane >= row_->size()) return false;
    *w = (*row_)[lane][comp];
    return true;
  }

 private:
  const common::ExecResult& result_;
  const common::LaneVec4s* row_ = nullptr;
  uint32_t index_ = 0;
  bool have_index_ = false;
};

bool IsNan(common::Word w) { return (w & 0x7fffffffu) > 0x7f800000u; }

// A mismatch without a set: a bit-for-bit component or a killed lane
// (component -1); `builds` when `expected` is the naive build's word.
Mismatch At(uint32_t output, uint32_t lane, int component, common::Word expected, common::Word actual,
            bool builds = false) {
  Mismatch m;
  m.output = output;
  m.lane = lane;
  m.component = component;
  m.expected = expected;
  m.actual = actual;
  m.builds = builds;
  return m;
}

bool Killed(const common::ExecResult& r, uint32_t lane) { return lane < r.killed.size() && r.killed[lane]; }
bool KillUncertain(const common::ExecResult& reference, uint32_t lane) {
  return lane < reference.killed_uncertain.size() && reference.killed_uncertain[lane];
}

void Record(Comparison& c, Mismatch m) {
  ++c.mismatches;
  if (!c.first) c.first = std::move(m);
}

}  // namespace

std::string Mismatch::ToString() const {
  char buf[96];
  if (component < 0) {
    std::snprintf(buf, sizeof buf, "lane %u: killed %s in the %s but %s here", lane, expected ? "true" : "false",
                  builds ? "naive build" : "reference", actual ? "true" : "false");
    return buf;
  }
  std::snprintf(buf, sizeof buf, "OUT[%u].%c lane %u: ", output, "xyzw"[component], lane);
  std::string s = buf;
  if (builds) return s + "naive build " + WordText(expected) + ", optimized build " + WordText(actual);
  if (allowed) {
    s += "expected " + allowed->ToString() + " (reference " + WordText(expected) + ", " + inexact_reason + ")";
  } else {
    s += "expected " + WordText(expected);
  }
  return s + ", got " + WordText(actual);
}

Comparison CompareResults(const common::ExecResult& reference, const common::ExecResult& actual) {
  Comparison c;
  WordReader words(actual);
  ForComponents(reference, [&](uint32_t index, uint32_t lane, int comp, common::Word expected, bool undefined,
                               bool inexact, const common::AllowedSet& set, const std::string_view* reason) {
    // A lane the executor killed has no outputs; where the reference's kill
    // is uncertain, killing it was allowed, so its outputs are not compared.
    if (undefined || (KillUncertain(reference, lane) && Killed(actual, lane))) {
      ++c.skipped;
      return;
    }
    common::Word got = 0;
    const bool present = words.At(index, lane, comp, &got);
    if (inexact) {
      ++c.tolerant;
      if (!present || (got != expected && !set.Contains(got))) {
        Record(c, {index, lane, comp, expected, got, reason ? std::string(*reason) : std::string(), set});
      }
    } else {
      ++c.compared;
      if (!present || expected != got) Record(c, At(index, lane, comp, expected, got));
    }
  });
  for (uint32_t lane = 0; lane < reference.killed.size(); ++lane) {
    const bool got = Killed(actual, lane);
    if (!KillUncertain(reference, lane) && reference.killed[lane] != got) {
      Record(c, At(0, lane, -1, reference.killed[lane] ? 1u : 0u, got ? 1u : 0u));
    }
  }
  return c;
}

Comparison CompareBuilds(const common::ExecResult& reference, const common::ExecResult& naive,
                         const common::ExecResult& optimized) {
  Comparison c;
  WordReader naive_words(naive), optimized_words(optimized);
  ForComponents(reference, [&](uint32_t index, uint32_t lane, int comp, common::Word, bool undefined, bool inexact,
                               const common::AllowedSet& set, const std::string_view*) {
    // A lane either build killed under an uncertain kill has no outputs
    // there (CompareResults).
    if (undefined || (KillUncertain(reference, lane) && (Killed(naive, lane) || Killed(optimized, lane)))) {
      ++c.skipped;
      return;
    }
    ++(inexact ? c.tolerant : c.compared);
    common::Word a = 0, b = 0;
    const bool have_a = naive_words.At(index, lane, comp, &a), have_b = optimized_words.At(index, lane, comp, &b);
    // The one named exception (nan-payload): where the reference allows any
    // NaN, two NaNs agree whatever their payloads, because the emulator's
    // payloads follow the host's propagation rules, which no a3xx document
    // describes (compare.h).
    const bool payload_only = inexact && set.nan && IsNan(a) && IsNan(b);
    if (have_a != have_b || (a != b && !payload_only)) Record(c, At(index, lane, comp, a, b, /*builds=*/true));
  });
  for (uint32_t lane = 0; lane < reference.killed.size(); ++lane) {
    const bool a = Killed(naive, lane), b = Killed(optimized, lane);
    if (!KillUncertain(reference, lane) && a != b) Record(c, At(0, lane, -1, a ? 1u : 0u, b ? 1u : 0u, /*builds=*/true));
  }
  return c;
}

}  // namespace shaderdiff::harness
