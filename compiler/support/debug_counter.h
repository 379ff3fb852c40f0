// RewriteBudget: the debug counter every rewrite site consults, in the style
// of LLVM's -opt-bisect-limit / DEBUG_COUNTER and Cranelift's fuel.
//
// A compilation owns one RewriteBudget and passes a pointer to every pass.
// Each individual rewrite site calls ShouldRewrite("<pass>-<rewrite>") before
// acting; the first `limit` calls return true, every later call false
// (limit -1 = unlimited). Every decision is logged (0-based index, name,
// taken), so a bisection over the integer limit ends at a named rewrite:
// if limit N passes and N+1 fails, decision #N is the culprit.
//
// Explicit-set mode (AllowingOnly): decision #i is taken iff i is in a given
// set of indices, for a delta-debugging search over sets of rewrites when no
// single rewrite is the culprit (tools/bisect). A prefix limit N is the set
// {0..N-1}. Indices count calls in this compilation: skipping an earlier
// rewrite may change which site asks later, so a caller comparing sets checks
// the names in the log.
//
// The pipeline names the running pass (SetPass) so each decision records
// the pass its site belongs to.
//
// Invariants: no globals, no clocks, no randomness — the decisions depend
// only on the sequence of calls, so the same compilation with the same limit
// makes the same decisions on every run and host.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace shaderdiff::compiler {

class RewriteBudget {
 public:
  static constexpr int64_t kUnlimited = -1;

  struct Decision {
    uint64_t index = 0;    // 0-based position among all ShouldRewrite calls
    std::string rewrite;   // the name the site passed, e.g. "lower-dp3"
    std::string pass;      // the pass that was running (SetPass), "" if none was named
    bool taken = false;
  };

  explicit RewriteBudget(int64_t limit = kUnlimited) : limit_(limit) {}

  // Takes exactly the decisions whose 0-based index is in `allowed`.
  static RewriteBudget AllowingOnly(std::set<uint64_t> allowed);

  // True for the first `limit` calls (all calls when unlimited), or in
  // explicit-set mode for the allowed indices; logs the call.
  bool ShouldRewrite(std::string_view rewrite_name);

  // The pass whose rewrite sites ask next (recorded in each Decision).
  void SetPass(std::string_view pass) { pass_ = pass; }

  int64_t limit() const { return limit_; }  // kUnlimited in explicit-set mode
  const std::optional<std::set<uint64_t>>& allowed() const { return allowed_; }
  uint64_t asked() const { return log_.size(); }
  uint64_t taken() const { return taken_; }
  const std::vector<Decision>& log() const { return log_; }

  // The last rewrite that was taken (the one a bisection that found limit N
  // good-to-bad at N-1 -> N blames), if any.
  std::optional<Decision> LastTaken() const;

  // One line per decision: "#3 lower-dp3 taken" / "#4 lower-pow skipped",
  // with the pass when one was named: "#5 peephole/bool-neg taken".
  std::string PrintLog() const;

 private:
  int64_t limit_;
  std::optional<std::set<uint64_t>> allowed_;
  std::string pass_;
  uint64_t taken_ = 0;
  std::vector<Decision> log_;
};

// Asks `budget`, treating a null budget as unlimited (a caller that does not
// bisect need not build one).
inline bool ShouldRewrite(RewriteBudget* budget, std::string_view rewrite_name) {
  return budget == nullptr || budget->ShouldRewrite(rewrite_name);
}

}  // namespace shaderdiff::compiler
