// Private memory for TEMP arrays that do not fit the register file
// (register_map.h): the shader state's size and the prologue's zeroing.
//
// Every byte of the arrays is stored once before the program proper runs
// (`stp` of K.x, 0, in a loop over the arrays' bytes), so no ldp ever reads
// a byte this wave did not store (the emulator's `pvt-uninit` hazard, the
// hardware leaving there whatever an earlier fiber wrote): reading an array
// element before writing it is undefined in TGSI (the reference's
// `uninitialized`), and 0 is one of its values.
#pragma once

#include "compiler/targets/a3xx/naive/context.h"
#include "emulator/a3xx/isa/shader_state.h"

namespace shaderdiff::naive {

// Sets state.pvt_mem_units (128-byte units of the arrays' bytes) and emits
// the zeroing loop after the prologue; nothing when the map has no private
// arrays.
void EmitPrivateArrayInit(Ctx& ctx, a3xx::ShaderState& state);

}  // namespace shaderdiff::naive
