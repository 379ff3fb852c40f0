// Seed corpora and dictionaries of the libFuzzer targets, made from the
// shipped corpus (corpus/shaders, corpus/generated) rather than stored: the
// TGSI targets start from the shaders' text; the a3xx and r500 targets from
// what the target's two builds compile them to: for the decoder the words
// and for the assembler their disassembly, both cut in distinct pieces of
// 16 instructions; for the emulator whole programs under a case of
// emulate_cases.h (r500_emulate_cases.h), plus each case's own program in
// every mode (r500: with and without trapping hazards). Shaders that do
// not pass the front door or do not compile are skipped for those targets.
//
// Invariant: deterministic (sorted paths, no randomness): the same corpus
// gives the same seeds, named seed-NNNNN in order.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace shaderdiff::fuzz {

// The target names, as the BUILD file and run_libfuzzer.sh spell them.
const std::vector<std::string>& FuzzTargetNames();

// Seed inputs for `target` from the .tgsi files under `roots` (recursively),
// at most `max_shaders` of them (evenly spaced over the sorted list; 0: all).
// nullopt for an unknown target.
std::optional<std::vector<std::string>> MakeSeeds(const std::string& target, const std::vector<std::string>& roots,
                                                  size_t max_shaders);

// A libFuzzer dictionary (-dict) for `target`: TGSI keywords and opcode
// names, a3xx mnemonics and syntax, or r500 field and value names; empty
// when a dictionary does not help (the binary targets).
std::string MakeDictionary(const std::string& target);

}  // namespace shaderdiff::fuzz
