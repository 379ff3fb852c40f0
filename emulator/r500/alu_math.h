// The R500 ALU's arithmetic on binary32 words (A.4, A.6, A.7): operand
// modifiers, presubtract, the RGB and Alpha opcodes, OMOD and clamp, and
// the ALU-result compare. Pure functions of words; the caller chooses the
// operands (alu.cc).
//
// Readings (README.md "Float rules"): MAD rounds the product and the sum
// separately (no fused multiply-add is documented); in the "0 x anything"
// mode a product with a zero factor is +0.0; transcendentals use the host's
// binary32 functions (the hardware's precision is unpublished).
#pragma once

#include <cstdint>

#include "emulator/common/words.h"

namespace shaderdiff::r500 {

using common::Word;

Word ApplyMod(Word w, uint32_t mod);            // 0 none, 1 neg, 2 abs, 3 -abs
Word Presub(uint32_t op, Word src0, Word src1); // 0 bias, 1 sub, 2 add, 3 inv
Word Mul(Word a, Word b, bool zero_times_anything);
Word Mad(Word a, Word b, Word c, bool zero_times_anything);
Word Min(Word a, Word b);
Word Max(Word a, Word b);
Word Cnd(Word a, Word b, Word c);
Word Cmp(Word a, Word b, Word c);
Word Frc(Word a);
// Alpha transcendental ops: 8 ex2, 9 ln2, 10 rcp, 11 rsq, 12 sin, 13 cos.
Word Transcendental(uint32_t alpha_op, Word a);
// OMOD (0..7) then clamp; omod 7 leaves the word bit-exact and unclamped.
Word OutputModify(Word w, uint32_t omod, bool clamp);
// ALU_RESULT_OP: 0 ==0, 1 <0, 2 >=0, 3 !=0 (IEEE compares: -0 == 0; NaN only !=).
bool AluCompare(uint32_t op, Word w);

}  // namespace shaderdiff::r500
