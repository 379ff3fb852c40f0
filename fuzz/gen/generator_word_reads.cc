// Statements that read test-vector words directly and stay defined for
// every word, edge values included (generator_internal.h): only the r500
// policy draws them (policy.h w_edge_compare, w_float_select), so the other
// policies' programs keep their bytes.
//
// - Edge compare: SLT/SGE/SEQ/SNE of an input or constant word against an
//   immediate holding an awkward normal float (tiny, |c| in [2^-126,
//   2^-102); FLT_MIN; huge), printed as UINT32 bits as nir_to_tgsi prints
//   floats. Defined for every word: NaN compares false (SNE true); a
//   denormal word d has |d| < 2^-126 <= |c|, so d and its flushed zero lie
//   on the same side of c and neither equals it. Near c (the nightly's
//   dictionary vectors put c +- 1 ulp into the compared input) a - c is a
//   denormal: what an R500 short compare must not flush.
// - Float select: CMP d, cond, a, b. The condition is an exact float temp
//   (a compare's 0/1 or exact arithmetic), or t = IN + k with every k a
//   nonzero multiple of 1/16: one word for every input word (a denormal
//   input rounds away: |k| >= 1/16; x + (-x) is +0, never -0; NaN gives
//   NaN, which CMP sends to src2). t is then a float of unknown value
//   (kInexact, one word): never compared or branched on afterwards. An
//   R500 select must guard such a condition against NaN.
// The result of either is what the operands allow: the compare's {0, 1};
// the join of the select's two sources.
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "fuzz/gen/generator_internal.h"

namespace shaderdiff::fuzz::internal {

namespace {

// Awkward normal floats for the edge compare (|c| >= FLT_MIN, c != 0).
float AwkwardImmediate(uint32_t k) {
  switch (k) {
    case 0: return std::numeric_limits<float>::min();  // 2^-126
    case 1: return std::ldexp(1.0f, -110);
    case 2: return std::ldexp(3.0f, -106);
    case 3: return std::ldexp(1.0f, -103);               // just below the short form's bound
    case 4: return std::ldexp(1.0f, -102);               // at it
    case 5: return std::numeric_limits<float>::max();
    case 6: return std::ldexp(1.0f, 100);
    default: return std::nextafter(1.0f, 2.0f);          // 1 + ulp
  }
}
constexpr uint32_t kAwkwardCount = 8;

}  // namespace

// An input or constant word, read as a float.
std::optional<Operand> Generator::VectorWord(uint8_t mask) {
  const uint32_t n = num_inputs_ + num_consts_;
  if (n == 0) return std::nullopt;
  const uint32_t k = Below(n);
  return k < num_inputs_ ? FromRegister(File::kInput, k, Role::kFloat, mask)
                         : FromRegister(File::kConstant, k - num_inputs_, Role::kFloat, mask);
}

bool Generator::EdgeCompareStatement() {
  if (imms_.size() >= p_.max_immediates) return false;
  static constexpr Opcode kOps[] = {Opcode::SLT, Opcode::SGE, Opcode::SEQ, Opcode::SNE};
  const Opcode op = kOps[Below(4)];
  tgsi::Immediate imm;
  imm.type = tgsi::ImmediateType::kUint32;
  for (int c = 0; c < 4; ++c) {
    float f = AwkwardImmediate(Below(kAwkwardCount));
    if (Chance(500)) f = -f;
    std::memcpy(&imm.words[c], &f, 4);
  }
  imms_.push_back(imm);
  imm_vals_.push_back({AbsVal::Raw(), AbsVal::Raw(), AbsVal::Raw(), AbsVal::Raw()});
  const uint32_t index = static_cast<uint32_t>(imms_.size() - 1);
  for (int t = 0; t < kTries; ++t) {
    auto dst = PickDst(true);
    if (!dst) return false;
    const uint8_t mask = RandomMask(dst->second);
    auto word = VectorWord(mask);
    auto c = FromRegister(File::kImmediate, index, Role::kInt, mask);  // its bits, no modifier
    if (!word || !c) continue;
    const bool imm_first = Chance(300);
    const std::vector<tgsi::SrcOperand> srcs =
        imm_first ? std::vector<tgsi::SrcOperand>{c->src, word->src} : std::vector<tgsi::SrcOperand>{word->src, c->src};
    const AbsVal r = AbsVal::Float(0, 1, 0);
    if (EmitAs(op, dst->first, mask, {r, r, r, r}, srcs)) return true;
  }
  return false;
}

bool Generator::FloatSelectStatement() {
  for (int t = 0; t < kTries; ++t) {
    auto dst = PickDst(true);
    if (!dst) return false;
    const uint8_t mask = RandomMask(dst->second);
    std::optional<Operand> cond;
    if (Chance(500) && remaining_ >= 2 && imms_.size() < p_.max_immediates) {
      // t = IN + k, k nonzero on the 1/16 grid, |k| >= 1/16.
      auto word = VectorWord(mask);
      auto tmp = PickDst(true);
      if (!word || !tmp) continue;
      const uint8_t tmask = tmp->second & mask;
      if (tmask != mask) continue;
      std::array<double, 4> ks;
      for (double& k : ks) k = (1.0 + Below(64)) / 16.0 * (Chance(500) ? -1.0 : 1.0);
      const uint32_t kidx = NewImmediateFloat(ks);
      auto k = FromRegister(File::kImmediate, kidx, Role::kFloat, mask);
      if (!k) continue;
      k->src.negate = k->src.absolute = false;
      const AbsVal sum = AbsVal::Inexact(false);
      if (!EmitAs(Opcode::ADD, tmp->first, mask, {sum, sum, sum, sum}, {word->src, k->src})) continue;
      cond = FromRegister(File::kTemporary, tmp->first, Role::kFloat, mask);
      if (!cond) return true;  // the ADD stands on its own
      // Read t's components in place: each lane's condition is its own sum.
      const uint8_t first = static_cast<uint8_t>(std::countr_zero(static_cast<unsigned>(mask)));
      for (int c = 0; c < 4; ++c) cond->src.swizzle[c] = (mask & (1 << c)) ? static_cast<uint8_t>(c) : first;
      if (tmp->first == dst->first) return true;  // nothing left to select into
    } else {
      cond = PickOperand(Role::kExactFloat, mask, ImmHint::kAny);
    }
    if (!cond) continue;
    auto a = PickOperand(Role::kFloat, mask, ImmHint::kAny);
    auto b = PickOperand(Role::kFloat, mask, ImmHint::kAny);
    if (!a || !b) continue;
    Vals joined;
    for (int c = 0; c < 4; ++c) joined[c] = Join(a->read[c], b->read[c]);
    if (EmitAs(Opcode::CMP, dst->first, mask, joined, {cond->src, a->src, b->src})) return true;
  }
  return false;
}

}  // namespace shaderdiff::fuzz::internal
