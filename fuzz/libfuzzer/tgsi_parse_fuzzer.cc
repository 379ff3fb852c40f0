// libFuzzer target: TGSI text through the front door (ParseAndValidate),
// as every command reads a shader. A syntax or validation error is a result
// (it must name a line); a crash, sanitizer report or broken property is a
// finding. Property, for text the front door accepts: its canonical print
// reads back through the front door and prints identically
// (print(parse(print(x))) == print(x), the printer's invariant).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "compiler/tgsi/printer.h"
#include "compiler/tgsi/validate.h"
#include "fuzz/libfuzzer/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace shaderdiff;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const tgsi::FrontDoorResult first = tgsi::ParseAndValidate(text);
  if (!first.ok()) {
    FUZZ_CHECK(first.errors.front().location.line >= 1, "an error without a line: " + first.errors.front().message);
    return 0;
  }
  const std::string printed = tgsi::PrintShader(first.shader);
  const tgsi::FrontDoorResult second = tgsi::ParseAndValidate(printed);
  FUZZ_CHECK(second.ok(), "the canonical print does not read back: " +
                              (second.ok() ? std::string() : second.errors.front().ToString("print")) + "\n" + printed);
  const std::string reprinted = tgsi::PrintShader(second.shader);
  FUZZ_CHECK(reprinted == printed, "print(parse(print(x))) != print(x):\n" + printed + "---\n" + reprinted);
  return 0;
}
