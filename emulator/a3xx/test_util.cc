// Test helpers (see test_util.h).
#include "emulator/a3xx/test_util.h"

namespace shaderdiff::a3xx::emutest {

Program Asm(std::string_view text, const ShaderState& state) {
  Program p;
  p.state = state;
  AsmResult r = Assemble(text);
  if (!r.ok()) {
    ADD_FAILURE() << "assembly failed: " << r.error->ToString() << "\n" << text;
    return p;
  }
  p.instrs = std::move(r.program);
  return p;
}

RegisterBinding Bind(uint32_t tgsi_index, IoField field, int vec4, uint8_t mask, bool half) {
  return RegisterBinding{tgsi_index, RegisterSpan{field, static_cast<int16_t>(4 * vec4), mask, half}};
}

ShaderState VsState(std::vector<int> outs, std::vector<int> ins) {
  ShaderState s;
  s.stage = ShaderStage::kVertex;
  for (size_t i = 0; i < outs.size(); ++i) s.outputs.push_back(Bind(static_cast<uint32_t>(i), IoField::kVsVarying, outs[i]));
  for (size_t i = 0; i < ins.size(); ++i) s.inputs.push_back(Bind(static_cast<uint32_t>(i), IoField::kVsAttribute, ins[i]));
  return s;
}

ShaderState FsState(std::vector<int> outs) {
  ShaderState s;
  s.stage = ShaderStage::kFragment;
  for (size_t i = 0; i < outs.size(); ++i) s.outputs.push_back(Bind(static_cast<uint32_t>(i), IoField::kFsColor, outs[i]));
  return s;
}

common::TestVector VsVector(uint32_t lanes) {
  common::TestVector v;
  v.stage = tgsi::Processor::kVertex;
  v.lanes = lanes;
  return v;
}

common::TestVector FsVector(uint32_t lanes) {
  common::TestVector v;
  v.stage = tgsi::Processor::kFragment;
  v.lanes = lanes;
  return v;
}

void SetInput(common::TestVector& v, uint32_t index, common::Vec4 value) {
  v.inputs[index] = common::LaneVec4s(v.lanes, value);
}

EmulationResult Execute(const Program& program, const common::TestVector& vector, HazardMode mode) {
  EmulatorOptions o;
  o.hazards = mode;
  return Emulate(program, vector, o);
}

EmulationResult RunVs(std::string_view text, int out_vec4, std::vector<common::Vec4> consts, HazardMode mode,
                      uint32_t lanes) {
  ShaderState s = VsState({out_vec4});
  common::TestVector v = VsVector(lanes);
  for (size_t i = 0; i < consts.size(); ++i) {
    s.consts.push_back(ConstBinding{0, static_cast<uint32_t>(i), static_cast<uint16_t>(i)});
    v.constants[0][static_cast<uint32_t>(i)] = consts[i];
  }
  return Execute(Asm(text, s), v, mode);
}

Word Out(const EmulationResult& r, uint32_t out, uint32_t lane, int comp) {
  const common::OutputLanes* o = r.result.FindOutput(out);
  if (o == nullptr || lane >= o->lanes()) {
    ADD_FAILURE() << "no OUT[" << out << "] lane " << lane << " (status " << static_cast<int>(r.result.status)
                  << ": " << r.result.detail << ")";
    return 0xdeadbeefu;
  }
  return o->words[lane][comp];
}

std::vector<std::string> HazardStrings(const EmulationResult& r) {
  std::vector<std::string> out;
  for (const Hazard& h : r.hazards) out.push_back(h.ToString());
  return out;
}

}  // namespace shaderdiff::a3xx::emutest
