// The differential check of one shader (see check.h).
#include "tools/harness/check.h"

#include <cstdio>

#include "compiler/targets/a3xx/naive/a3xx_naive.h"
#include "compiler/targets/r500/naive/r500_naive.h"
#include "compiler/targets/r500/opt/r500_opt.h"
#include "compiler/pipeline.h"
#include "emulator/isa_common/hex.h"
#include "emulator/r500/run_vector.h"
#include "emulator/tgsi/interpreter.h"
#include "tools/ir3_dump/program.h"
#include "tools/harness/rng.h"
#include "tools/harness/vector_gen.h"

namespace shaderdiff::harness {

std::string_view VerdictName(Verdict verdict) {
  switch (verdict) {
    case Verdict::kPass: return "pass";
    case Verdict::kMismatch: return "mismatch";
    case Verdict::kNaiveMismatch: return "naive-mismatch";
    case Verdict::kBuildMismatch: return "build-mismatch";
    case Verdict::kHazard: return "hazard";
    case Verdict::kUnsupported: return "unsupported";
    case Verdict::kCompileError: return "compile-error";
    case Verdict::kTimeout: return "timeout";
    case Verdict::kUntested: return "untested";
    case Verdict::kNotApplicable: return "not-applicable";
  }
  return "?";
}

VectorChoice ChooseVector(const CheckOptions& options, uint64_t shader_hash, uint32_t index,
                          const tgsi::Shader& shader) {
  // Each (shader, vector) pair gets its own seed, so adding shaders to a
  // corpus never changes the vectors of the others.
  Rng mix(options.seed ^ shader_hash ^ (0x9e3779b97f4a7c15ull * (index + 1)));
  return {mix.Next(), (index % 2) == 1, shader.processor == tgsi::Processor::kGeometry ? 1 : options.lanes,
          index % 4 == 1 || index % 4 == 2};
}

Verdict CompileFailureVerdict(naive::CompileStatus status) {
  return status == naive::CompileStatus::kUnsupported ? Verdict::kUnsupported : Verdict::kCompileError;
}

Verdict CompileFailureVerdict(r500naive::Status status) {
  return status == r500naive::Status::kUnsupported ? Verdict::kUnsupported : Verdict::kCompileError;
}

namespace {

// The program a check emulates: a compiler's, validated once
// (a3xx::ValidatedProgram: Prepare does not check the rules again), or a
// plain one (a Mesa program from its dump, or one the test-only fault
// injection edited), which Prepare validates.
class ProgramToRun {
 public:
  explicit ProgramToRun(const a3xx::ValidatedProgram& p) : validated_(&p) {}
  explicit ProgramToRun(const a3xx::Program& p) : plain_(&p) {}
  const a3xx::Program& program() const { return validated_ ? validated_->program() : *plain_; }
  std::shared_ptr<const a3xx::PreparedProgram> Prepare(const a3xx::EmulatorOptions& options) const {
    return validated_ ? a3xx::Prepare(*validated_, options) : a3xx::Prepare(*plain_, options);
  }

 private:
  const a3xx::ValidatedProgram* validated_ = nullptr;
  const a3xx::Program* plain_ = nullptr;
};

struct Compiled {
  a3xx::ValidatedProgram validated;
  std::optional<a3xx::Program> plain;  // set instead of `validated` (ProgramToRun)
  std::optional<r500::FragmentProgram> r500;  // the r500 target's program (then neither above)
  std::optional<CheckOutcome> failure;
  ProgramToRun ToRun() const { return plain ? ProgramToRun(*plain) : ProgramToRun(validated); }
};

Compiled Compile(const tgsi::Shader& shader, const CheckOptions& options) {
  Compiled c;
  CheckOutcome fail;
  if (std::string why = NotApplicableReason(options.target, shader.processor); !why.empty()) {
    fail.verdict = Verdict::kNotApplicable;  // before any build: no build of the target can run it
    fail.detail = std::move(why);
    c.failure = fail;
    return c;
  }
  const TargetInfo* target = FindTarget(options.target);
  if (!target) {
    fail.verdict = Verdict::kUnsupported;
    fail.detail = "target " + options.target;
    c.failure = fail;
    return c;
  }
  if (target->id == TargetId::kR500) {
    fail.verdict = Verdict::kUnsupported;
    if (options.build == Build::kMesa) {
      fail.detail = "no Mesa build for r500";
      c.failure = fail;
      return c;
    }
    r500naive::CompileResult r =
        r500opt::CompileR500Build(shader, options.build == Build::kOptimizing, options.opt_bisect_limit);
    if (r.status == r500naive::Status::kOk) {
      c.r500 = std::move(r.program);
      return c;
    }
    fail.verdict = CompileFailureVerdict(r.status);
    fail.detail = r.detail;
    c.failure = fail;
    return c;
  }
  if (options.build == Build::kMesa) {
    if (options.mesa_program.empty()) {
      fail.verdict = Verdict::kUntested;
      fail.detail = "no Mesa program";
      c.failure = fail;
      return c;
    }
    ir3_dump::BuildResult m = ir3_dump::LoadProgram(options.mesa_program, shader);
    if (m.status == ir3_dump::BuildStatus::kOk) {
      c.plain = std::move(m.program);
      if (options.post_compile) options.post_compile(*c.plain);  // test-only fault injection
      return c;
    }
    fail.verdict = m.status == ir3_dump::BuildStatus::kUnsupported ? Verdict::kUnsupported : Verdict::kCompileError;
    fail.detail = "Mesa program: " + m.detail;
    c.failure = fail;
    return c;
  }
  compiler::OptOptions opt;
  opt.opt_bisect_limit = options.opt_bisect_limit;
  opt.conservative_passes = options.conservative_passes;
  naive::CompileResult r = compiler::CompileA3xxBuild(shader, options.build == Build::kOptimizing, opt);
  switch (r.status) {
    case naive::CompileStatus::kOk:
      if (options.post_compile) {
        c.plain = r.program.program();  // edited words: validated again
        options.post_compile(*c.plain);  // test-only fault injection
      } else {
        c.validated = std::move(r.program);
      }
      return c;
    case naive::CompileStatus::kUnsupported:
    case naive::CompileStatus::kError:
      fail.verdict = CompileFailureVerdict(r.status);
      break;
  }
  fail.detail = r.detail;
  c.failure = fail;
  return c;
}

void AddTotals(Comparison& into, const Comparison& c) {
  into.compared += c.compared;
  into.tolerant += c.tolerant;
  into.skipped += c.skipped;
  into.mismatches += c.mismatches;
}

}  // namespace

ProgramStats CountProgram(const a3xx::Program& program) {
  ProgramStats s;
  size_t last_end = program.instrs.size();
  for (size_t k = 0; k < program.instrs.size(); ++k)
    if (program.instrs[k].opcode == a3xx::Opcode::END) last_end = k;
  for (size_t k = 0; k < program.instrs.size(); ++k) {
    const a3xx::Instr& i = program.instrs[k];
    const bool padding = last_end < program.instrs.size() && k > last_end;
    ++s.instructions;
    s.padding_instructions += padding;
    if (i.opcode == a3xx::Opcode::NOP) {
      s.nops += 1 + i.repeat;
      if (padding) s.padding_nops += 1 + i.repeat;
    }
    s.ss += i.has_flag(a3xx::kFlagSs);
    s.sy += i.has_flag(a3xx::kFlagSy);
  }
  s.full_regs = program.state.full_regs;
  s.half_regs = program.state.half_regs;
  return s;
}

bool RunReference(const tgsi::Shader& shader, uint64_t shader_hash, const CheckOptions& options,
                  std::vector<ReferenceRun>* runs, std::string* error, tgsi_exec::BranchCoverage* coverage) {
  tgsi_exec::InterpreterOptions interp_options;
  interp_options.instruction_budget = options.interpreter_budget;
  interp_options.coverage = coverage;
  runs->clear();
  runs->reserve(options.vectors);
  const ShaderDictionary dictionary = AnalyzeShader(shader);
  // Decoded once; all vectors in one batched call (the same results as one
  // call per vector, tgsi_exec::InterpretBatch).
  const std::shared_ptr<const tgsi_exec::PreparedShader> prepared = tgsi_exec::Prepare(shader);
  for (uint32_t v = 0; v < options.vectors; ++v) {
    ReferenceRun run;
    run.choice = ChooseVector(options, shader_hash, v, shader);
    if (!GenerateVector(shader, dictionary, VectorOptionsFor(run.choice), &run.vector, error))
      return false;
    runs->push_back(std::move(run));
  }
  std::vector<const common::TestVector*> vectors;
  vectors.reserve(runs->size());
  for (const ReferenceRun& run : *runs) vectors.push_back(&run.vector);
  std::vector<common::ExecResult> results = tgsi_exec::InterpretBatch(*prepared, vectors, interp_options);
  for (size_t v = 0; v < runs->size(); ++v) (*runs)[v].result = std::move(results[v]);
  return true;
}

namespace {

// For a Mesa program's mismatch: what the naive build gave there.
std::string NaiveWordAt(const common::ExecResult& naive, const Mismatch& m) {
  if (m.component < 0) return "";
  const common::OutputLanes* o = naive.FindOutput(m.output);
  if (!o || m.lane >= o->words.size()) return "; the naive build has no such output";
  const common::Word w = o->words[m.lane][m.component];
  return "; the naive build gives " + isa_common::HexWord(w) + (w == m.actual ? " too" : " (it passes this vector)");
}

// One vector on the target's emulator: the only target-specific part of a
// check. `first_hazard` is the first hazard as text ("" when none); a3xx's
// hazards are also kept whole for the outcome.
struct EmulatedVector {
  common::ExecResult result;
  std::string first_hazard;
  std::vector<a3xx::Hazard> hazards;
  a3xx::CycleStats stats;
};
using EmulateVector = std::function<EmulatedVector(const common::TestVector&)>;

// a3xx: the program prepared once, at the first vector run.
EmulateVector A3xxEmulation(const ProgramToRun& run_program, const CheckOptions& options) {
  a3xx::EmulatorOptions emu_options;
  emu_options.timing = a3xx::FindTiming(options.target);
  emu_options.hazards = options.hazards;
  emu_options.shift_counts = options.shift_counts;
  emu_options.jp_rule = options.jp_rule;
  emu_options.frag_sysvals = options.frag_sysvals;
  emu_options.cycle_budget = options.cycle_budget;
  auto prepared = std::make_shared<std::shared_ptr<const a3xx::PreparedProgram>>();
  return [run_program, emu_options, prepared](const common::TestVector& vector) {
    if (!*prepared) *prepared = run_program.Prepare(emu_options);
    a3xx::EmulationResult emulated = a3xx::Emulate(**prepared, vector, emu_options);
    EmulatedVector out;
    out.result = std::move(emulated.result);
    if (!emulated.hazards.empty()) out.first_hazard = emulated.hazards.front().ToString();
    out.hazards = std::move(emulated.hazards);
    out.stats = emulated.stats;
    return out;
  };
}

// r500: every vector quad by quad (emulator/r500/run_vector.h); hazards
// trap (the first is the verdict). Its cycles are reported in a3xx's
// fields: issue slots with NOP cycles, TEX waits as stalls.
EmulateVector R500Emulation(const r500::FragmentProgram& program) {
  // The program is checked once for all vectors; one the check refuses runs
  // per vector as before, so each vector's result gives the reason.
  std::string refused;
  return [&program, checked = r500::CheckedProgram::Check(program, &refused)](const common::TestVector& vector) {
    r500::RunOptions run_options;
    run_options.trap = true;
    r500::VectorRun run =
        checked ? r500::RunVector(*checked, vector, run_options) : r500::RunVector(program, vector, run_options);
    EmulatedVector out;
    out.result = std::move(run.result);
    if (!run.hazards.empty()) {
      const r500::Hazard& h = run.hazards.front();
      out.first_hazard = h.kind + " at slot " + std::to_string(h.slot) + ": " + h.detail;
    }
    out.stats.cycles = run.cycles;
    out.stats.issue_slots = run.cycles - run.wait_cycles;
    out.stats.nop_slots = run.nop_cycles;
    out.stats.stall_cycles = run.wait_cycles;
    out.stats.instructions = run.instructions;
    return out;
  };
}

ProgramStats CountR500Program(const r500::FragmentProgram& program) {
  ProgramStats s;
  s.instructions = static_cast<uint32_t>(program.state.code.size());
  for (const r500::Instr& in : program.state.code) s.nops += in.Get(r500::Field::kNop);
  return s;
}

CheckOutcome CheckCompiled(const ProgramStats& program, const EmulateVector& emulate, const CheckOptions& options,
                           const std::vector<ReferenceRun>& reference, const BuildResults* naive, BuildResults* keep) {
  CheckOutcome out;
  out.program = program;
  if (keep) keep->assign(reference.size(), std::nullopt);
  uint32_t timeouts = 0;
  const common::ExecResult* first_skipped = nullptr;
  for (size_t v = 0; v < reference.size(); ++v) {
    const ReferenceRun& run = reference[v];
    if (run.result.status == common::ExecStatus::kUnsupported) {
      out.verdict = Verdict::kUnsupported;
      out.detail = "reference interpreter: " + run.result.detail;
      out.location = run.result.location;
      return out;
    }
    if (run.result.status != common::ExecStatus::kOk) {
      // A loop that never ends for this input (timeout), or an input the
      // shader cannot run on (error: the call stack overflows, ...).
      ++out.vectors_skipped;
      if (run.result.status == common::ExecStatus::kTimeout) ++timeouts;
      if (!first_skipped) first_skipped = &run.result;
      continue;
    }
    EmulatedVector emulated = emulate(run.vector);
    if (emulated.result.status == common::ExecStatus::kTimeout && run.result.control_undefined) {
      // Undefined behaviour explains it: the reference's control flow was
      // decided by an undefined value, so a valid implementation may loop
      // where the reference left the loop. Not checked, not a failure.
      ++out.vectors_undefined_timeout;
      continue;
    }
    ++out.vectors_run;
    if (out.cycles.cycles == 0) out.cycles = emulated.stats;
    if (emulated.result.status == common::ExecStatus::kTimeout) {
      out.verdict = Verdict::kTimeout;
      out.detail = emulated.result.detail;
      out.vector = run.choice;
      return out;
    }
    if (emulated.result.status == common::ExecStatus::kUnsupported) {
      out.verdict = Verdict::kUnsupported;
      out.detail = "emulator: " + emulated.result.detail;
      return out;
    }
    if (!emulated.first_hazard.empty()) {
      out.verdict = Verdict::kHazard;
      out.detail = emulated.first_hazard;
      out.hazards = emulated.hazards;
      out.vector = run.choice;
      return out;
    }
    if (emulated.result.status != common::ExecStatus::kOk) {
      out.verdict = Verdict::kCompileError;
      out.detail = "emulator: " + emulated.result.detail;
      out.vector = run.choice;
      return out;
    }
    Comparison c = CompareResults(run.result, emulated.result);
    AddTotals(out.totals, c);
    const common::ExecResult* naive_result = naive && v < naive->size() && (*naive)[v] ? &*(*naive)[v] : nullptr;
    if (!c.ok()) {
      out.verdict = options.build == Build::kNaive ? Verdict::kNaiveMismatch : Verdict::kMismatch;
      out.mismatch = c.first;
      out.detail = c.first->ToString() + " (" + std::to_string(c.mismatches) + " component(s) differ)";
      if (options.build == Build::kMesa && naive_result) out.detail += NaiveWordAt(*naive_result, *c.first);
      out.vector = run.choice;
      return out;
    }
    if (options.build == Build::kMesa) {
      // Another compiler: its inexact components may differ from ours and
      // both be right, so the naive build only annotates a mismatch.
      if (naive_result) ++out.vectors_compared_to_naive;
    } else if (naive_result) {
      ++out.vectors_compared_to_naive;
      const Comparison b = CompareBuilds(run.result, *(*naive)[v], emulated.result);
      if (!b.ok()) {
        out.verdict = Verdict::kBuildMismatch;
        out.mismatch = b.first;
        out.detail = b.first->ToString() + " (" + std::to_string(b.mismatches) + " component(s) differ)";
        out.vector = run.choice;
        return out;
      }
    }
    if (keep) (*keep)[v] = std::move(emulated.result);
  }
  if (out.vectors_run == 0) {
    out.verdict = Verdict::kUntested;
    if (reference.empty()) {
      out.detail = "no vector to check: none was requested";
    } else if (out.vectors_undefined_timeout > 0) {
      out.detail = "no vector to check: the build exhausted its cycle budget on " +
                   std::to_string(out.vectors_undefined_timeout) +
                   " where the reference's control flow was decided by an undefined value (undefined behaviour)";
      if (out.vectors_skipped > 0) {
        out.detail += ", and the reference could not run or looped forever on " + std::to_string(out.vectors_skipped);
      }
    } else if (timeouts == out.vectors_skipped) {
      out.detail = "no vector to check: the reference interpreter exhausted its budget on all " +
                   std::to_string(out.vectors_skipped) + " (the shader loops forever on them)";
      out.location = first_skipped->location;
    } else {
      out.detail = "no vector to check: the reference interpreter could not run " +
                   std::to_string(out.vectors_skipped - timeouts) + " and exhausted its budget on " +
                   std::to_string(timeouts) + " of " + std::to_string(out.vectors_skipped) + " (first: " +
                   first_skipped->detail + ")";
      out.location = first_skipped->location;
    }
  }
  return out;
}

CheckOutcome CheckA3xx(const ProgramToRun& run_program, const CheckOptions& options,
                       const std::vector<ReferenceRun>& reference, const BuildResults* naive, BuildResults* keep) {
  return CheckCompiled(CountProgram(run_program.program()), A3xxEmulation(run_program, options), options, reference,
                       naive, keep);
}

CheckOutcome CheckCompiledBuild(const Compiled& compiled, const CheckOptions& options,
                                const std::vector<ReferenceRun>& reference, const BuildResults* naive,
                                BuildResults* keep) {
  if (compiled.r500)
    return CheckCompiled(CountR500Program(*compiled.r500), R500Emulation(*compiled.r500), options, reference, naive,
                         keep);
  return CheckA3xx(compiled.ToRun(), options, reference, naive, keep);
}

CheckOutcome VectorError(const std::string& error) {
  CheckOutcome out;
  out.verdict = Verdict::kCompileError;
  out.detail = "vector generation: " + error;
  return out;
}

}  // namespace

CheckOutcome CheckShader(const tgsi::Shader& shader, uint64_t shader_hash, const CheckOptions& options) {
  Compiled compiled = Compile(shader, options);
  if (compiled.failure) return *compiled.failure;
  std::vector<ReferenceRun> reference;
  std::string error;
  if (!RunReference(shader, shader_hash, options, &reference, &error)) return VectorError(error);
  BuildResults naive;
  const bool three_way = options.build != Build::kNaive && options.compare_builds;
  if (three_way) {
    CheckOptions naive_options = options;
    naive_options.build = Build::kNaive;
    naive_options.post_compile = nullptr;
    CheckShaderAgainst(shader, naive_options, reference, nullptr, &naive);
  }
  return CheckCompiledBuild(compiled, options, reference, three_way ? &naive : nullptr, nullptr);
}

CheckOutcome CheckShaderAgainst(const tgsi::Shader& shader, const CheckOptions& options,
                                const std::vector<ReferenceRun>& reference, const BuildResults* naive,
                                BuildResults* keep) {
  if (keep) keep->clear();
  Compiled compiled = Compile(shader, options);
  if (compiled.failure) return *compiled.failure;
  const bool three_way = options.build != Build::kNaive && options.compare_builds;
  return CheckCompiledBuild(compiled, options, reference, three_way ? naive : nullptr, keep);
}

CheckOutcome CheckProgram(const a3xx::Program& program, const CheckOptions& options,
                          const std::vector<ReferenceRun>& reference, const BuildResults* naive, BuildResults* keep) {
  if (keep) keep->clear();
  const bool three_way = options.build != Build::kNaive && options.compare_builds;
  return CheckA3xx(ProgramToRun(program), options, reference, three_way ? naive : nullptr, keep);
}

CheckOutcome CheckProgram(const a3xx::ValidatedProgram& program, const CheckOptions& options,
                          const std::vector<ReferenceRun>& reference, const BuildResults* naive, BuildResults* keep) {
  if (keep) keep->clear();
  const bool three_way = options.build != Build::kNaive && options.compare_builds;
  return CheckA3xx(ProgramToRun(program), options, reference, three_way ? naive : nullptr, keep);
}

CheckOutcome CheckProgram(const r500::FragmentProgram& program, const CheckOptions& options,
                          const std::vector<ReferenceRun>& reference, const BuildResults* naive, BuildResults* keep) {
  if (keep) keep->clear();
  const bool three_way = options.build != Build::kNaive && options.compare_builds;
  return CheckCompiled(CountR500Program(program), R500Emulation(program), options, reference,
                       three_way ? naive : nullptr, keep);
}

std::string ReproCommand(const std::string& file, const CheckOptions& options, const CheckOutcome& outcome,
                         std::string_view program) {
  if (outcome.verdict == Verdict::kPass) return "";
  std::string build = " --target " + options.target + " --build " + std::string(BuildName(options.build));
  if (options.build == Build::kMesa) build += " --program " + options.mesa_program;
  std::string limit = options.build == Build::kOptimizing && options.opt_bisect_limit >= 0
                          ? " --opt-bisect-limit " + std::to_string(options.opt_bisect_limit)
                          : "";
  if (options.build == Build::kOptimizing && !options.conservative_passes.empty()) {
    std::string list;
    for (const std::string& p : options.conservative_passes) list += (list.empty() ? "" : ",") + p;
    limit += " --conservative " + list;
  }
  if (!outcome.vector) return std::string(program) + " compile" + build + limit + " " + file;
  if (const TargetInfo* target = FindTarget(options.target); target && !target->emulate_runs_shaders) {
    // `emulate --target r500` runs assembly, not a shader: the check itself
    // reruns the run's vectors (the same seed and lanes draw the same ones)
    // and stops at the same first failure, with its verdict and detail.
    return std::string(program) + " check" + build + " " + file + " --seed " + std::to_string(options.seed) +
           " --vectors " + std::to_string(options.vectors) + " --lanes " + std::to_string(options.lanes);
  }
  std::string cmd = std::string(program) + " emulate" + build + " " + file;
  cmd += VectorFlags(*outcome.vector) + limit;
  if (options.shift_counts == a3xx::ShiftCountMode::kMask) cmd += " --shift-counts mask";
  if (options.jp_rule == a3xx::JpRule::kWhereLanesPark) cmd += " --jp-rule where-lanes-park";
  if (options.frag_sysvals == a3xx::FragSysvalFormat::kIr3) cmd += " --frag-sysvals ir3";
  // The command shows the failure itself: the comparison (with the naive
  // build for a build mismatch) or the hazard, and exits non-zero.
  switch (outcome.verdict) {
    case Verdict::kMismatch:
    case Verdict::kNaiveMismatch:
    case Verdict::kBuildMismatch: cmd += " --compare"; break;
    case Verdict::kHazard: cmd += " --hazards trap"; break;
    default: break;
  }
  return cmd;
}

std::string VectorFlags(const VectorChoice& choice) {
  return " --seed " + std::to_string(choice.seed) + " --lanes " + std::to_string(choice.lanes) +
         (choice.edges ? " --edges" : "") + (choice.dictionary ? " --dictionary" : "");
}

VectorOptions VectorOptionsFor(const VectorChoice& choice) {
  return {.seed = choice.seed, .lanes = choice.lanes, .edges = choice.edges, .dictionary = choice.dictionary};
}

std::string InterpCommand(const std::string& file, const VectorChoice& choice) {
  return "shaderdiff interp " + file + VectorFlags(choice);
}

}  // namespace shaderdiff::harness
