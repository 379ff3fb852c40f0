/* The campaign's findings: deduplicated by signature, each new one reduced,
   bisected and written as OUT/<id>/{case.tgsi, vector.json, repro.sh,
   report.json}.
   The signature of a finding has three parts:
     first    the failure's own signature: the check's reduce::FailureSignature
              ("opt mismatch OUT[0].x", "opt hazard alu-delay",
              "opt compile-error: pass regalloc: ..."), "metamorphic
              <executor> OUT[i].c", or "worker crash: <how>" / "worker timeout";
     culprit  for an optimizing-build failure, the rewrite `shaderdiff
              bisect` names on the reduced case ("peephole/add-zero"), or
              why there is none ("fails with no rewrites");
     shape    the reduced program's opcodes in order ("MUL ADD MOV END").
   Reducing costs up to reduce_oracle_calls checks, so only the first
   `reductions_per_signature` failures of a first signature are reduced and
   bisected; later ones with that first signature are counted as
   duplicates of it. Metamorphic differences (reduced as the pair: the
   parent, with the same transform applied), worker crashes (reduced
   while the check still dies the same way) and worker timeouts (reduced
   while the check still runs past a CPU budget, then confirmed past the
   deadline) have no culprit: their signature is first + shape
   (finding_reduce.h); one that cannot be reduced is written unreduced
   with its first signature as the whole signature (report.json
   "reduce_error" says why).
   Invariants: a finding directory is complete once it exists (written
   under a temporary name, then renamed); unique() counts directories. */
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tools/fuzz/campaign.h"
#include "tools/fuzz/program_eval.h"

namespace shaderdiff::fuzz {

class FindingStore {
 public:
  explicit FindingStore(const CampaignOptions& options) : options_(options) {}
  // One failure of `program` (an element of EvaluateProgram's "failures").
  // Returns its record for the journal: {"program", "first", "signature",
  // "unique", "id", "instructions"?}.
  nlohmann::json Add(const FuzzProgram& program, const nlohmann::json& failure);
  // A record from the journal (resume).
  void Restore(const nlohmann::json& record);
  uint64_t findings() const { return s_.findings; }
  uint64_t unique() const { return s_.uniques.size(); }
  // The unique findings' records, in order found.
  const std::vector<nlohmann::json>& uniques() const { return s_.uniques; }
  // Findings per full signature.
  const std::map<std::string, uint64_t>& counts() const { return s_.counts; }

  // What Add changes, to take back the findings of a batch that is cut
  // (campaign.h: a cut batch is not journaled). Folders written meanwhile
  // stay; the batch, run again, writes the same ids.
  struct State {
    uint64_t findings = 0;
    std::map<std::string, uint32_t> reductions;  // per first signature
    std::map<std::string, uint64_t> counts;      // per full signature
    std::map<std::string, std::string> ids;      // full signature -> id
    std::vector<nlohmann::json> uniques;
  };
  State Save() const { return s_; }
  void Rollback(State saved) { s_ = std::move(saved); }

 private:
  const CampaignOptions& options_;
  State s_;
};

}  // namespace shaderdiff::fuzz
