// lower_int_booleans: integer booleans (0 / ~0) as float 1.0 / +0.0, for
// targets whose ALU computes floats only (r500's naive build calls it).
//
// NIR writes float compares as FSLT/FSGE/FSEQ/FSNE, whose result is the
// integer word ~0 or 0, and consumes them with UIF, UCMP's condition,
// AND/OR/XOR/NOT between booleans and AND with a float ("b ? x : 0"). Where
// every use of every such value is one of those, the shader computes the
// same outputs with each boolean held as 1.0 (true) or +0.0 (false):
//
//   FSLT/FSGE/FSEQ/FSNE a, b -> SLT/SGE/SEQ/SNE a, b  (NaN: false, FSNE
//                               true, as the set ops; -0 == +0 in both)
//   UIF b                    -> IF b          (1.0 != 0, +0.0 == 0)
//   UCMP d, b, x, y          -> CMP d, -b, x, y   (-1 < 0 picks x; -0 is
//                               not < 0 and picks y)
//   AND d, b, x (x boolean or any value word) -> CMP d, -b, x, b
//                               (b ? x : the +0.0 that b is)
//   OR d, b, c  -> MAX d, b, c;   XOR -> SNE d, b, c;   NOT d, b -> SGE d, -b, b
//   MOV of a boolean stays a MOV (1.0 / 0.0 copied).
//
// The proof is per TEMP component over the reaching definitions
// (reaching_defs.h; a TEMP may hold a boolean, then a float): every
// definition is typed boolean, value (an exact word: computed the same way
// in both encodings), zero (word 0, which both encodings read alike: the
// entry value and AND with zero) or conflict, to a fixed point; MOV, UCMP's
// arms and AND carry their operands' types. The shader is lowered only when
// no definition is a conflict, no boolean reaches a value use (a float op,
// a store to OUT, integer arithmetic), no value reaches a boolean use (UIF,
// UCMP's condition, OR/XOR/NOT), AND has a boolean operand, no integer
// operand has a modifier (integer negate of ~0 is 1), no boolean is read
// through a float modifier or _SAT, and no other integer or double opcode
// is left. Otherwise nothing changes and `refusal` says why: the target
// then reports its first integer opcode, as before.
//
// The output has the input's instructions one for one (labels and items
// stay valid) and no new register or immediate.
#pragma once

#include <optional>
#include <string>

#include "compiler/tgsi/ast.h"

namespace shaderdiff::compiler {

struct BooleanLowering {
  std::optional<tgsi::Shader> shader;  // the lowered shader; nullopt: unchanged
  std::string refusal;                 // why not, when the shader has integer opcodes
  uint32_t rewrites = 0;               // instructions rewritten
};

BooleanLowering LowerIntBooleans(const tgsi::Shader& shader);

}  // namespace shaderdiff::compiler
