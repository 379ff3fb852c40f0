// Explain (explain.h): the side-by-side walk over the two traces.
#include "tools/explain/explain.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <map>
#include <tuple>

#include "compiler/pipeline.h"
#include "compiler/tgsi/printer.h"
#include "emulator/a3xx/emulator.h"
#include "emulator/a3xx/isa/disasm.h"
#include "emulator/tgsi/interpreter.h"
#include "tools/harness/vector_json.h"

namespace shaderdiff::explain {

std::string_view StatusName(Status s) {
  switch (s) {
    case Status::kExplained: return "explained";
    case Status::kIntermediate: return "intermediate";
    case Status::kHazard: return "hazard";
    case Status::kNotFailing: return "not-failing";
    case Status::kNotRun: return "not-run";
  }
  return "?";
}

namespace {

struct Traced {
  naive::CompileResult compiled;
  // The program emulated: a copy of compiled.program, edited by the
  // test-only fault injection when set (so the emulator validates it).
  a3xx::Program program;
  a3xx::ExecTrace trace;
  a3xx::EmulationResult emulated;
};

a3xx::EmulatorOptions EmuOptions(const harness::CheckOptions& o) {
  a3xx::EmulatorOptions e;
  e.hazards = o.hazards;
  e.shift_counts = o.shift_counts;
  e.jp_rule = o.jp_rule;
  e.frag_sysvals = o.frag_sysvals;
  e.cycle_budget = o.cycle_budget;
  return e;
}

bool CompileBuild(const tgsi::Shader& shader, const harness::CheckOptions& o, bool optimizing, Traced* out) {
  compiler::OptOptions opt;
  opt.opt_bisect_limit = o.opt_bisect_limit;
  out->compiled = compiler::CompileA3xxBuild(shader, optimizing, opt);
  if (out->compiled.status != naive::CompileStatus::kOk) return false;
  out->program = out->compiled.program;
  if (o.post_compile) o.post_compile(out->program);
  return true;
}

void RunTraced(Traced& t, const common::TestVector& vector, const harness::CheckOptions& o, uint32_t lane) {
  a3xx::EmulatorOptions e = EmuOptions(o);
  t.trace.lane = lane;
  e.trace = &t.trace;
  t.emulated = a3xx::Emulate(t.program, vector, e);
}

// Key of a final write: (TGSI instruction, component, occurrence).
using WriteKey = std::tuple<int32_t, int, uint32_t>;

// The word the step wrote for component c of a final-write mask (nullopt:
// an async result that never landed).
std::optional<uint32_t> WrittenFor(const a3xx::TraceStep& s, uint8_t comps, int c) {
  size_t k = 0;
  if (s.writes.size() >= 4) {
    k = static_cast<size_t>(c);  // a texture result: all four scalars
  } else if (std::popcount(comps) > 1) {
    k = static_cast<size_t>(c - std::countr_zero(comps));  // (rptN): consecutive components
  }
  if (k >= s.writes.size()) return std::nullopt;
  const a3xx::TraceWrite& w = s.writes[k];
  if (w.async && !w.landed) return std::nullopt;
  return w.value;
}

// Visits each final write in issue order: f(step index, comp, key, word).
template <typename F>
void ForFinalWrites(const Traced& t, F&& f) {
  const std::vector<int32_t>& map = t.compiled.source_map;
  const std::vector<uint8_t>& comps = t.compiled.source_comps;
  std::map<std::pair<uint32_t, int>, uint32_t> seen;  // (pc, comp) -> executions so far
  for (size_t i = 0; i < t.trace.steps.size(); ++i) {
    const a3xx::TraceStep& s = t.trace.steps[i];
    if (s.pc >= map.size() || s.pc >= comps.size() || map[s.pc] < 0 || comps[s.pc] == 0) continue;
    for (int c = 0; c < 4; ++c) {
      if (!(comps[s.pc] & (1u << c))) continue;
      const uint32_t k = seen[{s.pc, c}]++;
      const std::optional<uint32_t> word = WrittenFor(s, comps[s.pc], c);
      if (!word) continue;
      if (!f(i, c, WriteKey{map[s.pc], c, k}, *word)) return;
    }
  }
}

TraceLine LineOf(const Traced& t, uint32_t step) {
  TraceLine l;
  l.step = step;
  l.trace = t.trace.steps[step];
  const uint32_t pc = l.trace.pc;
  if (pc < t.program.instrs.size()) l.asm_text = a3xx::Disassemble(t.program.instrs[pc]);
  if (pc < t.compiled.source_map.size()) l.tgsi = t.compiled.source_map[pc];
  if (pc < t.compiled.source_comps.size()) l.comps = t.compiled.source_comps[pc];
  return l;
}

// The steps around `step` and, before them, the steps that wrote what it read.
std::vector<TraceLine> Around(const Traced& t, uint32_t step, int context) {
  std::vector<uint32_t> picks;
  const a3xx::TraceStep& s = t.trace.steps[step];
  for (const a3xx::TraceRead& r : s.reads) {
    if (r.written_pc < 0) continue;
    for (uint32_t j = step; j-- > 0;) {
      if (t.trace.steps[j].pc == static_cast<uint32_t>(r.written_pc)) {
        if (j + static_cast<uint32_t>(context) < step) picks.push_back(j);
        break;
      }
    }
  }
  const uint32_t lo = step > static_cast<uint32_t>(context) ? step - static_cast<uint32_t>(context) : 0;
  const uint32_t hi = std::min<uint32_t>(static_cast<uint32_t>(t.trace.steps.size()) - 1,
                                         step + static_cast<uint32_t>(context));
  for (uint32_t j = lo; j <= hi; ++j) picks.push_back(j);
  std::sort(picks.begin(), picks.end());
  picks.erase(std::unique(picks.begin(), picks.end()), picks.end());
  std::vector<TraceLine> out;
  for (uint32_t j : picks) out.push_back(LineOf(t, j));
  return out;
}

void Name(Explanation& e, const Traced& t, const tgsi::Shader& shader, uint32_t step, int comp, uint32_t word,
          int context) {
  const TraceLine l = LineOf(t, step);
  e.step = step;
  e.pc = l.trace.pc;
  e.asm_text = l.asm_text;
  e.tgsi_index = l.tgsi;
  e.comp = comp;
  e.written = word;
  if (e.tgsi_index >= 0 && static_cast<size_t>(e.tgsi_index) < shader.instructions.size()) {
    const tgsi::Instruction& in = shader.instructions[static_cast<size_t>(e.tgsi_index)];
    e.tgsi_text = tgsi::PrintInstruction(in);
    e.tgsi_line = in.location.line;
  }
  uint32_t k = 0;
  for (uint32_t j = 0; j < step; ++j) k += t.trace.steps[j].pc == l.trace.pc;
  e.occurrence = k;
  e.around = Around(t, step, context);
}

}  // namespace

Explanation Explain(const tgsi::Shader& shader, const common::TestVector& vector, const ExplainOptions& options,
                    std::optional<uint32_t> lane) {
  Explanation e;
  const harness::CheckOptions& o = options.check;
  const bool optimizing = o.build == harness::Build::kOptimizing;
  // 1. The check of this one vector, as `check` makes it.
  tgsi_exec::InterpreterOptions interp;
  interp.instruction_budget = o.interpreter_budget;
  harness::ReferenceRun run;
  run.vector = vector;
  run.result = tgsi_exec::Interpret(shader, vector, interp);
  if (run.result.status != common::ExecStatus::kOk) {
    e.status = Status::kNotRun;
    e.reason = "the reference interpreter cannot run this vector: " + run.result.detail;
    return e;
  }
  Traced build;
  if (!CompileBuild(shader, o, optimizing, &build)) {
    e.status = Status::kNotRun;
    e.reason = "the " + std::string(harness::BuildName(o.build)) + " build does not compile: " + build.compiled.detail;
    return e;
  }
  const std::vector<harness::ReferenceRun> reference = {run};
  harness::BuildResults naive_results;
  if (optimizing && o.compare_builds) {
    harness::CheckOptions n = o;
    n.build = harness::Build::kNaive;
    n.post_compile = nullptr;
    harness::CheckShaderAgainst(shader, n, reference, nullptr, &naive_results);
  }
  const harness::CheckOutcome outcome =
      harness::CheckProgram(build.program, o, reference, optimizing && o.compare_builds ? &naive_results : nullptr);
  e.failure = std::string(harness::VerdictName(outcome.verdict)) + (outcome.detail.empty() ? "" : ": " + outcome.detail);
  e.mismatch = outcome.mismatch;
  if (outcome.verdict == harness::Verdict::kPass) {
    e.status = Status::kNotFailing;
    e.reason = "the case passes on this vector: nothing to explain";
    return e;
  }
  const bool value_failure = outcome.mismatch && outcome.mismatch->component >= 0;
  if (!value_failure && outcome.verdict != harness::Verdict::kHazard) {
    e.status = Status::kNotRun;
    e.reason = "a " + std::string(harness::VerdictName(outcome.verdict)) +
               " without a differing output value: the traces have nothing to compare (" + outcome.detail + ")";
    return e;
  }
  e.lane = lane.value_or(value_failure ? outcome.mismatch->lane : 0);

  // 2. Both runs again, traced, for that lane.
  tgsi_exec::StoreTrace stores;
  stores.lanes = {e.lane};
  interp.trace = &stores;
  tgsi_exec::Interpret(shader, vector, interp);
  RunTraced(build, vector, o, e.lane);
  e.trace_steps = build.trace.steps.size();
  e.trace_truncated = build.trace.truncated || stores.truncated;
  std::map<WriteKey, const tgsi_exec::StoreRecord*> ref;
  {
    std::map<std::pair<uint32_t, int>, uint32_t> count;
    for (const tgsi_exec::StoreRecord& r : stores.records) {
      if (r.dst != 0) continue;
      const uint32_t k = count[{r.instr, r.comp}]++;
      ref[WriteKey{static_cast<int32_t>(r.instr), r.comp, k}] = &r;
    }
  }

  // 3. The first final write the reference does not allow.
  bool found = false;
  ForFinalWrites(build, [&](size_t step, int c, const WriteKey& key, uint32_t word) {
    const auto it = ref.find(key);
    if (it == ref.end()) return true;  // the reference never stored it on this lane (flow differs): not comparable
    ++e.finals_compared;
    if (it->second->Allows(word)) return true;
    Name(e, build, shader, static_cast<uint32_t>(step), c, word, options.context);
    e.reference = *it->second;
    found = true;
    return false;
  });
  if (found) {
    e.status = Status::kExplained;
    return e;
  }
  // A build mismatch lies inside the reference's sets: compare with the naive
  // build's final writes, bit for bit, where the reference is not undefined.
  if (optimizing && outcome.verdict == harness::Verdict::kBuildMismatch) {
    Traced naive;
    if (CompileBuild(shader, o, false, &naive)) {
      RunTraced(naive, vector, o, e.lane);
      std::map<WriteKey, uint32_t> naive_words;
      ForFinalWrites(naive, [&](size_t, int, const WriteKey& key, uint32_t word) {
        naive_words.emplace(key, word);
        return true;
      });
      e.finals_compared = 0;
      ForFinalWrites(build, [&](size_t step, int c, const WriteKey& key, uint32_t word) {
        const auto it = naive_words.find(key);
        const auto r = ref.find(key);
        if (it == naive_words.end() || r == ref.end() || r->second->undefined) return true;
        ++e.finals_compared;
        if (it->second == word) return true;
        Name(e, build, shader, static_cast<uint32_t>(step), c, word, options.context);
        e.reference = *r->second;
        e.reason = "the value is inside the reference's set but differs from the naive build's word " +
                   harness::WordToString(it->second) + " at the same write (a build mismatch)";
        found = true;
        return false;
      });
      if (found) {
        e.status = Status::kExplained;
        return e;
      }
    }
  }
  // 4. No final write differs: the last write of the failing output register
  // (an intermediate), or the first hazard.
  if (value_failure) {
    const harness::Mismatch& m = *outcome.mismatch;
    for (const a3xx::RegisterBinding& b : build.program.state.outputs) {
      if (b.tgsi_index != m.output || !b.span.Has(m.component)) continue;
      const uint16_t reg = static_cast<uint16_t>(b.span.Reg(m.component));
      for (size_t j = build.trace.steps.size(); j-- > 0;) {
        for (const a3xx::TraceWrite& w : build.trace.steps[j].writes) {
          if (w.reg != reg || w.half) continue;
          Name(e, build, shader, static_cast<uint32_t>(j), m.component, w.value, options.context);
          e.status = Status::kIntermediate;
          e.reason = "every final write of a TGSI component (" + std::to_string(e.finals_compared) +
                     " compared) agrees with the reference; the comparison point is the last write of OUT[" +
                     std::to_string(m.output) + "]." + "xyzw"[m.component] +
                     "'s register, an intermediate (a copy, a collect into the output span) with no reference "
                     "value of its own: the output's expected word is " + harness::WordToString(m.expected);
          return e;
        }
      }
    }
  }
  for (size_t j = 0; j < build.trace.steps.size(); ++j) {
    if (build.trace.steps[j].hazards.empty()) continue;
    Name(e, build, shader, static_cast<uint32_t>(j), -1, 0, options.context);
    e.status = Status::kHazard;
    e.reason = "no written value differs on lane " + std::to_string(e.lane) + "; the first hazard is at this step: " +
               build.trace.steps[j].hazards.front().ToString();
    return e;
  }
  e.status = Status::kIntermediate;
  e.pc = -1;
  e.reason = "no final write differs from the reference (" + std::to_string(e.finals_compared) +
             " compared) and the failing output's register was never written on lane " + std::to_string(e.lane) +
             ": the value comes from the output binding itself (a register never written, or a wrong span)";
  return e;
}

}  // namespace shaderdiff::explain
