// The pairing list scheduler (pair_schedule.h).
#include "compiler/targets/r500/opt/pair_schedule.h"

#include <algorithm>
#include <optional>
#include <tuple>

#include "compiler/support/mutant.h"
#include "compiler/targets/r500/opt/access.h"
#include "compiler/targets/r500/opt/halves.h"
#include "compiler/targets/r500/opt/program.h"

namespace shaderdiff::r500opt {
namespace {

using r500::Instr;
using r500::InstrType;

struct Edge {
  int to = 0;
  bool same_ok = false;  // write after read: the successor may share the predecessor's instruction
};

struct Node {
  Instr original;
  std::optional<Half> half;  // movable ALU/OUT half; none: a lookup (or an empty ALU) emitted as it is
  bool tex = false;
  Channels uses, writes, fetches;
  std::vector<Edge> preds;
  int height = 0;
  bool done = false;
};

std::vector<Node> BuildGraph(const std::vector<Instr>& run) {
  const int n = static_cast<int>(run.size());
  std::vector<Node> g(n);
  for (int i = 0; i < n; ++i) {
    Node& v = g[i];
    v.original = run[i];
    v.tex = run[i].type() == InstrType::kTex;
    if (!v.tex) v.half = ExtractHalf(run[i]);
    v.uses = Uses(run[i]);
    v.writes = Writes(run[i]);
    v.fetches = Fetches(run[i]);
  }
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < i; ++j) {
      const bool raw = (g[j].writes & g[i].uses).any(), waw = (g[j].writes & g[i].writes).any();
      const bool war = (g[j].uses & g[i].writes).any();
      // A lookup writes late: nothing reading or writing its destination
      // may share... it is its own instruction anyway; keep it strictly ordered.
      if (raw || waw) g[i].preds.push_back({j, false});
      else if (war) g[i].preds.push_back({j, !g[i].tex && !g[j].tex});
    }
    // Outputs after everything else of the run, and in order per unit.
    const bool out_i = g[i].half && g[i].half->out;
    for (int j = 0; j < i && out_i; ++j) {
      const bool out_j = g[j].half && g[j].half->out;
      if (!out_j || g[j].half->rgb == g[i].half->rgb) g[i].preds.push_back({j, false});
    }
  }
  for (int i = n - 1; i >= 0; --i)
    for (const Edge& e : g[i].preds) g[e.to].height = std::max(g[e.to].height, g[i].height + (e.same_ok ? 0 : 1));
  return g;
}

// Ready if every predecessor is done, or is `with` through an edge that allows sharing.
bool Ready(const std::vector<Node>& g, int i, int with = -1) {
  if (g[i].done) return false;
  for (const Edge& e : g[i].preds)
    if (!g[e.to].done && !(e.to == with && e.same_ok)) return false;
  return true;
}

struct Scheduler {
  std::vector<Node> g;
  compiler::RewriteBudget* budget;
  std::vector<Instr> out;
  Channels in_flight;  // destinations of this run's lookups no emitted instruction has read yet
  int taken = 0;

  // Higher is better.
  auto Priority(int i) const {
    const bool no_out = !(g[i].half && g[i].half->out);
    const bool no_wait = (g[i].fetches & in_flight).none();
    return std::make_tuple(no_out, no_wait, g[i].height, -i);
  }

  void Emit(const Instr& in) {
    if ((Fetches(in) & in_flight).any()) in_flight.reset();
    out.push_back(in);
  }

  void Step() {
    const int n = static_cast<int>(g.size());
    int best = -1;
    for (int i = 0; i < n; ++i)
      if (g[i].tex && Ready(g, i) && (best < 0 || g[i].height > g[best].height)) best = i;
    if (best >= 0) {
      g[best].done = true;
      Emit(g[best].original);
      in_flight |= g[best].writes;
      return;
    }
    for (int i = 0; i < n; ++i)
      if (Ready(g, i) && (best < 0 || Priority(i) > Priority(best))) best = i;
    Node& first = g[best];
    if (!first.half) {
      first.done = true;
      Emit(first.original);
      return;
    }
    std::vector<int> partners;
    for (int i = 0; i < n; ++i) {
      if (i == best || g[i].tex || !g[i].half || g[i].half->rgb == first.half->rgb || g[i].half->out != first.half->out)
        continue;
      if (compiler::MutantActive(compiler::Mutant::kR500OptPairDependent) ? !g[i].done : Ready(g, i, best))
        partners.push_back(i);
    }
    std::sort(partners.begin(), partners.end(), [&](int a, int b) { return Priority(a) > Priority(b); });
    for (int p : partners) {
      const Half* rgb = first.half->rgb ? &*first.half : &*g[p].half;
      const Half* alpha = first.half->rgb ? &*g[p].half : &*first.half;
      std::optional<Instr> paired = Pair(rgb, alpha);
      if (!paired || !compiler::ShouldRewrite(budget, "pair")) continue;
      ++taken;
      first.done = g[p].done = true;
      Emit(*paired);
      return;
    }
    first.done = true;
    std::optional<Instr> alone = first.half->rgb ? Pair(&*first.half, nullptr) : Pair(nullptr, &*first.half);
    Emit(alone ? *alone : first.original);
  }
};

}  // namespace

int SchedulePairs(std::vector<Instr>& code, compiler::RewriteBudget* budget) {
  const int n = static_cast<int>(code.size());
  const std::vector<bool> targets = JumpTargets(code);
  std::vector<Instr> result;
  std::vector<int> new_of_old(n + 1);
  int taken = 0;
  for (int i = 0; i < n;) {
    new_of_old[i] = static_cast<int>(result.size());
    if (Classify(code[i]) == Kind::kBarrier) {
      result.push_back(code[i++]);
      continue;
    }
    int end = i + 1;
    while (end < n && !targets[end] && Classify(code[end]) != Kind::kBarrier) ++end;
    std::vector<Instr> run(code.begin() + i, code.begin() + end);
    for (int k = i + 1; k < end; ++k) new_of_old[k] = new_of_old[i];
    if (run.size() >= 2 && compiler::ShouldRewrite(budget, "run")) {
      ++taken;
      Scheduler s{BuildGraph(run), budget, {}, {}, 0};
      while (std::any_of(s.g.begin(), s.g.end(), [](const Node& v) { return !v.done; })) s.Step();
      taken += s.taken;
      result.insert(result.end(), s.out.begin(), s.out.end());
    } else {
      result.insert(result.end(), run.begin(), run.end());
    }
    i = end;
  }
  new_of_old[n] = static_cast<int>(result.size());
  RemapJumps(result, new_of_old);
  code = std::move(result);
  return taken;
}

}  // namespace shaderdiff::r500opt
