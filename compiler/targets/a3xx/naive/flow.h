// Translation of the instruction stream: flow control, kill, subroutine
// inlining, and dispatch of every other instruction to its template.
#pragma once

#include "compiler/targets/a3xx/naive/context.h"

namespace shaderdiff::naive {

// Emits the main program (TGSI instructions up to the END that closes it)
// with subroutines inlined at their CALs. `program_end` is the label of the
// epilogue (`end`): RET in main and END inside control flow jump there.
void TranslateProgram(Ctx& ctx, Label program_end);

}  // namespace shaderdiff::naive
