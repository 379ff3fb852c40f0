// Test helpers for the naive translator: compile TGSI text, print programs
// as assembly listings, and check that every instruction validates and
// encodes.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "compiler/targets/a3xx/naive/a3xx_naive.h"
#include "emulator/a3xx/isa/shader_state.h"

namespace shaderdiff::naive::testing {

// Parses `tgsi` (a parse error fails the calling test) and compiles it.
CompileResult CompileText(std::string_view tgsi);

// One line per instruction (a3xx::Disassemble). Instructions emitted for a
// TGSI instruction are preceded by "; N: <TGSI instruction>"; with
// `body_only` the prologue and epilogue (source -1) are left out.
std::string Listing(const CompileResult& result, std::string_view tgsi, bool body_only);

// nullopt if every instruction passes a3xx::Validate and encodes, the
// program is a multiple of 4 instructions long and ends with end + nops;
// otherwise what is wrong.
std::optional<std::string> CheckProgram(const a3xx::Program& program);

}  // namespace shaderdiff::naive::testing
