/* The bisection engine of `shaderdiff bisect`: from a failing compile to the
   rewrite decision (or the minimal set of decisions) that makes it fail.

   An Evaluator compiles the optimizing build with a Selection of rewrite
   decisions (a prefix limit, compiler/support/debug_counter.h, or an
   explicit set of decision indices) and runs the failing case; it answers
   with the verdict and a failure signature. The engine:
     1. evaluates the unlimited compile: the failure to find, its signature
        and R, the number of decisions taken;
     2. evaluates limit 0: it must pass, else the failure does not come from
        a rewrite (kFailsWithoutRewrites: never a fake culprit);
     3. binary-searches the limit over (0, R]: limit lo passes, hi fails,
        hi = lo + 1, so decision #lo is the last one the failure needs; this
        takes at most ceil(log2 R) compiles, so steps 1-3 use at most
        ceil(log2 R) + 2 (SearchBound);
     4. confirms that the culprit alone (every other decision skipped)
        fails the same way (one compile; none when lo = 0, where it is limit
        1). Skipping earlier rewrites changes which site asks at which index,
        so the culprit's index in that compile is read from the limit-0
        compile's log, which it follows exactly up to that site (the same
        pass and rewrite with as many same-named decisions before it). If it
        does not fail alone, the failure needs several rewrites: ddmin over
        the decisions {0..lo} (all taken at limit hi) gives a 1-minimal
        failing set (indices of each tried compile: a set is verified by
        compiling it, never inferred).

   "Bad" means the unlimited compile's signature exactly (same verdict, same
   first differing output component, or the same failing pass, or the same
   crash); "good" means a pass. A different failure is neither: the search
   treats it as "not this failure" (good) and counts it in
   BisectResult::other_failures, so the culprit is always the culprit of the
   signature asked about.

   Invariants: every evaluation is cached by its Selection, so the counts are
   compiles actually made; the engine is deterministic when the evaluator is. */
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace shaderdiff::bisect {

// Which rewrite decisions a compile may take: a prefix (the first `limit`;
// -1 all) or, when `allowed` is set, exactly those decision indices.
// `conservative`: fixed passes run by their conservative substitutes
// (compiler/targets/a3xx/conservative.h; pass_probe.h), empty for the rewrite search.
struct Selection {
  int64_t limit = -1;
  std::optional<std::set<uint64_t>> allowed;
  std::set<std::string> conservative;

  static Selection Limit(int64_t limit) { return {limit, std::nullopt, {}}; }
  static Selection Only(std::set<uint64_t> allowed) { return {-1, std::move(allowed), {}}; }
  // "unlimited", "limit 12", "decisions {3, 7}", "limit 0, conservative legalize".
  std::string ToString() const;
  bool operator<(const Selection& o) const {
    return std::tie(allowed, limit, conservative) < std::tie(o.allowed, o.limit, o.conservative);
  }
  bool operator==(const Selection& o) const {
    return limit == o.limit && allowed == o.allowed && conservative == o.conservative;
  }
};

struct DecisionRecord {
  uint64_t index = 0;
  std::string pass;     // the pipeline pass the site belongs to
  std::string rewrite;  // the site's name
  bool taken = false;
};

// One compile and run of the failing case.
struct Evaluation {
  std::string verdict;    // a check verdict ("pass", "mismatch", ..., "compile-error") or "crash"
  std::string signature;  // "" for a pass; two evaluations fail the same way iff their signatures are equal
  std::string detail;     // what the check said
  // Set when this outcome says nothing about rewrites (unsupported, the
  // reference could not run the vector, ...): why.
  std::string not_bisectable;
  std::vector<DecisionRecord> decisions;  // every decision of this compile, in order
  std::string disassembly;                // the program, when it compiled
  std::string dumps;                      // "=== after PASS ===" sections of every pass that ran

  bool passed() const { return verdict == "pass"; }
  uint64_t taken() const;
};

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  virtual Evaluation Evaluate(const Selection& selection) = 0;
};

enum class Status {
  kCulprit,               // one decision: culprits has one entry
  kCulpritSet,            // no single decision fails alone: culprits is a 1-minimal failing set
  kNotFailing,            // the unlimited compile passes: nothing to bisect
  kNotBisectable,         // the failure is not a rewrite's (reason)
  kFailsWithoutRewrites,  // limit 0 fails too (reason; `good` is the limit-0 evaluation)
  kCulpritPass,           // limit 0 fails too, and a fixed pass's substitute removes the failure
                          //   (pass_probe.h: pass_probes.culprit_passes)
};

// One evaluation the search made, classified against the signature.
struct Probe {
  Selection selection;
  std::string verdict;
  char outcome = '?';  // 'g' pass, 'b' the same failure, 'o' another failure
};

// One fixed pass probed with its conservative substitute (pass_probe.h).
struct PassProbe {
  std::string pass;
  std::vector<Selection> selections;  // the failing compiles, redone with the substitute
  std::vector<Evaluation> outcomes;   // parallel (no code or dumps kept)
  // "removes-failure" (every selection passes: the pass is named),
  // "same-failure", "other-failure" (fails differently), "no-verdict" (the
  // substitute could not compile the shader, e.g. it does not fit without
  // register reuse).
  std::string outcome;
  // When several substitutes remove the failure: this pass kept real and
  // every later substitutable pass conservative. All passing clears it (its
  // real output is correct when what follows is): "cleared"; else "kept".
  std::vector<Evaluation> downstream;
  std::string downstream_outcome;  // "" (not run), "cleared", "kept"
};

struct PassProbes {
  std::string why;  // why the probes ran ("" : they did not)
  std::string none;  // set when the target has no pass to probe: why (r500_evaluator.h), reported as such
  std::vector<PassProbe> probes;
  std::vector<std::string> culprit_passes;  // the passes whose substitute removes the failure
  uint64_t compiles = 0;                    // counted apart from BisectResult::compiles
};

// The naive build's failure (no rewrites): does the optimizing build at
// limit 0, which shares its selection templates, fail too (cmd_bisect.cc)?
struct NaiveProbe {
  std::vector<Selection> selections;  // limit 0; limit 0 with every fixed pass conservative
  std::vector<Evaluation> outcomes;
  std::string named;       // "naive emission" when the shared templates are cleared; "" otherwise
  std::string conclusion;  // the sentence printed
};

struct BisectResult {
  Status status = Status::kNotFailing;
  std::string reason;
  Evaluation unlimited;
  uint64_t rewrites = 0;  // R: decisions taken by the unlimited compile
  // The prefix search's end: limit last_good passes, first_bad fails (-1: not reached).
  int64_t last_good_limit = -1, first_bad_limit = -1;
  std::vector<DecisionRecord> culprits;
  // The two compiles to show side by side: the culprit(s) not taken / taken
  // (for kCulprit the last good and first bad limit).
  Selection good_selection, bad_selection;
  std::optional<Selection> alone_selection;  // the culprit alone, as step 4 compiled it
  bool by_ddmin = false;  // the culprit(s) came from ddmin (step 4 found no single decision failing alone)
  Evaluation good, bad;
  uint64_t compiles = 0;         // evaluations made in all
  uint64_t search_compiles = 0;  // of them: unlimited, limit 0 and the binary search (<= SearchBound)
  uint64_t other_failures = 0;   // evaluations that failed differently (treated as good)
  std::vector<Probe> probes;     // in evaluation order
  PassProbes pass_probes;        // the fixed passes' substitutes (pass_probe.h), after the search
  std::optional<NaiveProbe> naive_probe;  // --build naive only
};

// ceil(log2(rewrites)) + 2: the compiles steps 1-3 may use (rewrites >= 1).
uint64_t SearchBound(uint64_t rewrites);

BisectResult Bisect(Evaluator& evaluator);

// Zeller's ddmin: a 1-minimal subset of `items` for which `fails` holds
// (removing any one element makes it pass), assuming fails(items). `fails`
// is called with sorted subsets, never with `items` itself or the empty set.
std::vector<uint64_t> Ddmin(const std::vector<uint64_t>& items,
                            const std::function<bool(const std::vector<uint64_t>&)>& fails);

std::string_view StatusName(Status status);

}  // namespace shaderdiff::bisect
