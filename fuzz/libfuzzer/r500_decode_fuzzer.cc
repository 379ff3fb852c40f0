// libFuzzer target: arbitrary R500 instruction words (r500_words.h: six
// dwords, 24 bytes each) through the decoder and the assembly text. A word
// Decode refuses is a result, if it says why; for one it accepts, the ISA
// library's invariants must hold (emulator/r500/isa/codec.h, text.h): the
// instruction passes Validate, Encode gives the same six dwords back, and
// Assemble(Disassemble(i)) is i.
#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "emulator/r500/isa/codec.h"
#include "emulator/r500/isa/text.h"
#include "fuzz/libfuzzer/fuzz_check.h"
#include "fuzz/libfuzzer/r500_check.h"
#include "fuzz/libfuzzer/r500_words.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace shaderdiff;
  for (const r500::Words& words : fuzz::R500WordsFromBytes(data, size)) {
    std::variant<r500::Instr, r500::Refusal> d = r500::Decode(words);
    if (const auto* refused = std::get_if<r500::Refusal>(&d)) {
      FUZZ_CHECK(!refused->reason.empty(), "Decode refused " + fuzz::FormatR500Words(words) + " without a reason");
      continue;
    }
    const r500::Instr& instr = std::get<r500::Instr>(d);
    fuzz::CheckR500RoundTrips(instr);
    std::variant<r500::Words, r500::Refusal> e = r500::Encode(instr);
    FUZZ_CHECK(std::holds_alternative<r500::Words>(e) && std::get<r500::Words>(e) == words,
               "Encode(Decode(" + fuzz::FormatR500Words(words) + ")) is not the same words");
  }
  return 0;
}
