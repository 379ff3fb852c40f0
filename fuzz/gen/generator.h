// fuzz/gen: a seeded generator of TGSI shaders free of undefined behaviour.
//
// GenerateShader builds a tgsi::Shader (compiler/tgsi/ast.h) instruction by
// instruction while it tracks what every TEMP component holds
// (abstract_value.h): an operation is emitted only when its transfer
// function proves it defined for every value its operands may hold, so the
// reference interpreter gives no *undefined* component for any test vector
// (inexact sets from transcendentals, NaN or signed zeros of raw inputs
// remain). Control flow: IF/UIF [ELSE] ENDIF on exact conditions, and
// counted loops (counter from 0 to a bound of 1..max_trip_count, BRK at the
// top) whose bodies write only the TEMPs claimed for the loop and widened
// accumulators; every declared output is written at the end.
//
// Invariants: the result depends only on GenOptions (harness::Rng); it
// parses back from PrintShader and passes tgsi::ValidateShader; it has
// between min_size and max_size instructions, END included.
#pragma once

#include <cstdint>
#include <string>

#include "compiler/tgsi/ast.h"
#include "fuzz/gen/policy.h"

namespace shaderdiff::fuzz {

struct GenOptions {
  uint64_t seed = 1;
  Policy policy = DefaultPolicy();
  tgsi::Processor stage = tgsi::Processor::kFragment;
  uint32_t min_size = 5;  // instructions, END included; at least 5
  uint32_t max_size = 100;
};

tgsi::Shader GenerateShader(const GenOptions& options);

// The stage a seed picks when none is given (vert or frag, half each).
tgsi::Processor StageForSeed(uint64_t seed);

// The command line that regenerates exactly this shader, e.g.
// "shaderdiff gen --seed 7 --stage frag --size 5:100 --policy rewrites".
std::string ReproCommand(const GenOptions& options);

}  // namespace shaderdiff::fuzz
