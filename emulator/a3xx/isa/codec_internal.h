// Internal pieces shared by the encoder, the decoder and validation: the
// table-driven semantic check, the operand sub-encoding codec (driven by
// operand_forms.def) and the precision rules. Not part of the public API.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "emulator/a3xx/isa/instr.h"
#include "emulator/a3xx/isa/layout.h"

namespace shaderdiff::a3xx::internal {

// Everything Validate checks before the bit-width ranges (validate.cc's
// CheckRanges): flags, operand counts and kinds, modifiers, precision
// consistency, members the opcode does not use. The message starts with
// the mnemonic.
std::optional<std::string> CheckSemantics(const Instr& instr);

// For tests of Validate's ranges: the word of an instruction CheckSemantics
// accepts, every row's value cut to its bits without a range check; nullopt
// when CheckSemantics refuses it or an operand has no form that holds its
// payload.
std::optional<uint64_t> PackMasked(const Instr& instr);

// The operand value (field bits plus ext bits above them) for `operand`
// under sub-encoding `encoding`; nullopt with *error if its kind has no form
// there or its payload does not fit.
std::optional<uint64_t> EncodeOperandValue(FieldKind encoding, const Operand& operand,
                                           std::string* error);

// Decodes an operand value. Sets kind and payload members of *operand (not
// half unless the form has a half bit: then *has_half_bit is set).
bool DecodeOperandValue(FieldKind encoding, uint64_t value, Operand* operand, bool* has_half_bit,
                        std::string* error);

// The precision the FULL bit (cat2/cat4/cat5) or the opcode (cat3) gives the
// sources: true = half. For kFullBit it is read off the operands: the first
// source that is not a float-LUT immediate (LUT immediates carry their own
// half bit), else the first source.
bool InstructionSourceHalf(const OpcodeInfo& info, const Instr& instr);

// cat2/cat3/cat4 destinations p0.* and r63.* are never half: DST_CONV is
// ignored for them (Mesa's #dest-half).
inline bool DstIgnoresConv(uint16_t num) { return num >= kRegP0X; }

// Register text for messages: "r3.y", "a0.x", "p0.z".
std::string RegisterName(uint16_t num);

}  // namespace shaderdiff::a3xx::internal
