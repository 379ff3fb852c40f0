// What a driver programs beside the instructions: where each shader input is
// preloaded, which varyings bary.f fetches, which registers hold the outputs
// when `end` runs, how TGSI constants and immediates are laid out in the
// const file, and which s#/t# each TGSI sampler unit uses (docs/isa-a3xx.md
// section 6). A compiled a3xx program is this state plus its instructions;
// compiler and emulator share it, as the hardware contract.
//
// Invariants:
// - Register numbers are scalar GPR numbers (4*n + c), kNoReg where a
//   component is not loaded / not read.
// - Const numbers are vec4 indices into the const file (c<n>.x = 4n).
// - tgsi_index values refer to the TGSI shader the program was compiled from.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "emulator/a3xx/isa/instr.h"

namespace shaderdiff::a3xx {

inline constexpr uint16_t kNoReg = 0xffff;

enum class ShaderStage : uint8_t { kVertex, kFragment };

// A TGSI IN or OUT register held in (up to) four scalar GPRs.
struct RegisterBinding {
  uint32_t tgsi_index = 0;
  std::array<uint16_t, 4> regs = {kNoReg, kNoReg, kNoReg, kNoReg};
  bool half = false;
  bool operator==(const RegisterBinding&) const = default;
};

enum class VaryingInterp : uint8_t { kPerspective, kLinear, kFlat };

// A fragment-shader TGSI IN register fetched with bary.f: component c of
// IN[tgsi_index] is packed varying component `inloc + c` (for c in mask).
struct VaryingBinding {
  uint32_t tgsi_index = 0;
  uint16_t inloc = 0;
  uint8_t mask = 0xF;
  VaryingInterp interp = VaryingInterp::kPerspective;
  bool operator==(const VaryingBinding&) const = default;
};

// A system value (TGSI SV register by semantic name, e.g. "VERTEXID",
// "INSTANCEID", "FACE", "POSITION") preloaded into GPRs.
struct SystemValueBinding {
  std::string semantic;
  uint32_t tgsi_index = 0;
  std::array<uint16_t, 4> regs = {kNoReg, kNoReg, kNoReg, kNoReg};
  bool operator==(const SystemValueBinding&) const = default;
};

// TGSI CONST[buffer][index] lives in const vec4 `const_vec4`.
struct ConstBinding {
  uint32_t buffer = 0;
  uint32_t index = 0;
  uint16_t const_vec4 = 0;
  bool operator==(const ConstBinding&) const = default;
};

// Words the driver uploads into const vec4 `const_vec4` (immediates that do
// not fit in an instruction).
struct ImmediateConst {
  uint16_t const_vec4 = 0;
  std::array<uint32_t, 4> words = {0, 0, 0, 0};
  bool operator==(const ImmediateConst&) const = default;
};

// The texture type a3xx's texture descriptor holds (A3XX_TEX_CONST_0.TYPE:
// 1D, 2D, CUBE, 3D). Arrays are not a separate type: the descriptor carries
// a layer count and the cat5 instruction the .a flag. There is no cube-array
// type: a3xx has no cube-map arrays (freedreno exposes them from a4xx on).
enum class TextureType : uint8_t { k1D, k2D, k3D, kCube };

// TGSI SAMP[tgsi_unit] (with its texture) is sampled as s#samp, t#tex.
// `type` is the texture descriptor's type: cat5 `.3d` addresses a cube map
// when it is kCube, a 3-D texture otherwise. `unnormalized` is the sampler
// state bit (A3XX_TEX_SAMP_0.UNNORM_COORDS) that makes sam take texel
// coordinates: GL rectangle textures (2D only). Shadow comparison needs no
// state here: the instruction's .s flag selects it and the compare function
// is part of the texture unit (common::TextureUnit).
struct SamplerBinding {
  uint32_t tgsi_unit = 0;
  uint8_t samp = 0;
  uint8_t tex = 0;
  TextureType type = TextureType::k2D;
  bool unnormalized = false;
  bool operator==(const SamplerBinding&) const = default;
};

struct ShaderState {
  ShaderStage stage = ShaderStage::kVertex;
  // VS attributes (VFD) and FS inputs the hardware preloads (gl_FragCoord,
  // front-facing) that are TGSI IN registers.
  std::vector<RegisterBinding> inputs;
  // FS inputs fetched with bary.f; the i/j pair is preloaded into
  // ij_reg, ij_reg + 1.
  std::vector<VaryingBinding> varyings;
  uint16_t ij_reg = 0;  // r0.x, as ir3 always programs it
  std::vector<SystemValueBinding> system_values;
  std::vector<RegisterBinding> outputs;
  std::vector<ConstBinding> consts;
  std::vector<ImmediateConst> immediates;
  std::vector<SamplerBinding> samplers;
  // Register footprint: vec4 registers 0 .. full_regs - 1 (and half_regs)
  // are used. The emulator rejects programs above the generation's file.
  uint16_t full_regs = 0;
  uint16_t half_regs = 0;
  bool operator==(const ShaderState&) const = default;
};

struct Program {
  ShaderState state;
  std::vector<Instr> instrs;
};

}  // namespace shaderdiff::a3xx
