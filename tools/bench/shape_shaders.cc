// The shape generators of shape_shaders.h: TGSI text in tgsi_dump's form.
#include "tools/bench/shape_shaders.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "compiler/tgsi/parser.h"

namespace shaderdiff::bench {

const char* ShapeName(Shape shape) {
  switch (shape) {
    case Shape::kIfNest: return "if-nest";
    case Shape::kIfElseNest: return "if-else-nest";
    case Shape::kLoopNest: return "loop-nest";
    case Shape::kStraightLine: return "straight-line";
    case Shape::kWide: return "wide";
  }
  return "?";
}

std::string ShapeShaderText(Shape shape, int size) {
  std::vector<std::string> body = {"MOV TEMP[0], IN[0]"};
  switch (shape) {
    case Shape::kIfNest:
      for (int i = 0; i < size; ++i) body.push_back("IF TEMP[0].xxxx :0");
      body.push_back("ADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy");
      for (int i = 0; i < size; ++i) body.push_back("ENDIF");
      break;
    case Shape::kIfElseNest:
      for (int i = 0; i < size; ++i) {
        body.push_back("IF TEMP[0].xxxx :0");
        body.push_back("ADD TEMP[0], TEMP[0], IMM[0].yyyy");
      }
      for (int i = 0; i < size; ++i) {
        body.push_back("ELSE :0");
        body.push_back("MUL TEMP[0], TEMP[0], IMM[0].wwww");
        body.push_back("ENDIF");
      }
      break;
    case Shape::kLoopNest:
      for (int i = 0; i < size; ++i) body.push_back("BGNLOOP :0");
      body.push_back("ADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy");
      for (int i = 0; i < size; ++i) {
        body.push_back("BRK");
        body.push_back("ENDLOOP :0");
      }
      break;
    case Shape::kStraightLine:
      for (int i = 0; i < size; ++i) {
        body.push_back("MAD TEMP[" + std::to_string((i + 1) % 2) + "], TEMP[" + std::to_string(i % 2) +
                       "], IMM[0].yyyy, IN[0]");
      }
      break;
    case Shape::kWide:
      for (int i = 0; i < size; ++i) {
        body.push_back("MUL TEMP[1], IN[0], CONST[0][" + std::to_string(i % 200) + "]");
        body.push_back("ADD TEMP[0], TEMP[0], TEMP[1]");
      }
      break;
  }
  body.push_back("MOV OUT[0], TEMP[0]");
  body.push_back("END");
  std::string text =
      "FRAG\n"
      "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
      "DCL OUT[0], COLOR\n"
      "DCL CONST[0][0..199]\n"
      "DCL TEMP[0..1]\n"
      "IMM[0] FLT32 {    1.0000,     0.5000,     0.0000,     2.0000}\n";
  for (size_t i = 0; i < body.size(); ++i) text += "  " + std::to_string(i) + ": " + body[i] + "\n";
  return text;
}

tgsi::Shader ShapeShader(Shape shape, int size) {
  tgsi::ParseResult r = tgsi::ParseShader(ShapeShaderText(shape, size));
  if (!r.ok()) {
    std::fprintf(stderr, "%s %d: %s\n", ShapeName(shape), size, r.error->ToString("generated.tgsi").c_str());
    std::exit(1);
  }
  return std::move(r.shader);
}

}  // namespace shaderdiff::bench
