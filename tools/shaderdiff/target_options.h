// The options that choose a target, a compiler build and its rewrite limit
// (--target, --build, --opt-bisect-limit), and the emulator's modes
// (--hazards, --shift-counts), as `compile`, `emulate`, `check`, `bisect`
// and `reduce` take them: one declaration and one parser, so every command
// spells, documents and checks them the same way.
#pragma once

#include <set>
#include <string>

#include "emulator/a3xx/emulator.h"
#include "tools/harness/check.h"
#include "tools/shaderdiff/cli.h"

namespace shaderdiff::cli {

// --target (a3xx; r500: both builds in check, compile, stats, nightly and fuzz), --build (naive|opt|mesa), --program DUMP, --opt-bisect-limit N, --conservative PASSES.
void AddTargetOptions(po::options_description& options);

// kExitOk if --target names a target with a compiler (a3xx). Otherwise
// prints why not, naming `command`, and returns kExitUnsupported for a
// target the harness knows without a compiler (r500: its ISA and emulator
// exist, compiler/pipeline.cc) or kExitUsage for an unknown one.
int TargetHasCompiler(const po::variables_map& vm, const char* command);

// --target r500 (check and compile only): its --build (naive, or opt,
// which the check reports unsupported); false with a message for mesa.
bool IsR500(const po::variables_map& vm);
bool R500Build(const po::variables_map& vm, const char* command, harness::Build* build);

// Reads --target/--build/--program (--program alone means --build mesa;
// mesa needs --program, and --program mesa); prints the problem (naming `command`) and returns
// false if invalid.
bool TargetAndBuild(const po::variables_map& vm, const char* command, harness::Build* build);

// Reads --conservative PASS[,PASS] (the optimizing build's passes run by
// their conservative substitutes) into *passes; prints the problem and
// returns false for an unknown pass or a build other than opt.
bool ConservativePassesOption(const po::variables_map& vm, const char* command, harness::Build build,
                              std::set<std::string>* passes);

// --hazards (stale|trap), --shift-counts (hazard|mask), --jp-rule
// (every-branch-target|where-lanes-park), --frag-sysvals (binary32|ir3):
// a3xx::EmulatorOptions' readings.
void AddEmulatorOptions(po::options_description& options);

// Reads them; prints the problem (naming `command`) and returns false if
// invalid.
bool EmulatorModes(const po::variables_map& vm, const char* command, a3xx::HazardMode* hazards,
                   a3xx::ShiftCountMode* shift_counts, a3xx::JpRule* jp_rule,
                   a3xx::FragSysvalFormat* frag_sysvals);

}  // namespace shaderdiff::cli
