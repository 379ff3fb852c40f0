// The shader states and vectors the emulator fuzz target runs arbitrary
// words under: a few small TGSI shaders embedded here (a vertex shader with
// attributes and constants, a fragment shader with a smooth varying, the
// fragment position and a 2-D texture, a fragment shader with a flat
// varying, FACE and integer work), each compiled once by the naive build
// for its ShaderState (the I/O contract: which registers hold inputs,
// varyings, constants and outputs) and given a seeded 4-lane vector
// (harness::GenerateVector, seed 1). The fuzzer's words replace the
// program; the state and the vector stay, so inputs, constants, textures
// and outputs are wired as a real compile would wire them.
//
// Invariant: every case compiled (a failure aborts at first use, naming the
// shader: a bug of this file, not a finding).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "emulator/a3xx/isa/shader_state.h"
#include "emulator/common/test_vector.h"

namespace shaderdiff::fuzz {

struct EmulateCase {
  std::string name;
  a3xx::ShaderState state;
  common::TestVector vector;
  std::vector<uint64_t> words;  // the naive build's own program, a seed
};

const std::vector<EmulateCase>& EmulateCases();

// The emulator target's input: byte 0 chooses the case (bits 0-1, modulo
// the number of cases) and the modes (bit 2: hazards trap instead of
// returning stale values; bit 3: shift counts masked instead of a hazard);
// the rest are instruction words (words.h).
struct EmulateInput {
  size_t case_index = 0;
  bool trap_hazards = false;
  bool mask_shift_counts = false;
  std::vector<uint64_t> words;
};
EmulateInput ParseEmulateInput(const uint8_t* data, size_t size);
std::string EmulateInputBytes(const EmulateInput& input);

}  // namespace shaderdiff::fuzz
