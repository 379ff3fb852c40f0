// The R500 test vector: one quad's preloaded inputs and the constant,
// flow-control and texture state, as JSON (README.md "Vector"). Words are
// "0x%08x" strings (raw bits) or JSON numbers (float values). Errors name
// the JSON path of the offending value.
#pragma once

#include <string>

#include "emulator/r500/state.h"

namespace shaderdiff::r500 {

// Fills the non-code parts of *state and *quad from `text`; false with
// *error ("PATH: message") on bad input.
bool ParseVector(const std::string& text, State* state, Quad* quad, std::string* error);

}  // namespace shaderdiff::r500
