// The options that choose a target, a compiler build and its rewrite limit
// (--target, --build, --opt-bisect-limit), and the emulator's hazard mode
// (--hazards), as `compile`, `emulate`, `check` and `reduce` take them: one
// parser, so every command spells and checks them the same way (the
// shift-count rule, --shift-counts, is cli.h's).
#pragma once

#include "emulator/a3xx/emulator.h"
#include "tools/harness/check.h"
#include "tools/shaderdiff/cli.h"

namespace shaderdiff::cli {

// --target (a3xx), --build (naive|opt), --opt-bisect-limit N.
void AddTargetOptions(po::options_description& options);

// Reads --target/--build; prints the problem (naming `command`) and returns
// false if invalid.
bool TargetAndBuild(const po::variables_map& vm, const char* command, harness::Build* build);

// Reads --hazards ('stale' or 'trap'; the caller declares the option with
// its own help text); prints the problem and returns false if invalid.
bool HazardModeOption(const po::variables_map& vm, const char* command, a3xx::HazardMode* mode);

}  // namespace shaderdiff::cli
