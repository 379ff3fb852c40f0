// What an ALU/OUT instruction reads (alu_reads.h).
#include "emulator/r500/isa/alu_reads.h"

namespace shaderdiff::r500 {

bool IsQuadDerivative(const Instr& in) {
  const uint32_t r = in.Get(Field::kRgbOp), a = in.Get(Field::kAlphaOp);
  return r == kRgbOpMdh || r == kRgbOpMdv || a == kAlphaOpMdh || a == kAlphaOpMdv;
}

bool UsesPresubtract(const Instr& in, bool rgb) {
  if (rgb) return in.Get(Field::kRgbSelA) == 3 || in.Get(Field::kRgbSelB) == 3 || in.Get(Field::kRgbSelC) == 3;
  return in.Get(Field::kAlphaSelA) == 3 || in.Get(Field::kAlphaSelB) == 3 || in.Get(Field::kAlphaSelC) == 3;
}

std::array<bool, 3> FetchedSlots(const Instr& in) {
  std::array<bool, 3> used{};
  for (Field sel : {Field::kRgbSelA, Field::kRgbSelB, Field::kRgbSelC, Field::kAlphaSelA, Field::kAlphaSelB,
                    Field::kAlphaSelC}) {
    const uint32_t v = in.Get(sel);
    if (v < 3) used[v] = true;
  }
  if (UsesPresubtract(in, true) || UsesPresubtract(in, false)) used[0] = used[1] = true;
  if (IsQuadDerivative(in)) used[0] = true;
  return used;
}

}  // namespace shaderdiff::r500
