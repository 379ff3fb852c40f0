// Test helpers: a State from R500 assembly text (isa/text.h), float words,
// and a quad with one input preloaded.
#pragma once

#include <string_view>

#include "emulator/r500/emulator.h"

namespace shaderdiff::r500::test {

// Assembles `text` into a State's code (ADD_FAILURE on an assembler error).
State Program(std::string_view text);
common::Word F(float f);
float AsF(common::Word w);
common::Vec4 V(float x, float y, float z, float w);
// A quad with temp `temp` of pixel p preloaded with values[p].
Quad QuadWith(int temp, const std::array<common::Vec4, kQuadPixels>& values);
bool HasHazard(const RunResult& r, std::string_view kind);

}  // namespace shaderdiff::r500::test
