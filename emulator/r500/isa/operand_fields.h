// The ALU instruction's per-operand fields, indexed: source slot n's RGB and
// Alpha addresses, constant and relative bits (n = 0..2), and argument k's
// (A, B, C) source select, modifier and swizzle channels in each half.
// One table for the emulator, the naive translator and the optimizing
// build, so no one spells the field names out per slot again.
#pragma once

#include "emulator/r500/isa/fields.h"

namespace shaderdiff::r500::operand_fields {

inline constexpr Field kRgbAddr[3] = {Field::kRgbAddr0, Field::kRgbAddr1, Field::kRgbAddr2};
inline constexpr Field kRgbConst[3] = {Field::kRgbConst0, Field::kRgbConst1, Field::kRgbConst2};
inline constexpr Field kRgbRel[3] = {Field::kRgbRel0, Field::kRgbRel1, Field::kRgbRel2};
inline constexpr Field kAlphaAddr[3] = {Field::kAlphaAddr0, Field::kAlphaAddr1, Field::kAlphaAddr2};
inline constexpr Field kAlphaConst[3] = {Field::kAlphaConst0, Field::kAlphaConst1, Field::kAlphaConst2};
inline constexpr Field kAlphaRel[3] = {Field::kAlphaRel0, Field::kAlphaRel1, Field::kAlphaRel2};
inline constexpr Field kRgbSel[3] = {Field::kRgbSelA, Field::kRgbSelB, Field::kRgbSelC};
inline constexpr Field kAlphaSel[3] = {Field::kAlphaSelA, Field::kAlphaSelB, Field::kAlphaSelC};
inline constexpr Field kRgbMod[3] = {Field::kRgbModA, Field::kRgbModB, Field::kRgbModC};
inline constexpr Field kAlphaMod[3] = {Field::kAlphaModA, Field::kAlphaModB, Field::kAlphaModC};
inline constexpr Field kRgbSwz[3][3] = {{Field::kRgbSwzAR, Field::kRgbSwzAG, Field::kRgbSwzAB},
                                        {Field::kRgbSwzBR, Field::kRgbSwzBG, Field::kRgbSwzBB},
                                        {Field::kRgbSwzCR, Field::kRgbSwzCG, Field::kRgbSwzCB}};
inline constexpr Field kAlphaSwz[3] = {Field::kAlphaSwzA, Field::kAlphaSwzB, Field::kAlphaSwzC};

}  // namespace shaderdiff::r500::operand_fields
