// The bisection engine (search.h).
#include "tools/bisect/search.h"

#include <algorithm>

namespace shaderdiff::bisect {

std::string Selection::ToString() const {
  std::string s;
  if (allowed) {
    s = "decisions {";
    for (uint64_t i : *allowed) s += (s.back() == '{' ? "" : ", ") + std::to_string(i);
    s += "}";
  } else {
    s = limit < 0 ? "unlimited" : "limit " + std::to_string(limit);
  }
  if (!conservative.empty()) {
    s += ", conservative";
    for (const std::string& p : conservative) s += " " + p;
  }
  return s;
}

uint64_t Evaluation::taken() const {
  return static_cast<uint64_t>(std::count_if(decisions.begin(), decisions.end(),
                                             [](const DecisionRecord& d) { return d.taken; }));
}

uint64_t SearchBound(uint64_t rewrites) {
  uint64_t log2 = 0;
  while ((uint64_t{1} << log2) < rewrites) ++log2;
  return log2 + 2;
}

std::string_view StatusName(Status status) {
  switch (status) {
    case Status::kCulprit: return "culprit";
    case Status::kCulpritSet: return "culprit-set";
    case Status::kNotFailing: return "not-failing";
    case Status::kNotBisectable: return "not-bisectable";
    case Status::kFailsWithoutRewrites: return "not-bisectable";
    case Status::kCulpritPass: return "culprit-pass";
  }
  return "?";
}

std::vector<uint64_t> Ddmin(const std::vector<uint64_t>& items,
                            const std::function<bool(const std::vector<uint64_t>&)>& fails) {
  std::vector<uint64_t> c = items;
  std::sort(c.begin(), c.end());
  size_t n = 2;
  while (c.size() >= 2) {
    n = std::min(n, c.size());
    std::vector<std::vector<uint64_t>> parts(n);
    for (size_t i = 0; i < c.size(); ++i) parts[i * n / c.size()].push_back(c[i]);
    bool reduced = false;
    for (const auto& part : parts) {  // reduce to a subset
      if (fails(part)) {
        c = part;
        n = 2;
        reduced = true;
        break;
      }
    }
    if (reduced) continue;
    if (n > 2) {  // reduce to a complement (for n = 2 the complements are the subsets)
      for (size_t k = 0; k < n && !reduced; ++k) {
        std::vector<uint64_t> complement;
        for (size_t j = 0; j < n; ++j) {
          if (j != k) complement.insert(complement.end(), parts[j].begin(), parts[j].end());
        }
        std::sort(complement.begin(), complement.end());
        if (fails(complement)) {
          c = complement;
          n = std::max<size_t>(n - 1, 2);
          reduced = true;
        }
      }
      if (reduced) continue;
    }
    if (n >= c.size()) break;  // every single element removed passes: 1-minimal
    n = std::min(n * 2, c.size());
  }
  return c;
}

namespace {

class Search {
 public:
  explicit Search(Evaluator& evaluator) : evaluator_(evaluator) {}

  const Evaluation& Eval(const Selection& s) {
    auto it = cache_.find(s);
    if (it != cache_.end()) return it->second;
    Evaluation e = evaluator_.Evaluate(s);
    ++result.compiles;
    const char outcome = Classify(e);
    if (outcome == 'o' && !signature_.empty()) ++result.other_failures;
    result.probes.push_back({s, e.verdict, outcome});
    return cache_.emplace(s, std::move(e)).first->second;
  }
  // Before the signature is known every failure is "bad".
  char Classify(const Evaluation& e) const {
    if (e.passed()) return 'g';
    return signature_.empty() || e.signature == signature_ ? 'b' : 'o';
  }
  bool Bad(const Selection& s) { return Classify(Eval(s)) == 'b'; }
  void Alias(const Selection& known, const Selection& same) { cache_.emplace(same, cache_.at(known)); }
  void SetSignature(std::string signature) { signature_ = std::move(signature); }

  BisectResult result;

 private:
  Evaluator& evaluator_;
  std::map<Selection, Evaluation> cache_;
  std::string signature_;
};

std::optional<DecisionRecord> Decision(const Evaluation& e, uint64_t index) {
  if (index < e.decisions.size()) return e.decisions[index];
  return std::nullopt;
}

}  // namespace

BisectResult Bisect(Evaluator& evaluator) {
  Search search(evaluator);
  BisectResult& r = search.result;
  r.unlimited = search.Eval(Selection::Limit(-1));
  if (!r.unlimited.not_bisectable.empty()) {
    r.status = Status::kNotBisectable;
    r.reason = r.unlimited.not_bisectable;
    return r;
  }
  if (r.unlimited.passed()) {
    r.status = Status::kNotFailing;
    r.reason = "the unlimited compile passes on this case: there is no failure to bisect";
    return r;
  }
  search.SetSignature(r.unlimited.signature);
  r.probes.back().outcome = 'b';
  r.rewrites = r.unlimited.taken();
  const Selection zero = Selection::Limit(0);
  const Evaluation& at_zero = search.Eval(zero);
  if (!at_zero.passed()) {
    r.status = Status::kFailsWithoutRewrites;
    r.good_selection = zero;
    r.good = at_zero;
    r.search_compiles = r.compiles;
    r.reason = at_zero.signature == r.unlimited.signature
                   ? "fails with no rewrites: limit 0 fails the same way (" + at_zero.verdict + ")"
                   : "fails with no rewrites: limit 0 fails differently (" + at_zero.verdict + ": " +
                         at_zero.detail + ")";
    return r;
  }
  int64_t lo = 0, hi = static_cast<int64_t>(r.rewrites);  // lo passes, hi fails
  if (r.unlimited.decisions.empty()) {
    // The decision log died with a crashing child: find a failing limit by
    // doubling (a limit past the last decision is the unlimited compile).
    for (hi = 1;; hi *= 2) {
      const Evaluation& e = search.Eval(Selection::Limit(hi));
      if (search.Classify(e) == 'b') break;
      if (e.taken() < static_cast<uint64_t>(hi)) {
        r.status = Status::kNotBisectable;
        r.reason = "the unlimited compile fails (" + r.unlimited.signature + ") but limit " + std::to_string(hi) +
                   ", which takes every rewrite it asks for, does not: the failure is not deterministic";
        r.search_compiles = r.compiles;
        return r;
      }
      lo = hi;
    }
    r.rewrites = static_cast<uint64_t>(hi);
  } else if (hi == 0) {
    r.status = Status::kNotBisectable;
    r.reason = "the unlimited compile takes no rewrite and fails (" + r.unlimited.signature +
               "), but limit 0 passes: the failure is not deterministic";
    r.search_compiles = r.compiles;
    return r;
  } else {
    // Limit R takes exactly the decisions the unlimited compile took.
    search.Alias(Selection::Limit(-1), Selection::Limit(hi));
  }
  while (hi - lo > 1) {
    const int64_t mid = lo + (hi - lo) / 2;
    (search.Bad(Selection::Limit(mid)) ? hi : lo) = mid;
  }
  r.search_compiles = r.compiles;
  r.last_good_limit = lo;
  r.first_bad_limit = hi;
  const uint64_t culprit = static_cast<uint64_t>(lo);
  // Both compiles ask decision #lo at the same site (they agree before it);
  // a crashed one has no log, so the name may come from the passing one.
  std::optional<DecisionRecord> named = Decision(search.Eval(Selection::Limit(hi)), culprit);
  if (!named) {
    named = Decision(search.Eval(Selection::Limit(lo)), culprit);
    if (named) named->taken = true;
  }
  // The culprit alone: every other decision skipped. Such a compile asks
  // exactly what the limit-0 compile asks up to the culprit's site, so the
  // site's index there comes from limit 0's log: the same pass and rewrite,
  // the same number of earlier decisions of that name. With lo = 0 that is
  // {0}, i.e. limit 1, already known to fail.
  bool alone = lo == 0;
  if (!alone && named) {
    const Evaluation& base = search.Eval(zero);
    const Evaluation& bad = search.Eval(Selection::Limit(hi));
    uint64_t ordinal = 0;
    for (uint64_t i = 0; i < culprit && i < bad.decisions.size(); ++i) {
      ordinal += bad.decisions[i].pass == named->pass && bad.decisions[i].rewrite == named->rewrite;
    }
    std::optional<uint64_t> site;
    for (const DecisionRecord& d : base.decisions) {
      if (d.pass == named->pass && d.rewrite == named->rewrite && ordinal-- == 0) {
        site = d.index;
        break;
      }
    }
    if (site) {
      r.alone_selection = Selection::Only({*site});
      alone = search.Bad(*r.alone_selection);
    }
  }
  if (alone) {
    r.status = Status::kCulprit;
    if (named) r.culprits.push_back(*named);
    r.good_selection = Selection::Limit(lo);
    r.bad_selection = Selection::Limit(hi);
  } else {
    std::vector<uint64_t> all;
    for (uint64_t i = 0; i <= culprit; ++i) all.push_back(i);
    const std::vector<uint64_t> minimal = Ddmin(all, [&](const std::vector<uint64_t>& subset) {
      return search.Bad(Selection::Only(std::set<uint64_t>(subset.begin(), subset.end())));
    });
    r.bad_selection = Selection::Only(std::set<uint64_t>(minimal.begin(), minimal.end()));
    std::set<uint64_t> without_last(minimal.begin(), minimal.end());
    without_last.erase(minimal.back());
    r.good_selection = Selection::Only(without_last);
    const Evaluation& bad = search.Eval(r.bad_selection);
    for (uint64_t i : minimal) {
      if (std::optional<DecisionRecord> d = Decision(bad, i)) r.culprits.push_back(*d);
    }
    r.status = minimal.size() == 1 ? Status::kCulprit : Status::kCulpritSet;
    r.by_ddmin = true;
  }
  r.good = search.Eval(r.good_selection);
  r.bad = search.Eval(r.bad_selection);
  return r;
}

}  // namespace shaderdiff::bisect
