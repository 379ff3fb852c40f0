// The register allocation checker (see ra_check.h).
#include "compiler/opt/ra_check.h"

#include <memory>
#include <vector>

#include "compiler/opt/regalloc.h"
#include "compiler/opt/thread_scratch.h"
#include "compiler/support/work_budget.h"
#include "emulator/a3xx/isa/reg_index.h"

namespace shaderdiff::opt {

namespace {

using a3xx::kHalfBase;                        // half scalar n is state index kHalfBase + n
constexpr int kNumRegs = a3xx::kNumRegIndices;  // the register index space (reg_index.h)
using Content = int64_t;  // value * 8 + component
constexpr Content kNothing = -1;
constexpr Content kIjPreload = -2;  // kIjPreload - p: pair kIjPairs[p], preloaded but read by no value
using State = std::vector<Content>;

Content Encode(ValueId v, int comp) { return static_cast<Content>(v) * 8 + comp; }

std::string RegName(int idx) {
  const char comp = "xyzw"[idx % 4];
  if (idx >= kHalfBase) return "hr" + std::to_string((idx - kHalfBase) / 4) + "." + comp;
  if (idx == a3xx::kRegA0X) return "a0.x";
  if (a3xx::IsP0(static_cast<uint16_t>(idx))) return std::string("p0.") + comp;
  return "r" + std::to_string(idx / 4) + "." + comp;
}

// The checker's register states (kNumRegs entries each, 4 KB), kept by the
// thread for the next check: a check made 2 per block and 4 more, each a
// fresh allocation of that size. A state's contents are read only once the
// current check wrote it (visited_, Entry's entry made flag), so states
// left from an earlier check are only capacity. At most kKeptBlocks
// blocks' states stay between checks.
struct CheckerStates {
  static constexpr size_t kKeptBlocks = 256;
  std::vector<State> in, out;  // per block; the first blocks.size() are a check's
  State scratch_in, scratch_out, edge, entry;
  bool in_use = false;
};

class Checker {
 public:
  explicit Checker(const Function& fn)
      : fn_(fn), st_(AcquireThreadScratch(owned_)), in_(st_->in), out_(st_->out), edge_(st_->edge), entry_(st_->entry) {
    entry_.clear();  // made again on the first Entry (the function differs)
  }
  ~Checker() {
    if (in_.size() > CheckerStates::kKeptBlocks) {
      in_.resize(CheckerStates::kKeptBlocks);
      out_.resize(CheckerStates::kKeptBlocks);
    }
    st_->in_use = false;
  }
  Checker(const Checker&) = delete;
  Checker& operator=(const Checker&) = delete;

  std::optional<std::string> Run() {
    if (fn_.reg.size() != fn_.nodes.size()) return "fn.reg is not filled (" + std::to_string(fn_.reg.size()) + " entries)";
    const size_t nb = fn_.blocks.size();
    placed_.assign(fn_.nodes.size(), 0);
    for (const Block& b : fn_.blocks) {
      for (ValueId v : b.nodes) placed_[v] = !fn_.node(v).dead;
    }
    StaticChecks();
    if (error_) return error_;
    if (in_.size() < nb) {
      in_.resize(nb);
      out_.resize(nb);
    }
    visited_.assign(nb, 0);
    // Scratch states, reused for every block and round: a state is
    // kNumRegs entries, copied by assignment into capacity already there.
    State& in = st_->scratch_in;
    State& out = st_->scratch_out;
    for (bool changed = true; changed;) {
      changed = false;
      for (size_t b = 0; b < nb; ++b) {
        if (!compiler::ChargeWork(1 + fn_.blocks[b].nodes.size())) return "compile budget exceeded";
        if (!BlockIn(b, &in)) continue;
        out = in;
        Transfer(b, out);
        if (!visited_[b] || in != in_[b] || out != out_[b]) {
          changed = true;
          visited_[b] = 1;
          in_[b].swap(in);
          out_[b].swap(out);
        }
      }
    }
    checking_ = true;
    for (size_t b = 0; b < nb && !error_; ++b) {
      if (!visited_[b] || !BlockIn(b, &in)) continue;
      Transfer(b, in);
    }
    return error_;
  }

 private:
  void Report(const std::string& s) {
    if (checking_ && !error_) error_ = s;
  }

  std::string Describe(ValueId v) const {
    return "b" + std::to_string(fn_.node(v).block) + ": " + PrintNode(fn_, v);
  }

  std::string ContentName(Content c) const {
    if (c == kNothing) return "nothing";
    if (c <= kIjPreload && c > kIjPreload - static_cast<Content>(kNumIjPairs)) {
      return std::string(kIjPairs[kIjPreload - c].name) + " preload";
    }
    const ValueId v = static_cast<ValueId>(c / 8);
    const int comp = static_cast<int>(c % 8);
    std::string s = "%" + std::to_string(v);
    if (fn_.node(v).size > 1) s += "." + std::to_string(comp);
    return s;
  }

  // State index of value v's first register.
  int Index(ValueId v) const {
    const int r = fn_.reg[v];
    return fn_.node(v).def_class == RegClass::kHalf0 ? kHalfBase + r : r;
  }

  void StaticChecks() {
    checking_ = true;
    const int pf = fn_.pinned_first, pe = fn_.pinned_first + fn_.pinned_count;
    for (size_t vi = 0; vi < fn_.nodes.size() && !error_; ++vi) {
      const ValueId v = static_cast<ValueId>(vi);
      const Node& n = fn_.node(v);
      if (!(placed_[v] || IsLiveInput(fn_, v)) || !n.defines()) continue;
      const int r = fn_.reg[v];
      if (r < 0 || Index(v) + n.size > kNumRegs) {
        Report(Describe(v) + ": no register (reg = " + std::to_string(r) + ")");
      } else if (n.meta == Meta::kSplit) {
        const ValueRef ref = ResolveSplit(fn_, v);
        if (ref.base == kNoValue || fn_.reg[ref.base] + ref.comp != r) {
          Report(Describe(v) + ": split register " + RegName(r) + " is not its vector's register + component");
        }
      } else if (n.def_class == RegClass::kFull && r < pe && r + n.size > pf) {
        Report(Describe(v) + ": register " + RegName(r) + " is in the pinned range");
      }
    }
    checking_ = false;
  }

  // Checks that the registers of value `v` (read by `reader`, component
  // `comp`) hold it.
  void Read(const State& s, ValueId reader, ValueId v, int comp) {
    if (v == kNoValue) return;
    if (fn_.reg[v] < 0) {
      Report(Describe(reader) + ": reads %" + std::to_string(v) + ", which has no register");
      return;
    }
    const ValueRef ref = ResolveSplit(fn_, v);
    const bool whole = fn_.node(v).meta != Meta::kSplit && fn_.node(v).size > 1;
    const int first = whole ? 0 : comp, last = whole ? fn_.node(v).size - 1 : comp;
    for (int k = first; k <= last; ++k) {
      const int idx = Index(v) + k;
      const Content want = Encode(ref.base, ref.comp + k);
      if (idx < 0 || idx >= kNumRegs || s[idx] != want) {
        Report(Describe(reader) + ": reads " + RegName(idx) + " expecting " + ContentName(want) + ", but it holds " +
               (idx < 0 || idx >= kNumRegs ? "nothing" : ContentName(s[idx])));
        return;
      }
    }
  }

  void Def(State& s, ValueId v) {
    if (fn_.reg[v] < 0) return;  // reported statically
    for (int k = 0; k < fn_.node(v).size; ++k) {
      if (Index(v) + k < kNumRegs) s[Index(v) + k] = Encode(v, k);
    }
  }

  // The state at the shader's start, into `s`. It is a function of fn_
  // alone: made once, on the first call (every round of the dataflow asks
  // for it).
  void Entry(State& s) {
    if (entry_.empty()) MakeEntry(entry_);
    s = entry_;
  }
  void MakeEntry(State& s) {
    s.assign(kNumRegs, kNothing);
    for (InputRef::Kind kind : {InputRef::kRegister, InputRef::kSystemValue}) {
      for (size_t v = 0; v < fn_.nodes.size(); ++v) {
        const ValueId id = static_cast<ValueId>(v);
        if (IsLiveInput(fn_, id) && fn_.node(id).input.kind == kind) Def(s, id);
      }
    }
    // The i/j pairs last, in the hardware's order: a live one is its value,
    // another one still overwrites what sits at its state field.
    for (size_t p = 0; p < kNumIjPairs; ++p) {
      if (const ValueId live = LiveIjInput(fn_, p); live != kNoValue) {
        Def(s, live);
        continue;
      }
      const int reg = fn_.state.*kIjPairs[p].reg;
      if (PreloadsIjPair(fn_.state, p) && reg + 1 < kHalfBase) {
        s[reg] = s[reg + 1] = kIjPreload - static_cast<Content>(p);
      }
    }
  }

  // The state on edge preds[i] -> b: the phis' registers must hold the
  // arguments from that edge, then hold the phis. Into `s`.
  void Edge(size_t b, size_t i, State& s) {
    const Block& blk = fn_.blocks[b];
    s = out_[static_cast<size_t>(blk.preds[i])];
    for (ValueId p : blk.nodes) {
      const Node& n = fn_.node(p);
      if (n.dead || n.meta != Meta::kPhi || i >= n.args.size() || n.args[i] == kNoValue) continue;
      if (fn_.reg[p] < 0) continue;
      const ValueRef ref = ResolveSplit(fn_, n.args[i]);
      for (int k = 0; k < n.size; ++k) {
        const Content want = Encode(ref.base, ref.comp + k);
        const int idx = Index(p) + k;
        if (s[idx] != want) {
          Report("edge b" + std::to_string(blk.preds[i]) + " -> b" + std::to_string(b) + ": " + Describe(p) + ": " +
                 RegName(idx) + " must hold " + ContentName(want) + ", but it holds " + ContentName(s[idx]));
        }
      }
    }
    for (ValueId p : blk.nodes) {
      if (!fn_.node(p).dead && fn_.node(p).meta == Meta::kPhi) Def(s, p);
    }
  }

  // The meet of the entry state (block 0) and the visited incoming edges.
  bool BlockIn(size_t b, State* in) {
    bool any = false;
    if (b == 0) {
      Entry(*in);
      any = true;
    }
    const Block& blk = fn_.blocks[b];
    for (size_t i = 0; i < blk.preds.size(); ++i) {
      if (!visited_[static_cast<size_t>(blk.preds[i])]) continue;
      if (!any) {
        Edge(b, i, *in);
        any = true;
        continue;
      }
      State& e = edge_;
      Edge(b, i, e);
      for (int r = 0; r < kNumRegs; ++r) {
        if ((*in)[r] != e[r]) (*in)[r] = kNothing;
      }
    }
    return any;
  }

  void Transfer(size_t b, State& s) {
    for (ValueId v : fn_.blocks[b].nodes) {
      const Node& n = fn_.node(v);
      if (n.dead) continue;
      switch (n.meta) {
        case Meta::kPhi:
        case Meta::kInput:
        case Meta::kSplit:
          break;
        case Meta::kParCopy:
          if (!n.args.empty()) Read(s, v, n.args[0], 0);
          Def(s, v);
          break;
        case Meta::kCollect:
          // One mov per component, in order; a value listed twice and
          // computed in place at its first index is read from there (the
          // register holds that component now, with the value's bits).
          for (size_t i = 0; i < n.args.size(); ++i) {
            bool in_place_earlier = false;
            for (size_t j = 0; j < i; ++j) {
              in_place_earlier |= n.args[j] == n.args[i] && n.args[i] != kNoValue && fn_.reg[v] >= 0 &&
                                  fn_.reg[n.args[i]] == fn_.reg[v] + static_cast<int>(j);
            }
            if (!in_place_earlier) Read(s, v, n.args[i], 0);
            if (fn_.reg[v] >= 0) s[Index(v) + static_cast<int>(i)] = Encode(v, static_cast<int>(i));
          }
          break;
        case Meta::kNone:
          for (int k = 0; k < a3xx::kNumSrcSlots; ++k) Read(s, v, n.src_value[k], n.src_comp[k]);
          for (ValueId a : n.args) Read(s, v, a, 0);
          if (n.defines()) {
            Def(s, v);
          } else if (n.instr.dst.kind == a3xx::OperandKind::kGpr) {
            s[(n.instr.dst.half ? kHalfBase : 0) + n.instr.dst.num] = kNothing;
          } else if (n.instr.dst.kind == a3xx::OperandKind::kRelGpr) {
            for (int r = 0; r < fn_.pinned_count; ++r) s[fn_.pinned_first + r] = kNothing;
          }
          break;
      }
    }
  }

  const Function& fn_;
  std::unique_ptr<CheckerStates> owned_;  // while another checker holds the thread's
  CheckerStates* st_;
  std::vector<char> placed_;
  std::vector<State>& in_;   // per block, valid where visited_
  std::vector<State>& out_;
  std::vector<char> visited_;
  State& edge_;  // BlockIn's scratch for a further incoming edge
  State& entry_;  // Entry's state, made on its first call (kNumRegs entries, never empty once made)
  bool checking_ = false;
  std::optional<std::string> error_;
};

}  // namespace

std::optional<std::string> CheckAllocation(const Function& fn) { return Checker(fn).Run(); }

}  // namespace shaderdiff::opt
