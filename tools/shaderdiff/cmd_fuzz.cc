// `shaderdiff fuzz --time T --seed S --jobs N [--target a3xx|r500] [--out DIR]
// [--resume] [--max-programs N] [--vectors N] [--lanes N] [--corpus DIR]`:
// a fuzzing campaign (tools/fuzz/README.md).
#include <iostream>
#include <thread>

#include "tools/fuzz/campaign.h"
#include "tools/fuzz/campaign_heap.h"
#include "tools/harness/targets.h"
#include "tools/nightly/interrupt.h"
#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/commands.h"

namespace shaderdiff::cli {

int RunFuzz(const std::vector<std::string>& args) {
  po::options_description options("fuzz options");
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  options.add_options()
      ("help,h", "show this help")
      ("time", po::value<double>()->default_value(60), "seconds to run (with --resume: in all)")
      ("seed", po::value<uint64_t>()->default_value(1), "campaign seed: program k comes from (seed, k)")
      ("jobs", po::value<unsigned>()->default_value(cores), "worker processes")
      ("target", po::value<std::string>()->default_value("a3xx"),
       "a3xx or r500: both builds, three-way; r500 on fragment shaders of the generator's r500\n"
       "policy and mutations of the corpus fragment shaders it translates (findings reduced, not\n"
       "bisected); a refused program is counted as unsupported, by reason")
      ("out", po::value<std::string>()->default_value("fuzz-out"), "output folder: findings, journal, report")
      ("resume", "continue the campaign journaled in --out")
      ("max-programs", po::value<uint64_t>()->default_value(0), "stop after N programs (0: no limit)")
      ("vectors", po::value<uint32_t>()->default_value(4), "seeded vectors per program")
      ("lanes", po::value<uint32_t>()->default_value(8), "lanes per vector (FRAG: a multiple of 4)")
      ("batch", po::value<uint32_t>()->default_value(0), "programs per batch (0: 16 per job); part of the campaign's identity")
      ("corpus", po::value<std::string>()->default_value("corpus"), "shaders to mutate and splice from ('' for none)")
      ("deadline", po::value<double>()->default_value(30), "CPU seconds one program may take in a worker (wall clock: 4 times that)")
      ("reduce-oracle-calls", po::value<uint64_t>()->default_value(300), "oracle calls per reduction")
      ("reduce-seconds", po::value<double>()->default_value(30), "seconds per reduction");
  po::variables_map vm;
  if (!ParseArgs(args, options, {}, &vm)) return kExitUsage;
  if (vm.count("help")) {
    PrintUsage("shaderdiff fuzz [--time T] [--seed S] [--jobs N] [--target a3xx|r500] [--out DIR] [--resume] [--max-programs N]\n\n"
               "A fuzzing campaign: generated (fuzz/gen) and mutated (fuzz/mutate) programs through the\n"
               "reference interpreter, both a3xx builds and, for semantics-preserving mutations, the\n"
               "metamorphic oracle, in worker processes (a crash or hang is a finding). Programs that add\n"
               "coverage (rewrites fired, opcode pairs after scheduling, sync flags, hazards) are kept and\n"
               "mutated further. --target r500: both r500 builds, three-way (findings are reduced, and\n"
               "the optimizing build's bisected to the culprit rewrite), fragment shaders of the\n"
               "generator's r500 policy (float values only) and mutations of the corpus fragment shaders it\n"
               "translates, coverage by translated TGSI opcode pairs; programs it refuses are counted as\n"
               "unsupported (progress line and report), never dropped. Findings are deduplicated by signature (first failure, culprit rewrite,\n"
               "reduced shape); each new one is reduced and written as DIR/<id>/{case.tgsi, vector.json,\n"
               "repro.sh, report.json}. Prints programs/s, findings, unique findings and coverage while\n"
               "running; writes DIR/report.json, index.html, junit.xml. Ctrl-C, or the time running out\n"
               "(checked within a batch too), stops after journaling the finished batches; --resume continues. Exit: 0 no finding, 1 findings, 2 bad command line,\n"
               "5 internal error, 130 interrupted.",
               options);
    return kExitOk;
  }
  if (const std::string& target = vm["target"].as<std::string>(); !harness::FindTarget(target)) {
    std::cerr << "shaderdiff fuzz: unknown target '" << target << "' (targets: " << harness::TargetNames() << ")\n";
    return kExitUsage;
  }
  fuzz::CampaignOptions o;
  o.seconds = vm["time"].as<double>();
  o.seed = vm["seed"].as<uint64_t>();
  o.jobs = vm["jobs"].as<unsigned>();
  o.out = vm["out"].as<std::string>();
  o.resume = vm.count("resume") > 0;
  o.max_programs = vm["max-programs"].as<uint64_t>();
  o.batch = vm["batch"].as<uint32_t>();
  o.corpus = vm["corpus"].as<std::string>();
  o.deadline_seconds = vm["deadline"].as<double>();
  o.reduce_oracle_calls = vm["reduce-oracle-calls"].as<uint64_t>();
  o.reduce_seconds = vm["reduce-seconds"].as<double>();
  o.check.target = vm["target"].as<std::string>();
  o.check.vectors = vm["vectors"].as<uint32_t>();
  o.check.lanes = vm["lanes"].as<uint32_t>();
  o.program_name = ReproProgram();
  if (o.jobs == 0 || o.check.vectors == 0 || o.check.lanes == 0 || o.check.lanes % 4 != 0 || o.check.lanes > 64) {
    std::cerr << "shaderdiff fuzz: --jobs and --vectors must be at least 1, --lanes a multiple of 4 up to 64\n";
    return kExitUsage;
  }
  fuzz::EnsureCampaignHeap();  // may start this command again, with glibc's tcache raised
  nightly::InterruptGuard guard;
  o.interrupted = [] { return nightly::InterruptGuard::Requested() != 0; };
  o.progress = [](const std::string& line) { std::cerr << line << "\n"; };
  std::string error;
  const int status = fuzz::RunCampaign(o, &error);
  if (!error.empty()) std::cerr << "shaderdiff fuzz: " << error << "\n";
  if (status == 2) return kExitUsage;
  if (status == 5) return kExitInternal;
  std::cerr << "report: " << o.out << "/report.json, " << o.out << "/index.html, " << o.out << "/junit.xml\n";
  if (nightly::InterruptGuard::Requested()) return 130;
  return status;
}

}  // namespace shaderdiff::cli
