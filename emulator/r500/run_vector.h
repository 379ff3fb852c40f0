// Runs a compiled R500 fragment program on a whole test vector
// (emulator/common/test_vector.h): lanes 4k..4k+3 are one 2x2 quad in the
// reference interpreter's pixel order (top-left, top-right, bottom-left,
// bottom-right, the order its DDX/DDY pair lanes by), every pixel covered.
// Before each quad the rasterizer's work is done here (A.1): each bound
// fragment input is interpolated per pixel by the shared model
// (common::FragmentInputWord, flat or centroid as the program declares) and
// preloaded into its temporary; CONST[i] of the vector fills the constant
// slot the program bound it to; textures fill their units. The result has
// the layout every executor returns (outputs per lane by OUT index, killed
// lanes), plus the hazards and cycle counts summed over the quads.
//
// Invariants: a program that cannot run on the vector (a missing input, a
// lane count that is not a multiple of 4, a refused state) is an error
// result, never a guessed value; with `trap` the first hazard stops the run.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "emulator/common/interpolation.h"
#include "emulator/common/test_vector.h"
#include "emulator/r500/emulator.h"

namespace shaderdiff::r500 {

// IN[in_index] is preloaded into temporary `temp` of every pixel.
struct InputBinding {
  uint32_t in_index = 0;
  int temp = 0;
  common::Interp interp = common::Interp::kSmooth;
};

// CONST[const_index] (buffer 0) of the vector is constant slot `slot`.
struct ConstBinding {
  uint32_t const_index = 0;
  int slot = 0;
};

// OUT[out_index] is render target `target`'s colour (kColor), or its .z is
// the depth output (kDepth).
struct OutputBinding {
  enum class Kind : uint8_t { kColor, kDepth };
  uint32_t out_index = 0;
  Kind kind = Kind::kColor;
  int target = 0;
};

// The vector's texture `unit` is bound to TEX_ID `unit` with `target`.
struct SamplerBinding {
  uint32_t unit = 0;
  tgsi::TextureTarget target = tgsi::TextureTarget::k2D;
};

// A program and how the driver feeds it: what a compiler hands the harness.
struct FragmentProgram {
  State state;  // code, immediate constants and the rest; per-vector parts are filled by RunVector
  std::vector<InputBinding> inputs;
  std::vector<ConstBinding> consts;
  std::vector<OutputBinding> outputs;
  std::vector<SamplerBinding> samplers;
};

struct VectorRun {
  common::ExecResult result;
  std::vector<Hazard> hazards;  // of the first quad that had any
  uint64_t cycles = 0, instructions = 0, nop_cycles = 0, wait_cycles = 0;  // summed over quads
};

VectorRun RunVector(const FragmentProgram& program, const common::TestVector& vector, const RunOptions& options = {});

// A program whose state CheckedState::Check accepts once its samplers are
// bound, which is the state every vector gives it (constant values and
// texture contents do not enter the check). RunVector on it skips the
// per-vector program check and runs the instructions pre-decoded here
// once (decoded.h); it refers to the program, which must outlive it and
// not change. A program Check refuses is run with the
// FragmentProgram overload, whose results say why for each vector.
class CheckedProgram {
 public:
  static std::optional<CheckedProgram> Check(const FragmentProgram& program, std::string* why);
  const FragmentProgram& program() const { return *program_; }

 private:
  friend VectorRun RunVector(const CheckedProgram&, const common::TestVector&, const RunOptions&);
  CheckedProgram(const FragmentProgram& p, std::shared_ptr<const DecodedCode> decoded)
      : program_(&p), decoded_(std::move(decoded)) {}
  const FragmentProgram* program_;
  std::shared_ptr<const DecodedCode> decoded_;
};

VectorRun RunVector(const CheckedProgram& program, const common::TestVector& vector, const RunOptions& options = {});

}  // namespace shaderdiff::r500
