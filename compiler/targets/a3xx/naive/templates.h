// The per-opcode templates of the naive translator.
//
// A template emits the a3xx code of one TGSI instruction: it reads sources
// through Inst::Src (operands.h), computes every written channel into
// Inst::Out(c), and leaves the final write to Inst::Finish (called by the
// driver). Templates only use the scratch registers of register_map.h;
// T registers are dead between channels, so a component-wise template may
// reuse them for every channel.
//
// Families: templates_float.cc (float arithmetic, compares, transcendentals,
// dot products, derivatives, removed ARB-era ops), templates_int.cc
// (integer, bitwise, conversions, address loads, selects, division),
// templates_texture.cc (TEX family). Flow control, KILL and KILL_IF are not
// templates: templates_flow.cc walks the program and handles them.
#pragma once

#include <string>

#include <array>

#include "compiler/targets/a3xx/naive/operands.h"
#include "compiler/tgsi/opcode.h"

namespace shaderdiff::naive {

using Template = void (*)(Inst& inst);
using TemplateTable = std::array<Template, tgsi::kOpcodeCount>;

// The template of `op`, or nullptr if the naive translator has none.
Template FindTemplate(tgsi::Opcode op);
// The unsupported verdict of an opcode without a template: "opcode NAME",
// with the a3xx reason where one is known (the re-interpolation opcodes).
std::string NoTemplateReason(tgsi::Opcode op);

void AddFloatTemplates(TemplateTable& table);
void AddIntTemplates(TemplateTable& table);
void AddTextureTemplates(TemplateTable& table);

// Calls f(c) for every channel the destination writes.
template <class F>
void ForEachChannel(const Inst& inst, F f) {
  for (int c = 0; c < 4; ++c) {
    if (inst.Writes(c)) f(c);
  }
}

// Whether source k is a direct GPR-file register (so it can be the middle
// source of a cat3 instruction without a copy).
bool IsDirectGpr(const Inst& inst, int k);

// Loads a 32-bit pattern into a GPR scalar: mov.u32u32 dst, 0x....
void LoadWord(Inst& inst, const Operand& dst, uint32_t word);

}  // namespace shaderdiff::naive
