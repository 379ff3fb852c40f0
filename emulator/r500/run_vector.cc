// RunVector: one RunQuad per 2x2 quad of a test vector (see run_vector.h).
#include "emulator/r500/run_vector.h"

#include <string>

namespace shaderdiff::r500 {
namespace {

common::ExecResult Error(std::string detail, std::string path = "") {
  common::ExecResult r;
  r.status = common::ExecStatus::kError;
  r.detail = std::move(detail);
  r.vector_path = std::move(path);
  return r;
}

}  // namespace

// The State a CheckedProgram's vector fills differs from the one
// CheckedProgram::Check accepted only in constant values and texture
// contents, which CheckedState::Check does not read and the pre-decoded
// records do not hold (they are made from the code alone).
struct CheckedByProgram {
  static CheckedState Of(const State& s, std::shared_ptr<const DecodedCode> decoded) {
    return CheckedState(s, std::move(decoded));
  }
  static std::shared_ptr<const DecodedCode> DecodedOf(const CheckedState& c) { return c.decoded_; }
};

namespace {

// `decoded`: the CheckedProgram's records, or null to check the program here.
VectorRun Run(const FragmentProgram& program, const std::shared_ptr<const DecodedCode>* decoded,
              const common::TestVector& vector, const RunOptions& options) {
  VectorRun run;
  const uint32_t lanes = vector.lanes;
  if (vector.stage != tgsi::Processor::kFragment || lanes % kQuadPixels != 0) {
    run.result = Error("the r500 target runs fragment vectors of whole 2x2 quads (lanes a multiple of 4)");
    return run;
  }
  State state = program.state;
  for (const ConstBinding& b : program.consts) {
    const auto buf = vector.constants.find(0);
    const bool found = buf != vector.constants.end() && buf->second.count(b.const_index) != 0;
    if (!found) {
      run.result = Error("missing constant CONST[" + std::to_string(b.const_index) + "]", "constants.0");
      return run;
    }
    state.consts[b.slot] = buf->second.at(b.const_index);
  }
  for (const SamplerBinding& s : program.samplers) {
    const auto it = vector.textures.find(s.unit);
    if (it == vector.textures.end()) {
      run.result = Error("missing texture " + std::to_string(s.unit), "textures");
      return run;
    }
    state.textures[s.unit] = {true, s.target, it->second};
  }
  for (const InputBinding& b : program.inputs) {
    if (!common::HasFragmentInput(vector, b.in_index)) {
      run.result = Error("missing input IN[" + std::to_string(b.in_index) + "]", "inputs");
      return run;
    }
    const auto it = vector.inputs.find(b.in_index);
    if (it != vector.inputs.end() && it->second.size() != lanes) {
      run.result = Error("input IN[" + std::to_string(b.in_index) + "] has the wrong number of lanes",
                         "inputs." + std::to_string(b.in_index));
      return run;
    }
  }

  // The program is checked once for all the vector's quads (it does not
  // change between them); a refusal is what RunQuad reports for one.
  std::string refused;
  const std::optional<CheckedState> checked =
      decoded != nullptr ? CheckedByProgram::Of(state, *decoded) : CheckedState::Check(state, &refused);
  if (!checked) {
    run.result = Error("refused: " + refused);
    return run;
  }

  common::ExecResult& res = run.result;
  for (const OutputBinding& o : program.outputs) res.AddOutput(o.out_index, lanes, false);
  res.killed.assign(lanes, false);
  for (uint32_t first = 0; first < lanes; first += kQuadPixels) {
    Quad quad;
    for (const InputBinding& b : program.inputs) {
      QuadInput qi;
      qi.temp = b.temp;
      for (int p = 0; p < kQuadPixels; ++p)
        for (int c = 0; c < 4; ++c) qi.value[p][c] = common::FragmentInputWord(vector, b.in_index, first + p, c, b.interp);
      quad.inputs.push_back(qi);
    }
    RunResult q = RunQuad(*checked, quad, options);
    run.cycles += q.cycles;
    run.instructions += q.instructions;
    run.nop_cycles += q.nop_cycles;
    run.wait_cycles += q.wait_cycles;
    res.instructions_executed += q.instructions;
    if (run.hazards.empty()) run.hazards = q.hazards;
    if (!q.error.empty()) {
      if (!q.hazards.empty() && options.trap) return run;  // the hazard is the outcome
      const bool unsupported = q.error.rfind("unsupported:", 0) == 0;
      VectorRun failed;
      failed.result = Error(q.error);
      if (unsupported) failed.result.status = common::ExecStatus::kUnsupported;
      if (q.error.find("max_steps") != std::string::npos) failed.result.status = common::ExecStatus::kTimeout;
      failed.hazards = run.hazards;
      failed.cycles = run.cycles;
      return failed;
    }
    for (int p = 0; p < kQuadPixels; ++p) {
      const uint32_t lane = first + static_cast<uint32_t>(p);
      const PixelResult& px = q.pixels[p];
      res.killed[lane] = px.killed;
      for (const OutputBinding& o : program.outputs) {
        common::Vec4& w = res.FindOutput(o.out_index)->words[lane];
        if (o.kind == OutputBinding::Kind::kColor) {
          w = px.color[o.target];
        } else {
          w[2] = px.depth;
        }
      }
    }
  }
  return run;
}

}  // namespace

VectorRun RunVector(const FragmentProgram& program, const common::TestVector& vector, const RunOptions& options) {
  return Run(program, nullptr, vector, options);
}

VectorRun RunVector(const CheckedProgram& program, const common::TestVector& vector, const RunOptions& options) {
  return Run(program.program(), &program.decoded_, vector, options);
}

std::optional<CheckedProgram> CheckedProgram::Check(const FragmentProgram& program, std::string* why) {
  State state = program.state;
  for (const SamplerBinding& s : program.samplers) state.textures[s.unit] = {true, s.target, {}};
  const std::optional<CheckedState> checked = CheckedState::Check(state, why);
  if (!checked) return std::nullopt;
  return CheckedProgram(program, CheckedByProgram::DecodedOf(*checked));
}

}  // namespace shaderdiff::r500
