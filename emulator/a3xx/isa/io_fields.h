// The a3xx shader I/O register fields as data (docs/isa-a3xx.md §6, the
// register layouts of freedreno's a3xx.xml): for every IoField the stage
// and ShaderState list it belongs to, the TGSI components it can carry, the
// component masks it can program, whether it has a half-precision bit, and
// the 8-bit register field(s) that hold its base. The emulator checks every
// binding against this table (emulator/a3xx/state_check.cc); the compilers
// choose masks with ProgrammedMask.
//
// Decisions (what the register layouts allow; where the docs are silent,
// the stricter reading):
// - Masked fields (VFD_DECODE_INSTR.WRITEMASK, SP_VS_OUT_REG.COMPMASK) take
//   any non-empty component subset. REGID names component x's register
//   (component c is written to / read from REGID + c), so it must be a
//   valid register number even when x is not in the mask.
// - Unmasked vec4 fields (SP_VS_PARAM_REG.POSREGID, SP_FS_MRT_REG.REGID)
//   always cover all four components.
// - Scalar fields name one component's register: PSIZEREGID, REGID4VTX,
//   REGID4INST and FACENESSREGID hold x; DEPTH_REGID holds z (a TGSI
//   fragment POSITION output carries the depth in z).
// - gl_FragCoord: FRAGCOORDXYREGID preloads x, y into two consecutive
//   registers and FRAGCOORDZWREGID z, w. The hardware fields are
//   independent; the binding is one span, so ZW = XY + 2 (what the driver
//   programs). The mask is a union of {x, y} and {z, w}.
// - Half precision only where the field has a HALF bit (SP_VS_OUT_REG,
//   SP_FS_MRT_REG). VFD_DECODE_INSTR has none: whether a half vertex format
//   could be fetched into half registers is undocumented, so attributes,
//   like every preloaded value, are full precision.
// - Register field values are 8 bits (0..255); which of those registers
//   exist is the generation's (Timing::num_full_vec4 / num_half_vec4).
// - Entries: 16 VFD_DECODE_INSTR, 32 varyings (16 SP_VS_OUT_REG of two
//   entries, A and B), 4 SP_FS_MRT_REG; one of every other field. The
//   interpolation modes (VPC_VARYING_INTERP_MODE, SP_FS_FLAT_SHAD_MODE_REG)
//   cover 64 packed varying components.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "emulator/a3xx/isa/shader_state.h"

namespace shaderdiff::a3xx {

// Which ShaderState list a field's bindings live in (a bit set: gl_FragCoord
// and front-facing are TGSI inputs or system values).
enum IoList : uint8_t { kInInputs = 1, kInSystemValues = 2, kInOutputs = 4 };

// One 8-bit register field of an IoField: when any component of `mask` is
// bound, the field holds the register of component `names` (base + names).
struct IoFieldPart {
  uint8_t mask = 0;
  uint8_t names = 0;
  std::string_view name;  // the register field, e.g. "HLSQ_CONTROL_1_REG.FRAGCOORDZWREGID"
};

struct IoFieldInfo {
  IoField field;
  std::string_view name;    // short, for messages: "VFD_DECODE_INSTR"
  ShaderStage stage;
  uint8_t lists;            // IoList bits
  uint8_t components;       // the TGSI components it can carry (bit c)
  bool any_mask;            // a mask field: any non-empty subset of `components`
  std::array<IoFieldPart, 2> parts;  // mask shapes otherwise: a union of parts' masks
  bool half;                // has a half-precision bit
  uint8_t entries;          // bindings a shader may have through it
};

// Packed varying components that have an interpolation mode: bary.f
// locations 0 .. kVaryingComponents - 1.
inline constexpr int kVaryingComponents = 64;

const IoFieldInfo& FieldInfo(IoField field);

// The mask a field must program so that the components in `wanted` are
// carried: `wanted` rounded up to the field's mask shapes (e.g. x of
// gl_FragCoord -> x, y; any component of a render target -> x, y, z, w).
// nullopt when the field cannot carry one of them (front-facing y).
std::optional<uint8_t> ProgrammedMask(IoField field, uint8_t wanted);

// The lowest component whose register a field programmed with `mask`
// names (0 for fields that name x's register; 2 for depth and for
// gl_FragCoord's zw pair alone): the registers of lower components are not
// needed, so a span can start there. 0 for an empty mask.
int FirstNamedComponent(IoField field, uint8_t mask);

// Why `span` is not something its field can hold (a component the field
// does not carry, a mask shape it cannot program, half precision without a
// HALF bit, a register field value outside 0..255), or nullopt. The
// register file bounds are checked by the emulator.
std::optional<std::string> CheckSpanShape(const RegisterSpan& span);

// "xyzw" letters of a mask ("xz"); "none" for 0.
std::string MaskName(uint8_t mask);

}  // namespace shaderdiff::a3xx
