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
// Invariants: no globals, no clocks, no randomness — the decisions depend
// only on the sequence of calls, so the same compilation with the same limit
// makes the same decisions on every run and host.
#pragma once

#include <cstdint>
#include <optional>
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
    bool taken = false;
  };

  explicit RewriteBudget(int64_t limit = kUnlimited) : limit_(limit) {}

  // True for the first `limit` calls (all calls when unlimited); logs the call.
  bool ShouldRewrite(std::string_view rewrite_name);

  int64_t limit() const { return limit_; }
  uint64_t asked() const { return log_.size(); }
  uint64_t taken() const { return taken_; }
  const std::vector<Decision>& log() const { return log_; }

  // The last rewrite that was taken (the one a bisection that found limit N
  // good-to-bad at N-1 -> N blames), if any.
  std::optional<Decision> LastTaken() const;

  // One line per decision: "#3 lower-dp3 taken" / "#4 lower-pow skipped".
  std::string PrintLog() const;

 private:
  int64_t limit_;
  uint64_t taken_ = 0;
  std::vector<Decision> log_;
};

// Asks `budget`, treating a null budget as unlimited (a caller that does not
// bisect need not build one).
inline bool ShouldRewrite(RewriteBudget* budget, std::string_view rewrite_name) {
  return budget == nullptr || budget->ShouldRewrite(rewrite_name);
}

}  // namespace shaderdiff::compiler
