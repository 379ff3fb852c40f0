// SSA construction from the selection stream (see build_ssa.h).
#include "compiler/opt/build_ssa.h"

#include <algorithm>
#include <map>
#include <set>

#include "compiler/support/mutant.h"
#include "compiler/support/work_budget.h"
#include "emulator/a3xx/isa/io_fields.h"
#include "emulator/a3xx/isa/reg_index.h"
#include "emulator/a3xx/operand_spans.h"

namespace shaderdiff::opt {

namespace {

using a3xx::Instr;
using a3xx::Opcode;
using a3xx::Operand;
using a3xx::OperandKind;

// Variables are register indices (emulator/a3xx/isa/reg_index.h).
constexpr int kHalfVarBase = a3xx::kHalfBase;
constexpr uint8_t kStrippedFlags = a3xx::kFlagSs | a3xx::kFlagSy | a3xx::kFlagJp | a3xx::kFlagUl | a3xx::kFlagEi;

int VarOf(const Operand& o) { return a3xx::RegIndex(o.num, o.half); }

RegClass ClassOfVar(int var) {
  if (var == a3xx::kRegA0X) return RegClass::kA0;
  if (var >= a3xx::kRegP0X && var < a3xx::kRegP0X + 4) return RegClass::kP0;
  if (var >= kHalfVarBase) return RegClass::kHalf0;
  return RegClass::kFull;
}

bool IsBranch(const Instr& in) { return in.opcode == Opcode::BR || in.opcode == Opcode::JUMP; }

class Builder {
 public:
  Builder(const naive::Selection& sel, Function& fn) : sel_(sel), fn_(fn) {}

  std::optional<std::string> Run();

 private:
  bool IsPinnedVar(int var) const {
    return pinned_hi_ >= 0 && var >= pinned_lo_ && var <= pinned_hi_;
  }
  void ChoosePinnedRange();
  std::optional<std::string> CutBlocks();
  void AddInputs();
  std::optional<std::string> Translate(size_t i, int b);

  ValueId Append(Node n, int b) {
    n.block = b;
    const ValueId id = fn_.Add(std::move(n));
    fn_.blocks[static_cast<size_t>(b)].nodes.push_back(id);
    return id;
  }
  ValueId Split(ValueId vec, int comp, int b) {
    Node s;
    s.meta = Meta::kSplit;
    s.args = {vec};
    s.comp = static_cast<uint8_t>(comp);
    s.def_class = RegClass::kFull;
    return Append(std::move(s), b);
  }

  // Braun et al.
  void WriteVar(int var, int b, ValueId v) {
    if (!InRange(var)) return;
    int32_t& column = column_of_[static_cast<size_t>(var)];
    if (column < 0) {  // the variable's first write: its column of blocks
      column = static_cast<int32_t>(cur_.size() / blocks_);
      cur_.resize(cur_.size() + blocks_, kUnset);
    }
    cur_[static_cast<size_t>(column) * blocks_ + static_cast<size_t>(b)] = v;
  }
  // A var outside the register index space (reg_index.h) is an internal
  // error (Run returns it), never a read or write of another slot.
  bool InRange(int var) {
    if (var >= 0 && var < a3xx::kNumRegIndices) return true;
    error_ = "variable index " + std::to_string(var) + " outside the register index space";
    return false;
  }
  ValueId ReadVar(int var, int b);
  ValueId ReadVarRecursive(int var, int b);
  ValueId NewPhi(int var, int b);
  void AddPhiOperands(int var, ValueId phi);
  ValueId Undef(int var);
  void Seal(size_t b);
  void SealSuccessorsOf(size_t filled);  // seals what filling `filled` made ready
  void RemoveTrivialPhis();

  // Order dependencies.
  void UseSpecial(ValueId user, ValueId value);
  void DefSpecial(ValueId def);

  const naive::Selection& sel_;
  Function& fn_;
  std::vector<int> block_of_;        // stream index -> block
  std::vector<size_t> block_start_;  // first stream index of each block
  // Per variable written, per block, its current value: one column of
  // `blocks_` slots per variable, added at its first write (column_of_ maps
  // a register index, reg_index.h, to its column; -1 before), in one flat
  // array reused across compiles in this thread (a compile's hash maps were
  // a measurable share of a fuzz campaign's malloc time). Its size is blocks
  // x variables written, so a deep nest that writes few registers costs a
  // few bytes per block, not a row of every register index per block.
  static constexpr ValueId kUnset = -2;  // never a value id, nor kNoValue
  size_t blocks_ = 1;
  std::vector<int32_t> column_of_;  // sized and filled by Run
  std::vector<ValueId>& cur_ = CurrentDefsScratch();
  static std::vector<ValueId>& CurrentDefsScratch() {
    static thread_local std::vector<ValueId> scratch;
    return scratch;
  }
  std::vector<bool> sealed_;
  // Blocks reachable from the entry. A variable read in an unreachable block
  // is undefined: such code never runs, and reading through it would recurse
  // forever around an unreachable cycle of single-predecessor blocks (a loop
  // after a BRK), which the construction's acyclicity assumption excludes
  // only for reachable code.
  std::vector<bool> reachable_;
  std::vector<size_t> unfilled_preds_;  // per block: predecessor edges from blocks not yet filled
  std::vector<std::vector<std::pair<ValueId, int>>> incomplete_;
  std::vector<ValueId> undef_ = std::vector<ValueId>(a3xx::kNumRegIndices, kUnset);  // per variable
  size_t entry_prefix_ = 0;  // inputs (and undefs) at the start of block 0
  int pinned_lo_ = 0, pinned_hi_ = -1;
  ValueId last_pinned_ = kNoValue;
  ValueId last_memory_ = kNoValue;  // the last cat6 node (ldp/stp), ordered by deps
  struct Chain {
    ValueId def = kNoValue;
    std::vector<ValueId> users;
  };
  std::map<RegClass, Chain> chains_;
  std::string error_;
};

void Builder::ChoosePinnedRange() {
  if (sel_.relative_ranges.empty()) return;
  int lo = 1 << 30, hi = -1;
  for (auto [a, b] : sel_.relative_ranges) {
    lo = std::min(lo, a);
    hi = std::max(hi, b);
  }
  pinned_lo_ = lo / 4 * 4;
  pinned_hi_ = hi | 3;
  // Move the range to r0 when every relative offset stays encodable
  // (sources: signed 10 bits; destinations: 0..255).
  int32_t delta = -pinned_lo_;
  for (const Instr& in : sel_.instrs) {
    for (int k = 0; k < a3xx::kNumSrcSlots; ++k) {
      if (in.src[k].kind == OperandKind::kRelGpr && (in.src[k].offset + delta < -512 || in.src[k].offset + delta > 511)) {
        delta = 0;
      }
    }
    if (in.dst.kind == OperandKind::kRelGpr && (in.dst.offset + delta < 0 || in.dst.offset + delta > 255)) delta = 0;
  }
  fn_.pinned_delta = delta;
  fn_.pinned_first = static_cast<uint16_t>(pinned_lo_ + delta);
  fn_.pinned_count = static_cast<uint16_t>(pinned_hi_ - pinned_lo_ + 1);
}

std::optional<std::string> Builder::CutBlocks() {
  const size_t n = sel_.instrs.size();
  if (n == 0 || sel_.instrs.back().opcode != Opcode::END) return "the stream does not end with `end`";
  std::vector<bool> leader(n, false);
  leader[0] = true;
  for (size_t i = 0; i < n; ++i) {
    const Instr& in = sel_.instrs[i];
    if (IsBranch(in)) {
      const int64_t t = static_cast<int64_t>(i) + in.branch;
      if (t < 0 || t >= static_cast<int64_t>(n)) return "branch " + std::to_string(i) + " leaves the program";
      leader[static_cast<size_t>(t)] = true;
    }
    if ((IsBranch(in) || in.opcode == Opcode::END) && i + 1 < n) leader[i + 1] = true;
    if (in.opcode == Opcode::END && i + 1 != n) return "`end` before the last instruction";
  }
  block_of_.assign(n, -1);
  for (size_t i = 0; i < n; ++i) {
    if (leader[i]) block_start_.push_back(i);
    block_of_[i] = static_cast<int>(block_start_.size()) - 1;
  }
  const size_t nb = block_start_.size();
  fn_.blocks.assign(nb, Block{});
  for (size_t b = 0; b < nb; ++b) {
    const size_t last = (b + 1 < nb ? block_start_[b + 1] : n) - 1;
    const Instr& in = sel_.instrs[last];
    std::vector<int32_t> succs;
    if (IsBranch(in)) succs.push_back(block_of_[static_cast<size_t>(static_cast<int64_t>(last) + in.branch)]);
    if (in.opcode != Opcode::JUMP && in.opcode != Opcode::END && b + 1 < nb) {
      const int32_t next = static_cast<int32_t>(b + 1);
      if (std::find(succs.begin(), succs.end(), next) == succs.end()) succs.push_back(next);
    }
    fn_.blocks[b].succs = succs;
  }
  for (size_t b = 0; b < nb; ++b) {
    for (int32_t s : fn_.blocks[b].succs) fn_.blocks[static_cast<size_t>(s)].preds.push_back(static_cast<int32_t>(b));
  }
  if (!fn_.blocks[0].preds.empty()) return "the entry block is a branch target";
  return std::nullopt;
}

// The components [first, last] a span's value covers (io_fields.h: below
// the first component a field names no register is needed).
std::pair<int, int> Covered(const a3xx::RegisterSpan& span) {
  int last = 3;
  while (last > 0 && !span.Has(last)) --last;
  return {a3xx::FirstNamedComponent(span.field, span.mask), last};
}

void Builder::AddInputs() {
  const a3xx::ShaderState& st = sel_.state;
  // One vector value per binding (the hardware writes the span's
  // consecutive registers), a kSplit per bound component.
  auto add = [&](InputRef::Kind kind, size_t binding, const a3xx::RegisterSpan& span) {
    if (!span.mask) return;
    if (IsPinnedVar(span.Reg(0))) return;  // preloaded into the pinned range (bindings rebased by the pipeline)
    const auto [first, last] = Covered(span);
    Node in;
    in.meta = Meta::kInput;
    in.input = {kind, static_cast<uint32_t>(binding), static_cast<uint8_t>(first)};
    in.def_class = RegClass::kFull;
    in.size = static_cast<uint8_t>(last - first + 1);
    const ValueId v = Append(std::move(in), 0);
    for (int c = first; c <= last; ++c) {
      if (span.Has(c)) WriteVar(span.Reg(c), 0, Split(v, c - first, 0));
    }
  };
  for (size_t b = 0; b < st.inputs.size(); ++b) add(InputRef::kRegister, b, st.inputs[b].span);
  for (size_t b = 0; b < st.system_values.size(); ++b) add(InputRef::kSystemValue, b, st.system_values[b].span);
  // Each i/j pair the hardware preloads (ir.h kIjPairs): a 2-scalar value.
  for (size_t p = 0; p < kNumIjPairs; ++p) {
    const int reg = st.*kIjPairs[p].reg;
    if (!PreloadsIjPair(st, p) || IsPinnedVar(reg)) continue;
    Node ij;
    ij.meta = Meta::kInput;
    ij.input = {InputRef::kIj, static_cast<uint32_t>(p), 0};
    ij.def_class = RegClass::kFull;
    ij.size = 2;
    const ValueId v = Append(std::move(ij), 0);
    WriteVar(reg, 0, Split(v, 0, 0));
    WriteVar(reg + 1, 0, Split(v, 1, 0));
  }
  entry_prefix_ = fn_.blocks[0].nodes.size();
}

ValueId Builder::Undef(int var) {
  if (undef_[static_cast<size_t>(var)] != kUnset) return undef_[static_cast<size_t>(var)];
  if (ClassOfVar(var) != RegClass::kFull) {
    error_ = "read of " + std::string(var >= kHalfVarBase ? "hr" : "r") + std::to_string((var % kHalfVarBase) / 4) +
             " (a0/p0/half) before any write";
  }
  Node n = ZeroMovNode();
  n.block = 0;
  const ValueId v = fn_.Add(std::move(n));
  auto& entry = fn_.blocks[0].nodes;
  entry.insert(entry.begin() + static_cast<std::ptrdiff_t>(entry_prefix_), v);
  ++entry_prefix_;
  undef_[var] = v;
  return v;
}

ValueId Builder::NewPhi(int var, int b) {
  Node p;
  p.meta = Meta::kPhi;
  p.def_class = ClassOfVar(var);
  p.block = b;
  const ValueId v = fn_.Add(std::move(p));
  auto& nodes = fn_.blocks[static_cast<size_t>(b)].nodes;
  size_t pos = 0;
  while (pos < nodes.size() && fn_.node(nodes[pos]).meta == Meta::kPhi) ++pos;
  nodes.insert(nodes.begin() + static_cast<std::ptrdiff_t>(pos), v);
  return v;
}

void Builder::AddPhiOperands(int var, ValueId phi) {
  const int b = fn_.node(phi).block;
  for (int32_t p : fn_.blocks[static_cast<size_t>(b)].preds) {
    const ValueId v = ReadVar(var, p);
    fn_.node(phi).args.push_back(v);
  }
}

ValueId Builder::ReadVar(int var, int b) {
  if (!InRange(var)) return kNoValue;
  const int32_t column = column_of_[static_cast<size_t>(var)];
  if (column >= 0) {
    const ValueId v = cur_[static_cast<size_t>(column) * blocks_ + static_cast<size_t>(b)];
    if (v != kUnset) return v;
  }
  return ReadVarRecursive(var, b);
}

ValueId Builder::ReadVarRecursive(int var, int b) {
  compiler::ChargeWork(1);
  const Block& blk = fn_.blocks[static_cast<size_t>(b)];
  ValueId v = kNoValue;
  if (!reachable_[static_cast<size_t>(b)]) {
    v = Undef(var);
  } else if (!sealed_[static_cast<size_t>(b)]) {
    v = NewPhi(var, b);
    incomplete_[static_cast<size_t>(b)].push_back({v, var});
  } else if (blk.preds.empty()) {
    v = Undef(var);
  } else if (blk.preds.size() == 1) {
    v = ReadVar(var, blk.preds[0]);
  } else {
    v = NewPhi(var, b);
    WriteVar(var, b, v);
    AddPhiOperands(var, v);
  }
  WriteVar(var, b, v);
  return v;
}

void Builder::Seal(size_t b) {
  sealed_[b] = true;
  for (auto [phi, var] : incomplete_[b]) AddPhiOperands(var, phi);
  incomplete_[b].clear();
}

void Builder::SealSuccessorsOf(size_t filled) {
  // Only a successor of the block just filled can have become ready;
  // sealed in block order (the order phis, and so value ids, are made in).
  std::vector<int32_t> ready;
  for (int32_t s : fn_.blocks[filled].succs) {
    if (--unfilled_preds_[static_cast<size_t>(s)] == 0) ready.push_back(s);
  }
  std::sort(ready.begin(), ready.end());
  for (int32_t s : ready) {
    if (!sealed_[static_cast<size_t>(s)]) Seal(static_cast<size_t>(s));
  }
}

// Rounds over the phis in id order until a round removes none, each phi
// judged on its operands as replaced so far (which phi of a cycle survives
// depends on that order). Done as the same order of events: a phi is judged
// again only when one of its operands was replaced since, at the point the
// next round over all phis would reach it, so the work is proportional to
// the operands and replacements, not rounds x phis.
void Builder::RemoveTrivialPhis() {
  const size_t nv = fn_.nodes.size();
  // No phi (straight-line code): nothing
  // to remove, resolve or erase, and none of the arrays below is needed.
  if (std::none_of(fn_.nodes.begin(), fn_.nodes.end(),
                   [](const Node& n) { return n.meta == Meta::kPhi && !n.dead; })) {
    return;
  }
  std::vector<ValueId> repl(nv, kNoValue);
  auto resolve = [&](ValueId v) {
    ValueId r = v;
    while (r != kNoValue && r < static_cast<ValueId>(nv) && repl[static_cast<size_t>(r)] != kNoValue) {
      r = repl[static_cast<size_t>(r)];
    }
    while (v != r) {  // path compression: later lookups of the chain are one step
      const ValueId next = repl[static_cast<size_t>(v)];
      repl[static_cast<size_t>(v)] = r;
      v = next;
    }
    return r;
  };
  // users[x]: the phis with an operand that resolves to x.
  std::vector<std::vector<ValueId>> users(nv);
  std::set<std::pair<int, ValueId>> pending;  // (round, phi), in the rounds' order
  std::vector<int> pending_round(nv, -1);
  for (ValueId v = 0; v < static_cast<ValueId>(nv); ++v) {
    const Node& n = fn_.node(v);
    if (n.meta != Meta::kPhi || n.dead) continue;
    pending.insert({0, v});
    pending_round[static_cast<size_t>(v)] = 0;
    for (ValueId a : n.args) {
      if (a != kNoValue && a < static_cast<ValueId>(nv)) users[static_cast<size_t>(a)].push_back(v);
    }
  }
  while (!pending.empty()) {
    const auto [round, v] = *pending.begin();
    pending.erase(pending.begin());
    pending_round[static_cast<size_t>(v)] = -1;
    Node& n = fn_.node(v);
    if (n.dead) continue;
    if (!compiler::ChargeWork(1 + n.args.size())) break;  // over budget: the pipeline discards the result
    ValueId same = kNoValue;
    bool trivial = true;
    for (ValueId a : n.args) {
      a = resolve(a);
      if (a == v || a == same) continue;
      if (same != kNoValue) {
        trivial = false;
        break;
      }
      same = a;
    }
    if (!trivial) continue;
    if (same == kNoValue) continue;  // a phi of itself only: unreachable loop; keep it
    repl[static_cast<size_t>(v)] = same;
    n.dead = true;
    std::vector<ValueId> affected = std::move(users[static_cast<size_t>(v)]);
    users[static_cast<size_t>(v)].clear();
    for (ValueId w : affected) {
      const int at = w > v ? round : round + 1;  // where the next round-robin visit of w would be
      int& pr = pending_round[static_cast<size_t>(w)];
      if (pr >= 0 && pr <= at) continue;
      if (pr >= 0) pending.erase({pr, w});
      pr = at;
      pending.insert({at, w});
    }
    if (same < static_cast<ValueId>(nv)) {
      std::vector<ValueId>& into = users[static_cast<size_t>(same)];
      if (into.size() < affected.size()) std::swap(into, affected);
      into.insert(into.end(), affected.begin(), affected.end());
    }
  }
  for (Node& n : fn_.nodes) {
    for (ValueId& v : n.src_value) v = resolve(v);
    for (ValueId& v : n.args) v = resolve(v);
  }
  for (Block& b : fn_.blocks) {
    b.nodes.erase(std::remove_if(b.nodes.begin(), b.nodes.end(), [&](ValueId v) { return fn_.node(v).dead; }),
                  b.nodes.end());
  }
}

void Builder::UseSpecial(ValueId user, ValueId value) {
  const RegClass c = fn_.node(value).def_class;
  if (c == RegClass::kFull || c == RegClass::kNone) return;
  chains_[c].users.push_back(user);
}

void Builder::DefSpecial(ValueId def) {
  Node& n = fn_.node(def);
  if (n.def_class == RegClass::kFull || n.def_class == RegClass::kNone) return;
  Chain& ch = chains_[n.def_class];
  for (ValueId u : ch.users) {
    if (u != def && fn_.node(u).block == n.block) n.deps.push_back(u);
  }
  ch.def = def;
  ch.users.clear();
}

std::optional<std::string> Builder::Translate(size_t i, int b) {
  const Instr& in = sel_.instrs[i];
  if (in.opcode == Opcode::NOP) return std::nullopt;  // the prologue's sync: legalize re-derives it
  std::string why;
  const std::optional<a3xx::OperandSpans> spans = a3xx::GetOperandSpans(in, &why);
  if (!spans) return "instruction " + std::to_string(i) + ": " + why;
  if (in.repeat != 0) return "instruction " + std::to_string(i) + ": (rptN) in the selection stream";

  Node n;
  n.instr = in;
  n.instr.flags &= static_cast<uint8_t>(~kStrippedFlags);
  n.tgsi_index = sel_.source_map[i];
  n.tgsi_comps = i < sel_.source_comps.size() ? sel_.source_comps[i] : 0;
  bool pinned_access = false;
  std::vector<ValueId> special_uses;
  const ValueId a0 = a3xx::kRegA0X;

  for (int k = 0; k < a3xx::kNumSrcSlots; ++k) {
    const Operand& o = in.src[k];
    if (spans->src[k] == 0 || !o.present()) continue;
    if (o.kind == OperandKind::kRelGpr || o.kind == OperandKind::kRelConst) {
      n.args.push_back(ReadVar(a0, b));
      if (o.kind == OperandKind::kRelGpr) {
        pinned_access = true;
        n.instr.src[k].offset += fn_.pinned_delta;
      }
      continue;
    }
    if (o.kind != OperandKind::kGpr) continue;
    const int var = VarOf(o);
    if (spans->src[k] == 1) {
      if (IsPinnedVar(var)) {
        pinned_access = true;
        n.instr.src[k].num = static_cast<uint16_t>(o.num + fn_.pinned_delta);
        continue;
      }
      n.src_value[k] = ReadVar(var, b);
      continue;
    }
    std::vector<ValueId> parts;
    for (int j = 0; j < spans->src[k]; ++j) {
      if (IsPinnedVar(var + j)) return "instruction " + std::to_string(i) + ": a vector operand in the pinned range";
      parts.push_back(ReadVar(var + j, b));
    }
    // Exactly the components of one vector value, in order: use it directly.
    const Node& p0 = fn_.node(parts[0]);
    bool whole = p0.meta == Meta::kSplit && fn_.node(p0.args[0]).size == parts.size();
    for (size_t j = 0; whole && j < parts.size(); ++j) {
      const Node& pj = fn_.node(parts[j]);
      whole = pj.meta == Meta::kSplit && pj.args[0] == p0.args[0] && pj.comp == j;
    }
    if (whole) {
      n.src_value[k] = p0.args[0];
      continue;
    }
    Node col;
    col.meta = Meta::kCollect;
    col.args = parts;
    col.def_class = RegClass::kFull;
    col.size = static_cast<uint8_t>(parts.size());
    col.tgsi_index = n.tgsi_index;
    n.src_value[k] = Append(std::move(col), b);
  }
  if (in.opcode == Opcode::BR || in.opcode == Opcode::KILL) n.args.push_back(ReadVar(a3xx::kRegP0X + in.pred_comp, b));
  if (IsBranch(in)) n.target_block = block_of_[static_cast<size_t>(static_cast<int64_t>(i) + in.branch)];
  if (in.opcode == Opcode::END) {
    // Each output is one vector value in consecutive registers (a kCollect
    // of its components) because the hardware reads a span; components the
    // program never wrote are left open (kNoValue: undefined, whatever the
    // register holds); an output never written gets no collect (and no
    // field).
    const a3xx::ShaderState& st = sel_.state;
    for (size_t o = 0; o < st.outputs.size(); ++o) {
      const a3xx::RegisterSpan& span = st.outputs[o].span;
      if (!span.mask || IsPinnedVar(span.Reg(0))) continue;
      const auto [first, last] = Covered(span);
      Node col;
      col.meta = Meta::kCollect;
      col.def_class = RegClass::kFull;
      col.size = static_cast<uint8_t>(last - first + 1);
      col.tgsi_index = n.tgsi_index;
      for (int c = first; c <= last; ++c) {
        ValueId v = kNoValue;
        if (span.Has(c)) {
          v = ReadVar(span.Reg(c), b);  // kNoValue only outside the index space
          if (v != kNoValue && undef_[static_cast<size_t>(span.Reg(c))] == v) v = kNoValue;
        }
        col.args.push_back(v);
      }
      if (std::all_of(col.args.begin(), col.args.end(), [](ValueId a) { return a == kNoValue; })) continue;
      n.args.push_back(Append(std::move(col), b));
      fn_.outputs.push_back({static_cast<uint32_t>(o), static_cast<uint8_t>(first)});
    }
  }

  // The destination.
  int dst_var = -1;
  bool vector_dst = false;
  if (in.dst.present()) {
    if (in.dst.kind == OperandKind::kRelGpr) {
      n.args.push_back(ReadVar(a0, b));
      pinned_access = true;
      if (!compiler::MutantActive(compiler::Mutant::kSsaRelativeDstOffset)) n.instr.dst.offset += fn_.pinned_delta;
    } else if (in.dst.kind == OperandKind::kGpr) {
      const int var = VarOf(in.dst);
      if (IsPinnedVar(var)) {
        pinned_access = true;
        n.instr.dst.num = static_cast<uint16_t>(in.dst.num + fn_.pinned_delta);
      } else if (in.category() == a3xx::Category::kCat5) {
        for (int c = 0; c < spans->dst; ++c) {
          if (IsPinnedVar(var + c)) return "instruction " + std::to_string(i) + ": a vector result in the pinned range";
        }
        n.def_class = RegClass::kFull;
        n.size = spans->dst;
        dst_var = var;
        vector_dst = true;
      } else if (spans->dst == 1) {
        n.def_class = ClassOfVar(var);
        dst_var = var;
      } else {
        return "instruction " + std::to_string(i) + ": a multi-register destination outside cat5";
      }
    }
  }
  for (ValueId v : n.src_value) {
    if (v != kNoValue && fn_.node(v).def_class != RegClass::kFull) special_uses.push_back(v);
  }
  for (ValueId v : n.args) {
    if (fn_.node(v).def_class != RegClass::kFull) special_uses.push_back(v);
  }
  const bool unordered = compiler::MutantActive(compiler::Mutant::kSsaRelativeWriteUnordered) &&
                         in.dst.kind == OperandKind::kRelGpr;  // test-only mutant (mutants.def)
  if (pinned_access && last_pinned_ != kNoValue && fn_.node(last_pinned_).block == b && !unordered) {
    n.deps.push_back(last_pinned_);
  }

  // Memory operations (ldp/stp of private TEMP arrays) keep their order.
  const bool memory = in.category() == a3xx::Category::kCat6;
  if (memory && last_memory_ != kNoValue && fn_.node(last_memory_).block == b) n.deps.push_back(last_memory_);

  const ValueId id = Append(std::move(n), b);
  if (pinned_access) last_pinned_ = id;
  if (memory) last_memory_ = id;
  for (ValueId v : special_uses) UseSpecial(id, v);
  if (dst_var >= 0) {
    DefSpecial(id);
    if (vector_dst) {
      for (int c = 0; c < fn_.node(id).size; ++c) {
        if ((in.wrmask >> c) & 1) WriteVar(dst_var + c, b, Split(id, c, b));
      }
    } else {
      WriteVar(dst_var, b, id);
    }
  }
  return std::nullopt;
}

std::optional<std::string> Builder::Run() {
  fn_ = Function{};
  fn_.state = sel_.state;
  fn_.uses_half0 = sel_.uses_half_reg;
  fn_.pvt_array_units = sel_.state.pvt_mem_units;
  ChoosePinnedRange();
  if (auto e = CutBlocks()) return e;
  const size_t nb = fn_.blocks.size();
  blocks_ = std::max<size_t>(nb, 1);
  cur_.clear();  // columns are added by WriteVar
  column_of_.assign(a3xx::kNumRegIndices, -1);
  reachable_.assign(nb, false);
  std::vector<int32_t> work{0};
  if (nb > 0) reachable_[0] = true;
  while (!work.empty()) {
    const int32_t b = work.back();
    work.pop_back();
    for (int32_t s : fn_.blocks[static_cast<size_t>(b)].succs) {
      if (!reachable_[static_cast<size_t>(s)]) {
        reachable_[static_cast<size_t>(s)] = true;
        work.push_back(s);
      }
    }
  }
  sealed_.assign(nb, false);
  unfilled_preds_.assign(nb, 0);
  for (size_t b = 0; b < nb; ++b) {
    for (int32_t s : fn_.blocks[b].succs) ++unfilled_preds_[static_cast<size_t>(s)];
  }
  incomplete_.assign(nb, {});
  for (size_t b = 0; b < nb; ++b) {
    if (unfilled_preds_[b] == 0) Seal(b);  // the entry (and blocks nothing branches to)
  }
  const size_t n = sel_.instrs.size();
  // Room for the nodes at once (a campaign program makes ~1.2 per selected
  // instruction, and out-of-ssa a few copies more): the array grew eight
  // times a compile, moving every node each time.
  fn_.nodes.reserve(2 * n + 64);
  AddInputs();
  for (size_t b = 0; b < nb; ++b) {
    const size_t end = b + 1 < nb ? block_start_[b + 1] : n;
    for (size_t i = block_start_[b]; i < end; ++i) {
      if (auto e = Translate(i, static_cast<int>(b))) return e;
      if (!error_.empty()) return error_;
    }
    chains_.clear();  // single-register values never live across blocks (checked below)
    SealSuccessorsOf(b);
  }
  for (size_t b = 0; b < nb; ++b) {
    if (!sealed_[b]) return "block " + std::to_string(b) + " was never sealed";
  }
  if (!error_.empty()) return error_;
  RemoveTrivialPhis();
  for (ValueId v = 0; v < static_cast<ValueId>(fn_.nodes.size()); ++v) {
    const Node& user = fn_.node(v);
    if (user.dead) continue;
    for (ValueId u : fn_.UsesOf(v)) {
      const Node& def = fn_.node(u);
      if (def.def_class != RegClass::kFull && def.block != user.block) {
        return "a0/p0/hr0 value %" + std::to_string(u) + " is live across blocks (used by %" + std::to_string(v) + ")";
      }
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> BuildSsa(const naive::Selection& selection, Function* fn) {
  Builder builder(selection, *fn);
  return builder.Run();
}

}  // namespace shaderdiff::opt
