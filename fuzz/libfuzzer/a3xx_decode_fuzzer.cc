// libFuzzer target: arbitrary 64-bit words (words.h) through the a3xx
// decoder and disassembler. A word that does not decode is a result; for
// one that does, the ISA library's round-trip properties must hold
// (emulator/a3xx/isa/test_util.h): Decode(Encode(i)) == i, Disassemble
// then AssembleInstr gives i back, and the word's disassembly assembles
// back to the same word except for the bits it says it does not show.
// DisassembleProgram runs over the whole input (invalid words included).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "emulator/a3xx/isa/isa.h"
#include "emulator/a3xx/isa/test_util.h"
#include "fuzz/libfuzzer/fuzz_check.h"
#include "fuzz/libfuzzer/words.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace shaderdiff;
  const std::vector<uint64_t> words = fuzz::WordsFromBytes(data, size);
  for (uint64_t word : words) {
    std::string error;
    const std::optional<a3xx::Instr> instr = a3xx::Decode(word, &error);
    if (!instr) {
      FUZZ_CHECK(!error.empty(), "Decode refused " + a3xx::FormatWord(word) + " without a reason");
      continue;
    }
    const std::optional<std::string> invalid = a3xx::Validate(*instr);
    FUZZ_CHECK(!invalid, "Decode(" + a3xx::FormatWord(word) + ") fails Validate: " + invalid.value_or(""));
    const std::optional<std::string> instr_trip = a3xx::testing_util::CheckRoundTrip(*instr);
    FUZZ_CHECK(!instr_trip, instr_trip.value_or(""));
    const std::optional<std::string> word_trip = a3xx::testing_util::CheckWordRoundTrip(word);
    FUZZ_CHECK(!word_trip, word_trip.value_or(""));
  }
  const std::string text = a3xx::DisassembleProgram(words, {.show_hex = (size % 2) == 1});
  FUZZ_CHECK(words.empty() || !text.empty(), std::string("no disassembly for a non-empty program"));
  return 0;
}
