// Binary32 add, sub, mul, min and max (and bary.f's interpolation) whose result, NaNs included, is a defined
// function of the operands in source order, whatever order the compiler
// emits the host instruction in (it may swap the operands of + and *, and of
// fmin/fmax, as commutative, also in vectorized code) and whatever the host
// returns for an invalid operation. add, sub, mul, mad and the
// interpolation live in emulator/common/pinned_float.h, because the
// reference's common::Interpolate must give the same word as bary.f in
// every build mode; min and max are a3xx's own.
//
// The rules (emulator/a3xx/README.md, "NaN results"), chosen to be what the
// scalar kernels computed on x86-64 before they were pinned, so reports
// stay byte-identical:
// - add, sub, mul: a NaN result is the first NaN operand in source order (a,
//   then b) with its quiet bit set; with no NaN operand (inf - inf,
//   0 * inf) it is kDefaultNan, x86's "real indefinite";
// - mad.f = add(c, mul(b, a)): the first NaN of c, b, a in that order;
// - min, max (fminf / fmaxf): a quiet NaN operand yields the other operand;
//   a signalling NaN operand, or two NaNs, yield the second operand's NaN
//   if it is one, else the first's, quietened; of two equal operands
//   (+0 and -0) the first is returned.
// Non-NaN results are the IEEE ones: + and * are commutative there, and min
// and max decide by value. Every function is branch-free (selects), so a
// lane loop over them vectorizes.
#pragma once

#include <bit>

#include "emulator/common/pinned_float.h"
#include "emulator/common/words.h"

namespace shaderdiff::a3xx {

using common::Word;
// add/sub/mul and the interpolation, shared with the reference (common).
using common::AddPinned;
using common::ArithNan;
using common::InterpolatePinned;
using common::IsNanBits;
using common::IsSignallingNan;
using common::kDefaultNan;
using common::kQuietBit;
using common::MadPinned;
using common::MulPinned;
using common::PinNan;
using common::SubPinned;

// fminf / fmaxf with the NaN and signed-zero rules above: `pick_a` is the
// by-value choice for two non-NaN operands (true when they are equal).
inline float MinMaxPinned(float a, float b, bool pick_a) {
  const Word aw = std::bit_cast<Word>(a), bw = std::bit_cast<Word>(b);
  const bool an = IsNanBits(aw), bn = IsNanBits(bw);
  // Branch-free on purpose: unsigned `|` (clang warns on `|` between bools).
  const bool nan_result =
      (unsigned{an && bn} | unsigned{IsSignallingNan(aw)} | unsigned{IsSignallingNan(bw)}) != 0;
  const Word nan = (bn ? bw : aw) | kQuietBit;
  const Word value = an ? bw : (bn ? aw : (pick_a ? aw : bw));
  const Word r = nan_result ? nan : value;
  return std::bit_cast<float>(r);
}
inline float MinPinned(float a, float b) { return MinMaxPinned(a, b, !(b < a)); }
inline float MaxPinned(float a, float b) { return MinMaxPinned(a, b, !(b > a)); }

}  // namespace shaderdiff::a3xx
