// Allowed-set membership, ordering and naming (allowed_set.h).
#include "emulator/common/allowed_set.h"

#include <cmath>
#include <cstdio>

namespace shaderdiff::common {
namespace {

constexpr Word kInfBits = 0x7f800000u;

bool IsNan(Word w) { return (w & 0x7fffffffu) > kInfBits; }

std::string WordText(Word w) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%g (0x%08x)", static_cast<double>(AsFloat(w)), w);
  return buf;
}

}  // namespace

int64_t OrderedKey(Word w) {
  const int64_t mag = static_cast<int64_t>(w & 0x7fffffffu);
  return (w & 0x80000000u) ? -mag : mag;
}

Word StepFloat(Word w, int64_t steps) {
  int64_t k = OrderedKey(w) + steps;
  const int64_t inf = static_cast<int64_t>(kInfBits);
  if (k > inf) k = inf;
  if (k < -inf) k = -inf;
  return k >= 0 ? static_cast<Word>(k) : (0x80000000u | static_cast<Word>(-k));
}

bool AllowedSet::Contains(Word w) const {
  if (IsNan(w)) return nan;
  if (!interval) return false;
  const int64_t k = OrderedKey(w);
  return OrderedKey(lo) <= k && k <= OrderedKey(hi);
}

std::string AllowedSet::ToString() const {
  std::string s;
  if (interval) s = lo == hi ? WordText(lo) : "[" + WordText(lo) + ", " + WordText(hi) + "]";
  if (nan) s += s.empty() ? "any NaN" : " or any NaN";
  return s;
}

std::string_view SetKindName(SetKind kind) {
  switch (kind) {
    case SetKind::kExact: return "exact";
    case SetKind::kZero: return "zero";
    case SetKind::kDenormal: return "denormal";
    case SetKind::kNan: return "nan";
    case SetKind::kInterval: return "interval";
    case SetKind::kAny: return "any";
    case SetKind::kCount: break;
  }
  return "?";
}

SetKind ClassifySet(bool undefined, bool inexact, const AllowedSet& set, std::string_view reason) {
  if (undefined) return SetKind::kAny;
  if (!inexact) return SetKind::kExact;
  if (set.nan && (!set.interval || set.lo == set.hi)) return SetKind::kNan;
  if (set.interval && OrderedKey(set.lo) == 0 && OrderedKey(set.hi) == 0) return SetKind::kZero;
  if (reason == "denormal") return SetKind::kDenormal;
  return SetKind::kInterval;
}

}  // namespace shaderdiff::common
