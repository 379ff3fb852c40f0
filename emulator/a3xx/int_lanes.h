// Full-wave integer kernels (cat2/cat3 integer and bitwise opcodes, sel):
// a kernel over lanes 0..n-1 as a counted loop in blocks of four, without
// the per-lane bit walk of ForLanes and without per-lane branches on the
// operand modifiers or the comparison condition, so the compiler can keep
// a block in host vectors.
//
// Invariants: for every lane the result is the one the lane-by-lane path
// (alu.cc, alu3.cc: InInt then K::Eval) computes, bit for bit. Integer
// arithmetic is exact, so the order the lanes are computed in does not
// matter. Sources are loaded before the block's results are stored, so an
// output may alias a source (it never does today: outputs are scratch[3]).
#pragma once

#include <array>
#include <cstring>

#include "emulator/a3xx/alu_common.h"

namespace shaderdiff::a3xx {

// Whether InInt with `mod` is just (w & and_mask) ^ xor_mask for a full
// (32-bit) source: no integer abs/neg.
inline bool PlainIntMod(const SrcMod& mod) { return !mod.int_abs && !mod.int_neg; }

// out[l] = eval(x, y, z) for l in 0..n-1, where x, y, z are the N sources
// (1..3) of lane l with their modifiers applied (InInt: `half` widens per
// `dom`); absent sources give 0. `eval` takes and returns Words.
template <int N, class Eval>
[[gnu::always_inline]] inline void DenseIntLanes(int n, const std::array<const Word*, 3>& src,
                                                 const std::array<SrcMod, 3>& mods, bool half, Dom dom, Word* out,
                                                 Eval eval) {
  bool plain = !half;
  for (int s = 0; s < N; ++s) plain = plain && PlainIntMod(mods[s]);
  if (plain) {
    const Word and0 = mods[0].and_mask, xor0 = mods[0].xor_mask;
    const Word and1 = mods[1].and_mask, xor1 = mods[1].xor_mask;
    const Word and2 = mods[2].and_mask, xor2 = mods[2].xor_mask;
    int l = 0;
    for (; l + 4 <= n; l += 4) {
      Word a[4], b[4] = {}, c[4] = {}, r[4];
      std::memcpy(a, src[0] + l, sizeof a);
      if constexpr (N > 1) std::memcpy(b, src[1] + l, sizeof b);
      if constexpr (N > 2) std::memcpy(c, src[2] + l, sizeof c);
      for (int j = 0; j < 4; ++j) r[j] = eval((a[j] & and0) ^ xor0, (b[j] & and1) ^ xor1, (c[j] & and2) ^ xor2);
      std::memcpy(out + l, r, sizeof r);
    }
    for (; l < n; ++l) {
      const Word b = N > 1 ? src[1][l] : 0u, c = N > 2 ? src[2][l] : 0u;
      out[l] = eval((src[0][l] & and0) ^ xor0, (b & and1) ^ xor1, (c & and2) ^ xor2);
    }
    return;
  }
  for (int l = 0; l < n; ++l) {
    const Word x = InInt(src[0][l], mods[0], half, dom);
    const Word y = N > 1 ? InInt(src[1][l], mods[1], half, dom) : 0u;
    const Word z = N > 2 ? InInt(src[2][l], mods[2], half, dom) : 0u;
    out[l] = eval(x, y, z);
  }
}

// Calls f with the comparison `c` as a compile-time constant
// (std::integral_constant), so a compare kernel's lane loop has no switch.
template <class F>
[[gnu::always_inline]] inline void WithCond(Cond c, F&& f) {
  switch (c) {
    case Cond::kLt: f(std::integral_constant<Cond, Cond::kLt>{}); return;
    case Cond::kLe: f(std::integral_constant<Cond, Cond::kLe>{}); return;
    case Cond::kGt: f(std::integral_constant<Cond, Cond::kGt>{}); return;
    case Cond::kGe: f(std::integral_constant<Cond, Cond::kGe>{}); return;
    case Cond::kEq: f(std::integral_constant<Cond, Cond::kEq>{}); return;
    case Cond::kNe: f(std::integral_constant<Cond, Cond::kNe>{}); return;
  }
}

}  // namespace shaderdiff::a3xx
