// The texture state a driver programs for a TGSI shader's sampler units:
// SAMP[n] is sampled as s#n, t#n, and the texture descriptor's type and the
// sampler's UNNORM_COORDS bit come from the TEX-family instructions' target
// (1D/2D/3D/CUBE; RECT targets are 2-D with unnormalized coordinates). The
// naive build and the programs of other compilers (tools/ir3_dump) share it:
// the state is the driver's, not the compiler's.
//
// Invariants: units are listed in increasing order, each once; units above
// 15 are not listed (a3xx has 16); a unit used with two targets that need
// different state is reported in `conflict` (one descriptor per unit).
#pragma once

#include <string>
#include <vector>

#include "compiler/tgsi/ast.h"
#include "emulator/a3xx/isa/shader_state.h"

namespace shaderdiff::naive {

struct SamplerState {
  std::vector<a3xx::SamplerBinding> bindings;
  std::string conflict;  // empty, or why the units cannot be programmed
};

// Declared SAMP units and those used without a declaration.
SamplerState SamplerBindingsFor(const tgsi::Shader& shader);

}  // namespace shaderdiff::naive
