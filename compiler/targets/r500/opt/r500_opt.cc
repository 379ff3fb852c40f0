// The r500 optimizing build's driver (r500_opt.h).
#include "compiler/targets/r500/opt/r500_opt.h"

#include <utility>

#include "compiler/targets/r500/opt/alpha.h"
#include "compiler/targets/r500/opt/coalesce.h"
#include "compiler/targets/r500/opt/dead_channels.h"
#include "compiler/targets/r500/opt/join_pops.h"
#include "compiler/targets/r500/opt/legalize.h"
#include "compiler/targets/r500/opt/pair_schedule.h"
#include "compiler/targets/r500/opt/program.h"
#include "compiler/targets/r500/opt/rename.h"
#include "emulator/r500/isa/codec.h"
#include "emulator/r500/isa/text.h"

namespace shaderdiff::r500opt {

Result CompileR500Opt(const tgsi::Shader& shader, const Options& options) {
  Result r;
  r.budget = options.opt_bisect_allowed ? compiler::RewriteBudget::AllowingOnly(*options.opt_bisect_allowed)
                                        : compiler::RewriteBudget(options.opt_bisect_limit);
  // r500-select: the translation with the optimizing build's own selection
  // forms (naive/set_ops.cc), asked per TGSI instruction.
  r.budget.SetPass("r500-select");
  r500naive::CompileResult naive = r500naive::CompileR500Naive(shader, &r.budget);
  r.budget.SetPass("");
  r.status = naive.status;
  r.detail = naive.detail;
  r.program = std::move(naive.program);
  if (r.status != r500naive::Status::kOk) return r;
  std::vector<r500::Instr>& code = r.program.state.code;
  if (!Editable(code)) return r;

  ClearSyncBits(code);
  // The passes in order (compiler/pipeline.cc lists the same names);
  // r500-coalesce runs again after r500-alpha to fold the moved values' copies;
  // r500-dead again after r500-rename, which makes copies onto one register.
  using Pass = int (*)(std::vector<r500::Instr>&, compiler::RewriteBudget*);
  static constexpr std::pair<const char*, Pass> kPasses[] = {
      {"r500-dead", EliminateDeadChannels},   {"r500-coalesce", CoalesceCopies}, {"r500-alpha", MoveScalarsToAlpha},
      {"r500-coalesce", CoalesceCopiesAndBroadcasts}, {"r500-rename", RenameRegisters},  {"r500-dead", EliminateDeadChannels},
      {"r500-schedule", SchedulePairs},        {"r500-fc", JoinPops},             {"r500-legalize", LegalizeSemaphoreAndNops},
  };
  for (const auto& [name, pass] : kPasses) {
    r.budget.SetPass(name);
    pass(code, &r.budget);
  }
  r.budget.SetPass("");

  if (code.empty() || code.back().type() != r500::InstrType::kOut) {
    r.status = r500naive::Status::kError;
    r.detail = "pass r500-schedule: the last instruction is not OUT";
    return r;
  }
  for (size_t k = 0; k < code.size(); ++k) {
    if (std::optional<r500::Refusal> bad = r500::Validate(code[k])) {
      r.status = r500naive::Status::kError;
      r.detail = "optimizer bug: instruction " + std::to_string(k) + " (" + r500::Disassemble(code[k]) + "): " + bad->reason;
      return r;
    }
  }
  return r;
}

r500naive::CompileResult CompileR500Build(const tgsi::Shader& shader, bool optimizing, int64_t opt_bisect_limit) {
  if (!optimizing) return r500naive::CompileR500Naive(shader);
  Options opt;
  opt.opt_bisect_limit = opt_bisect_limit;
  return AsCompileResult(CompileR500Opt(shader, opt));
}

r500naive::CompileResult AsCompileResult(Result&& o) {
  r500naive::CompileResult r;
  r.status = o.status;
  r.detail = std::move(o.detail);
  r.program = std::move(o.program);
  return r;
}

}  // namespace shaderdiff::r500opt
