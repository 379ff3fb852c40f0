// The naive TGSI -> ATI R500 fragment translator: the reference build of
// the r500 target (issue 15 item 4).
//
// The shader first goes through the shared, target-free lowering
// (compiler/passes/lower_tgsi: every composite opcode except FRC, which
// R500 has natively) and the integer-boolean lowering
// (compiler/passes/lower_int_booleans: FSxx/UIF/UCMP/AND/OR/XOR/NOT as
// float 1.0 / 0.0 where every use is proven boolean; otherwise the shader
// is unsupported at its first integer opcode), then every TGSI instruction
// becomes a fixed template
// (templates.cc) over fixed registers (register_map.h): each TEMP/IN/OUT
// register at its own R500 temporary, CONST and IMM at constant slots.
// Vector and scalar slots are never paired: each ALU instruction uses the
// RGB half or the Alpha half and the other half writes nothing. Every TEX
// acquires the semaphore and the next instruction waits. No template uses
// presubtract or MDH/MDV, so no NOP bit is needed. The outputs are written
// by OUT instructions at END, the last one waiting on the semaphore.
//
// Results: kOk with the program (every instruction passed isa's Validate);
// kUnsupported with detail "<opcode or feature> on r500" (tools print
// it after "unsupported: "); kError for
// a translator bug (an emitted word Validate refuses) or a malformed shader.
#pragma once

#include <string>

#include "compiler/support/debug_counter.h"
#include "compiler/tgsi/ast.h"
#include "emulator/r500/run_vector.h"

namespace shaderdiff::r500naive {

enum class Status : uint8_t { kOk, kUnsupported, kError };

struct CompileResult {
  Status status = Status::kOk;
  std::string detail;
  r500::FragmentProgram program;
};

// `select`: the optimizing build's own selection forms (set_ops.cc: short
// compares against immediates), each asked of this budget once per TGSI
// instruction; null (the naive build) emits the naive templates only.
CompileResult CompileR500Naive(const tgsi::Shader& shader, compiler::RewriteBudget* select = nullptr);

// The program as R500 assembly (emulator/r500/isa/text.h), one line per
// instruction, then the bindings as comments.
std::string Listing(const r500::FragmentProgram& program);

}  // namespace shaderdiff::r500naive
