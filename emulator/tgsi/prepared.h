// PreparedShader: everything about a shader the interpreter needs that does
// not depend on the test vector, computed once by Prepare (interpreter.h) and
// shared by every Interpret(prepared, vector, options) call.
//
// It holds the decoded Program (decode.h: handlers, operands, register
// layouts, flow structure), the source position of every instruction (for
// errors while running), each fragment input's interpolation as the
// declarations say it, and each declared system value's vector key. It keeps
// no reference to the tgsi::Shader it came from.
//
// Invariant: Interpret(*Prepare(shader), v, o) == Interpret(shader, v, o)
// for every vector and options, field by field (prepared_test.cc); a shader
// Decode refuses is remembered and every call reports that refusal first, as
// a single Interpret does.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "compiler/tgsi/ast.h"
#include "emulator/common/interpolation.h"
#include "emulator/tgsi/decode.h"

namespace shaderdiff::tgsi_exec {

struct PreparedShader {
  Program prog;
  tgsi::Processor processor = tgsi::Processor::kFragment;
  std::vector<tgsi::SourceLocation> locations;  // per instruction
  // Fragment shaders: the IN declarations in order, {first, last, mode}
  // with mode a common::Interp (kFlat for CONSTANT, kCentroid for a smooth
  // input declared CENTROID, else kSmooth); the last one covering an index
  // decides (no declaration: smooth).
  std::vector<std::array<uint32_t, 3>> input_interp;
  // Per SV index: tgsi::Name of its semantic ("" when not declared).
  std::vector<std::string> sv_names;
  // Whether InterpretBatch may run several vectors in one wave (batch.cc):
  // a vertex or fragment program without flow control (only END, NOP and
  // the kills), so every wave executes the same instructions whatever its
  // lanes, and without texture units or other resources (per vector).
  // Relative destinations are allowed: their divergence is per segment.
  bool batchable = false;

  common::Interp InterpOf(uint32_t index) const {
    common::Interp mode = common::Interp::kSmooth;
    for (const auto& d : input_interp) {
      if (index >= d[0] && index <= d[1]) mode = static_cast<common::Interp>(d[2]);
    }
    return mode;
  }
};

}  // namespace shaderdiff::tgsi_exec
