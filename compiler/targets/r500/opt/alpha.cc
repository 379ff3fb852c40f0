// Scalars onto the Alpha half (alpha.h).
#include "compiler/targets/r500/opt/alpha.h"

#include <algorithm>
#include <map>
#include <utility>

#include "compiler/support/mutant.h"
#include "compiler/targets/r500/opt/access.h"
#include "compiler/targets/r500/opt/halves.h"
#include "compiler/targets/r500/opt/program.h"

namespace shaderdiff::r500opt {
namespace {

using r500::Field;
using r500::Instr;
using r500::InstrType;

constexpr uint32_t kNoAlphaOp = ~0u;
constexpr uint32_t kRgbMax = 5, kOmodDisable = 7;

// The Alpha opcode computing what RGB opcode `rgb_op` computes on one lane (A.4).
uint32_t AlphaEquivalent(uint32_t rgb_op) {
  switch (rgb_op) {
    case 0: return 0;  // mad
    case 4: return 2;  // min
    case 5: return 3;  // max
    case 7: return 5;  // cnd
    case 8: return 6;  // cmp
    case 9: return 7;  // frc
    default: return kNoAlphaOp;
  }
}

bool Movable(const Instr& in) { return (in.type() == InstrType::kAlu || in.type() == InstrType::kOut) && Classify(in) == Kind::kAlu; }

int Channel(uint32_t wmask) { return wmask == 1 ? 0 : wmask == 2 ? 1 : wmask == 4 ? 2 : -1; }

// The lane-c computation of RGB half `h` as an Alpha half writing fresh.w.
Half AsAlpha(const Half& h, int c, uint32_t fresh) {
  Half a;
  a.rgb = false;
  a.op = AlphaEquivalent(h.op);
  a.omod = h.omod;
  a.clamp = h.clamp;
  a.dest = fresh;
  a.wmask = 1;
  const uint8_t used = AlphaOperandsUsed(a.op);
  for (int k = 0; k < 3; ++k) {
    if (!(used >> k & 1)) continue;
    const HalfOperand& o = h.operand[k];
    HalfOperand& n = a.operand[k];
    n.mod = o.mod;
    n.swz[0] = o.swz[c];
    if (o.swz[c] < 3) n.rgb = o.rgb;
    if (o.swz[c] == 3) n.alpha = o.alpha;
  }
  return a;
}

// Reader half `h` reading S.c (S = from) reads fresh.w instead; false if an
// operand needs another register's w on the same slot.
bool Redirect(Half& h, const Address& from, int c, uint32_t fresh, bool first_lane_only) {
  const Address to{Address::Kind::kTemp, fresh};
  for (HalfOperand& o : h.operand) {
    if (o.rgb != from) continue;
    bool hit = false, rgb_left = false, alpha_left = false;
    for (int l = 0; l < (h.rgb ? 3 : 1); ++l) {
      if (o.swz[l] == c && !(hit && first_lane_only)) {
        o.swz[l] = 3;
        hit = true;
      } else if (o.swz[l] < 3) {
        rgb_left = true;
      } else if (o.swz[l] == 3) {
        alpha_left = true;
      }
    }
    if (!hit) continue;
    if (alpha_left && o.alpha != to) return false;
    o.alpha = to;
    if (!rgb_left) o.rgb = Address{};
  }
  return true;
}

// Whether a copy `MAX S.c, X.www` (OMOD disable) of an Alpha result: once
// moved it is an Alpha copy, which r500-coalesce folds into its producer.
bool CopiesAnAlphaResult(const Half& h, int c) {
  const HalfOperand& a = h.operand[0];
  return h.op == kRgbMax && h.omod == kOmodDisable && !h.clamp && a.mod == 0 && a.swz[c] == 3 &&
         a.alpha.kind == Address::Kind::kTemp && a.alpha == h.operand[1].alpha && h.operand[1].swz[c] == 3 &&
         h.operand[1].mod == 0;
}

// Per slot of a run (run[i] >= 0): its height, the longest path of reads
// of a channel written before from it to the end of its run (true
// dependences only: r500-rename removes most false ones, the naive
// translation's reuse of scratch registers, before r500-schedule).
std::vector<int> RunHeights(const std::vector<Instr>& code, const std::vector<int>& run, const std::vector<Channels>& uses,
                            const std::vector<Channels>& writes) {
  const int n = static_cast<int>(code.size());
  std::vector<int> height(n, 0);
  for (int i = n - 1; i >= 0; --i) {
    if (run[i] < 0) continue;
    for (int j = i + 1; j < n && run[j] == run[i]; ++j)
      if ((writes[i] & uses[j]).any()) height[i] = std::max(height[i], height[j] + 1);
  }
  return height;
}

}  // namespace

int MoveScalarsToAlpha(std::vector<Instr>& code, compiler::RewriteBudget* budget) {
  const int n = static_cast<int>(code.size());
  std::vector<Channels> uses(n), writes(n);
  int fresh = 0;
  for (int i = 0; i < n; ++i) {
    uses[i] = Uses(code[i]);
    writes[i] = Writes(code[i]);
    const Channels touched = uses[i] | writes[i] | Fetches(code[i]);
    for (int r = fresh; r < r500::kTemps; ++r)
      if (ChannelsOf(touched, r)) fresh = r + 1;
  }
  std::vector<std::vector<int>> preds(n + 1);
  for (int i = 0; i < n; ++i) {
    const auto [next, jump] = SuccessorPair(code, i);
    preds[next].push_back(i);
    if (jump >= 0) preds[jump].push_back(i);
  }
  // Runs: slots between barriers and jump targets; per run the RGB and Alpha
  // halves of temp-writing movable instructions.
  const std::vector<bool> target = JumpTargets(code);
  std::vector<int> run(n, -1);
  std::vector<int> rgb_halves, alpha_halves;
  for (int i = 0, cur = -1; i < n; ++i) {
    if (code[i].type() != InstrType::kAlu || Classify(code[i]) != Kind::kAlu) {
      cur = -1;
      continue;
    }
    if (cur < 0 || target[i]) {
      cur = static_cast<int>(rgb_halves.size());
      rgb_halves.push_back(0);
      alpha_halves.push_back(0);
    }
    run[i] = cur;
    (RgbLive(code[i]) ? rgb_halves : alpha_halves)[cur]++;
  }
  // Levels: a half's height in its run's dependence graph (the longest
  // chain of reads and writes after it to the run's end), the list
  // scheduler's priority: halves of one height are issued side by side.
  const std::vector<int> level = RunHeights(code, run, uses, writes);
  std::map<std::pair<int, int>, std::pair<int, int>> at_level;  // (run, height) -> (RGB, Alpha) halves
  for (int i = 0; i < n; ++i)
    if (run[i] >= 0) {
      auto& [r, a] = at_level[{run[i], level[i]}];
      ++(RgbLive(code[i]) ? r : a);
    }
  const bool drop_clamp = compiler::MutantActive(compiler::Mutant::kR500OptBalanceDropsClamp);

  const bool first_lane_only = compiler::MutantActive(compiler::Mutant::kR500OptAlphaFirstLaneOnly);
  int taken = 0;
  std::vector<char> seen(n + 1);
  for (int d = 0; d < n && fresh < r500::kTemps; ++d) {
    if (run[d] < 0 || !RgbLive(code[d])) continue;
    const int c = Channel(code[d].Get(Field::kRgbWmask));
    if (c < 0 || AlphaEquivalent(code[d].Get(Field::kRgbOp)) == kNoAlphaOp) continue;
    const std::optional<Half> def = ExtractHalf(code[d]);
    if (!def) continue;
    const bool copy = CopiesAnAlphaResult(*def, c);
    auto& [rgb_here, alpha_here] = at_level[{run[d], level[d]}];
    // balance: two RGB halves more than Alpha ones at D's height (one moved,
    // they pair), or none in Alpha there while the run has two RGB halves
    // more (the stop-34 rule: the moved half pairs with a neighbour's).
    const bool level_pays = alpha_here + 2 <= rgb_here;
    const bool run_pays = alpha_here == 0 && alpha_halves[run[d]] + 2 <= rgb_halves[run[d]];
    if (!copy && !level_pays && !run_pays) continue;
    const int s = static_cast<int>(def->dest);
    const uint8_t bit = static_cast<uint8_t>(1u << c);

    // Readers: what D reaches before S.c is written again.
    std::vector<int> readers, stack = {d + 1};
    if (const int j = SuccessorPair(code, d).second; j >= 0) stack.push_back(j);
    std::fill(seen.begin(), seen.end(), 0);
    bool ok = true;
    while (!stack.empty() && ok) {
      const int i = stack.back();
      stack.pop_back();
      if (i >= n || seen[i]) continue;
      seen[i] = 1;
      if (ChannelsOf(uses[i], s) & bit) {
        ok = i != d && Movable(code[i]);
        readers.push_back(i);
      }
      if (ChannelsOf(writes[i], s) & bit) continue;
      const auto [next, jump] = SuccessorPair(code, i);
      stack.push_back(next);
      if (jump >= 0) stack.push_back(jump);
    }
    // Every reader reached by D alone.
    for (size_t r = 0; r < readers.size() && ok; ++r) {
      std::fill(seen.begin(), seen.end(), 0);
      stack = {readers[r]};
      while (!stack.empty() && ok) {
        const int i = stack.back();
        stack.pop_back();
        if (i == 0) ok = false;  // the program's start reaches it
        for (int p : preds[i]) {
          if (p == d || seen[p]) continue;
          seen[p] = 1;
          if (ChannelsOf(writes[p], s) & bit) {
            ok = false;
            break;
          }
          stack.push_back(p);
        }
      }
    }
    if (!ok) continue;

    std::vector<Instr> rewritten;
    Half alpha = AsAlpha(*def, c, static_cast<uint32_t>(fresh));
    if (drop_clamp && !copy) alpha.clamp = 0;
    const std::optional<Instr> moved = Pair(nullptr, &alpha);
    ok = moved.has_value();
    const Address from{Address::Kind::kTemp, static_cast<uint32_t>(s)};
    for (size_t r = 0; r < readers.size() && ok; ++r) {
      Half h = *ExtractHalf(code[readers[r]]);
      std::optional<Instr> in;
      if (Redirect(h, from, c, static_cast<uint32_t>(fresh), first_lane_only))
        in = h.rgb ? Pair(&h, nullptr) : Pair(nullptr, &h);
      ok = in.has_value();
      if (ok) rewritten.push_back(*in);
    }
    if (!ok || !compiler::ShouldRewrite(budget, copy ? "to-alpha" : "balance")) continue;
    code[d] = *moved;
    uses[d] = Uses(code[d]);
    writes[d] = Writes(code[d]);
    for (size_t r = 0; r < readers.size(); ++r) {
      code[readers[r]] = rewritten[r];
      uses[readers[r]] = Uses(code[readers[r]]);
    }
    rgb_halves[run[d]]--;
    alpha_halves[run[d]]++;
    rgb_here--;
    alpha_here++;
    ++fresh;
    ++taken;
  }
  return taken;
}

}  // namespace shaderdiff::r500opt
