// What a driver programs beside the instructions: where each shader input is
// preloaded, which varyings bary.f fetches, which registers hold the outputs
// when `end` runs, how TGSI constants and immediates are laid out in the
// const file, and which s#/t# each TGSI sampler unit uses (docs/isa-a3xx.md
// section 6). A compiled a3xx program is this state plus its instructions;
// compiler and emulator share it, as the hardware contract.
//
// Registers are bound the way the state registers program them: every
// input, output, position, render target, depth and preloaded system value
// is ONE register field (io_fields.h names it: VFD_DECODE_INSTR.REGID +
// WRITEMASK, SP_VS_OUT_REG.REGID + COMPMASK, SP_VS_PARAM_REG.POSREGID,
// SP_FS_MRT_REG.REGID, ...) giving a base register and a component mask,
// and component c of the bound TGSI register lives in scalar register
// base + c. A span therefore never scatters the components of one register
// and never packs two of them into one scalar. What each field can hold
// (which components, which mask shapes, half precision, how many entries)
// is io_fields.h's table; the emulator refuses any state that breaks it
// (emulator/a3xx/state_check.cc).
//
// Invariants:
// - Register numbers are scalar GPR numbers (4*n + c).
// - Const numbers are vec4 indices into the const file (c<n>.x = 4n).
// - tgsi_index values refer to the TGSI shader the program was compiled from.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "emulator/a3xx/isa/instr.h"

namespace shaderdiff::a3xx {

enum class ShaderStage : uint8_t { kVertex, kFragment };

// The state-register field that programs one binding (docs/isa-a3xx.md §6,
// freedreno's a3xx register map). io_fields.h has each field's rules.
enum class IoField : uint8_t {
  kVsAttribute,  // VFD_DECODE_INSTR[i]: REGID + WRITEMASK (a VS IN register)
  kVertexId,     // VFD_CONTROL_1.REGID4VTX
  kInstanceId,   // VFD_CONTROL_1.REGID4INST
  kVsVarying,    // SP_VS_OUT_REG[i] A/B: REGID + COMPMASK + HALF (a VS OUT register)
  kVsPosition,   // SP_VS_PARAM_REG.POSREGID
  kVsPointSize,  // SP_VS_PARAM_REG.PSIZEREGID
  kFragCoord,    // HLSQ_CONTROL_1_REG.FRAGCOORDXYREGID (x, y) and FRAGCOORDZWREGID (z, w)
  kFrontFacing,  // HLSQ_CONTROL_2_REG.FACENESSREGID
  kFsColor,      // SP_FS_MRT_REG[n]: REGID + HALF_PRECISION (render target n)
  kFsDepth,      // SP_FS_OUTPUT_REG.DEPTH_REGID (the z component of a TGSI POSITION output)
};

// Where one binding's components live: component c (bit c of `mask`) in
// scalar register base + c. `base` is the register component x occupies,
// bound or not, so it is negative only for a span whose low components are
// unbound (the depth field names z's register: base = DEPTH_REGID - 2).
// mask == 0 binds nothing (the driver programs the field as "none").
struct RegisterSpan {
  IoField field = IoField::kVsAttribute;
  int16_t base = 0;
  uint8_t mask = 0;
  bool half = false;  // half registers (hrN.c)
  bool Has(int c) const { return (mask >> c) & 1; }
  int Reg(int c) const { return base + c; }
  bool operator==(const RegisterSpan&) const = default;
};

// A TGSI IN or OUT register.
struct RegisterBinding {
  uint32_t tgsi_index = 0;
  RegisterSpan span;
  bool operator==(const RegisterBinding&) const = default;
};

enum class VaryingInterp : uint8_t { kPerspective, kLinear, kFlat };

// A fragment-shader TGSI IN register fetched with bary.f: component c of
// IN[tgsi_index] is packed varying component `inloc + c` (for c in mask).
// `interp` is what VPC_VARYING_INTERP_MODE / SP_FS_FLAT_SHAD_MODE_REG say
// for those components: a flat one delivers the provoking vertex's value
// (common/interpolation.h), whatever the i/j pair bary.f reads.
struct VaryingBinding {
  uint32_t tgsi_index = 0;
  uint16_t inloc = 0;
  uint8_t mask = 0xF;
  VaryingInterp interp = VaryingInterp::kPerspective;
  bool operator==(const VaryingBinding&) const = default;
};

// A system value (TGSI SV register by semantic name: "VERTEXID",
// "INSTANCEID", "FACE", "POSITION") preloaded into GPRs.
struct SystemValueBinding {
  std::string semantic;
  uint32_t tgsi_index = 0;
  RegisterSpan span;
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

// CONST[buffer][first .. first + count - 1] left in a UBO in global memory
// instead of the const file (what does not fit there; Mesa's a3xx path reads
// such constants with `ldg`): CONST[buffer][first + i].c is the 32-bit word
// at byte `address + 16 * i + 4 * c`, and const scalar `address_scalar`
// (c<n>.c is 4n + c) holds `address`, the driver's UBO-address constant
// (ir3's `ubo` const offset). The driver writes those bytes and that
// constant before the draw; a program reads the range with ldg.
struct GlobalConstRange {
  uint32_t buffer = 0;
  uint32_t first = 0;
  uint32_t count = 0;
  uint32_t address = 0;
  uint16_t address_scalar = 0;
  bool operator==(const GlobalConstRange&) const = default;
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
  // TGSI IN registers the hardware preloads: VS attributes (kVsAttribute),
  // FS gl_FragCoord (kFragCoord) and front-facing (kFrontFacing).
  std::vector<RegisterBinding> inputs;
  // FS inputs fetched with bary.f; the i/j pair is preloaded into
  // ij_reg, ij_reg + 1 (HLSQ_CONTROL_3_REG.REGID).
  std::vector<VaryingBinding> varyings;
  uint16_t ij_reg = 0;  // r0.x, as ir3 always programs it
  // false: HLSQ_CONTROL_3_REG.REGID is programmed as "none" (r63.x), as
  // ir3's driver does for a shader no bary.f of which reads the pair: then
  // nothing is preloaded for it and ij_reg is unused.
  bool ij_preloaded = true;
  // The centroid i/j pair (HLSQ_CONTROL_3_REG.IJPERSPCENTROIDREGID; what
  // fd3_program.c programs from ir3's SYSTEM_VALUE_BARYCENTRIC_PERSP_CENTROID
  // input): each lane's centroid pair (common::CentroidOf) preloaded into
  // centroid_ij_reg, centroid_ij_reg + 1 when centroid_ij_preloaded. false
  // (the default) is the field programmed "none" (r63.x), as freedreno does
  // when no bary.f reads the centroid pair; centroid_ij_reg is then unused.
  uint16_t centroid_ij_reg = 0;
  bool centroid_ij_preloaded = false;
  std::vector<SystemValueBinding> system_values;
  // TGSI OUT registers read at `end`: VS varyings, position and point size;
  // FS render targets (SP_FS_MRT_REG, up to four) and depth. Outputs may
  // share registers: each is its own register field.
  std::vector<RegisterBinding> outputs;
  std::vector<ConstBinding> consts;
  std::vector<ImmediateConst> immediates;
  // Constant ranges in global memory (GlobalConstRange), each with its
  // address in the const file.
  std::vector<GlobalConstRange> global_consts;
  std::vector<SamplerBinding> samplers;
  // Register footprint: vec4 registers 0 .. full_regs - 1 (and half_regs)
  // are used. The emulator rejects programs above the generation's file.
  uint16_t full_regs = 0;
  uint16_t half_regs = 0;
  // Private memory (cat6 ldp/stp) per fiber, as SP_VS_PVT_MEM_PARAM_REG /
  // SP_FS_PVT_MEM_PARAM_REG.MEMSIZEPERITEM programs it: an 8-bit count of
  // Timing::pvt_mem_unit_bytes (128-byte) units; 0: the shader has none
  // (emulator/a3xx/README.md, "Private memory").
  uint8_t pvt_mem_units = 0;
  bool operator==(const ShaderState&) const = default;
};

struct Program {
  ShaderState state;
  std::vector<Instr> instrs;
};

}  // namespace shaderdiff::a3xx
