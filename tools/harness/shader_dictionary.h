// The shader's own dictionary: values for its inputs and constants that the
// seeded random values would almost never hit, found by one static pass
// over the instructions (as AFL takes a dictionary of tokens from a target).
//
// The pass (AnalyzeShader) follows, in program order, which input and
// constant components feed each TEMP component as an affine expression
// `offset + sum(scale_i * slot_i)` through MOV, ADD/UADD, MUL/UMUL, MAD/UMAD
// by constants, SHL/USHR/ISHR by constants, INEG, negation, and the
// conversions and roundings (I2F, U2F, F2I, F2U, FLR, TRUNC, ROUND, CEIL:
// treated as keeping the number). Anything else makes the written
// components unknown. A slot is one component of one IN, CONST or SV
// register read directly; it is read "as a float" or "as an integer" by the
// first typed operation on its path (that decides how a value is encoded).
// A TEMP component written inside a loop is, inside that loop, a loop
// variable: unknown, except that its value at loop entry is remembered.
// Control flow is otherwise ignored (a value written under an IF counts
// after the ENDIF): the result is a heuristic, never a correctness claim.
//
// What it collects:
// - tokens: every immediate component read by a float operation, and its
//   neighbours 1 ulp away (among normal numbers: 0's neighbours are
//   +-FLT_MIN, so no denormal whose meaning depends on the denormal mode;
//   an immediate zero brings -0 too, the one value x + 0.0 changes);
//   every immediate read by an integer operation, and it +-1;
// - boundary values per slot: for each comparison (SLT/SGE/SEQ/SNE/SGT/SLE,
//   FSLT/FSGE/FSEQ/FSNE, ISLT/ISGE, USLT/USGE/USEQ/USNE; IF and KILL_IF
//   against 0.0, UIF/BREAKC against 0, CMP / UCMP selectors against 0.0 / 0,
//   SWITCH against each CASE value) of a single-slot expression with a
//   constant, the slot values that put it just below, on and just above the
//   constant (1 ulp or 1 apart); against a loop variable whose entry value
//   is a constant c0 (a loop bound compared with its counter), the values
//   that make it c0-1, c0, c0+1 and c0+2; and a loop variable whose entry
//   value is a single slot, compared with a constant c (a counter started
//   from an input), entry values that make it c-2 .. c+1;
// - links: comparisons of two single-slot expressions (A*2 < B + 1): A may
//   take the value that makes them equal, or 1 ulp / 1 off it, which random
//   values would not;
// - bit patterns: a slot read directly by AND, OR, XOR or NOT (a boolean
//   uniform, as Mesa stores them) gets 0 and ~0 as boundary values; an AND
//   with a constant whose low 16 bits are all set is taken as keeping small
//   values (a mask on an index);
// - index ranges per slot: for every relatively addressed operand
//   (`FILE[ADDR[a].c + k]`, its ARRAY or the declaration holding index k),
//   the values of the slots in the ADDR expression (from ARL / ARR, read as
//   floats, or UARL, as integers) that keep the index inside it. A sum of n
//   slot terms gives each term 1/n of the range; several uses of one slot
//   intersect (the first wins if they do not overlap).
//
// Invariants: AnalyzeShader is a pure, deterministic function of the
// instructions and declarations; every container is ordered, so iterating
// it is deterministic; every value is already encoded as the 32-bit word the
// shader reads (FromFloat for float-read slots, two's complement for
// integer-read ones).
#pragma once

#include <compare>
#include <cstdint>
#include <map>
#include <vector>

#include "compiler/tgsi/ast.h"
#include "emulator/common/words.h"

namespace shaderdiff::harness {

// One component of an IN, CONST or SV register, read directly.
struct Slot {
  tgsi::File file = tgsi::File::kInput;
  uint32_t buffer = 0;  // CONST[b][i]: b; 0 otherwise
  uint32_t index = 0;
  uint8_t component = 0;
  auto operator<=>(const Slot&) const = default;
};

// How the shader reads a slot's word.
enum class SlotRead : uint8_t { kUnknown, kFloat, kInt };

// A comparison of two slot expressions, a*to + b against c*from + d: `to`
// may take the value that makes them equal, to = scale * from + offset
// (from read as from_read, to encoded as to_read).
struct SlotLink {
  Slot to, from;
  SlotRead to_read = SlotRead::kFloat, from_read = SlotRead::kFloat;
  SlotRead as = SlotRead::kFloat;  // the comparison's type (1 ulp or 1 apart)
  double scale = 1, offset = 0;
  auto operator<=>(const SlotLink&) const = default;
};

// Values keeping a relative index in range: [low, high] (encoded per `read`).
struct IndexRange {
  int64_t low = 0, high = 0;
  SlotRead read = SlotRead::kInt;
};

struct ShaderDictionary {
  std::vector<common::Word> float_tokens, int_tokens;   // sorted, unique
  std::map<Slot, std::vector<common::Word>> boundaries;  // per slot: sorted, unique
  std::vector<SlotLink> links;                           // sorted, unique
  std::map<Slot, IndexRange> indices;
  std::map<Slot, SlotRead> reads;                        // how each slot seen is read

  bool empty() const {
    return float_tokens.empty() && int_tokens.empty() && boundaries.empty() && links.empty() && indices.empty();
  }
};

ShaderDictionary AnalyzeShader(const tgsi::Shader& shader);

// The word encoding `value` for a slot read as `read` (kUnknown: float).
common::Word EncodeSlotValue(double value, SlotRead read);

}  // namespace shaderdiff::harness
