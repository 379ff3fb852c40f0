// libFuzzer target: the cycle-accurate a3xx emulator on arbitrary words
// (EmulateWords), under one of the states and 4-lane vectors of
// emulate_cases.h chosen by the input's first byte. Every status is a
// result: a word that does not decode, a state or schedule the hardware
// could not run (kError naming it), an unmodelled feature (kUnsupported),
// the cycle budget running out (kTimeout), hazards. A crash or sanitizer
// report is a finding, and so is a result that breaks the emulator's
// contract: kOk with an output array per bound output of `lanes` entries.
//
// The cycle budget is kCycleBudget per wave, not the emulator's default of
// 10,000,000: a runaway loop is then a timeout after about a millisecond
// under ASan, where libFuzzer's -timeout would otherwise stop the run.
#include <cstddef>
#include <cstdint>
#include <string>

#include "emulator/a3xx/emulator.h"
#include "fuzz/libfuzzer/emulate_cases.h"
#include "fuzz/libfuzzer/fuzz_check.h"

namespace {
constexpr uint64_t kCycleBudget = 20000;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace shaderdiff;
  const fuzz::EmulateInput in = fuzz::ParseEmulateInput(data, size);
  const fuzz::EmulateCase& c = fuzz::EmulateCases()[in.case_index];
  a3xx::EmulatorOptions options;
  options.cycle_budget = kCycleBudget;
  options.hazards = in.trap_hazards ? a3xx::HazardMode::kTrap : a3xx::HazardMode::kStale;
  options.shift_counts = in.mask_shift_counts ? a3xx::ShiftCountMode::kMask : a3xx::ShiftCountMode::kHazard;
  const a3xx::EmulationResult r = a3xx::EmulateWords(in.words, c.state, c.vector, options);
  if (r.result.status == common::ExecStatus::kError || r.result.status == common::ExecStatus::kUnsupported) {
    FUZZ_CHECK(!r.result.detail.empty(), std::string("a refusal without a reason"));
  }
  if (r.result.status != common::ExecStatus::kOk) return 0;
  for (const common::OutputLanes& o : r.result.outputs) {
    FUZZ_CHECK(o.lanes() == c.vector.lanes,
               "output " + std::to_string(o.index) + " has " + std::to_string(o.lanes()) + " lanes");
  }
  return 0;
}
