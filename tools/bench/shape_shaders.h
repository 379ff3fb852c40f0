// Generated fragment shaders of a chosen shape and size, for measuring how
// compile time grows (compile_shape_benchmark) and for compile-budget
// tests. Each is valid TGSI that both a3xx builds accept up to the program
// size a3xx can branch over (16-bit offsets; past that the compile runs
// every pass and reports unsupported "program size").
//
//   kIfNest       depth nested IF (no ELSE), one scalar ADD innermost
//   kIfElseNest   depth nested IF/ELSE, a vec4 ADD in each then and a vec4
//                 MUL in each else (every level a join with a live vec4)
//   kLoopNest     depth nested BGNLOOP, one scalar ADD innermost, a BRK
//                 before each ENDLOOP
//   kStraightLine `size` dependent vec4 MADs, no flow control
//   kWide         `size` independent vec4 MULs of IN[0] by constants, each
//                 added into one sum: wide ready lists for the scheduler and
//                 register pressure for the allocator
#pragma once

#include <string>

#include "compiler/tgsi/ast.h"

namespace shaderdiff::bench {

enum class Shape { kIfNest, kIfElseNest, kLoopNest, kStraightLine, kWide };

const char* ShapeName(Shape shape);
std::string ShapeShaderText(Shape shape, int size);
// Parsed; exits with a message if the generated text does not parse.
tgsi::Shader ShapeShader(Shape shape, int size);

}  // namespace shaderdiff::bench
