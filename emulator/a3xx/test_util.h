// Helpers for the emulator's tests: programs from assembly text, small
// ShaderStates and TestVectors, and result accessors.
#pragma once

#include <gtest/gtest.h>

#include <bit>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/a3xx/emulator.h"
#include "emulator/a3xx/isa/assembler.h"

namespace shaderdiff::a3xx::emutest {

using common::Word;

inline constexpr Word kZero = 0x00000000u, kNegZero = 0x80000000u, kOne = 0x3f800000u, kTwo = 0x40000000u,
                      kThree = 0x40400000u, kFour = 0x40800000u, kHalf = 0x3f000000u, kInf = 0x7f800000u;

inline Word Bits(float f) { return std::bit_cast<Word>(f); }
inline float Flt(Word w) { return std::bit_cast<float>(w); }

// Assembles `text`; a syntax error fails the test and returns an empty program.
Program Asm(std::string_view text, const ShaderState& state);

// A binding of OUT[index] / IN[index] through `field` to r<vec4> (base
// r<vec4>.x), components `mask`.
RegisterBinding Bind(uint32_t tgsi_index, IoField field, int vec4, uint8_t mask = 0xF, bool half = false);

// A vertex-shader state with OUT[i] = r<outs[i]>.xyzw (varyings) and IN[i] =
// r<ins[i]>.xyzw (attributes).
ShaderState VsState(std::vector<int> out_vec4s, std::vector<int> in_vec4s = {});
// A fragment-shader state with OUT[i] = r<outs[i]>.xyzw (render targets; ij
// at r0.x/r0.y).
ShaderState FsState(std::vector<int> out_vec4s);

common::TestVector VsVector(uint32_t lanes);
common::TestVector FsVector(uint32_t lanes);
// Sets IN[index] of every lane to `value`.
void SetInput(common::TestVector& v, uint32_t index, common::Vec4 value);

EmulationResult Execute(const Program& program, const common::TestVector& vector,
                    HazardMode mode = HazardMode::kStale);
// Assemble + run a vertex program with OUT[0] = r<out>.xyzw, one lane,
// constants c0..: `consts` (as CONST[0][i] bound to c<i>).
EmulationResult RunVs(std::string_view text, int out_vec4 = 1, std::vector<common::Vec4> consts = {},
                      HazardMode mode = HazardMode::kStale, uint32_t lanes = 1);

// OUT[out] component `comp` of lane `lane` (0 with a test failure if absent).
Word Out(const EmulationResult& r, uint32_t out, uint32_t lane, int comp);

// The hazards as strings, for readable expectations.
std::vector<std::string> HazardStrings(const EmulationResult& r);

}  // namespace shaderdiff::a3xx::emutest
