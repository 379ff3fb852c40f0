// The I/O field table and its helpers (see io_fields.h).
#include "emulator/a3xx/isa/io_fields.h"

#include <algorithm>

namespace shaderdiff::a3xx {

namespace {

using S = ShaderStage;

constexpr IoFieldInfo kFields[] = {
    // {field, name, stage, lists, components, any_mask, {parts}, half, entries}
    {IoField::kVsAttribute, "VFD_DECODE_INSTR", S::kVertex, kInInputs, 0xF, true,
     {{{0xF, 0, "VFD_DECODE_INSTR.REGID"}, {}}}, false, 16},
    {IoField::kVertexId, "VFD_CONTROL_1.REGID4VTX", S::kVertex, kInSystemValues, 0x1, false,
     {{{0x1, 0, "VFD_CONTROL_1.REGID4VTX"}, {}}}, false, 1},
    {IoField::kInstanceId, "VFD_CONTROL_1.REGID4INST", S::kVertex, kInSystemValues, 0x1, false,
     {{{0x1, 0, "VFD_CONTROL_1.REGID4INST"}, {}}}, false, 1},
    {IoField::kVsVarying, "SP_VS_OUT_REG", S::kVertex, kInOutputs, 0xF, true,
     {{{0xF, 0, "SP_VS_OUT_REG.REGID"}, {}}}, true, 32},
    {IoField::kVsPosition, "SP_VS_PARAM_REG.POSREGID", S::kVertex, kInOutputs, 0xF, false,
     {{{0xF, 0, "SP_VS_PARAM_REG.POSREGID"}, {}}}, false, 1},
    {IoField::kVsPointSize, "SP_VS_PARAM_REG.PSIZEREGID", S::kVertex, kInOutputs, 0x1, false,
     {{{0x1, 0, "SP_VS_PARAM_REG.PSIZEREGID"}, {}}}, false, 1},
    {IoField::kFragCoord, "HLSQ_CONTROL_1_REG.FRAGCOORD", S::kFragment, kInInputs | kInSystemValues, 0xF, false,
     {{{0x3, 0, "HLSQ_CONTROL_1_REG.FRAGCOORDXYREGID"}, {0xC, 2, "HLSQ_CONTROL_1_REG.FRAGCOORDZWREGID"}}}, false,
     1},
    {IoField::kFrontFacing, "HLSQ_CONTROL_2_REG.FACENESSREGID", S::kFragment, kInInputs | kInSystemValues, 0x1,
     false, {{{0x1, 0, "HLSQ_CONTROL_2_REG.FACENESSREGID"}, {}}}, false, 1},
    {IoField::kFsColor, "SP_FS_MRT_REG", S::kFragment, kInOutputs, 0xF, false,
     {{{0xF, 0, "SP_FS_MRT_REG.REGID"}, {}}}, true, 4},
    {IoField::kFsDepth, "SP_FS_OUTPUT_REG.DEPTH_REGID", S::kFragment, kInOutputs, 0x4, false,
     {{{0x4, 2, "SP_FS_OUTPUT_REG.DEPTH_REGID"}, {}}}, false, 1},
};

}  // namespace

const IoFieldInfo& FieldInfo(IoField field) {
  for (const IoFieldInfo& f : kFields) {
    if (f.field == field) return f;
  }
  return kFields[0];  // unreachable: every enumerator has a row (io_fields_test)
}

std::optional<uint8_t> ProgrammedMask(IoField field, uint8_t wanted) {
  const IoFieldInfo& f = FieldInfo(field);
  if (wanted & ~f.components & 0xF) return std::nullopt;
  if (f.any_mask) return wanted;
  uint8_t mask = 0;
  for (const IoFieldPart& p : f.parts) {
    if (p.mask & wanted) mask |= p.mask;
  }
  return mask;
}

int FirstNamedComponent(IoField field, uint8_t mask) {
  int first = 4;
  for (const IoFieldPart& p : FieldInfo(field).parts) {
    if (p.mask & mask) first = std::min<int>(first, p.names);
  }
  return first == 4 ? 0 : first;
}

std::string MaskName(uint8_t mask) {
  std::string s;
  for (int c = 0; c < 4; ++c) {
    if ((mask >> c) & 1) s += "xyzw"[c];
  }
  return s.empty() ? "none" : s;
}

std::optional<std::string> CheckSpanShape(const RegisterSpan& span) {
  const IoFieldInfo& f = FieldInfo(span.field);
  const std::string field(f.name);
  if (span.mask == 0) return std::nullopt;
  if (span.mask & ~f.components) {
    return field + " cannot carry component(s) " + MaskName(span.mask & ~f.components) + " (it holds " +
           MaskName(f.components) + ")";
  }
  if (!f.any_mask) {
    for (const IoFieldPart& p : f.parts) {
      if ((span.mask & p.mask) && (span.mask & p.mask) != p.mask) {
        return field + " programs " + MaskName(p.mask) + " together; the span binds " + MaskName(span.mask);
      }
    }
  }
  if (span.half && !f.half) return field + " has no half-precision bit; the span is half";
  for (const IoFieldPart& p : f.parts) {
    if (!(span.mask & p.mask)) continue;
    const int value = span.base + p.names;
    if (value < 0 || value > 255) {
      return std::string(p.name) + " would hold " + std::to_string(value) +
             " (the register of component " + "xyzw"[p.names] + "), outside its 8-bit range";
    }
  }
  return std::nullopt;
}

}  // namespace shaderdiff::a3xx
