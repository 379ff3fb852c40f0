// The per-opcode lowering rules of lower_tgsi (one function per opcode,
// table-driven). See lower_tgsi_rules.cc for the formulas.
#pragma once

#include "compiler/passes/lower_tgsi.h"
#include "compiler/passes/lower_tgsi_builder.h"

namespace shaderdiff::compiler::lowering {

// Emits the replacement of b.original() (whose opcode must be in
// LowerableOpcodes()). `options` decides whether a sequence may itself use
// an opcode that is being lowered (LIT uses POW, LOG uses DIV) or must expand
// it inline.
void LowerInstruction(SiteBuilder& b, const LowerOptions& options);

}  // namespace shaderdiff::compiler::lowering
