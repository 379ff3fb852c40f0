// libFuzzer target: arbitrary text through the R500 assembler
// (emulator/r500/isa/text.h). An assembler error is a result, if it names a
// line and says why; every instruction of text it accepts must keep the ISA
// library's invariants (r500_check.h).
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <variant>
#include <vector>

#include "emulator/r500/isa/text.h"
#include "emulator/r500/state.h"
#include "fuzz/libfuzzer/fuzz_check.h"
#include "fuzz/libfuzzer/r500_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace shaderdiff;
  // At most the code store's worth of lines' text (64 KiB) bounds one input.
  if (size > 65536) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::variant<std::vector<r500::Instr>, r500::AsmError> a = r500::Assemble(text);
  if (const auto* error = std::get_if<r500::AsmError>(&a)) {
    FUZZ_CHECK(error->line >= 1 && !error->message.empty(), "an assembler error without a line or a reason: " + error->ToString());
    return 0;
  }
  for (const r500::Instr& instr : std::get<std::vector<r500::Instr>>(a)) fuzz::CheckR500RoundTrips(instr);
  return 0;
}
