// libFuzzer target: a3xx assembly text (the disassembler's syntax,
// emulator/a3xx/isa/assembler.h) through the assembler. A refused text is a
// result and must name a line; every instruction of an accepted one must
// round-trip (emulator/a3xx/isa/test_util.h: it encodes, decodes back to
// itself, and its disassembly assembles back to itself).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "emulator/a3xx/isa/isa.h"
#include "emulator/a3xx/isa/test_util.h"
#include "fuzz/libfuzzer/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace shaderdiff;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const a3xx::AsmResult r = a3xx::Assemble(text);
  if (!r.ok()) {
    FUZZ_CHECK(r.error->line >= 1, "an assembler error without a line: " + r.error->message);
    return 0;
  }
  for (const a3xx::Instr& instr : r.program) {
    const std::optional<std::string> trip = a3xx::testing_util::CheckRoundTrip(instr);
    FUZZ_CHECK(!trip, trip.value_or(""));
  }
  return 0;
}
