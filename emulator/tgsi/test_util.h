// Helpers for the interpreter tests: parse TGSI text, build vectors, run,
// and read back words / flags / reasons by (output, lane, component).
#pragma once

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "compiler/tgsi/parser.h"
#include "emulator/common/test_vector.h"
#include "emulator/tgsi/interpreter.h"

namespace shaderdiff::tgsi_exec::testing {

using common::Vec4;
using common::Word;

inline Word Fw(float f) { return std::bit_cast<Word>(f); }
inline float Wf(Word w) { return std::bit_cast<float>(w); }
inline Vec4 F4(float x, float y, float z, float w) { return {Fw(x), Fw(y), Fw(z), Fw(w)}; }
inline Vec4 U4(Word x, Word y, Word z, Word w) { return {x, y, z, w}; }
inline Vec4 Splat(float f) { return F4(f, f, f, f); }

inline common::TestVector Vector(tgsi::Processor stage, uint32_t lanes) {
  common::TestVector v;
  v.stage = stage;
  v.lanes = lanes;
  return v;
}

// IN[i] = the same value in every lane.
inline void SetInput(common::TestVector& v, uint32_t i, Vec4 value) {
  v.inputs[i] = common::LaneVec4s(v.lanes, value);
}
inline void SetInputLanes(common::TestVector& v, uint32_t i, std::vector<Vec4> values) {
  v.inputs[i] = std::move(values);
}

inline tgsi::Shader Parse(std::string_view text) {
  tgsi::ParseResult r = tgsi::ParseShader(text);
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->ToString("test") : "") << "\n" << text;
  return std::move(r.shader);
}

struct Outcome {
  common::ExecResult d;
  const common::ExecResult& r() const { return d; }
  Word W(uint32_t out, uint32_t lane, int c) const { return d.Output(out).words.at(lane)[c]; }
  float F(uint32_t out, uint32_t lane, int c) const { return Wf(W(out, lane, c)); }
  bool Undef(uint32_t out, uint32_t lane, int c) const { return (d.Output(out).undefined.at(lane) >> c) & 1; }
  bool Inexact(uint32_t out, uint32_t lane, int c) const { return (d.Output(out).inexact.at(lane) >> c) & 1; }
  std::string Why(uint32_t out, uint32_t lane, int c) const {
    const common::OutputLanes& o = d.Output(out);
    if (lane >= o.lanes()) throw std::out_of_range("lane");
    return std::string(o.Reason(lane, c));
  }
  // Neither flag set.
  bool Clean(uint32_t out, uint32_t lane, int c) const { return !Undef(out, lane, c) && !Inexact(out, lane, c); }
};

inline Outcome RunText(std::string_view text, const common::TestVector& v, InterpreterOptions o = {}) {
  Outcome out;
  out.d = Interpret(Parse(text), v, o);
  EXPECT_EQ(out.d.status, common::ExecStatus::kOk) << out.d.detail;
  return out;
}

inline Outcome RunAny(std::string_view text, const common::TestVector& v, InterpreterOptions o = {}) {
  Outcome out;
  out.d = Interpret(Parse(text), v, o);
  return out;
}

// A one-instruction VERT shader: OUT[0] = OP(IN[0], IN[1], IN[2]) with the
// given operand text, e.g. UnaryShader("FRC OUT[0], IN[0]").
inline std::string VertShader(std::string_view body, int inputs = 3) {
  std::string s = "VERT\n";
  for (int i = 0; i < inputs; ++i) s += "DCL IN[" + std::to_string(i) + "]\n";
  s += "DCL OUT[0]\nDCL TEMP[0..3]\n";
  s += body;
  s += "\nEND\n";
  return s;
}

// Runs OP on one lane with IN[0..2] = a, b, c (VERT).
inline Outcome RunOp(std::string_view body, Vec4 a, Vec4 b = {}, Vec4 c = {}, InterpreterOptions o = {}) {
  common::TestVector v = Vector(tgsi::Processor::kVertex, 1);
  SetInput(v, 0, a);
  SetInput(v, 1, b);
  SetInput(v, 2, c);
  return RunText(VertShader(body), v, o);
}

}  // namespace shaderdiff::tgsi_exec::testing
