// libFuzzer target: TGSI text through the front door (an input it refuses
// is a result) and then both r500 builds (compiler/targets/r500: the naive
// translation, and the optimizing build, which starts from it). Every
// status is a result if it says why: unsupported (a vertex shader, an
// integer opcode, ...) or an error (the 512-slot code store overflowing,
// ...). A crash or sanitizer report is a finding, and so is a kOk program
// that breaks the build's contract: 1 to 512 instructions, the last an OUT,
// each passing the ISA library's invariants (r500_check.h).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "compiler/targets/r500/opt/r500_opt.h"
#include "compiler/tgsi/validate.h"
#include "emulator/r500/state.h"
#include "fuzz/libfuzzer/fuzz_check.h"
#include "fuzz/libfuzzer/r500_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace shaderdiff;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const tgsi::FrontDoorResult front = tgsi::ParseAndValidate(text);
  if (!front.ok()) return 0;
  for (bool optimizing : {false, true}) {
    const r500naive::CompileResult r = r500opt::CompileR500Build(front.shader, optimizing);
    const std::string build = optimizing ? "opt: " : "naive: ";
    if (r.status != r500naive::Status::kOk) {
      FUZZ_CHECK(!r.detail.empty(), build + "a failed compile without a reason");
      continue;
    }
    const std::vector<r500::Instr>& code = r.program.state.code;
    FUZZ_CHECK(!code.empty() && code.size() <= static_cast<size_t>(r500::kCodeSlots),
               build + std::to_string(code.size()) + " instructions compiled ok");
    FUZZ_CHECK(code.back().type() == r500::InstrType::kOut, build + "the last instruction is not OUT");
    for (const r500::Instr& instr : code) fuzz::CheckR500RoundTrips(instr);
  }
  return 0;
}
