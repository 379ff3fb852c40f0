// libFuzzer target: the R500 fragment emulator (emulator/r500) on arbitrary
// instructions (r500_words.h), under one of the programs and one-quad
// vectors of r500_emulate_cases.h and the modes the input's first two
// bytes choose. Words Decode refuses are the decoder's results (the
// r500_decode target's): they are dropped, and the program is the words it
// accepts, in order (so one bad word among mutated ones does not waste the
// input). Every run status is
// a result if it says why: a state the hardware could not run (refused),
// an unsupported feature, the step budget running out, hazards. A crash or
// sanitizer report is a finding, and so is a result that breaks the
// emulator's contract:
// - a refusal, unsupported or timeout verdict with an empty reason;
// - kOk with an output, kill or kill-reason array that is not one entry
//   per lane;
// - kOk for a program CheckedProgram::Check refuses (the per-vector state
//   check and the once-per-program one must agree), and the checked path
//   giving another result than the plain one for a program it accepts.
//
// The step budget is kStepBudget instructions, not the emulator's default
// of 2^20: a runaway loop is then a timeout after about a millisecond under
// ASan, where libFuzzer's -timeout would otherwise stop the run.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "emulator/r500/isa/codec.h"
#include "emulator/r500/run_vector.h"
#include "fuzz/libfuzzer/fuzz_check.h"
#include "fuzz/libfuzzer/r500_emulate_cases.h"

namespace {
constexpr uint64_t kStepBudget = 20000;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace shaderdiff;
  const fuzz::R500EmulateInput in = fuzz::ParseR500EmulateInput(data, size);
  const fuzz::R500EmulateCase& c = fuzz::R500EmulateCases()[in.case_index];
  r500::FragmentProgram program = c.program;
  program.state.code.clear();
  for (const r500::Words& w : in.words) {
    std::variant<r500::Instr, r500::Refusal> d = r500::Decode(w);
    if (!std::holds_alternative<r500::Instr>(d)) continue;
    program.state.code.push_back(std::get<r500::Instr>(d));
  }
  program.state.zero_times_anything = in.zero_times_anything;
  program.state.full_fc = in.full_fc;
  program.state.code_start = in.code_start;
  program.state.code_offset = in.code_offset;

  r500::RunOptions options;
  options.params.max_steps = kStepBudget;
  options.trap = in.trap_hazards;
  const r500::VectorRun run = r500::RunVector(program, c.vector, options);
  const common::ExecResult& r = run.result;
  if (r.status != common::ExecStatus::kOk) {
    FUZZ_CHECK(!r.detail.empty(), std::string("a run that did not finish without a reason"));
  } else {
    const size_t lanes = c.vector.lanes;
    for (const common::OutputLanes& o : r.outputs) {
      FUZZ_CHECK(o.lanes() == lanes, "output " + std::to_string(o.index) + " has " + std::to_string(o.lanes()) + " lanes");
    }
    FUZZ_CHECK(r.killed.size() == lanes, "killed has " + std::to_string(r.killed.size()) + " lanes");
  }

  std::string why;
  const std::optional<r500::CheckedProgram> checked = r500::CheckedProgram::Check(program, &why);
  if (!checked) {
    FUZZ_CHECK(r.status != common::ExecStatus::kOk, "a program CheckedProgram::Check refuses ran ok: " + why);
    return 0;
  }
  const r500::VectorRun again = r500::RunVector(*checked, c.vector, options);
  FUZZ_CHECK(again.result.status == r.status && again.result.detail == r.detail && again.result.outputs == r.outputs &&
                 again.result.killed == r.killed && again.cycles == run.cycles && again.instructions == run.instructions,
             "the checked program's run differs from the plain run: " + again.result.detail + " / " + r.detail);
  return 0;
}
