// PlainWordLane (ops.h), the closed form of a compare on exact operands,
// against what it replaces: the kernel's Eval under the wave's denormal
// mode and, where it saw a denormal, the set builder over the operands'
// candidates (EvalKernelSet). Every compare opcode (SLT..SNE, FSLT..FSNE),
// both modes, a million random operand pairs each drawn from denormals,
// +-0, NaN, infinities, small normals and random words; every field of the
// result must agree.
#include <gtest/gtest.h>

#include <random>

#include "emulator/tgsi/ops_float_kernels.h"

namespace shaderdiff::tgsi_exec {
namespace {

using namespace float_ops;

Word Pick(std::mt19937& rng) {
  static const Word kEdges[] = {0u,          0x80000000u, 1u,          0x80000001u, 0x007fffffu, 0x807fffffu,
                                0x00000004u, 0x00800000u, 0x80800000u, 0x7f800000u, 0xff800000u, 0x7fc00000u,
                                0xffc00001u, 0x3f800000u, 0xbe400000u, 0x00400000u};
  switch (rng() % 3) {
    case 0: return kEdges[rng() % (sizeof kEdges / sizeof kEdges[0])];
    case 1: return static_cast<Word>(rng()) & 0x807fffffu;  // a denormal or zero
    default: return static_cast<Word>(rng());
  }
}

// EvalKernelExactLanes' per-lane evaluation before PlainWordLane.
template <class K>
Val General(bool flush, const Word* a) {
  Fp fp{flush, flush, false};
  Freedom f;
  const Word w = K::Eval(fp, a, f);
  if (!fp.saw && f.Trivial()) return Val::Exact(w);
  const Val v[2] = {Val::Exact(a[0]), Val::Exact(a[1])};
  return EvalKernelSet<K>(v, w, f, true);
}

template <class K>
void Check(uint32_t seed) {
  std::mt19937 rng(seed);
  int sets = 0, exact_with_denormal = 0;
  for (int i = 0; i < 1'000'000; ++i) {
    const Word a[2] = {Pick(rng), Pick(rng)};
    const bool flush = (i & 1) != 0;
    const Val want = General<K>(flush, a);
    const Val got = PlainWordLane<K>(flush, a);
    ASSERT_EQ(got.w, want.w) << std::hex << a[0] << " " << a[1] << " flush " << flush;
    ASSERT_EQ(got.undef, want.undef) << std::hex << a[0] << " " << a[1] << " flush " << flush;
    ASSERT_EQ(got.inexact, want.inexact) << std::hex << a[0] << " " << a[1] << " flush " << flush;
    if (want.inexact != Reason::kNone) {
      ASSERT_EQ(got.set, want.set);
      ASSERT_EQ(got.lo, want.lo);
      ASSERT_EQ(got.hi, want.hi);
    }
    sets += !want.exact();
    exact_with_denormal += want.exact() && (IsDenormW(a[0]) || IsDenormW(a[1]));
  }
  // Both outcomes of a denormal operand occur.
  EXPECT_GT(sets, 10'000);
  EXPECT_GT(exact_with_denormal, 10'000);
}

TEST(PlainWordLane, SetCompares) {
  Check<SetK<Cmp::kLt>>(1);
  Check<SetK<Cmp::kGe>>(2);
  Check<SetK<Cmp::kEq>>(3);
  Check<SetK<Cmp::kGt>>(4);
  Check<SetK<Cmp::kLe>>(5);
  Check<SetK<Cmp::kNe>>(6);
}
TEST(PlainWordLane, FSetCompares) {
  Check<FSetK<Cmp::kLt>>(7);
  Check<FSetK<Cmp::kGe>>(8);
  Check<FSetK<Cmp::kEq>>(9);
  Check<FSetK<Cmp::kNe>>(10);
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec
