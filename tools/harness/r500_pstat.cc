// R500 program statistics in pstat's categories (r500_pstat.h).
#include "tools/harness/r500_pstat.h"

#include <algorithm>

namespace shaderdiff::harness {
namespace {

using r500::Field;
using r500::Instr;
using r500::InstrType;

// The highest temporary a program addresses, +1; 0 while there is none.
struct TempHigh {
  uint32_t count = 0;
  void Add(uint32_t index) { count = std::max(count, index + 1); }
  // An ALU/OUT source slot: a temporary when it is neither a constant nor an inline constant (A.5).
  void AddSource(uint32_t addr, bool constant) {
    if (!constant && (addr & 0x80) == 0) Add(addr);
  }
};

bool SelectsSrcp(const Instr& in, Field a, Field b, Field c) {
  constexpr uint32_t kSrcp = 3;
  return in.Get(a) == kSrcp || in.Get(b) == kSrcp || in.Get(c) == kSrcp;
}

}  // namespace

R500Pstat CountR500Pstat(const r500::FragmentProgram& program) {
  R500Pstat s;
  TempHigh temps;
  for (const r500::InputBinding& input : program.inputs) temps.Add(static_cast<uint32_t>(input.temp));
  const std::vector<Instr>& code = program.state.code;
  for (size_t i = 0; i < code.size(); ++i) {
    const Instr& in = code[i];
    ++s.instructions;
    switch (in.type()) {
      case InstrType::kFc:
        ++s.flow_control;
        break;
      case InstrType::kTex:
        ++s.tex;
        temps.Add(in.Get(Field::kTexSrc));
        if (in.Get(Field::kTexOp) != 2 /* texkill writes nothing */) temps.Add(in.Get(Field::kTexDst));
        break;
      case InstrType::kAlu:
      case InstrType::kOut: {
        const bool result_consumed = i + 1 < code.size() && code[i + 1].type() == InstrType::kFc;
        const bool result_alpha = in.Get(Field::kAluResultSel) == 1;
        const bool rgb = in.Get(Field::kRgbWmask) != 0 || in.Get(Field::kRgbOmask) != 0 ||
                         (result_consumed && !result_alpha);
        const bool alpha = in.Get(Field::kAlphaWmask) != 0 || in.Get(Field::kAlphaOmask) != 0 ||
                           in.Get(Field::kWOmask) != 0 || (result_consumed && result_alpha);
        s.vector += rgb;
        s.scalar += alpha;
        s.presubtract += rgb && SelectsSrcp(in, Field::kRgbSelA, Field::kRgbSelB, Field::kRgbSelC);
        s.presubtract += alpha && SelectsSrcp(in, Field::kAlphaSelA, Field::kAlphaSelB, Field::kAlphaSelC);
        temps.AddSource(in.Get(Field::kRgbAddr0), in.Get(Field::kRgbConst0));
        temps.AddSource(in.Get(Field::kRgbAddr1), in.Get(Field::kRgbConst1));
        temps.AddSource(in.Get(Field::kRgbAddr2), in.Get(Field::kRgbConst2));
        temps.AddSource(in.Get(Field::kAlphaAddr0), in.Get(Field::kAlphaConst0));
        temps.AddSource(in.Get(Field::kAlphaAddr1), in.Get(Field::kAlphaConst1));
        temps.AddSource(in.Get(Field::kAlphaAddr2), in.Get(Field::kAlphaConst2));
        if (in.Get(Field::kRgbWmask) != 0) temps.Add(in.Get(Field::kRgbDest));
        if (in.Get(Field::kAlphaWmask) != 0) temps.Add(in.Get(Field::kAlphaDest));
        break;
      }
    }
  }
  s.temporaries = temps.count;
  return s;
}

}  // namespace shaderdiff::harness
