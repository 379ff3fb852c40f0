// The optimizing pipeline: the per-target pass table and its driver (see
// pipeline.h). a3xx is the only target with a compiler; the table names the
// others the harness knows, so tools can say why they have none.
//
// Each pass runs on the compilation state (`State`) and reports whether it
// changed anything or failed. After an IR pass that changed the IR the
// verifier runs and a failure names that pass; register allocation is
// followed by the allocation checker; legalize's output is validated
// instruction by instruction. Dumps are taken after the passes asked for.
#include "compiler/pipeline.h"

#include <algorithm>
#include <functional>
#include <optional>

#include "compiler/targets/a3xx/naive/provenance.h"
#include "compiler/targets/a3xx/naive/select.h"
#include "compiler/opt/build_ssa.h"
#include "compiler/targets/a3xx/conservative.h"
#include "compiler/opt/const_fold.h"
#include "compiler/opt/copy_prop.h"
#include "compiler/opt/cse.h"
#include "compiler/opt/dce.h"
#include "compiler/targets/a3xx/depth.h"
#include "compiler/opt/dot.h"
#include "compiler/targets/a3xx/peephole.h"
#include "compiler/targets/a3xx/legalize.h"
#include "compiler/opt/out_of_ssa.h"
#include "compiler/opt/ra_check.h"
#include "compiler/opt/regalloc.h"
#include "compiler/targets/a3xx/spill.h"
#include "compiler/opt/schedule.h"
#include "compiler/targets/a3xx/schedule_model.h"
#include "compiler/targets/a3xx/to_machine.h"
#include "compiler/opt/verify.h"
#include "compiler/passes/lower_tgsi.h"
#include "compiler/passes/validate_tgsi.h"
#include "compiler/support/work_budget.h"
#include "compiler/tgsi/printer.h"
#include "emulator/a3xx/isa/disasm.h"
#include "emulator/a3xx/timing.h"

namespace shaderdiff::compiler {

namespace {

using naive::CompileStatus;

// Rounds of spilling and allocating again before register pressure is a
// verdict (the first aims 10 scalars below the file, for the FS i/j pair and
// vectors needing consecutive registers; each further round 8 lower).
constexpr int kSpillRounds = 8;

struct State {
  const a3xx::Timing* timing = nullptr;
  RewriteBudget* budget = nullptr;
  const std::set<std::string>* conservative = nullptr;  // passes replaced by their substitutes (conservative.h)
  const tgsi::Shader* original = nullptr;  // the input, for provenance
  std::vector<uint32_t> lower_origin;      // lower-tgsi: instruction -> original instruction
  tgsi::Shader tgsi;  // set by lower-tgsi, the first pass, from *original
  naive::Selection selection;
  opt::Function fn;
  opt::MachineFunction machine;
  a3xx::ValidatedProgram program;  // legalize's
  std::vector<int32_t> source_map;
  std::vector<uint8_t> source_comps;
  // What the pass reports.
  CompileStatus status = CompileStatus::kOk;
  std::string detail;
};

enum class Form { kTgsi, kIr, kMachine, kProgram };

struct Pass {
  OptPassInfo info;
  Form form;                          // what the pass leaves (for dumps and verification)
  std::function<bool(State&)> run;    // true if it changed something
};

bool Conservative(const State& s, const char* pass) { return s.conservative && s.conservative->count(pass); }

bool Fail(State& s, CompileStatus status, std::string detail) {
  s.status = status;
  s.detail = std::move(detail);
  return false;
}

// Restores the bindings of inputs/outputs that live in the pinned range:
// ToMachine only knows the SSA ones.
void RebasePinnedBindings(State& s) {
  const opt::Function& fn = s.fn;
  if (fn.pinned_count == 0) return;
  const int32_t lo = fn.pinned_first - fn.pinned_delta;
  const int32_t hi = lo + fn.pinned_count - 1;
  // The pinned range is whole vec4s and a naive binding is one vec4: a
  // binding is in it entirely or not at all.
  auto fix = [&](const a3xx::RegisterSpan& from, a3xx::RegisterSpan& to) {
    if (from.mask && from.Reg(0) >= lo && from.Reg(0) <= hi) {
      to = from;
      to.base = static_cast<int16_t>(from.base + fn.pinned_delta);
    }
  };
  const a3xx::ShaderState& src = s.selection.state;
  a3xx::ShaderState& dst = s.machine.state;
  for (size_t i = 0; i < src.inputs.size() && i < dst.inputs.size(); ++i) fix(src.inputs[i].span, dst.inputs[i].span);
  for (size_t i = 0; i < src.outputs.size() && i < dst.outputs.size(); ++i) fix(src.outputs[i].span, dst.outputs[i].span);
  for (size_t i = 0; i < src.system_values.size() && i < dst.system_values.size(); ++i) {
    fix(src.system_values[i].span, dst.system_values[i].span);
  }
  for (const opt::IjPair& pair : opt::kIjPairs) {
    const int32_t reg = src.*pair.reg;
    if (reg >= lo && reg <= hi) dst.*pair.reg = static_cast<uint16_t>(reg + fn.pinned_delta);
  }
}

// What a3xx lowers (Mesa's tgsi_lowering_config per driver, measured with
// `shaderdiff stats`): everything the pass knows except SSG, which a3xx
// computes in one instruction (sign.f) where the lowering needs two
// compares and two selects per component (lowering it made the corpus
// 1.8% larger; every other opcode measured within 0.1% either way).
LowerOptions A3xxLowering() {
  LowerOptions o;
  o.lower.erase(tgsi::Opcode::SSG);
  return o;
}

// a3xx's optimizing build, in order.
const std::vector<Pass>& A3xxPipeline() {
  static const std::vector<Pass> passes = {
      {{"lower-tgsi",
        "first: ARB-era and composite opcodes become simple ones in TGSI, so selection and every later pass see "
        "fewer opcode shapes",
        "shared: compiler/passes/lower_tgsi; a3xx: the lowering options (A3xxLowering, pipeline.cc)"},
       Form::kTgsi,
       [](State& s) {
         // The first pass: it reads the input itself (State::tgsi starts empty).
         LowerResult r = LowerTgsi(*s.original, A3xxLowering(), s.budget);
         s.tgsi = std::move(r.shader);
         s.lower_origin = std::move(r.origin);
         return r.changed();
       }},
      {{"select",
        "the naive translator's templates without waits: one definition of each opcode's a3xx meaning, shared "
        "with the reference build",
        "a3xx: compiler/targets/a3xx/naive/select.h; shared: compiler/opt/build_ssa"},
       Form::kIr,
       [](State& s) {
         s.selection = naive::SelectA3xx(s.tgsi);
         if (s.selection.status != CompileStatus::kOk) return Fail(s, s.selection.status, s.selection.detail);
         // Provenance names the input's instructions, not the lowered ones.
         naive::MapThroughLowering(*s.original, s.tgsi, s.lower_origin, &s.selection.source_map,
                                   &s.selection.source_comps);
         if (std::optional<std::string> e = opt::BuildSsa(s.selection, &s.fn)) {
           return Fail(s, CompileStatus::kError, "SSA construction: " + *e);
         }
         return true;
       }},
      {{"const-fold",
        "before copy-prop: turns known immediate words into movs of immediates that copy-prop then folds into "
        "their users",
        "shared: compiler/opt/const_fold (evaluates a3xx opcodes)"},
       Form::kIr, [](State& s) { return opt::FoldConstants(s.fn, s.budget); }},
      {{"copy-prop",
        "after const-fold, before dce: bypasses the selection's copies (result and source scratch) so they "
        "become dead",
        "shared: compiler/opt/copy_prop (a3xx operand slots)"},
       Form::kIr, [](State& s) { return opt::CopyPropagate(s.fn, s.budget); }},
      {{"cse",
        "after copy-prop, so copies of one value compare equal; before dce, which removes the duplicates",
        "shared: compiler/opt/cse; a3xx: compiler/targets/a3xx/target_traits (what is pure, the key)"},
       Form::kIr, [](State& s) { return opt::EliminateCommonSubexpressions(s.fn, s.budget); }},
      {{"peephole",
        "after copy-prop (sees through copies to the compares), before dce which removes what it bypasses",
        "a3xx: compiler/targets/a3xx/peephole"},
       Form::kIr, [](State& s) { return opt::Peephole(s.fn, s.budget); }},
      {{"dce", "after copy-prop and peephole: removes the bypassed copies, unread components and unused inputs",
        "shared: compiler/opt/dce"},
       Form::kIr, [](State& s) { return opt::RemoveDeadCode(s.fn, s.budget); }},
      {{"depth",
        "after the last rewrite of the graph, before schedule: the scheduler's priorities need the final graph",
        "a3xx: compiler/targets/a3xx/depth, delay.h (the timing model)"},
       Form::kIr,
       [](State& s) {
         opt::ComputeDepth(s.fn, *s.timing);
         return false;
       }},
      {{"schedule",
        "before RA (the issue order decides live ranges) and after every graph rewrite: fills delay slots with "
        "independent work, deepest chains first",
        "shared: compiler/opt/schedule; a3xx: compiler/targets/a3xx/schedule_model (the timing model, delay.h)"},
       Form::kIr,
       [](State& s) {
         opt::Schedule(s.fn, opt::A3xxScheduleModel(*s.timing), s.budget);
         return true;
       }},
      {{"out-of-ssa",
        "after schedule (copies go at the very end of predecessors, not reordered), before RA which coalesces "
        "each phi with its copies",
        "shared: compiler/opt/out_of_ssa"},
       Form::kIr,
       [](State& s) {
         if (Conservative(s, "out-of-ssa")) {
           opt::InsertPhiCopiesConservatively(s.fn);
         } else {
           opt::InsertPhiCopies(s.fn);
         }
         return true;
       }},
      {{"regalloc",
        "over the scheduled code; its checker replays the allocation and proves no live value is overwritten; "
        "spills to private memory (spill.h) only when the registers do not suffice",
        "shared: compiler/opt/regalloc, ra_check; a3xx: compiler/targets/a3xx/spill (stp/ldp)"},
       Form::kIr,
       [](State& s) {
         if (Conservative(s, "regalloc")) {
           // No spilling: a shader that does not fit without reuse is a verdict.
           if (std::optional<std::string> e = opt::AllocateRegistersConservatively(s.fn, *s.timing)) {
             return Fail(s, e->starts_with("internal") ? CompileStatus::kError : CompileStatus::kUnsupported, *e);
           }
           if (std::optional<std::string> e = opt::CheckAllocation(s.fn)) {
             return Fail(s, CompileStatus::kError, "register allocation checker: " + *e);
           }
           return true;
         }
         opt::RaResult r = opt::AllocateRegisters(s.fn, *s.timing);
         // Spilling: aim a little lower each round, as the allocator also
         // needs vectors in consecutive registers (and the FS i/j pair).
         const int file = 4 * s.timing->num_full_vec4;
         for (int round = 0; !r.ok && !r.internal && r.unsupported.starts_with("register pressure") &&
                             round < kSpillRounds;
              ++round) {
           const opt::SpillResult sp = opt::SpillForPressure(s.fn, *s.timing, file - 10 - 8 * round);
           if (!sp.ok) {
             r.unsupported += "; spilling: " + sp.why_not;
             break;
           }
           r = opt::AllocateRegisters(s.fn, *s.timing);
         }
         // Lack of registers is a limit (unsupported); a failed invariant is a bug.
         if (!r.ok) return Fail(s, r.internal ? CompileStatus::kError : CompileStatus::kUnsupported, r.unsupported);
         if (std::optional<std::string> e = opt::CheckAllocation(s.fn)) {
           return Fail(s, CompileStatus::kError, "register allocation checker: " + *e);
         }
         return true;
       }},
      {{"to-machine", "after RA: physical instructions per block, copies for phis and vector operands",
        "a3xx: compiler/targets/a3xx/to_machine"},
       Form::kMachine,
       [](State& s) {
         if (Conservative(s, "to-machine")) {
           if (std::optional<std::string> e = opt::ToMachineConservatively(s.fn, *s.timing, &s.machine)) {
             return Fail(s, CompileStatus::kUnsupported, *e);
           }
         } else {
           s.machine = opt::ToMachine(s.fn);
         }
         RebasePinnedBindings(s);
         return true;
       }},
      {{"legalize",
        "last: delay nops, (ss)/(sy), (ei), (jp) and branch offsets depend on the final order and registers",
        "a3xx: compiler/targets/a3xx/legalize"},
       Form::kProgram,
       [](State& s) {
         opt::LegalizeResult r = Conservative(s, "legalize") ? opt::LegalizeConservatively(s.machine, *s.timing)
                                                             : opt::Legalize(s.machine, *s.timing);
         if (r.error) return Fail(s, r.too_large ? CompileStatus::kUnsupported : CompileStatus::kError, *r.error);
         s.program = std::move(r.program);
         s.source_map = std::move(r.source_map);
         s.source_comps = std::move(r.source_comps);
         // Every instruction is valid a3xx: opt::Legalize (and
         // LegalizeConservatively) checked each one (a3xx::Validate) into
         // the ValidatedProgram, and fails otherwise; no second check here
         // nor in the emulator's Prepare.
         return true;
       }},
  };
  return passes;
}

std::string Dump(const State& s, Form form) {
  switch (form) {
    case Form::kTgsi: return tgsi::PrintShader(s.tgsi);
    case Form::kIr: return opt::PrintFunction(s.fn);
    case Form::kMachine: {
      std::string out;
      for (size_t b = 0; b < s.machine.blocks.size(); ++b) {
        out += "b" + std::to_string(b) + ":\n";
        for (const a3xx::Instr& in : s.machine.blocks[b].instrs) out += "  " + a3xx::Disassemble(in) + "\n";
      }
      return out;
    }
    case Form::kProgram: {
      std::string out;
      for (const a3xx::Instr& in : s.program.instrs) out += a3xx::Disassemble(in) + "\n";
      return out;
    }
  }
  return "";
}

}  // namespace

const std::vector<std::string>& ConservativePasses() {
  static const std::vector<std::string> passes = {"out-of-ssa", "regalloc", "to-machine", "legalize"};
  return passes;
}

const std::vector<TargetCompiler>& TargetCompilers() {
  static const std::vector<TargetCompiler> targets = [] {
    TargetCompiler a3xx;
    a3xx.target = "a3xx";
    a3xx.naive =
        "naive: compiler/targets/a3xx/naive: one template per TGSI opcode, fixed registers, worst-case waits (the "
        "reference build the optimizing build is compared with)";
    for (const Pass& p : A3xxPipeline()) a3xx.opt_passes.push_back(p.info);
    TargetCompiler r500;
    r500.target = "r500";
    r500.naive =
        "naive: compiler/targets/r500/naive: the shared TGSI lowering, then one template per TGSI opcode, fixed "
        "registers, unpaired RGB/Alpha halves, a wait after every TEX (check and compile take it)";
    // The r500 optimizing build (first slice): machine-level passes over the naive translation.
    r500.opt_passes = {
        {"r500-naive", "first: the optimizing build starts from the naive translation (lowering, fixed registers, templates)",
         "compiler/targets/r500/naive"},
        {"r500-select",
         "during the translation (it needs the TGSI operands' immediate values): a set op against an immediate whose "
         "value makes the scaling and infinity steps unnecessary takes a short form (imm-compare: the difference "
         "and one CMP, or the operand itself against a zero), word for word the full template's result",
         "compiler/targets/r500/naive/set_ops.cc (asked only by the optimizing build)"},
        {"r500-dead",
         "before scheduling: dead halves, channels and instructions removed first leave fewer dependencies and halves to pair",
         "compiler/targets/r500/opt/dead_channels.cc (sync bits cleared first: legalize recomputes them)"},
        {"r500-coalesce",
         "after dead-code removal (dead copies are gone, live ones have their last readers), before renaming: a "
         "producer writing the copy's destination itself leaves one web where there were two and one instruction "
         "less to schedule",
         "compiler/targets/r500/opt/coalesce.cc"},
        {"r500-alpha",
         "after the first r500-coalesce (values have their final producers), before renaming: a value in one RGB "
         "channel moves to a fresh register's w, computed by the Alpha unit, so r500-schedule can pair it "
         "(to-alpha: a copy of an Alpha result; balance: a value at a height of its run's dependence graph where "
         "RGB halves outnumber Alpha ones, so independent chains land in both units); r500-rename packs the fresh "
         "registers",
         "compiler/targets/r500/opt/alpha.cc"},
        {"r500-coalesce",
         "again after r500-alpha: a moved copy of an Alpha result (the transcendental templates' broadcast) is now "
         "an Alpha copy its producer can absorb",
         "compiler/targets/r500/opt/coalesce.cc"},
        {"r500-rename",
         "after dead-code removal (only live definitions form webs), before scheduling: a web per value on its own "
         "register removes the false dependences the fixed registers and scratch S0..S2 make, and packs the webs onto "
         "the fewest temporaries",
         "compiler/targets/r500/opt/rename.cc"},
        {"r500-dead",
         "again after r500-rename: a copy whose source and destination webs landed in one register copies the "
         "register onto itself (self-copy), and its write is cleared before the scheduler sees it",
         "compiler/targets/r500/opt/dead_channels.cc"},
        {"r500-schedule",
         "after dead-code removal, before legalize: pairs RGB and Alpha halves and issues lookups early within each run "
         "between barriers",
         "compiler/targets/r500/opt/pair_schedule.cc, halves.cc"},
        {"r500-fc",
         "after scheduling, before legalize: nested IFs that end together close with one FC popping every level "
         "(join-pops), and the jumps into that run of ENDIFs jump past it with the levels they skip",
         "compiler/targets/r500/opt/join_pops.cc"},
        {"r500-legalize",
         "last: the semaphore groups (one acquire, WAIT on the first reader) and MDH/MDV NOPs depend on the final order",
         "compiler/targets/r500/opt/legalize.cc"},
    };
    return std::vector<TargetCompiler>{std::move(a3xx), std::move(r500)};
  }();
  return targets;
}

const TargetCompiler* FindTargetCompiler(const std::string& target) {
  for (const TargetCompiler& t : TargetCompilers()) {
    if (t.target == target) return &t;
  }
  return nullptr;
}

std::string PrintTargetCompiler(const TargetCompiler& t) {
  if (!t.missing.empty() && t.naive.empty()) return t.target + ": " + t.missing + "\n";
  std::string out = t.target + " naive build (--build naive):\n  " + t.naive + "\n";
  if (!t.missing.empty()) return out + t.target + " optimizing build: " + t.missing + "\n";
  out += "(code: 'shared' is compiler/passes and compiler/opt, which every target is to share, compiler/opt still "
         "a3xx-typed (compiler/README.md); '" + t.target + "' is the target's own)\n";
  out += t.target + " optimizing build (--build opt), in order:\n";
  for (const OptPassInfo& p : t.opt_passes) {
    out += "  " + p.name + "\n    code: " + p.code + "\n    why here: " + p.why + "\n";
  }
  return out;
}

const std::vector<OptPassInfo>& OptPasses() { return FindTargetCompiler("a3xx")->opt_passes; }

namespace {

// What every pass is charged after it ran: the size of what it left.
uint64_t FormSize(const State& s, Form form) {
  switch (form) {
    case Form::kTgsi: return s.tgsi.instructions.size() + s.tgsi.declarations.size();
    case Form::kIr: return s.fn.nodes.size() + s.fn.blocks.size();
    case Form::kMachine: {
      uint64_t n = s.machine.blocks.size();
      for (const auto& b : s.machine.blocks) n += b.instrs.size();
      return n;
    }
    case Form::kProgram: return s.program.instrs.size();
  }
  return 0;
}

}  // namespace

uint64_t DefaultWorkLimit(const tgsi::Shader& shader) {
  const uint64_t items = shader.instructions.size() + shader.declarations.size() + shader.immediates.size();
  return kWorkBase + kWorkPerTgsiItem * items;
}

namespace {

std::string OverBudget(const WorkBudget& work, const tgsi::Shader& shader, bool default_limit) {
  return "compile budget exceeded: more than " + std::to_string(work.limit()) + " units of work" +
         (default_limit ? " (the limit for " + std::to_string(shader.instructions.size() + shader.declarations.size() +
                                                              shader.immediates.size()) +
                              " TGSI items: " + std::to_string(kWorkBase) + " + " + std::to_string(kWorkPerTgsiItem) +
                              " per item)"
                        : " (the work limit asked for)");
}

}  // namespace

OptResult CompileA3xxOpt(const tgsi::Shader& shader, const OptOptions& options) {
  OptResult result;
  result.budget = options.opt_bisect_allowed ? RewriteBudget::AllowingOnly(*options.opt_bisect_allowed)
                                             : RewriteBudget(options.opt_bisect_limit);
  const bool default_limit = options.work_limit == 0;
  WorkBudget work(default_limit ? DefaultWorkLimit(shader) : options.work_limit);
  const ScopedWorkBudget work_scope(&work);
  result.work_limit = work.limit();
  State s;
  s.timing = a3xx::FindTiming("a3xx");
  s.budget = &result.budget;
  s.conservative = &options.conservative_passes;
  s.original = &shader;  // lower-tgsi, the first pass, makes s.tgsi from it: no copy of the input
  if (shader.processor != tgsi::Processor::kVertex && shader.processor != tgsi::Processor::kFragment) {
    result.status = CompileStatus::kUnsupported;
    result.detail = "stage " + std::string(tgsi::Name(shader.processor));
    result.failed_pass = "select";
    return result;
  }
  for (const Pass& p : A3xxPipeline()) {
    result.budget.SetPass(p.info.name);
    const bool changed = p.run(s);
    work.Charge(FormSize(s, p.form));
    result.work_used = work.used();
    if (work.exceeded()) {  // whatever the pass returned: it may have stopped early
      result.status = CompileStatus::kError;
      result.detail = OverBudget(work, shader, default_limit);
      result.failed_pass = p.info.name;
      result.over_budget = true;
      return result;
    }
    if (s.status != CompileStatus::kOk) {
      result.status = s.status;
      result.detail = s.detail;
      result.failed_pass = p.info.name;
      return result;
    }
    if (changed && p.form == Form::kTgsi) {
      const std::vector<std::string> errors = ValidateTgsi(s.tgsi);
      if (!errors.empty()) {
        result.status = CompileStatus::kError;
        result.detail = "pass " + p.info.name + " broke the TGSI: " + errors.front();
        result.failed_pass = p.info.name;
        return result;
      }
    }
    if (changed && p.form == Form::kIr) {
      if (std::optional<std::string> e = opt::VerifyFunction(s.fn)) {
        result.status = CompileStatus::kError;
        result.detail = "pass " + p.info.name + " broke the IR: " + *e;
        result.failed_pass = p.info.name;
        return result;
      }
    }
    if (options.dot && p.info.name == "schedule") result.dot = opt::PrintDot(s.fn);
    const bool dump = options.dump_all || std::find(options.dump_after.begin(), options.dump_after.end(),
                                                    p.info.name) != options.dump_after.end();
    if (dump) result.dumps += "=== after " + p.info.name + " ===\n" + Dump(s, p.form);
  }
  result.program = std::move(s.program);
  result.source_map = std::move(s.source_map);
  result.source_comps = std::move(s.source_comps);
  return result;
}

naive::CompileResult CompileA3xxBuild(const tgsi::Shader& shader, bool optimizing, const OptOptions& options,
                                      OptResult* details) {
  if (!optimizing) return naive::CompileA3xxNaive(shader);
  OptResult opt = CompileA3xxOpt(shader, options);
  naive::CompileResult r;
  r.status = opt.status;
  r.detail = opt.status == CompileStatus::kError ? "pass " + opt.failed_pass + ": " + opt.detail : opt.detail;
  r.program = std::move(opt.program);
  r.source_map = std::move(opt.source_map);
  r.source_comps = opt.source_comps;
  r.over_budget = opt.over_budget;
  if (details) *details = std::move(opt);
  return r;
}

}  // namespace shaderdiff::compiler
