// The campaign loop (campaign.h): make a batch, run it in workers, keep
// what adds coverage, turn failures into findings, journal, report.
#include "tools/fuzz/campaign.h"

#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>

#include <nlohmann/json.hpp>

#include "compiler/targets/r500/naive/r500_naive.h"
#include "compiler/tgsi/printer.h"
#include "compiler/tgsi/validate.h"
#include "fuzz/gen/generator.h"
#include "fuzz/mutate/mutate.h"
#include "tools/fuzz/batch_pool.h"
#include "tools/fuzz/campaign_report.h"
#include "tools/fuzz/finding_store.h"
#include "tools/fuzz/program_eval.h"
#include "tools/harness/corpus.h"
#include "tools/harness/rng.h"
#include "tools/harness/targets.h"

namespace shaderdiff::fuzz {

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

struct Parent {
  std::string text;
  std::shared_ptr<const tgsi::Shader> shader;  // what the front door made of text
  std::string name;
};

double CpuSeconds(int who) {
  rusage u{};
  getrusage(who, &u);
  return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

class Campaign {
 public:
  explicit Campaign(const CampaignOptions& o)
      : o_(o), target_(*harness::FindTarget(o.check.target)), store_options_(o), store_(store_options_) {
    // Reductions stop at the interrupt or the time too (their batch is then cut).
    store_options_.interrupted = [this] { return StopNow(); };
  }

  int Run(std::string* error) {
    const auto t0 = std::chrono::steady_clock::now();
    std::error_code ec;
    fs::create_directories(o_.out, ec);
    if (ec) {
      *error = o_.out + ": " + ec.message();
      return 5;
    }
    if (!o_.corpus.empty() && !LoadDonors(error)) return 5;
    const fs::path journal = fs::path(o_.out) / "campaign.jsonl";
    if (o_.resume && fs::exists(journal)) {
      if (!Replay(journal, error)) return 5;
    } else {
      std::ofstream(journal, std::ios::trunc) << Identity().dump() << "\n";
    }
    std::FILE* log = std::fopen(journal.c_str(), "a");
    if (!log) {
      *error = journal.string() + ": cannot append";
      return 5;
    }
    const uint32_t batch = o_.batch ? o_.batch : 16 * std::max(1u, o_.jobs);
    // Workers are forked from here on, with the corpus, the replayed journal and this state.
    pool_ = std::make_unique<WorkerPool>(
        BatchPoolOptions{o_.jobs, o_.deadline_seconds},
        [this](size_t i) { return EvaluateProgram(Make(base_ + i), o_.check, &coverage_).dump(); },
        [this](const std::string& message) { CatchUp(message); });
    double seconds_before = seconds_;
    deadline_ = t0 + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                         std::chrono::duration<double>(std::max(0.0, o_.seconds - seconds_before)));
    stopped_by_ = "time";
    for (;;) {
      const double elapsed = seconds_before + std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      seconds_ = elapsed;
      if (o_.interrupted && o_.interrupted()) { stopped_by_ = "interrupt"; break; }
      if (elapsed >= o_.seconds || std::chrono::steady_clock::now() >= deadline_) { stopped_by_ = "time"; break; }
      if (o_.max_programs && programs_ >= o_.max_programs) { stopped_by_ = "programs"; break; }
      uint64_t count = batch;
      if (o_.max_programs) count = std::min<uint64_t>(count, o_.max_programs - programs_);
      if (!RunOneBatch(count, log, error)) {
        std::fclose(log);
        return 5;
      }
    }
    std::fclose(log);
    pool_.reset();
    seconds_ = seconds_before + std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    Progress();
    const json report = ReportJson();
    if (!WriteCampaignReport(o_.out, report, error)) return 5;
    return store_.findings() ? 1 : 0;
  }

 private:
  json Identity() const {
    return {{"campaign", 1}, {"seed", o_.seed}, {"target", o_.check.target}, {"vectors", o_.check.vectors},
            {"lanes", o_.check.lanes}, {"corpus", o_.corpus}, {"batch", o_.batch ? o_.batch : 16 * std::max(1u, o_.jobs)},
            {"program", o_.program_name}};
  }

  // Donors are the corpus shaders of the target's stages; r500's are only
  // the fragment shaders its naive build translates (the others would be
  // unsupported before any mutation).
  bool LoadDonors(std::string* error) {
    harness::Corpus corpus;
    if (!harness::LoadCorpus(o_.corpus, &corpus, error)) return false;
    for (harness::CorpusEntry& e : corpus.entries) {
      tgsi::FrontDoorResult r = tgsi::ParseAndValidate(e.text);
      if (!r.ok()) continue;
      if (!harness::NotApplicableReason(target_.name, r.shader.processor).empty()) continue;
      if (target_.id == harness::TargetId::kR500 && r500naive::CompileR500Naive(r.shader).status != r500naive::Status::kOk)
        continue;
      donors_.push_back({std::move(e.text), std::make_shared<const tgsi::Shader>(std::move(r.shader)), e.name});
    }
    return true;
  }

  bool Replay(const fs::path& path, std::string* error) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    json header = json::parse(line, nullptr, false);
    if (header != Identity()) {
      *error = path.string() + ":1: the journal is of another campaign (seed, target, vectors, lanes, corpus, batch or binary differ): " + line;
      return false;
    }
    for (size_t n = 2; std::getline(in, line); ++n) {
      json j = json::parse(line, nullptr, false);
      if (j.is_discarded()) {
        if (in.peek() == EOF) break;  // a torn last line: its batch runs again
        *error = path.string() + ":" + std::to_string(n) + ": not JSON";
        return false;
      }
      programs_ += j.value("programs", 0ull);
      seconds_ += j.value("seconds", 0.0);
      cpu_seconds_ += j.value("cpu_seconds", 0.0);
      for (const json& f : j["features"]) Cover(f.get_ref<const std::string&>());
      for (const json& k : j["kept"]) Keep(k["text"].get<std::string>(), k.value("origin", ""));
      for (const json& f : j["findings"]) store_.Restore(f);
      for (const auto& [config, verdicts] : j["verdicts"].items()) {
        for (const auto& [v, c] : verdicts.items()) verdicts_[config][v] += c.get<uint64_t>();
      }
      if (j.contains("unsupported")) {
        for (const auto& [why, c] : j["unsupported"].items()) unsupported_[why] += c.get<uint64_t>();
      }
      ++batches_;
    }
    return true;
  }

  void Keep(const std::string& text, const std::string& origin) {
    tgsi::FrontDoorResult r = tgsi::ParseAndValidate(text);
    if (r.ok()) kept_.push_back({text, std::make_shared<const tgsi::Shader>(std::move(r.shader)), origin});
  }

  FuzzProgram Make(uint64_t id) {
    harness::Rng rng(o_.seed * 0x9e3779b97f4a7c15ull + id);
    FuzzProgram p;
    p.id = id;
    const bool have_parents = !kept_.empty() || !donors_.empty();
    if (have_parents && rng.Below(100) >= 40) {
      const bool from_kept = !kept_.empty() && (donors_.empty() || rng.Below(2));
      const std::vector<Parent>& pool = from_kept ? kept_ : donors_;
      const Parent& parent = pool[rng.Below(static_cast<uint32_t>(pool.size()))];
      const std::vector<Parent>& donor_pool = donors_.empty() ? kept_ : donors_;
      const Parent& donor = donor_pool[rng.Below(static_cast<uint32_t>(donor_pool.size()))];
      const bool preserving = rng.Below(2);
      const std::vector<Transform> ts = preserving ? PreservingTransforms() : ChangingTransforms();
      const Transform t = ts[rng.Below(static_cast<uint32_t>(ts.size()))];
      const uint64_t mseed = rng.Next();
      std::string text;  // the mutation's printed text, which Mutate read it back from
      if (std::optional<tgsi::Shader> m = Mutate(*parent.shader, t, mseed, donor.shader.get(), &text)) {
        p.text = std::move(text);
        p.shader = std::make_shared<const tgsi::Shader>(std::move(*m));
        p.origin = std::string(TransformName(t)) + " (seed " + std::to_string(mseed) + ") of " + parent.name;
        p.preserving = preserving;
        p.transform = t;
        p.mutation_seed = mseed;
        if (preserving) {
          p.original_text = parent.text;
          p.original_shader = parent.shader;
        }
        return p;
      }
    }
    GenOptions g;
    g.seed = o_.seed * 1000003ull + id;
    // A target of one stage (r500: the fragment processor) gets only that
    // stage; a target with its own policy (r500: what its naive build
    // translates, policy.h) gets only that policy.
    g.stage = target_.stages.size() == 1 ? target_.stages.front() : StageForSeed(g.seed);
    const uint32_t policy = rng.Below(4);
    g.policy = !target_.fuzz_policy.empty() ? *PolicyByName(target_.fuzz_policy)
               : policy == 0 ? DefaultPolicy()
               : policy == 1 ? RewritesPolicy()
               : policy == 2 ? WidePolicy()
                             : LoweringPolicy();
    g.max_size = 10 + rng.Below(70);
    p.shader = std::make_shared<const tgsi::Shader>(GenerateShader(g));
    p.text = tgsi::PrintShader(*p.shader);
    p.origin = ReproCommand(g);
    return p;
  }

  // The interrupt, or the campaign's time (--time, in all across resumes) is up.
  bool StopNow() const {
    return (o_.interrupted && o_.interrupted()) || std::chrono::steady_clock::now() >= deadline_;
  }

  // Takes back what a cut batch merged (campaign.h: it is not journaled).
  void Rollback(const json& line, size_t kept_before, std::optional<FindingStore::State> findings) {
    for (const json& feature : line["features"]) {
      const std::string& f = feature.get_ref<const std::string&>();
      coverage_.erase(f);
      if (--coverage_by_kind_[f.substr(0, f.find(':'))] == 0) coverage_by_kind_.erase(f.substr(0, f.find(':')));
    }
    kept_.erase(kept_.begin() + static_cast<std::ptrdiff_t>(kept_before), kept_.end());
    for (const auto& [config, verdicts] : line["verdicts"].items()) {
      for (const auto& [v, c] : verdicts.items()) {
        if ((verdicts_[config][v] -= c.get<uint64_t>()) == 0) verdicts_[config].erase(v);
      }
      if (verdicts_[config].empty()) verdicts_.erase(config);
    }
    if (line.contains("unsupported")) {
      for (const auto& [why, c] : line["unsupported"].items()) {
        if ((unsupported_[why] -= c.get<uint64_t>()) == 0) unsupported_.erase(why);
      }
    }
    if (findings) store_.Rollback(std::move(*findings));
  }

  // In a worker: the previous batch's new coverage and kept programs, in
  // the parent's order, and the new batch's first program number
  // (batch_pool.h: it brings a worker to the parent's state at this batch).
  void CatchUp(const std::string& message) {
    const json m = json::parse(message);
    base_ = m["base"].get<uint64_t>();
    for (const json& f : m["features"]) Cover(f.get_ref<const std::string&>());
    for (const json& k : m["kept"]) Keep(k["text"].get<std::string>(), k.value("origin", ""));
  }

  bool RunOneBatch(uint64_t count, std::FILE* log, std::string* error) {
    const auto wall0 = std::chrono::steady_clock::now();
    const double cpu0 = CpuSeconds(RUSAGE_SELF) + CpuSeconds(RUSAGE_CHILDREN) + pool_->LiveCpuSeconds();
    // Programs are made in the workers (Make is a function of the program
    // number and the kept pool, which the workers hold as the parent does);
    // the parent makes again only those it keeps or files a finding for.
    base_ = programs_;
    const std::string catch_up = json{{"base", base_}, {"features", delta_["features"]}, {"kept", delta_["kept"]}}.dump();
    std::vector<json> results(count);
    bool cut = false;
    BatchCallbacks cb;
    cb.done = [&](size_t i, std::string text) { results[i] = json::parse(text, nullptr, false); };
    cb.failed = [&](size_t i, const std::string& verdict, const std::string& how) {
      json failure{{"config", "worker"}, {"verdict", verdict}, {"detail", how},
                   {"signature", "worker " + verdict + (verdict == "crash" ? ": " + how : "")}};
      results[i] = json{{"id", base_ + i}, {"verdicts", json{{"worker", verdict}}},
                        {"failures", json::array({failure})}};
    };
    cb.stop = [&] {
      cut = StopNow();
      return cut;
    };
    if (!pool_->Run(count, catch_up, cb, error)) return false;
    if (cut) return true;  // not journaled: the batch runs again on --resume
    std::map<uint64_t, FuzzProgram> programs;  // made before Keep below changes the pool
    for (uint64_t i = 0; i < count; ++i) {
      const json& r = results[i];
      if (r.is_discarded() || r.is_null()) continue;
      if (!r["failures"].empty() || (r.contains("features") && !r["features"].empty())) programs[i] = Make(base_ + i);
    }
    std::optional<FindingStore::State> findings_before;
    for (const json& r : results) {
      if (!r.is_discarded() && !r.is_null() && !r["failures"].empty()) {
        findings_before = store_.Save();
        break;
      }
    }
    const size_t kept_before = kept_.size();
    const double cpu = CpuSeconds(RUSAGE_SELF) + CpuSeconds(RUSAGE_CHILDREN) + pool_->LiveCpuSeconds() - cpu0;
    json line{{"batch", batches_}, {"programs", count}, {"cpu_seconds", cpu}, {"features", json::array()},
              {"kept", json::array()}, {"findings", json::array()}, {"verdicts", json::object()}};
    for (uint64_t i = 0; i < count; ++i) {
      const json& r = results[i];
      if (r.is_discarded() || r.is_null()) continue;
      for (const auto& [config, v] : r["verdicts"].items()) {
        ++verdicts_[config][v.get<std::string>()];
        json& n = line["verdicts"][config][v.get<std::string>()];
        n = (n.is_null() ? 0 : n.get<uint64_t>()) + 1;
      }
      if (r.contains("unsupported")) {  // what the naive build refused, by reason (printed and reported)
        const std::string& why = r["unsupported"].get_ref<const std::string&>();
        ++unsupported_[why];
        json& n = line["unsupported"][why];
        n = (n.is_null() ? 0 : n.get<uint64_t>()) + 1;
      }
      bool added = false;
      if (r.contains("features")) {
        for (const json& feature : r["features"]) {
          const std::string& f = feature.get_ref<const std::string&>();
          if (Cover(f)) {
            line["features"].push_back(f);
            added = true;
          }
        }
      }
      if (added) {
        const FuzzProgram& p = programs.at(i);
        Keep(p.text, p.origin);
        line["kept"].push_back({{"text", p.text}, {"origin", p.origin}});
      }
      const double reduce0 = CpuSeconds(RUSAGE_SELF) + CpuSeconds(RUSAGE_CHILDREN);
      for (const json& f : r["failures"]) line["findings"].push_back(store_.Add(programs.at(i), f));
      reduce_cpu_seconds_ += CpuSeconds(RUSAGE_SELF) + CpuSeconds(RUSAGE_CHILDREN) - reduce0;
    }
    if (findings_before && StopNow()) {
      // Cut during its reductions (which stopped early): not journaled either.
      Rollback(line, kept_before, std::move(findings_before));
      return true;
    }
    programs_ += count;
    cpu_seconds_ += cpu;
    line["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
    ++batches_;
    delta_ = {{"features", line["features"]}, {"kept", line["kept"]}};
    const std::string text = line.dump() + "\n";
    if (std::fwrite(text.data(), 1, text.size(), log) != text.size() || std::fflush(log) != 0) {
      *error = "cannot write the journal";
      return false;
    }
    Progress();
    return true;
  }

  // Adds a coverage feature; true if it is new.
  bool Cover(const std::string& f) {
    if (!coverage_.insert(f).second) return false;
    ++coverage_by_kind_[f.substr(0, f.find(':'))];
    return true;
  }

  const std::map<std::string, uint64_t>& CoverageByKind() const { return coverage_by_kind_; }

  void Progress() {
    if (!o_.progress) return;
    char line[256];
    std::snprintf(line, sizeof line, "[%6.1f s] programs %llu (%.0f/s), findings %llu, unique %llu, coverage %zu",
                  seconds_, static_cast<unsigned long long>(programs_), seconds_ > 0 ? programs_ / seconds_ : 0.0,
                  static_cast<unsigned long long>(store_.findings()), static_cast<unsigned long long>(store_.unique()),
                  coverage_.size());
    std::string text = line;
    if (target_.id == harness::TargetId::kR500) {  // programs the r500 naive build refused: counted, never dropped
      uint64_t refused = 0;
      for (const auto& [why, n] : unsupported_) refused += n;
      std::snprintf(line, sizeof line, ", unsupported %llu (%.1f%%)", static_cast<unsigned long long>(refused),
                    programs_ ? 100.0 * refused / programs_ : 0.0);
      text += line;
    }
    text += " (";
    bool first = true;
    for (const auto& [kind, n] : CoverageByKind()) {
      text += (first ? "" : ", ") + kind + " " + std::to_string(n);
      first = false;
    }
    o_.progress(text + ")");
  }

  // The builds checked, and for a target without an optimizing build what
  // is not checked.
  json BuildsSetting() const {
    json checked = json::array();
    for (harness::Build b : harness::TargetBuilds(target_, false))
      checked.push_back(target_.name + "/" + std::string(harness::BuildName(b)));
    if (harness::HasOptimizingBuild(target_)) return {{"checked", checked}, {"build_mismatch", true}};
    return {{"checked", checked},
            {"build_mismatch", false},
            {"note", target_.name + " has no optimizing build: no build-mismatch check, no rewrites to bisect or cover; "
                     "programs are fragment shaders of the " + target_.fuzz_policy + " generator policy and mutations of corpus "
                     "fragment shaders the naive build translates"}};
  }

  json ReportJson() const {
    json j{{"schema", "shaderdiff-fuzz 1"}, {"seed", o_.seed}, {"target", o_.check.target},
           {"settings", {{"vectors", o_.check.vectors}, {"lanes", o_.check.lanes}, {"jobs", o_.jobs},
                         {"batch", o_.batch ? o_.batch : 16 * std::max(1u, o_.jobs)}, {"corpus", o_.corpus},
                         {"time", o_.seconds}, {"max_programs", o_.max_programs}, {"program", o_.program_name},
                         {"builds", BuildsSetting()},
                         // the heap the workers ran with (campaign_heap.h)
                         {"glibc_tunables", std::getenv("GLIBC_TUNABLES") ? std::getenv("GLIBC_TUNABLES") : ""}}},
           {"stopped_by", stopped_by_}, {"programs", programs_}, {"seconds", seconds_},
           {"kept", kept_.size()}};
    j["throughput"] = {
        {"programs_per_second", seconds_ > 0 ? programs_ / seconds_ : 0.0},
        {"cpu_seconds", cpu_seconds_},
        {"programs_per_cpu_second", cpu_seconds_ > 0 ? programs_ / cpu_seconds_ : 0.0},
        {"reduce_cpu_seconds", reduce_cpu_seconds_},
        {"note", "programs_per_cpu_second: programs made, interpreted, compiled by both builds, emulated and "
                 "compared, per CPU-second of the parent and its workers, reductions and bisections excluded"}};
    j["coverage"] = {{"features", coverage_.size()}, {"by_kind", CoverageByKind()}};
    j["verdicts"] = verdicts_;
    uint64_t refused = 0;
    for (const auto& [why, n] : unsupported_) refused += n;
    j["unsupported"] = {{"programs", refused},
                        {"share", programs_ ? static_cast<double>(refused) / programs_ : 0.0},
                        {"reasons", unsupported_}};
    j["findings"] = {{"total", store_.findings()}, {"unique", store_.unique()}, {"list", store_.uniques()}};
    json counts = json::object();
    for (const auto& [signature, n] : store_.counts()) counts[signature] = n;
    j["findings"]["per_signature"] = counts;
    return j;
  }

  const CampaignOptions& o_;
  const harness::TargetInfo& target_;
  CampaignOptions store_options_;  // o_ with the time added to `interrupted`
  FindingStore store_;
  std::chrono::steady_clock::time_point deadline_ = std::chrono::steady_clock::time_point::max();
  std::vector<Parent> donors_, kept_;
  std::set<std::string> coverage_;  // the features seen (workers inherit it at fork and send only others)
  std::map<std::string, uint64_t> coverage_by_kind_;
  std::map<std::string, std::map<std::string, uint64_t>> verdicts_;
  std::map<std::string, uint64_t> unsupported_;  // programs the naive build refused, by reason
  uint64_t programs_ = 0, batches_ = 0;
  double seconds_ = 0, cpu_seconds_ = 0, reduce_cpu_seconds_ = 0;
  std::string stopped_by_;
  std::unique_ptr<WorkerPool> pool_;
  uint64_t base_ = 0;  // the current batch's first program number
  json delta_ = {{"features", json::array()}, {"kept", json::array()}};  // the last journaled batch's additions
};

}  // namespace

int RunCampaign(const CampaignOptions& options, std::string* error) {
  if (!harness::FindTarget(options.check.target)) {
    *error = "--target " + options.check.target + ": the targets are " + harness::TargetNames();
    return 2;
  }
  Campaign c(options);
  return c.Run(error);
}

}  // namespace shaderdiff::fuzz
