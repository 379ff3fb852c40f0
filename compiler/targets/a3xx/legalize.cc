// legalize (see legalize.h): makes a3xx timing explicit.
//
// Model (the emulator's, emulator/a3xx/{operands,sync,emulator}.cc; rules
// from delay.h):
// - Registers are the emulator's index space: full scalars 0..255 (a0.x =
//   244, p0.x..w = 248..251), half scalars 256 + num.
// - Fixed latency: per register, `since` = issue slots elapsed since the
//   slot of its newest ALU write (capped at max_delay + 1: visible to all).
//   A read of iteration offset k by a consumer with delay D (ConsumerDelay)
//   needs since + nops + k >= 1 + D. Iteration k of an ALU instruction
//   writes dst + k at issue + k and reads its (r) sources + k then (bary.f's
//   i/j pair: + k and + k + 1); other sources are read every iteration, so
//   the first one binds. cat4/5/6 read everything at issue.
// - Asynchronous ops (cat4 and local cat6: ss class; cat5 and global cat6:
//   sy class) put their destinations (cat5: all four scalars, the write
//   mask spares none: docs §4.3, as the emulator models it) in pending-dst
//   and their GPR sources in pending-src of their class. So a later writer
//   of a component outside the mask is ordered after the texture result
//   ((sy), a WAW) like a reader of one inside it. Reading or writing a pending dst needs
//   the class's sync; writing a pending src needs (ss) (it freezes every
//   op's sources) unless the instruction carries (sy) and only sy-class ops
//   read it. (ss) clears ss dst/src and sy src; (sy) clears sy dst/src. An
//   async destination's ALU history is dropped at issue: any later read
//   sits behind the sync that lands the result (and an ALU overwrite
//   before it would be a WAW that syncs first).
// - Relative operands (r<a0.x+n>, read or written) touch every register of
//   their file (full: indices 0..243, half: 256..499) and read a0.x; c<a0.x+n>
//   reads a0.x. A relative write is "maybe": it can only make `since`
//   smaller (as if written at the last iteration).
// - br/kill read p0.c, `end` reads every output register (delay 0).
// - Block entry state = join over predecessors (min since, union of pending
//   sets), iterated to a fixed point; entry of block 0 also includes the
//   shader start, where the emulator has every preloaded register visible
//   and nothing pending (so no leading (sy)(ss)nop is needed).
// - Divergence: the emulator runs a wave's lanes min-PC first; instructions
//   of other lanes only add slots and syncs between two instructions of one
//   lane, so per-path analysis is sound.
// Output: syncs go on the consumer when it accepts them (Validate: cat5/cat6
// cannot take (ss)), else on a nop before it; delays become one (rptN)nop of
// the largest repeat the encoding allows (or (nopN) on the previous
// cat2/cat3 of the block where Timing::nop_n_supported). Then: (ei) on the
// last bary.f (all must be in block 0), jumps to the next instruction
// dropped, branch offsets and (jp) on every branch target (an empty target
// block resolves to the next instruction after it), padding nops to a
// multiple of 4.
#include "compiler/targets/a3xx/legalize.h"

#include <algorithm>
#include <array>
#include <bitset>
#include <limits>
#include <memory>

#include "compiler/opt/thread_scratch.h"
#include "compiler/targets/a3xx/delay.h"
#include "compiler/support/mutant.h"
#include "compiler/support/work_budget.h"
#include "emulator/a3xx/isa/disasm.h"
#include "emulator/a3xx/isa/is_valid.h"
#include "emulator/a3xx/isa/reg_index.h"
#include "emulator/a3xx/operand_spans.h"

namespace shaderdiff::opt {

namespace {

using a3xx::Category;
using a3xx::Instr;
using a3xx::Opcode;
using a3xx::Operand;
using a3xx::OperandKind;

constexpr int kNumIdx = a3xx::kNumRegIndices;
using a3xx::kHalfBase;
constexpr uint8_t kSyncFlags = a3xx::kFlagSs | a3xx::kFlagSy;
constexpr uint8_t kOwnFlags = kSyncFlags | a3xx::kFlagJp | a3xx::kFlagEi;  // legalize's to set
using RegSet = std::bitset<kNumIdx>;


struct Range {
  uint16_t lo = 0, hi = 0;  // [lo, hi)
};
Range One(uint16_t idx) { return {idx, static_cast<uint16_t>(idx + 1)}; }
// Every GPR of the file a relative operand addresses.
Range File(bool half) {
  return half ? Range{kHalfBase, static_cast<uint16_t>(kHalfBase + a3xx::kRegA0X)} : Range{0, a3xx::kRegA0X};
}

struct Read {
  Range r;
  int first = 0;  // earliest iteration reading it (delay)
  int last = 0;   // latest iteration reading it (self-dependence check)
  int delay = 0;  // D
};
struct Write {
  Range r;
  int iter = 0;        // iteration (= slot offset) writing it (ALU)
  bool maybe = false;  // relative: one unknown register of r
};
// What one instruction does to the timing state.
struct Effects {
  std::vector<Read> reads;
  std::vector<Write> writes;
  std::vector<Range> lazy;  // sources an async op reads lazily
  Async async = Async::kNone;
  int slots = 0;
};

Async AsyncOf(const Instr& in) { return AsyncClassOf(in); }
int ClassIndex(Async a) { return a == Async::kSs ? 0 : 1; }

bool IsAlu(Category c) { return c == Category::kCat1 || c == Category::kCat2 || c == Category::kCat3; }

std::optional<std::string> Describe(const a3xx::Timing& t, const a3xx::ShaderState& st, const Instr& in, Effects* fx) {
  fx->slots = IssueSlots(t, in);
  fx->async = AsyncOf(in);
  const Category cat = in.category();
  if (cat == Category::kCat0) {
    switch (in.opcode) {
      case Opcode::NOP:
      case Opcode::JUMP: return std::nullopt;
      case Opcode::BR:
      case Opcode::KILL:
        fx->reads.push_back(
            {One(static_cast<uint16_t>(a3xx::kRegP0X + in.pred_comp)), 0, 0, ConsumerDelay(t, in, -1, true)});
        return std::nullopt;
      case Opcode::END:
        for (const a3xx::RegisterBinding& b : st.outputs) {
          for (int c = 0; c < 4; ++c) {
            if (!b.span.Has(c)) continue;
            fx->reads.push_back({One(a3xx::RegIndex(static_cast<uint16_t>(b.span.Reg(c)), b.span.half)), 0, 0,
                                 ConsumerDelay(t, in, -1, false)});
          }
        }
        return std::nullopt;
      default: return std::string("cat0 opcode ") + std::string(a3xx::OpcodeName(in.opcode)) + " is not supported";
    }
  }
  std::string why;
  const std::optional<a3xx::OperandSpans> spans = a3xx::GetOperandSpans(in, &why);
  if (!spans) return why;
  const bool alu = IsAlu(cat);
  const bool bary = in.opcode == Opcode::BARY_F;
  const bool async = fx->async != Async::kNone;
  // Test-only mutant (mutants.def).
  const bool a0_special = !compiler::MutantActive(compiler::Mutant::kLegalizeA0Delay);
  auto read_a0 = [&] {
    fx->reads.push_back({One(a3xx::kRegA0X), 0, alu ? in.repeat : 0, ConsumerDelay(t, in, -1, a0_special)});
  };
  for (int s = 0; s < a3xx::kNumSrcSlots; ++s) {
    const Operand& o = in.src[s];
    if (!spans->src[s]) continue;
    if (o.kind == OperandKind::kGpr) {
      for (int j = 0; j < spans->src[s]; ++j) {
        const uint16_t num = static_cast<uint16_t>(o.num + j);
        if (a3xx::IsR63(num)) continue;
        const uint16_t idx = a3xx::RegIndex(num, o.half);
        int first = 0, last = alu ? in.repeat : 0;
        if (alu && o.r) {
          first = bary && s == 1 ? std::max(0, j - 1) : j;
          last = std::min<int>(j, in.repeat);
        }
        fx->reads.push_back({One(idx), first, last, ConsumerDelay(t, in, s, a3xx::IsA0OrP0(idx))});
        if (async) fx->lazy.push_back(One(idx));
      }
    } else if (o.kind == OperandKind::kRelGpr) {
      read_a0();
      fx->reads.push_back({File(o.half), 0, -1, ConsumerDelay(t, in, s, false)});
      if (async) fx->lazy.push_back(File(o.half));
    } else if (o.kind == OperandKind::kRelConst) {
      read_a0();
    }
  }
  const Operand& d = in.dst;
  if (d.kind == OperandKind::kGpr) {
    for (int j = 0; j < spans->dst; ++j) {  // cat5: all four, the write mask spares none
      const uint16_t num = static_cast<uint16_t>(d.num + j);
      if (a3xx::IsR63(num)) continue;
      fx->writes.push_back({One(a3xx::RegIndex(num, d.half)), alu ? j : 0, false});
    }
  } else if (d.kind == OperandKind::kRelGpr) {
    read_a0();
    fx->writes.push_back({File(d.half), alu ? in.repeat : 0, true});
  }
  return std::nullopt;
}

// An ALU instruction whose later iteration reads what an earlier one wrote
// too early cannot be fixed by nops. Reads happen at iterations
// [first, last] (last < 0: unknown register, not checked).
std::optional<std::string> SelfDependence(const Instr& in, const Effects& fx) {
  if (!IsAlu(in.category())) return std::nullopt;
  for (const Write& w : fx.writes) {
    if (w.maybe) continue;
    for (const Read& r : fx.reads) {
      if (r.last < 0 || r.r.lo != w.r.lo || r.r.hi != w.r.hi) continue;
      const int kr = std::max(r.first, w.iter + 1);  // the first read after the write
      if (kr <= r.last && kr - w.iter < 1 + r.delay) return "an iteration reads an earlier iteration's result";
    }
  }
  return std::nullopt;
}

struct State {
  std::array<uint8_t, kNumIdx> since{};
  RegSet dst[2], src[2];  // pending async destinations / lazy sources, per class (0 = ss, 1 = sy)
  bool operator==(const State& o) const {
    return since == o.since && dst[0] == o.dst[0] && dst[1] == o.dst[1] && src[0] == o.src[0] && src[1] == o.src[1];
  }
};

void Join(State& into, const State& from) {
  for (int i = 0; i < kNumIdx; ++i) into.since[i] = std::min(into.since[i], from.since[i]);
  for (int c = 0; c < 2; ++c) {
    into.dst[c] |= from.dst[c];
    into.src[c] |= from.src[c];
  }
}

bool Any(const RegSet& s, Range r) {
  for (int i = r.lo; i < r.hi; ++i) {
    if (s[i]) return true;
  }
  return false;
}

struct Emitted {
  Instr in;
  int32_t source = -1;
  uint8_t comps = 0;  // final-write mask (provenance; nops: 0)
};

// Legalize's per-block arrays, kept by the thread for the next call
// (thread_scratch.h) so that they and each instruction's Effects lists
// keep their capacity (they were ~70 allocations a campaign program). Only
// capacity carries over: Prepare sizes fx and empties each Effects it
// fills, and every out list is emptied before RunBlock appends to it.
struct LegalizeScratch {
  bool in_use = false;
  std::vector<std::vector<Effects>> fx;    // per block, per instruction
  std::vector<std::vector<Emitted>> out;   // per block: the legalized code
};

struct Ctx {
  const MachineFunction& mf;
  const a3xx::Timing& t;
  std::vector<std::vector<Effects>>& fx;  // per block, per instruction (LegalizeScratch::fx)
  int cap = 0;                           // `since` meaning "visible to every consumer"
  int max_nop_repeat = 0;
  int ei_index = -1;  // block-0 index of the last bary.f
};

int MaxNopRepeat() {
  static const int value = [] {
    Instr n;
    n.opcode = Opcode::NOP;
    int best = 0;
    for (int r = 1; r < 256; ++r) {
      n.repeat = static_cast<uint8_t>(r);
      if (!a3xx::IsValid(n)) break;
      best = r;
    }
    return best;
  }();
  return value;
}

// Legalizes block b from `entry`: returns the exit state; appends the
// instructions to *out when out is non-null.
State RunBlock(const Ctx& cx, int b, const State& entry, std::vector<Emitted>* out) {
  const MachineBlock& blk = cx.mf.blocks[static_cast<size_t>(b)];
  int64_t now = 0;
  // last[i]: slot of the newest ALU write of register i, valid where
  // written[i]; elsewhere it is -entry.since[i] (LastOf), so a block costs
  // its registers touched, not all kNumIdx.
  std::array<int64_t, kNumIdx> last;
  RegSet written;
  const auto last_of = [&](int idx) -> int64_t {
    return written[idx] ? last[idx] : -static_cast<int64_t>(entry.since[idx]);
  };
  const auto set_last = [&](int idx, int64_t v) {
    last[idx] = v;
    written.set(idx);
  };
  RegSet dst[2] = {entry.dst[0], entry.dst[1]}, src[2] = {entry.src[0], entry.src[1]};
  const size_t begin = out ? out->size() : 0;

  for (size_t i = 0; i < blk.instrs.size(); ++i) {
    const Effects& fx = cx.fx[static_cast<size_t>(b)][i];
    Instr in = blk.instrs[i];
    const int32_t source = blk.source_map[i];
    const uint8_t comps = i < blk.source_comps.size() ? blk.source_comps[i] : 0;
    // Syncs: RAW and WAW on pending destinations, then WAR on lazy sources.
    bool need[2] = {false, false};
    for (const Read& r : fx.reads) {
      for (int c = 0; c < 2; ++c) need[c] = need[c] || Any(dst[c], r.r);
    }
    for (const Write& w : fx.writes) {
      for (int c = 0; c < 2; ++c) need[c] = need[c] || Any(dst[c], w.r);
    }
    const bool war_ss = !compiler::MutantActive(compiler::Mutant::kLegalizeWarNoSs);  // test-only mutant (mutants.def)
    for (const Write& w : fx.writes) {
      if ((war_ss && Any(src[0], w.r)) || (!need[1] && Any(src[1], w.r))) need[0] = true;
    }
    if (need[0]) {
      dst[0].reset();
      src[0].reset();
      src[1].reset();
    }
    if (need[1]) {
      dst[1].reset();
      src[1].reset();
    }
    // Fixed-latency delay.
    int64_t nops = 0;
    // Test-only mutant (mutants.def).
    const int64_t visible = compiler::MutantActive(compiler::Mutant::kLegalizeDelayShort) ? 0 : 1;
    for (const Read& r : fx.reads) {
      int64_t newest = std::numeric_limits<int64_t>::min();
      for (int idx = r.r.lo; idx < r.r.hi; ++idx) newest = std::max(newest, last_of(idx));
      nops = std::max(nops, visible + r.delay - (now - newest) - r.first);
    }
    const uint8_t flags = (need[0] ? a3xx::kFlagSs : 0) | (need[1] ? a3xx::kFlagSy : 0);
    const uint8_t accepted = static_cast<uint8_t>(in.info().flags & kSyncFlags);
    const uint8_t nop_flags = flags & ~accepted;
    if (nop_flags && nops == 0) nops = 1;
    if (out && nops > 0) {
      int64_t left = nops;
      if (!nop_flags && cx.t.nop_n_supported && out->size() > begin) {
        Instr& prev = out->back().in;
        if ((prev.category() == Category::kCat2 || prev.category() == Category::kCat3) && prev.repeat == 0 &&
            prev.nop == 0 && prev.info().has(a3xx::kOpNop)) {
          Instr folded = prev;
          folded.nop = static_cast<uint8_t>(std::min<int64_t>(left, 3));
          if (a3xx::IsValid(folded)) {
            prev = folded;
            left -= folded.nop;
          }
        }
      }
      uint8_t first_flags = nop_flags;
      while (left > 0) {
        Instr n;
        n.opcode = Opcode::NOP;
        n.flags = first_flags;
        n.repeat = static_cast<uint8_t>(std::min<int64_t>(left, cx.max_nop_repeat + 1) - 1);
        out->push_back({n, source});
        left -= n.repeat + 1;
        first_flags = 0;
      }
    }
    now += nops;
    // The instruction itself.
    if (out) {
      in.flags |= flags & accepted;
      if (b == 0 && static_cast<int>(i) == cx.ei_index) in.flags |= a3xx::kFlagEi;
      out->push_back({in, source, comps});
    }
    const int64_t issue = now;
    now += fx.slots;
    for (const Write& w : fx.writes) {
      for (int idx = w.r.lo; idx < w.r.hi; ++idx) {
        if (fx.async != Async::kNone) {
          dst[ClassIndex(fx.async)].set(idx);
          if (!w.maybe) set_last(idx, now - cx.cap);
        } else if (w.maybe) {
          set_last(idx, std::max(last_of(idx), issue + w.iter));
        } else {
          set_last(idx, issue + w.iter);
        }
      }
    }
    for (const Range& r : fx.lazy) {
      for (int idx = r.lo; idx < r.hi; ++idx) src[ClassIndex(fx.async)].set(idx);
    }
  }

  // Unwritten registers: min(cap, now + entry.since), as now - last_of(i).
  State exit;
  if (now >= cx.cap) {
    exit.since.fill(static_cast<uint8_t>(cx.cap));
  } else {
    const int cap = cx.cap, add = static_cast<int>(now);
    for (int i = 0; i < kNumIdx; ++i) exit.since[i] = static_cast<uint8_t>(std::min(cap, entry.since[i] + add));
  }
  for (size_t i = written._Find_first(); i < written.size(); i = written._Find_next(i)) {
    exit.since[i] = static_cast<uint8_t>(std::min<int64_t>(cx.cap, now - last[i]));
  }
  for (int c = 0; c < 2; ++c) {
    exit.dst[c] = dst[c];
    exit.src[c] = src[c];
  }
  return exit;
}

bool IsBranch(const Instr& in) { return in.opcode == Opcode::BR || in.opcode == Opcode::JUMP; }

std::string Where(int b, size_t i, const Instr& in) {
  return "block " + std::to_string(b) + " instruction " + std::to_string(i) + " (" + a3xx::Disassemble(in) + ")";
}

// Checks the MachineFunction invariants legalize relies on and fills cx.fx.
std::optional<std::string> Prepare(Ctx& cx) {
  const MachineFunction& mf = cx.mf;
  const int n = static_cast<int>(mf.blocks.size());
  if (n == 0) return "the function has no blocks";
  cx.fx.resize(static_cast<size_t>(n));
  for (int b = 0; b < n; ++b) {
    const MachineBlock& blk = mf.blocks[static_cast<size_t>(b)];
    if (blk.source_map.size() != blk.instrs.size()) return "block " + std::to_string(b) + ": source_map size differs";
    std::vector<Effects>& block_fx = cx.fx[static_cast<size_t>(b)];
    block_fx.resize(blk.instrs.size());  // kept entries keep their lists' capacity
    for (size_t i = 0; i < blk.instrs.size(); ++i) {
      const Instr& in = blk.instrs[i];
      const bool last = i + 1 == blk.instrs.size();
      if (in.opcode == Opcode::NOP) return Where(b, i, in) + ": nops are legalize's to insert";
      if (in.flags & kOwnFlags) return Where(b, i, in) + ": (ss)/(sy)/(jp)/(ei) are legalize's to set";
      if (in.nop != 0) return Where(b, i, in) + ": (nopN) is legalize's to set";
      if (in.branch != 0) return Where(b, i, in) + ": branch offsets are legalize's to compute";
      if (IsBranch(in)) {
        if (!last) return Where(b, i, in) + ": a branch that does not end its block";
        if (blk.target_block < 0 || blk.target_block >= n) return Where(b, i, in) + ": bad target block";
      }
      if (in.opcode == Opcode::END && !(last && b == n - 1)) return Where(b, i, in) + ": `end` before the end";
      if (in.opcode == Opcode::BARY_F) {
        if (b != 0) return Where(b, i, in) + ": bary.f outside block 0 cannot be followed by (ei)";
        cx.ei_index = static_cast<int>(i);
      }
      Effects& fx = block_fx[i];
      fx.reads.clear();
      fx.writes.clear();
      fx.lazy.clear();
      fx.async = Async::kNone;
      fx.slots = 0;
      if (auto e = Describe(cx.t, mf.state, in, &fx)) return Where(b, i, in) + ": " + *e;
      if (auto e = SelfDependence(in, fx)) return Where(b, i, in) + ": " + *e;
    }
  }
  const MachineBlock& tail = mf.blocks.back();
  if (tail.instrs.empty() || tail.instrs.back().opcode != Opcode::END) return "the last block does not end with `end`";
  return std::nullopt;
}

// A block's successors: at most two, held in place (no allocation per
// block and round of the dataflow).
struct Succs {
  std::array<int, 2> at{};
  int count = 0;
  const int* begin() const { return at.data(); }
  const int* end() const { return at.data() + count; }
};

Succs Successors(const MachineFunction& mf, int b) {
  const MachineBlock& blk = mf.blocks[static_cast<size_t>(b)];
  if (!blk.instrs.empty()) {
    const Instr& in = blk.instrs.back();
    if (in.opcode == Opcode::END) return {};
    if (in.opcode == Opcode::JUMP) return {{blk.target_block, 0}, 1};
    if (in.opcode == Opcode::BR) return {{blk.target_block, b + 1}, 2};
  }
  return {{b + 1, 0}, 1};
}

LegalizeResult Fail(std::string why, bool too_large = false) {
  LegalizeResult r;
  r.error = "legalize: " + std::move(why);
  r.too_large = too_large;
  return r;
}

}  // namespace

LegalizeResult Legalize(const MachineFunction& mf, const a3xx::Timing& t) {
  std::unique_ptr<LegalizeScratch> owned;  // a second legalize alive on the thread: its own arrays
  LegalizeScratch& scratch = *AcquireThreadScratch(owned);
  const struct Release {
    LegalizeScratch& s;
    ~Release() { s.in_use = false; }
  } release{scratch};
  Ctx cx{mf, t, scratch.fx, std::min(255, t.max_delay() + 1), MaxNopRepeat(), -1};
  if (auto e = Prepare(cx)) return Fail(*e);
  const int n = static_cast<int>(mf.blocks.size());

  // Dataflow to a fixed point: entry states only ever get more conservative
  // (since down, pending sets up), so this terminates.
  State start;
  start.since.fill(static_cast<uint8_t>(cx.cap));
  std::vector<std::optional<State>> entry(static_cast<size_t>(n));
  entry[0] = start;
  for (bool changed = true; changed;) {
    changed = false;
    for (int b = 0; b < n; ++b) {
      if (!entry[static_cast<size_t>(b)]) continue;
      if (!compiler::ChargeWork(1 + mf.blocks[static_cast<size_t>(b)].instrs.size())) {
        return Fail("compile budget exceeded");  // the pipeline names the limit
      }
      State exit = RunBlock(cx, b, *entry[static_cast<size_t>(b)], nullptr);
      // Test-only mutant (mutants.def).
      if (compiler::MutantActive(compiler::Mutant::kLegalizeJoinDropsSy)) exit.dst[1].reset();
      for (int s : Successors(mf, b)) {
        std::optional<State>& e = entry[static_cast<size_t>(s)];
        if (!e) {
          e = exit;
          changed = true;
          continue;
        }
        State joined = *e;
        Join(joined, exit);
        if (!(joined == *e)) {
          e = joined;
          changed = true;
        }
      }
    }
  }

  std::vector<std::vector<Emitted>>& out = scratch.out;
  out.resize(static_cast<size_t>(n));
  for (int b = 0; b < n; ++b) {
    std::vector<Emitted>& o = out[static_cast<size_t>(b)];
    o.clear();
    o.reserve(2 * mf.blocks[static_cast<size_t>(b)].instrs.size() + 4);  // the block's code and its nops
    RunBlock(cx, b, entry[static_cast<size_t>(b)].value_or(start), &o);
  }

  // Drop jumps to the next instruction, last block first so that emptiness
  // after a block is final. next[b]: first non-empty block >= b (n: none).
  std::vector<int> next(static_cast<size_t>(n) + 1, n);
  for (int b = n - 1; b >= 0; --b) {
    std::vector<Emitted>& o = out[static_cast<size_t>(b)];
    const int target = mf.blocks[static_cast<size_t>(b)].target_block;
    if (!o.empty() && o.back().in.opcode == Opcode::JUMP && target > b &&
        next[static_cast<size_t>(target)] == next[static_cast<size_t>(b) + 1]) {
      o.pop_back();
    }
    next[static_cast<size_t>(b)] = o.empty() ? next[static_cast<size_t>(b) + 1] : b;
  }

  std::vector<int64_t> pos(static_cast<size_t>(n) + 1, 0);
  for (int b = 0; b < n; ++b)
    pos[static_cast<size_t>(b) + 1] =
        pos[static_cast<size_t>(b)] + static_cast<int64_t>(out[static_cast<size_t>(b)].size());
  LegalizeResult r;
  a3xx::Program program{mf.state, {}};
  std::vector<Instr>& instrs = program.instrs;
  // The final size: every block's code, then nops to a multiple of four.
  const size_t final_size = (static_cast<size_t>(pos[static_cast<size_t>(n)]) + 3) / 4 * 4;
  instrs.reserve(final_size);
  r.source_map.reserve(final_size);
  r.source_comps.reserve(final_size);
  for (int b = 0; b < n; ++b) {
    for (const Emitted& e : out[static_cast<size_t>(b)]) {
      instrs.push_back(e.in);
      r.source_map.push_back(e.source);
      r.source_comps.push_back(e.comps);
    }
  }
  for (int b = 0; b < n; ++b) {
    const std::vector<Emitted>& o = out[static_cast<size_t>(b)];
    if (o.empty() || !IsBranch(o.back().in)) continue;
    const int target_block = next[static_cast<size_t>(mf.blocks[static_cast<size_t>(b)].target_block)];
    if (target_block == n) return Fail("block " + std::to_string(b) + " branches past the last instruction");
    const int64_t at = pos[static_cast<size_t>(b) + 1] - 1;
    const int64_t target = pos[static_cast<size_t>(target_block)];
    // Test-only mutant (mutants.def).
    const int64_t from = compiler::MutantActive(compiler::Mutant::kLegalizeBranchOffset) ? at + 1 : at;
    const int64_t offset = target - from;
    if (offset < std::numeric_limits<int16_t>::min() || offset > std::numeric_limits<int16_t>::max()) {
      return Fail("program size: branch offset " + std::to_string(offset) + " exceeds a3xx's 16 bits", true);
    }
    instrs[static_cast<size_t>(at)].branch = static_cast<int32_t>(offset);
    // Test-only mutant (mutants.def).
    if (!compiler::MutantActive(compiler::Mutant::kLegalizeNoJp)) {
      instrs[static_cast<size_t>(target)].flags |= a3xx::kFlagJp;
    }
  }
  while (instrs.size() % 4 != 0) {
    instrs.push_back(Instr{});  // nop
    r.source_map.push_back(-1);
    r.source_comps.push_back(0);
  }
  a3xx::ValidatedProgram::Refusal refusal;
  std::optional<a3xx::ValidatedProgram> valid = a3xx::ValidatedProgram::Check(std::move(program), &refusal);
  if (!valid) {
    return Fail("instruction " + std::to_string(refusal.index) + " (" + a3xx::Disassemble(refusal.instr) +
                ") is not encodable: " + refusal.why);
  }
  r.program = std::move(*valid);
  return r;
}

}  // namespace shaderdiff::opt
