// One campaign program through every oracle (program_eval.h).
#include "tools/fuzz/program_eval.h"

#include <algorithm>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/pipeline.h"
#include "compiler/targets/r500/opt/r500_opt.h"
#include "compiler/tgsi/opcode.h"
#include "compiler/tgsi/validate.h"
#include "emulator/a3xx/isa/opcode.h"
#include "fuzz/mutate/metamorphic_oracle.h"
#include "tools/harness/corpus.h"
#include "tools/harness/targets.h"
#include "tools/harness/vector_json.h"
#include "tools/nightly/shader_run.h"
#include "tools/reduce/signature.h"

namespace shaderdiff::fuzz {

namespace {

using nlohmann::json;

// The program's opcode pairs and sync flags, each distinct one inserted
// once: a program repeats most of its pairs (nop>add.f, ...), and a set
// insert compares strings, so the (kind, opcode, opcode) keys are made
// distinct first as integers (kept per thread), then turned into strings.
void AddProgramFeatures(const a3xx::Program& program, std::set<std::string>& features) {
  enum Kind : uint64_t { kPair, kSs, kSy, kJp };
  const auto pack = [](Kind kind, a3xx::Opcode a, a3xx::Opcode b) {
    return kind << 32 | uint64_t{static_cast<uint16_t>(a)} << 16 | static_cast<uint16_t>(b);
  };
  static thread_local std::vector<uint64_t> keys;
  keys.clear();
  for (size_t i = 0; i < program.instrs.size(); ++i) {
    const a3xx::Instr& in = program.instrs[i];
    if (i + 1 < program.instrs.size()) keys.push_back(pack(kPair, in.opcode, program.instrs[i + 1].opcode));
    if (in.has_flag(a3xx::kFlagSs)) keys.push_back(pack(kSs, in.opcode, in.opcode));
    if (in.has_flag(a3xx::kFlagSy)) keys.push_back(pack(kSy, in.opcode, in.opcode));
    if (in.has_flag(a3xx::kFlagJp)) keys.push_back(pack(kJp, in.opcode, in.opcode));
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  // One key buffer for every feature: the set copies a key only when it is new.
  std::string key;
  for (const uint64_t k : keys) {
    const auto a = static_cast<a3xx::Opcode>(static_cast<uint16_t>(k >> 16));
    const std::string_view op = a3xx::OpcodeName(a);
    switch (static_cast<Kind>(k >> 32)) {
      case kPair:
        key.assign("pair:").append(op).append(">").append(a3xx::OpcodeName(static_cast<a3xx::Opcode>(static_cast<uint16_t>(k))));
        break;
      case kSs: key.assign("sync:(ss):").append(op); break;
      case kSy: key.assign("sync:(sy):").append(op); break;
      case kJp: key.assign("sync:(jp):").append(op); break;
    }
    features.insert(key);
  }
}

void AddOutcomeFeatures(const std::string& config, const harness::CheckOutcome& o, std::set<std::string>& features) {
  for (const a3xx::Hazard& h : o.hazards) features.insert("hazard:" + config + ":" + h.kind);
  if (o.cycles.stall_cycles > 0) features.insert("stall:" + config);
  features.insert("verdict:" + config + ":" + std::string(harness::VerdictName(o.verdict)));
}

const common::TestVector* VectorOf(const std::vector<harness::ReferenceRun>& runs, const harness::CheckOutcome& o) {
  if (!o.vector) return runs.empty() ? nullptr : &runs.front().vector;
  for (const harness::ReferenceRun& r : runs) {
    if (r.choice.seed == o.vector->seed && r.choice.edges == o.vector->edges &&
        r.choice.dictionary == o.vector->dictionary)
      return &r.vector;
  }
  return nullptr;
}

json Failure(const std::string& config, const harness::CheckOutcome& o, harness::Build build,
             const std::vector<harness::ReferenceRun>& runs) {
  json f{{"config", config}, {"verdict", std::string(harness::VerdictName(o.verdict))}, {"detail", o.detail}};
  const auto signature = reduce::SignatureOf(o, build);
  f["signature"] = signature ? signature->ToString() : config + " " + f["verdict"].get<std::string>();
  if (const common::TestVector* v = VectorOf(runs, o)) f["vector"] = harness::VectorToJson(*v);
  return f;
}

// r500's coverage: which TGSI opcodes follow which in a program its naive
// translator took (its templates are fixed, so the interplay is there).
void AddTgsiPairFeatures(const tgsi::Shader& shader, std::set<std::string>& features) {
  std::string key;  // one buffer: the set copies a key only when it is new
  for (size_t i = 0; i + 1 < shader.instructions.size(); ++i) {
    key.assign("tgsi-pair:").append(tgsi::OpcodeName(shader.instructions[i].opcode)).append(">").append(
        tgsi::OpcodeName(shader.instructions[i + 1].opcode));
    features.insert(key);
  }
}

// The metamorphic oracle on a preserving transform's pair: the reference,
// then each build's results (the optimizing build's when there is one).
// The rewrites an optimizing build took, as "rewrite:<pass>/<rewrite>".
// A program logs ~270 decisions of a few distinct (pass, rewrite) names:
// each distinct one is looked up in the set once.
void AddRewriteFeatures(const compiler::RewriteBudget& budget, std::set<std::string>& features) {
  std::string key;  // one buffer: the set copies a key only when it is new
  std::vector<const compiler::RewriteBudget::Decision*> done;  // distinct (pass, rewrite) already inserted
  for (const compiler::RewriteBudget::Decision& d : budget.log()) {
    if (!d.taken) continue;
    const bool seen = std::any_of(done.begin(), done.end(), [&](const compiler::RewriteBudget::Decision* e) {
      return e->rewrite == d.rewrite && e->pass == d.pass;
    });
    if (seen) continue;
    done.push_back(&d);
    key.assign("rewrite:").append(d.pass).append("/").append(d.rewrite);
    features.insert(key);
  }
}

void AddMetamorphicFailure(const PairRuns& pair, const harness::BuildResults& naive_results,
                           const std::string& naive_config, json& out, const harness::BuildResults* opt_results = nullptr,
                           const std::string& opt_config = "") {
  std::optional<MetamorphicDifference> d = CompareReferencePair(pair);
  if (!d) d = CompareBuildPair(pair, naive_results, naive_config);
  if (!d && opt_results) d = CompareBuildPair(pair, *opt_results, opt_config);
  if (!d) return;
  json f{{"config", "metamorphic/" + d->executor}, {"verdict", "metamorphic"}, {"detail", d->ToString()},
         {"signature", d->Signature()}};
  for (const harness::ReferenceRun& r : pair.transformed) {  // the original's vector + new uniforms at 0
    if (r.choice.seed == d->vector.seed && r.choice.edges == d->vector.edges) f["vector"] = harness::VectorToJson(r.vector);
  }
  out["failures"].push_back(std::move(f));
}

// The result with the features the caller does not know yet.
json WithFeatures(json out, const std::set<std::string>& features, const std::set<std::string>* known) {
  json fresh = json::array();
  for (const std::string& f : features) {
    if (!known || !known->count(f)) fresh.push_back(f);
  }
  out["features"] = std::move(fresh);
  return out;
}

}  // namespace

json EvaluateProgram(const FuzzProgram& program, const harness::CheckOptions& base, const std::set<std::string>* known) {
  json out{{"id", program.id}, {"verdicts", json::object()}, {"failures", json::array()}};
  std::set<std::string> features;
  tgsi::FrontDoorResult parsed;
  if (!program.shader) parsed = tgsi::ParseAndValidate(program.text);
  if (!program.shader && !parsed.ok()) {
    // Never expected: generators and mutators validate what they make.
    out["verdicts"]["reference"] = "invalid";
    out["failures"].push_back({{"config", "front-door"}, {"verdict", "invalid"},
                               {"signature", "front-door invalid"},
                               {"detail", parsed.errors.front().ToString("program")}});
    return out;
  }
  const tgsi::Shader& shader = program.shader ? *program.shader : parsed.shader;
  std::string error;
  PairRuns pair;
  std::vector<harness::ReferenceRun>* runs = &pair.transformed;
  bool have_runs = false;
  if (program.preserving) {
    tgsi::FrontDoorResult o;
    if (!program.original_shader) o = tgsi::ParseAndValidate(program.original_text);
    if (program.original_shader || o.ok()) {
      const tgsi::Shader& original = program.original_shader ? *program.original_shader : o.shader;
      have_runs = RunPairReference(original, harness::HashText(program.original_text), shader, base, &pair, &error);
    }
  } else {
    have_runs = harness::RunReference(shader, harness::HashText(program.text), base, &pair.transformed, &error);
  }
  std::string reference = have_runs ? "pass" : "error";
  for (const harness::ReferenceRun& r : *runs) {
    if (r.result.status == common::ExecStatus::kUnsupported) reference = "unsupported";
  }
  out["verdicts"]["reference"] = reference;
  if (!have_runs || reference == "unsupported") return out;

  // The naive build, then the optimizing build compiled here for its rewrite log.
  harness::CheckOptions naive_options = base;
  naive_options.build = harness::Build::kNaive;
  harness::BuildResults naive_results;
  const harness::CheckOutcome naive = harness::CheckShaderAgainst(shader, naive_options, *runs, nullptr, &naive_results);
  const std::string naive_config = base.target + "/naive";
  out["verdicts"][naive_config] = std::string(harness::VerdictName(naive.verdict));
  AddOutcomeFeatures(naive_config, naive, features);
  if (nightly::IsFailure(naive.verdict)) out["failures"].push_back(Failure(naive_config, naive, harness::Build::kNaive, *runs));
  // Counted by reason, never dropped silently (the r500 campaign measures them).
  if (naive.verdict == harness::Verdict::kUnsupported) out["unsupported"] = naive.detail;

  const harness::TargetInfo* target = harness::FindTarget(base.target);
  // r500: coverage is also the TGSI opcode pairs its builds translated.
  const bool r500 = target && target->id == harness::TargetId::kR500;
  if (r500 && naive.verdict != harness::Verdict::kUnsupported) AddTgsiPairFeatures(shader, features);
  if (!target || !harness::HasOptimizingBuild(*target)) {
    // A target with only its naive build: no build-mismatch and no
    // rewrites; the metamorphic oracle runs on its results.
    if (program.preserving) AddMetamorphicFailure(pair, naive_results, naive_config, out);
    return WithFeatures(std::move(out), features, known);
  }

  harness::CheckOptions opt_options = base;
  opt_options.build = harness::Build::kOptimizing;
  const std::string opt_config = base.target + "/opt";
  harness::CheckOutcome opt;
  harness::BuildResults opt_results;
  if (r500) {
    // Compiled once: the rewrites its optimizing build took, then the
    // three-way check of that program (harness::CheckProgram's r500 entry).
    r500opt::Options compile_options;
    compile_options.opt_bisect_limit = base.opt_bisect_limit;
    r500opt::Result compiled = r500opt::CompileR500Opt(shader, compile_options);
    AddRewriteFeatures(compiled.budget, features);
    if (std::string why = harness::NotApplicableReason(base.target, shader.processor); !why.empty()) {
      opt.verdict = harness::Verdict::kNotApplicable;  // as the check decides it, before any build
      opt.detail = std::move(why);
    } else if (compiled.status == r500naive::Status::kOk) {
      opt = harness::CheckProgram(compiled.program, opt_options, *runs, &naive_results, &opt_results);
    } else {
      opt.verdict = harness::CompileFailureVerdict(compiled.status);  // the check's own mapping
      opt.detail = compiled.detail;
    }
  } else {
    compiler::OptOptions compile_options;
    compile_options.opt_bisect_limit = base.opt_bisect_limit;
    compiler::OptResult details;
    naive::CompileResult compiled = compiler::CompileA3xxBuild(shader, true, compile_options, &details);
    AddRewriteFeatures(details.budget, features);
    if (compiled.status == naive::CompileStatus::kOk) {
      AddProgramFeatures(compiled.program, features);
      opt = harness::CheckProgram(compiled.program, opt_options, *runs, &naive_results, &opt_results);
    } else {
      opt.verdict = harness::CompileFailureVerdict(compiled.status);
      opt.detail = compiled.detail;
    }
  }
  out["verdicts"][opt_config] = std::string(harness::VerdictName(opt.verdict));
  AddOutcomeFeatures(opt_config, opt, features);
  if (nightly::IsFailure(opt.verdict)) out["failures"].push_back(Failure(opt_config, opt, harness::Build::kOptimizing, *runs));

  if (program.preserving) AddMetamorphicFailure(pair, naive_results, naive_config, out, &opt_results, opt_config);
  return WithFeatures(std::move(out), features, known);
}

}  // namespace shaderdiff::fuzz
