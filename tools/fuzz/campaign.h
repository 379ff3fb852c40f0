/* `shaderdiff fuzz`: a fuzzing campaign (README.md).
   Rounds until the time, the program count or an interrupt ends it: a
   batch of programs, each generated (fuzz/gen) or mutated (fuzz/mutate)
   from a kept program or a corpus shader; the batch run in forked workers
   (batch_pool.h) through every oracle (program_eval.h); then, in the
   parent: coverage merged (a program that adds a feature is kept, and
   mutated further), and every failure turned into a finding, deduplicated
   by signature (finding_store.h), new ones reduced and bisected and
   written to OUT/<id>/.
   Program k of a campaign is made from (seed, k) and the kept pool before
   its batch, so the same seed, corpus, build and batch size give the same
   programs in the same order, whatever the number of jobs.
   Resuming (`--resume`): the journal (OUT/campaign.jsonl, one line per
   batch, flushed) is replayed: counters, coverage, kept programs and
   findings come back, and program numbering continues after the last
   finished batch. A batch cut short, by the interrupt or by the time
   (`--time` is checked while the workers run, every 100 ms, and inside
   reductions), is not journaled, its merged coverage, kept programs and
   findings are taken back, and it runs again on --resume: so a campaign
   ends within about a second of its time (a reduction's single oracle call
   may run longer) and a resumed one still reaches what an uninterrupted
   one does. */
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "tools/harness/check.h"

namespace shaderdiff::fuzz {

struct CampaignOptions {
  double seconds = 60;           // --time
  uint64_t max_programs = 0;     // --max-programs (0: no limit)
  uint64_t seed = 1;
  unsigned jobs = 1;
  std::string out = "fuzz-out";
  std::string corpus = "corpus"; // shaders to mutate and splice from ("": generated programs only)
  bool resume = false;
  uint32_t batch = 0;            // programs per batch (0: 16 per job)
  harness::CheckOptions check;   // target, vectors, lanes, budgets (the seed is the program's)
  double deadline_seconds = 30;  // per program, CPU time of its worker (wall clock: kWallFactor times it)
  uint64_t reduce_oracle_calls = 300;
  double reduce_seconds = 30;
  double timeout_step_cpu_seconds = 1;  // a worker timeout's reduction: CPU budget of each check (finding_reduce.h)
  uint32_t reductions_per_signature = 2;  // reductions of one first signature before its findings only count
  std::string program_name = "shaderdiff";  // what repro.sh runs (a test-only build names its mutant)
  std::function<void(const std::string&)> progress;  // a status line
  std::function<bool()> interrupted;
};

// Exit status: 0 no finding, 1 findings, 2 bad options, 5 an internal error (*error).
int RunCampaign(const CampaignOptions& options, std::string* error);

}  // namespace shaderdiff::fuzz
