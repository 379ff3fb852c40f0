// The naive TGSI -> Adreno a3xx translator: the reference build.
//
// Every TGSI instruction becomes a fixed template of a3xx instructions
// (templates_*.cc), TGSI registers live in fixed GPRs and consts
// (register_map.h), and every instruction is followed by the worst-case
// wait (emit.h), so the code is slow and obviously right. Where a3xx cannot
// express something the result is kUnsupported naming the feature, never
// silently wrong code.
//
// Results:
//   kOk           program holds the instructions (validated, encodable,
//                 padded to a multiple of 4) and the ShaderState contract
//   kUnsupported  detail names the feature, e.g. "opcode IDIV",
//                 "register file: 53 vec4 registers needed, a3xx has 48 (...)",
//                 "stage GEOM", "texture target CUBE"
//   kError        a translator bug (an emitted instruction failed
//                 a3xx::Validate; detail has the message and the
//                 instruction) or a malformed shader (unbalanced flow
//                 control; detail starts with "malformed shader:")
// On any failure `program` is empty.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "compiler/tgsi/ast.h"
#include "emulator/a3xx/isa/shader_state.h"
#include "emulator/a3xx/isa/validated_program.h"

namespace shaderdiff::naive {

enum class CompileStatus { kOk, kUnsupported, kError };

struct CompileResult {
  CompileStatus status = CompileStatus::kOk;
  std::string detail;
  // Every instruction passed a3xx::Validate (the emulator's Prepare need not
  // check again); to edit it, copy it into a plain a3xx::Program.
  a3xx::ValidatedProgram program;
  // Per instruction of program.instrs: the index of the TGSI instruction it
  // was emitted for, or -1 for the prologue (varyings, constants) and the
  // epilogue (end, padding).
  std::vector<int32_t> source_map;
  // Parallel: the destination components of that TGSI instruction whose
  // final value the instruction writes (bit c = component c; 0: an
  // intermediate or no TGSI instruction). compiler/targets/a3xx/naive/provenance.h.
  std::vector<uint8_t> source_comps;
  // kError because the optimizing build exhausted its compile-work budget
  // (compiler/pipeline.h): a limit reached, not invalid code.
  bool over_budget = false;
};

CompileResult CompileA3xxNaive(const tgsi::Shader& shader);

std::string_view CompileStatusName(CompileStatus status);  // "ok", "unsupported", "error"

}  // namespace shaderdiff::naive
