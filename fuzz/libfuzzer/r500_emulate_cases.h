// The programs and vectors the R500 emulator fuzz target runs arbitrary
// instructions under: small TGSI fragment shaders embedded here (a smooth
// varying with constants, a 2-D texture lookup with the fragment position,
// flow control with a depth output), each compiled once by the r500 naive
// build for its r500::FragmentProgram (which temporary each input is
// preloaded into, which constant slot each CONST is, which render target or
// depth each OUT is, which sampler units are bound) and given a seeded
// 4-lane vector (one quad; harness::GenerateVector, seed 1). The fuzzer's
// instructions replace the code; the bindings, constants and vector stay,
// so inputs, constants, textures and outputs are wired as a real compile
// wires them.
//
// Invariant: every case compiled (a failure aborts at first use, naming the
// shader: a bug of this file, not a finding).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "emulator/common/test_vector.h"
#include "emulator/r500/run_vector.h"

namespace shaderdiff::fuzz {

struct R500EmulateCase {
  std::string name;
  r500::FragmentProgram program;  // the naive build's, code and all (a seed)
  common::TestVector vector;
};

const std::vector<R500EmulateCase>& R500EmulateCases();

// The R500 emulator target's input. Byte 0: bits 0-1 the case (modulo the
// number of cases), bit 2 hazards trap (the run stops at the first one),
// bit 3 US_CONFIG.ZERO_TIMES_ANYTHING_EQUALS_ZERO, bit 4 US_FC_CTRL.FULL_FC_EN.
// Byte 1: bits 0-1 US_CODE_ADDR's start slot, bits 2-4 US_CODE_OFFSET. The
// rest are instructions (r500_words.h).
struct R500EmulateInput {
  size_t case_index = 0;
  bool trap_hazards = false;
  bool zero_times_anything = false;
  bool full_fc = false;
  int code_start = 0;
  int code_offset = 0;
  std::vector<r500::Words> words;
};
R500EmulateInput ParseR500EmulateInput(const uint8_t* data, size_t size);
std::string R500EmulateInputBytes(const R500EmulateInput& input);

}  // namespace shaderdiff::fuzz
