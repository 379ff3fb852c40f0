// Register renaming and packing allocation (rename.h).
#include "compiler/targets/r500/opt/rename.h"

#include <algorithm>
#include <cstdint>
#include <numeric>

#include "compiler/support/mutant.h"
#include "compiler/targets/r500/opt/access.h"
#include "compiler/targets/r500/opt/liveness.h"
#include "compiler/targets/r500/opt/program.h"
#include "emulator/r500/isa/alu_reads.h"
#include "emulator/r500/isa/operand_fields.h"

namespace shaderdiff::r500opt {
namespace {

using r500::Field;
using r500::Instr;
using r500::InstrType;
using namespace r500::operand_fields;

// One register field of one instruction and the channels it reads or writes
// through it. Not precise: the channels are what the hardware fetches, not
// known lane by lane, so its groups keep their register.
struct Ref {
  int instr = 0;
  Field field{};
  int temp = 0;
  uint8_t mask = 0;
  bool write = false;
  bool precise = true;
};

bool IsLookup(uint32_t op) { return op == 1 || (op >= 3 && op <= 6); }

// Whether an ALU/OUT instruction's reads are known per lane: each live
// lane's swizzle names the slot address it reads (A.3, A.5).
bool PreciseAlu(const Instr& in) {
  if (UsesRelative(in) || in.Get(Field::kAluWmask) || in.Get(Field::kStatWe) || in.Get(Field::kRgbPredSel) ||
      in.Get(Field::kAlphaPredSel) || in.Get(Field::kWriteInactive))
    return false;
  const uint32_t rgb_op = in.Get(Field::kRgbOp), alpha_op = in.Get(Field::kAlphaOp);
  if ((rgb_op >= 1 && rgb_op <= 3) || rgb_op >= 10 || alpha_op == 1 || alpha_op >= 14) return false;
  return !r500::UsesPresubtract(in, true) && !r500::UsesPresubtract(in, false);
}

void AddRef(std::vector<Ref>& refs, int i, Field field, int temp, uint8_t mask, bool write, bool precise) {
  if (temp < 0 || mask == 0) return;
  for (Ref& r : refs)
    if (r.instr == i && r.field == field && r.write == write) {
      r.mask |= mask;
      return;
    }
  refs.push_back({i, field, temp, mask, write, precise});
}

// The temporary a slot address names, or -1.
int SlotTemp(const Instr& in, int n, bool alpha) {
  const uint32_t a = in.Get(alpha ? kAlphaAddr[n] : kRgbAddr[n]);
  if (in.Get(alpha ? kAlphaConst[n] : kRgbConst[n]) || (a & 0x80)) return -1;
  return static_cast<int>(a);
}

// Every register field of instruction i with its channels.
void References(const Instr& in, int i, std::vector<Ref>& refs) {
  const InstrType t = in.type();
  if (t == InstrType::kFc) return;
  if (t == InstrType::kTex) {
    const uint32_t op = in.Get(Field::kTexOp);
    if (op == 0) return;
    const bool precise = IsLookup(op) && op != 6 && !in.Get(Field::kWriteInactive) && !UsesRelative(in);
    uint8_t used = 0;
    for (Field f : {Field::kTexSrcS, Field::kTexSrcT, Field::kTexSrcR, Field::kTexSrcQ}) used |= static_cast<uint8_t>(1u << in.Get(f));
    AddRef(refs, i, Field::kTexSrc, static_cast<int>(in.Get(Field::kTexSrc)), op == 2 ? 0xf : used, false, precise);
    if (op == 6) {
      AddRef(refs, i, Field::kTexDx, static_cast<int>(in.Get(Field::kTexDx)), 0xf, false, false);
      AddRef(refs, i, Field::kTexDy, static_cast<int>(in.Get(Field::kTexDy)), 0xf, false, false);
    }
    if (IsLookup(op))
      AddRef(refs, i, Field::kTexDst, static_cast<int>(in.Get(Field::kTexDst)),
             static_cast<uint8_t>(in.Get(Field::kRgbWmask) | (in.Get(Field::kAlphaWmask) << 3)), true, precise);
    return;
  }
  const bool precise = PreciseAlu(in);
  if (!precise) {
    const std::array<bool, 3> slot = r500::FetchedSlots(in);
    for (int n = 0; n < 3; ++n) {
      if (!slot[n]) continue;
      AddRef(refs, i, kRgbAddr[n], SlotTemp(in, n, false), 7, false, false);
      AddRef(refs, i, kAlphaAddr[n], SlotTemp(in, n, true), 8, false, false);
    }
  } else {
    if (RgbLive(in)) {
      const uint32_t lanes = in.Get(Field::kRgbWmask) | (t == InstrType::kOut ? in.Get(Field::kRgbOmask) : 0);
      const uint8_t used = RgbOperandsUsed(in.Get(Field::kRgbOp));
      for (int k = 0; k < 3; ++k) {
        if (!(used >> k & 1)) continue;
        const int n = static_cast<int>(in.Get(kRgbSel[k]));
        for (int l = 0; l < 3; ++l) {
          if (!(lanes >> l & 1)) continue;
          const uint32_t s = in.Get(kRgbSwz[k][l]);
          if (s > 3) continue;
          AddRef(refs, i, s == 3 ? kAlphaAddr[n] : kRgbAddr[n], SlotTemp(in, n, s == 3), static_cast<uint8_t>(1u << s), false, true);
        }
      }
    }
    if (AlphaLive(in)) {
      const uint8_t used = AlphaOperandsUsed(in.Get(Field::kAlphaOp));
      for (int k = 0; k < 3; ++k) {
        if (!(used >> k & 1)) continue;
        const int n = static_cast<int>(in.Get(kAlphaSel[k]));
        const uint32_t s = in.Get(kAlphaSwz[k]);
        if (s > 3) continue;
        AddRef(refs, i, s == 3 ? kAlphaAddr[n] : kRgbAddr[n], SlotTemp(in, n, s == 3), static_cast<uint8_t>(1u << s), false, true);
      }
    }
  }
  if (in.Get(Field::kRgbWmask))
    AddRef(refs, i, Field::kRgbDest, static_cast<int>(in.Get(Field::kRgbDest)), static_cast<uint8_t>(in.Get(Field::kRgbWmask)), true, precise);
  if (in.Get(Field::kAlphaWmask)) AddRef(refs, i, Field::kAlphaDest, static_cast<int>(in.Get(Field::kAlphaDest)), 8, true, precise);
}

// Registers another pixel of the quad reads, where pixels can stop writing.
std::vector<bool> QuadReadRegisters(const std::vector<Instr>& code) {
  std::vector<bool> frozen(r500::kTemps, false);
  bool pixels_stop = false;
  for (const Instr& in : code)
    pixels_stop = pixels_stop || in.type() == InstrType::kFc || (in.type() == InstrType::kTex && in.Get(Field::kTexOp) == 2);
  if (!pixels_stop) return frozen;
  for (const Instr& in : code) {
    const bool quad = in.type() == InstrType::kTex ? IsLookup(in.Get(Field::kTexOp))
                                                   : in.type() != InstrType::kFc && r500::IsQuadDerivative(in);
    if (!quad) continue;
    const Channels f = Fetches(in);
    for (int r = 0; r < r500::kTemps; ++r)
      if (ChannelsOf(f, r)) frozen[r] = true;
  }
  return frozen;
}

struct UnionFind {
  std::vector<int> parent;
  explicit UnionFind(int n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  int Find(int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  bool Unite(int a, int b) {
    a = Find(a);
    b = Find(b);
    if (a == b) return false;
    parent[std::max(a, b)] = std::min(a, b);
    return true;
  }
};

}  // namespace

int RenameRegisters(std::vector<Instr>& code, compiler::RewriteBudget* budget) {
  const int n = static_cast<int>(code.size());
  std::vector<Ref> refs;
  for (int i = 0; i < n; ++i) References(code[i], i, refs);
  int temps = 0;
  for (const Ref& r : refs) temps = std::max(temps, r.temp + 1);
  const int keys = 4 * temps;
  if (keys == 0) return 0;

  // Per instruction: channels read, channels written, and the definitions (key, id).
  std::vector<Channels> uses(n), writes(n);
  std::vector<std::vector<std::pair<int, int>>> defs(n);
  int ndefs = 0;
  for (const Ref& r : refs) {
    for (int c = 0; c < 4; ++c) {
      if (!(r.mask >> c & 1)) continue;
      const int key = 4 * r.temp + c;
      if (r.write) {
        writes[r.instr].set(key);
        defs[r.instr].push_back({key, ndefs++});
      } else {
        uses[r.instr].set(key);
      }
    }
  }
  const int entry = ndefs;  // entry definition of key k: entry + k
  UnionFind uf(ndefs + keys);

  // Liveness on these read sets (liveness.h, as r500-dead's).
  std::vector<Channels> live_in;
  const std::vector<Channels> live_out =
      LiveOut(code, [&](int i) -> const Channels& { return uses[i]; }, [&](int i) -> const Channels& { return writes[i]; }, &live_in);

  // Webs: the definitions reaching each point where a channel is live,
  // united where they meet (state[p * keys + k]: a definition, or -1).
  std::vector<int> state(static_cast<size_t>(n + 1) * keys, -1);
  for (int k = 0; k < keys; ++k)
    if (live_in[0].test(k)) state[k] = entry + k;
  auto out_def = [&](int i, int k) {
    for (const auto& [key, id] : defs[i])
      if (key == k) return id;
    return state[static_cast<size_t>(i) * keys + k];
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 0; i < n; ++i) {
      const auto [next, jump] = SuccessorPair(code, i);
      for (int k = 0; k < keys; ++k) {
        if (!live_out[i].test(k)) continue;
        const int v = out_def(i, k);
        if (v < 0) continue;
        for (int s : {next, jump}) {
          if (s < 0 || !live_in[s].test(k)) continue;
          int& cur = state[static_cast<size_t>(s) * keys + k];
          if (cur < 0) {
            cur = v;
            changed = true;
          } else if (uf.Unite(cur, v)) {
            changed = true;
          }
        }
      }
    }
  }

  // Groups: the webs one register field names.
  std::vector<int> ref_web(refs.size(), -1);
  for (size_t r = 0; r < refs.size(); ++r) {
    const Ref& ref = refs[r];
    for (int c = 0; c < 4; ++c) {
      if (!(ref.mask >> c & 1)) continue;
      const int key = 4 * ref.temp + c;
      const int web = ref.write ? out_def(ref.instr, key) : state[static_cast<size_t>(ref.instr) * keys + key];
      if (web < 0) return 0;  // a read no definition reaches (unreachable code): leave the program alone
      if (ref_web[r] < 0) ref_web[r] = web;
      uf.Unite(ref_web[r], web);
    }
  }

  // Each group's register, pinned or not, and the order it is coloured in.
  const int nodes = ndefs + keys;
  std::vector<int> home(nodes, -1), first(nodes, n + 1);
  std::vector<bool> pinned(nodes, false);
  for (int k = 0; k < keys; ++k) pinned[uf.Find(entry + k)] = true;
  const std::vector<bool> frozen = QuadReadRegisters(code);
  for (size_t r = 0; r < refs.size(); ++r) {
    const int g = uf.Find(ref_web[r]);
    if (home[g] >= 0 && home[g] != refs[r].temp) return 0;  // cannot happen: a group's webs share their register
    home[g] = refs[r].temp;
    first[g] = std::min(first[g], refs[r].instr);
    if (!refs[r].precise || frozen[refs[r].temp]) pinned[g] = true;
  }
  for (int k = 0; k < keys; ++k) {
    const int g = uf.Find(entry + k);
    if (home[g] < 0) home[g] = k / 4;
    first[g] = -1;
  }

  // Interference: at each definition, every other group live after it on the same channel.
  std::vector<std::vector<int>> adj(nodes);
  for (int i = 0; i < n; ++i)
    for (const auto& [key, id] : defs[i]) {
      const int g = uf.Find(id);
      for (int k = key & 3; k < keys; k += 4) {
        if (!live_out[i].test(k)) continue;
        const int v = out_def(i, k);
        if (v < 0) continue;
        const int h = uf.Find(v);
        if (h == g) continue;
        adj[g].push_back(h);
        adj[h].push_back(g);
      }
    }

  std::vector<int> groups;
  for (int g = 0; g < nodes; ++g)
    if (uf.Find(g) == g && home[g] >= 0) groups.push_back(g);
  std::stable_sort(groups.begin(), groups.end(), [&](int a, int b) { return first[a] < first[b]; });
  int taken = 0;
  for (int g : groups)
    if (!pinned[g]) {
      if (compiler::ShouldRewrite(budget, "web")) {
        ++taken;
      } else {
        pinned[g] = true;
      }
    }

  // Colour: pinned groups at their registers, then the others in program
  // order at the lowest register no neighbour holds.
  std::vector<int> colour(nodes, -1);
  for (int g : groups)
    if (pinned[g]) colour[g] = home[g];
  const bool ignore_interference = compiler::MutantActive(compiler::Mutant::kR500OptRenameInterfering);
  std::vector<bool> busy(r500::kTemps);
  for (int g : groups) {
    if (pinned[g]) continue;
    std::fill(busy.begin(), busy.end(), false);
    if (!ignore_interference)
      for (int h : adj[g])
        if (colour[h] >= 0) busy[colour[h]] = true;
    int r = 0;
    while (r < r500::kTemps && (busy[r] || frozen[r])) ++r;
    if (r == r500::kTemps) return 0;  // more than the hardware's temporaries: keep the registers as they are
    colour[g] = r;
  }

  for (size_t r = 0; r < refs.size(); ++r) {
    const int c = colour[uf.Find(ref_web[r])];
    if (c != refs[r].temp) code[refs[r].instr].Set(refs[r].field, static_cast<uint32_t>(c));
  }
  return taken;
}

}  // namespace shaderdiff::r500opt
