// Which instructions can affect what a failure shows: a flow-insensitive
// backward slice over register components.
//
// An instruction is live when it has no destination (flow control, KILL,
// END, EMIT, barriers), writes something other than TEMP, ADDR or OUT
// (memory, images, buffers), writes an output component in `roots`, or
// writes a TEMP/ADDR component a live instruction reads. Reads are taken
// coarsely: every component a source's swizzle names, the address register
// of an indirect bracket, and a whole file for a relatively addressed
// access. The result over-approximates the true dependences, so removing
// the dead instructions never changes a root's value; the reducer still
// asks the oracle, since a compiler bug may live in dead code.
#pragma once

#include <cstdint>
#include <vector>

#include "compiler/tgsi/ast.h"

namespace shaderdiff::reduce {

// One output component a slice starts from (component -1: the lane's kill,
// which only instructions without a destination decide).
struct OutputComponent {
  uint32_t output = 0;
  int component = 0;
};

// Instructions (by index) no root depends on. `roots` empty: every output
// component is a root (plain dead-code removal).
std::vector<bool> DeadInstructions(const tgsi::Shader& shader, const std::vector<OutputComponent>& roots);

}  // namespace shaderdiff::reduce
