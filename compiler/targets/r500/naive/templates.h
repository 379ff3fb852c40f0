// One template per TGSI opcode for the naive r500 translator
// (templates.cc): what each opcode becomes in single-half R500 ALU, TEX and
// OUT instructions over the fixed registers of register_map.h.
#pragma once

#include <string>
#include <vector>

#include "compiler/targets/r500/naive/emit.h"
#include "compiler/targets/r500/naive/register_map.h"
#include "emulator/common/words.h"
#include "emulator/r500/run_vector.h"

namespace shaderdiff::r500naive {

struct Ctx {
  const tgsi::Shader& shader;
  const RegisterMap& map;
  Emitter emit;
  r500::FragmentProgram& program;
  int next_const = 0;  // the next free constant slot (after CONST and IMM)
  std::string unsupported;  // set: "<feature> on r500"
  std::string error;        // set: a malformed shader

  bool failed() const { return !unsupported.empty() || !error.empty(); }
  void Unsupported(const std::string& what) {
    if (!failed()) unsupported = what + " on r500";
  }
};

// Emits the template of one TGSI instruction (END emits the outputs).
void TranslateInstruction(Ctx& ctx, const tgsi::Instruction& inst);

// The OUT instructions for every declared output, the last waiting on the
// semaphore.
void EmitOutputs(Ctx& ctx);

}  // namespace shaderdiff::r500naive
