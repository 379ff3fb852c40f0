// Shader I/O of the naive translator: the ShaderState bindings (the
// contract with the emulator, emulator/a3xx/isa/shader_state.h) and the
// program prologue.
#pragma once

#include "compiler/targets/a3xx/naive/context.h"
#include "emulator/a3xx/isa/shader_state.h"

namespace shaderdiff::naive {

// Everything but half_regs (known only after translation).
a3xx::ShaderState BuildShaderState(Ctx& ctx);

// (sy)(ss)nop, the K constants, and (FS) every varying fetched with bary.f
// into its IN register, the last one with (ei).
void EmitPrologue(Ctx& ctx, const a3xx::ShaderState& state);

}  // namespace shaderdiff::naive
