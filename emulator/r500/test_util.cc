#include "emulator/r500/test_util.h"

#include <gtest/gtest.h>

#include "emulator/r500/isa/text.h"

namespace shaderdiff::r500::test {

State Program(std::string_view text) {
  State s;
  auto r = Assemble(text);
  if (auto* e = std::get_if<AsmError>(&r)) {
    ADD_FAILURE() << e->ToString();
    return s;
  }
  s.code = std::get<std::vector<Instr>>(r);
  return s;
}

common::Word F(float f) { return common::FromFloat(f); }
float AsF(common::Word w) { return common::AsFloat(w); }
common::Vec4 V(float x, float y, float z, float w) { return {F(x), F(y), F(z), F(w)}; }

Quad QuadWith(int temp, const std::array<common::Vec4, kQuadPixels>& values) {
  Quad q;
  q.inputs.push_back({temp, values});
  return q;
}

bool HasHazard(const RunResult& r, std::string_view kind) {
  for (const Hazard& h : r.hazards)
    if (h.kind == kind) return true;
  return false;
}

}  // namespace shaderdiff::r500::test
