// The step loop: waves, the min-PC SIMT schedule, the two clocks and the
// (ss)/(sy) syncs.
//
// Timing model (docs/isa-a3xx.md §4), per wave:
// - `slot` counts ALU issue slots (§4.1): cat1/cat2/cat3 take 1 + REPEAT
//   (+ (nopN) where Timing::nop_n_supported), nop 1 + REPEAT, br/jump 0,
//   other cat0 1, cat4/cat5/cat6 0 (1 + REPEAT with count_nonalu_as_slots).
//   Iteration k of an instruction issued at slot s reads and writes at s + k
//   (mad src3 at s + k + mad_src3_read). ALU visibility (regfile.h) is
//   measured in slots only: stall cycles do not make ALU results visible
//   sooner, exactly as ir3's legalize counts (an assumption; it keeps a
//   schedule's correctness independent of the invented async latencies).
// - `cycle` is the wall clock: slots plus stall cycles. An async op issued at
//   cycle t completes at t + latency; an instruction with (ss)/(sy) first
//   stalls until every outstanding op of that class has completed
//   (stall = max(0, last completion - cycle), counted in stall_cycles), then
//   lands them in issue order, then executes. (ss) also ends the lazy source
//   reads of outstanding sy-class ops (sync.h).
// - cycles = issue_slots + stall_cycles, summed over waves.
// Schedule: each step runs the instruction at the smallest PC among live
// lanes for the lanes at that PC; a converged wave takes the uniform fast
// path (one PC) until a branch splits it.
//
// Reconvergence and (jp) (docs/isa-a3xx.md §4.5: (jp) marks the branch
// targets and reconvergence points; divergence is handled by a hardware
// branch stack whose a3xx details are unknown). The lanes of a wave are in
// groups; a group runs as one. A divergent br puts its taken lanes in a new
// group. Groups that come to the same PC run together again only if that
// instruction carries (jp): that is what (jp) is for, the point where the
// hardware picks up the lanes it parked. What a real a3xx does without it
// is not documented, so the emulator reports a missing-jp hazard (trap mode
// stops there) and keeps the groups apart, as never reconverged, each
// issuing the instruction for its own lanes. The blob and ir3 up to 2021
// mark every branch target, so a taken br or jump landing on an
// instruction without (jp) is a missing-jp hazard too (the stricter
// reading, JpRule::kEveryBranchTarget: a loop header reached by its back
// edge needs it even when no lanes reconverge there); kWhereLanesPark asks
// it only of divergent branches' targets (ir3 since 2022).
#include <algorithm>
#include <climits>

#include "emulator/a3xx/isa/codec.h"
#include "emulator/a3xx/machine.h"
#include "emulator/a3xx/trace_hooks.h"

namespace shaderdiff::a3xx {

using common::ExecStatus;

namespace {

WaveStorage& ThreadStorage() {
  thread_local WaveStorage storage;
  return storage;
}

// The thread's storage if free, else `own` (made here).
WaveStorage& TakeStorage(std::unique_ptr<WaveStorage>& own) {
  WaveStorage& mine = ThreadStorage();
  if (!mine.in_use) {
    mine.in_use = true;
    return mine;
  }
  own = std::make_unique<WaveStorage>();
  return *own;
}

}  // namespace

Machine::Machine(const Program& program, const common::TestVector& vector, const EmulatorOptions& options)
    : storage_(TakeStorage(own_storage_)),
      t(*options.timing),
      opt(options),
      state(program.state),
      vec(vector),
      consts(storage_.consts),
      hazards(options.hazards == HazardMode::kTrap),
      lane_pc(storage_.lane_pc),
      lane_group(storage_.lane_group),
      regs(storage_.regs),
      async(storage_.async),
      varyings(storage_.varyings),
      local_mem(storage_.local_mem),
      scratch(storage_.scratch),
      pvt_mem(storage_.pvt_mem),
      pvt_stored(storage_.pvt_stored) {
  fragment = state.stage == ShaderStage::kFragment;
  stride = fragment ? t.wave_size_fs : t.wave_size_vs;
  regs.Configure(stride, t.max_delay());
  async.Configure(stride);
}

Machine::~Machine() {
  if (!own_storage_) storage_.in_use = false;
}

void Machine::Fail(ExecStatus s, std::string d) {
  if (stop) return;
  stop = true;
  result.status = s;
  result.detail = std::move(d);
}

void Machine::Hazard(uint16_t idx, int cycles_short, const char* kind) {
  hazards.Report(cur ? cur->index : 0, NumOfIndex(idx), IsHalfIndex(idx), cycles_short, kind);
}

void Machine::Diverge(LaneMask lanes) {
  const uint32_t g = ++next_group;
  ForLanes(lanes, [&](int l) { lane_group[l] = g; });
}

void Machine::EnterByBranch(int32_t pc, bool divergent) {
  if (!divergent && opt.jp_rule == JpRule::kWhereLanesPark) return;
  if (pc < 0 || pc >= static_cast<int32_t>(prog.size()) || (prog[static_cast<size_t>(pc)].in.flags & kFlagJp)) return;
  hazards.Report(static_cast<uint32_t>(pc), kNoHazardReg, false, 0, "missing-jp");
}

void Machine::SetNextPc(LaneMask lanes, int32_t target) {
  if (!lanes) return;
  if (uniform) {
    if (lanes == live) {
      upc = target;
      return;
    }
    ForLanes(live, [&](int l) { lane_pc[l] = upc; });
    uniform = false;
  }
  ForLanes(lanes, [&](int l) { lane_pc[l] = target; });
}

namespace {

void Sync(Machine& m, SyncClass cls) {
  if (cls == SyncClass::kSs) {
    ++m.stats.ss;
  } else {
    ++m.stats.sy;
  }
  if (cls == SyncClass::kSs) m.async.FreezeSources();
  if (!m.async.Any(cls)) return;
  const uint64_t last = m.async.LastCompletion(cls);
  if (last > m.cycle) {
    m.stats.stall_cycles += last - m.cycle;
    m.cycle = last;
  }
  m.async.ForEach(cls, [&](const PendingOp& op) {
    const Prepared& p = m.prog[op.instr];
    p.complete(m, p, op);
    if (m.opt.trace) TraceLanded(m, op);
  });
  m.async.Retire(cls);
}

// The next step's PC and lanes: the smallest PC of the live lanes, for the
// lanes there that are in one group. Groups meeting there merge if the
// instruction carries (jp) (reconvergence); otherwise that is a missing-jp
// hazard and the groups keep running apart, the lowest-numbered first.
int32_t NextStep(Machine& m, LaneMask* lanes) {
  if (m.uniform) {
    *lanes = m.live;
    return m.upc;
  }
  int32_t pc = INT32_MAX;
  ForLanes(m.live, [&](int l) { pc = std::min(pc, m.lane_pc[l]); });
  LaneMask at = 0;
  uint32_t group = UINT32_MAX;
  ForLanes(m.live, [&](int l) {
    if (m.lane_pc[l] != pc) return;
    at |= LaneMask{1} << l;
    group = std::min(group, m.lane_group[l]);
  });
  LaneMask others = 0;
  ForLanes(at, [&](int l) {
    if (m.lane_group[l] != group) others |= LaneMask{1} << l;
  });
  if (others) {
    const bool in_program = pc >= 0 && pc < static_cast<int32_t>(m.prog.size());
    if (in_program && (m.prog[static_cast<size_t>(pc)].in.flags & kFlagJp)) {
      ForLanes(others, [&](int l) { m.lane_group[l] = group; });
    } else {
      if (in_program) m.hazards.Report(static_cast<uint32_t>(pc), kNoHazardReg, false, 0, "missing-jp");
      at &= ~others;
    }
  }
  if (at == m.live) {
    m.uniform = true;
    m.upc = pc;
  }
  *lanes = at;
  return pc;
}

// One wave from its preloaded state. kTrace: whether an ExecTrace is
// attached (m.opt.trace); the untraced loop, the one campaigns and nightlies
// run, carries no trace tests per step.
template <bool kTrace>
void RunWave(Machine& m) {
  m.all = LowLanes(m.lanes);
  m.live = m.all;
  m.killed = 0;
  m.slot = 0;
  m.cycle = 0;
  m.wave_instructions = 0;
  m.uniform = true;
  m.upc = 0;
  std::fill_n(m.lane_group.begin(), m.lanes, 0u);
  m.next_group = 0;
  m.cur = nullptr;
  m.regs.Reset();
  m.async.Reset();
  if (!PreloadWave(m)) return;
  if constexpr (kTrace) TraceWaveStart(m);
  const int32_t n = static_cast<int32_t>(m.prog.size());
  const uint64_t budget = m.opt.cycle_budget;
  while (m.live) {
    LaneMask lanes = 0;
    const int32_t pc = NextStep(m, &lanes);
    if (pc < 0 || pc >= n) {
      m.Fail(ExecStatus::kError, "wave at lane " + std::to_string(m.first_lane) + ": pc " + std::to_string(pc) +
                                     " is outside the program (" + std::to_string(n) +
                                     " instructions): missing end or a bad branch");
      return;
    }
    if (m.cycle > budget || m.wave_instructions >= budget) {
      m.Fail(ExecStatus::kTimeout, "wave at lane " + std::to_string(m.first_lane) + " exceeded the budget of " +
                                       std::to_string(budget) + " cycles/instructions at pc " + std::to_string(pc));
      return;
    }
    const Prepared& p = m.prog[pc];
    m.cur = &p;
    m.cur_pc = pc;
    if constexpr (kTrace) TraceBeforeSync(m);
    if (p.in.flags & kFlagSs) Sync(m, SyncClass::kSs);
    if (p.in.flags & kFlagSy) Sync(m, SyncClass::kSy);
    if constexpr (kTrace) TraceIssue(m, p, lanes);
    p.exec(m, p, lanes);
    if constexpr (kTrace) TraceExecuted(m, p, lanes);
    ++m.wave_instructions;
    m.slot += p.slots;
    m.cycle += p.slots;
    m.stats.issue_slots += p.slots;
    if (p.is_nop) m.stats.nop_slots += p.slots;
    if (m.hazards.tripped()) {
      m.Fail(ExecStatus::kError, "hazard (trap mode): " + m.hazards.list().front().ToString());
    }
    if (m.stop) return;
    if (p.flow) continue;
    if (m.uniform && lanes == m.live) {  // SetNextPc's converged case, inline
      m.upc = pc + 1;
    } else {
      m.SetNextPc(lanes, pc + 1);
    }
  }
}

void CountWave(Machine& m) {
  m.stats.cycles += m.cycle;
  m.stats.instructions += m.wave_instructions;
}

bool CheckTiming(const EmulatorOptions& options, common::ExecResult* r) {
  const Timing* t = options.timing;
  std::string why;
  if (!t) {
    why = "no timing row (EmulatorOptions::timing is null)";
  } else if (t->wave_size_vs < 1 || t->wave_size_vs > kMaxLanes || t->wave_size_fs < 4 ||
             t->wave_size_fs > kMaxLanes || t->wave_size_fs % 4 != 0) {
    why = "timing row " + std::string(t->name) + ": wave sizes must be 1..64 (fragment: a multiple of 4)";
  } else if (t->alu_to_alu < 0 || t->non_alu < 0 || t->mad_src3_read < 0 || t->num_full_vec4 < 1 ||
             t->num_full_vec4 > 61 || t->num_half_vec4 < 0 || t->num_half_vec4 > 61) {
    why = "timing row " + std::string(t->name) + " is inconsistent";
  }
  if (why.empty()) return true;
  r->status = ExecStatus::kError;
  r->detail = why;
  return false;
}

bool CheckStage(Machine& m) {
  const bool vector_fragment = m.vec.stage == tgsi::Processor::kFragment;
  const bool vector_vertex = m.vec.stage == tgsi::Processor::kVertex;
  if ((m.fragment && vector_fragment) || (!m.fragment && vector_vertex)) return true;
  m.Fail(ExecStatus::kError, std::string("the program is a ") + (m.fragment ? "fragment" : "vertex") +
                                 " shader but the test vector's stage is " +
                                 std::string(tgsi::Name(m.vec.stage)));
  return false;
}

}  // namespace

namespace {

std::shared_ptr<const PreparedProgram> PrepareChecked(const Program& program, const EmulatorOptions& options,
                                                      InstrCheck check) {
  auto out = std::make_shared<PreparedProgram>();
  out->program = program;
  out->timing = options.timing;
  common::ExecResult r;
  if (!CheckTiming(options, &r)) {
    out->status = r.status;
    out->detail = r.detail;
    return out;
  }
  static const common::TestVector kNoVector;
  Machine m(out->program, kNoVector, options);
  if (!PrepareProgram(m, out->program, out.get(), check)) {
    out->status = m.result.status;
    out->detail = m.result.detail;
    out->prog.clear();
  }
  return out;
}

}  // namespace

std::shared_ptr<const PreparedProgram> Prepare(const Program& program, const EmulatorOptions& options) {
  return PrepareChecked(program, options, InstrCheck::kValidate);
}

std::shared_ptr<const PreparedProgram> Prepare(const ValidatedProgram& program, const EmulatorOptions& options) {
  return PrepareChecked(program.program(), options, InstrCheck::kSkipValidate);
}

EmulationResult Emulate(const Program& program, const common::TestVector& vector, const EmulatorOptions& options) {
  return Emulate(*Prepare(program, options), vector, options);
}

EmulationResult Emulate(const PreparedProgram& prepared, const common::TestVector& vector,
                        const EmulatorOptions& options) {
  EmulationResult out;
  if (!CheckTiming(options, &out.result)) return out;
  if (options.timing != prepared.timing) {
    out.result.status = ExecStatus::kError;
    out.result.detail = "the program was prepared for another timing row";
    return out;
  }
  Machine m(prepared.program, vector, options);
  const auto prepared_ok = [&] {
    if (prepared.status == ExecStatus::kOk) return true;
    m.Fail(prepared.status, prepared.detail);
    return false;
  };
  if (CheckStage(m) && prepared_ok()) {
    m.prog = prepared.prog;
    SetUpTextureUnits(m, prepared);
  }
  if (!m.stop && SetUpConstants(m)) {
    InitResult(m);
    for (uint32_t first = 0; first < vector.lanes && !m.stop; first += static_cast<uint32_t>(m.stride)) {
      m.first_lane = first;
      m.lanes = static_cast<int>(std::min<uint32_t>(static_cast<uint32_t>(m.stride), vector.lanes - first));
      if (m.opt.trace) {
        RunWave<true>(m);
      } else {
        RunWave<false>(m);
      }
      CountWave(m);
    }
  }
  out.result = std::move(m.result);
  if (out.result.status != ExecStatus::kOk) {
    out.result.outputs.clear();
    out.result.killed.clear();
    out.result.killed_uncertain.clear();
    out.result.killed_reasons.clear();
  }
  out.stats = m.stats;
  out.result.instructions_executed = out.stats.instructions;
  out.hazards = m.hazards.Take();
  return out;
}

EmulationResult EmulateWords(const std::vector<uint64_t>& words, const ShaderState& state,
                             const common::TestVector& vector, const EmulatorOptions& options) {
  Program program;
  program.state = state;
  program.instrs.reserve(words.size());
  for (size_t i = 0; i < words.size(); ++i) {
    std::string error;
    std::optional<Instr> in = Decode(words[i], &error);
    if (!in) {
      EmulationResult out;
      out.result.status = ExecStatus::kError;
      out.result.detail = "word " + std::to_string(i) + " (" + FormatWord(words[i]) + ") does not decode: " + error;
      return out;
    }
    program.instrs.push_back(*in);
  }
  return Emulate(program, vector, options);
}

}  // namespace shaderdiff::a3xx
