// The recorder behind ExecTrace (trace.h): called from the step loop
// (emulator.cc) only when EmulatorOptions::trace is set.
#include "emulator/a3xx/trace.h"

#include <cstdio>

#include "emulator/a3xx/machine.h"
#include "emulator/isa_common/hex.h"
#include "emulator/a3xx/trace_hooks.h"

namespace shaderdiff::a3xx {

namespace {

int LocalLane(const Machine& m) { return static_cast<int>(m.opt.trace->lane - m.first_lane); }

bool Executes(const Machine& m, LaneMask lanes) {
  const int l = LocalLane(m);
  return (lanes >> l) & 1;
}

}  // namespace

void TraceWaveStart(Machine& m) {
  ExecTrace& t = *m.opt.trace;
  t.active = t.lane >= m.first_lane && t.lane < m.first_lane + static_cast<uint32_t>(m.lanes);
  if (!t.active) return;
  t.write_cycle.assign(kNumRegIndices, -1);
  t.write_pc.assign(kNumRegIndices, -1);
  t.hazards_seen = m.hazards.list().size();
}

void TraceBeforeSync(Machine& m) { m.opt.trace->cycle_before = m.cycle; }

void TraceIssue(Machine& m, const Prepared& p, LaneMask lanes) {
  ExecTrace& t = *m.opt.trace;
  if (!t.active || !Executes(m, lanes)) return;
  if (t.steps.size() >= t.max_steps) {
    t.truncated = true;
    return;
  }
  TraceStep s;
  s.pc = p.index;
  s.cycle = m.cycle;
  s.sync_wait = m.cycle - t.cycle_before;
  s.ss = (p.in.flags & kFlagSs) != 0;
  s.sy = (p.in.flags & kFlagSy) != 0;
  const int l = LocalLane(m);
  for (int k = 0; k < kNumSrcSlots; ++k) {
    const Operand& o = p.in.src[k];
    if (o.kind != OperandKind::kGpr || p.src_span[k] == 0) continue;
    const int span = p.in.repeat != 0 && o.r ? p.in.repeat + 1 : p.src_span[k];
    const int64_t c = m.slot + (k == 2 && p.mad_src3 ? m.t.mad_src3_read : 0);
    for (int i = 0; i < span; ++i) {
      const uint16_t idx = GprIndex(o, i);
      TraceRead r;
      r.reg = NumOfIndex(idx);
      r.half = IsHalfIndex(idx);
      r.value = m.regs.ReadLane(idx, l, c, p.src_delay, &r.short_by);
      r.written_cycle = t.write_cycle[idx];
      r.written_pc = t.write_pc[idx];
      s.reads.push_back(r);
    }
  }
  t.steps.push_back(std::move(s));
}

void TraceExecuted(Machine& m, const Prepared& p, LaneMask lanes) {
  ExecTrace& t = *m.opt.trace;
  if (!t.active) return;
  const std::vector<Hazard>& all = m.hazards.list();
  const bool mine = Executes(m, lanes) && !t.steps.empty() && t.steps.back().pc == p.index && !t.truncated;
  if (!mine) {
    t.hazards_seen = all.size();
    return;
  }
  TraceStep& s = t.steps.back();
  for (size_t i = t.hazards_seen; i < all.size(); ++i) s.hazards.push_back(all[i]);
  t.hazards_seen = all.size();
  if (p.in.dst.kind != OperandKind::kGpr) return;
  const int l = LocalLane(m);
  const int count = p.in.repeat != 0 ? p.in.repeat + 1 : p.dst_span;
  for (int i = 0; i < count; ++i) {
    const uint16_t idx = GprIndex(p.in.dst, i);
    TraceWrite w;
    w.reg = NumOfIndex(idx);
    w.half = IsHalfIndex(idx);
    w.async = p.complete != nullptr;
    if (!w.async) {
      w.value = m.regs.Values(idx)[l];
      t.write_cycle[idx] = static_cast<int64_t>(s.cycle) + i;
      t.write_pc[idx] = static_cast<int32_t>(p.index);
    }
    s.writes.push_back(w);
  }
}

void TraceLanded(Machine& m, const PendingOp& op) {
  ExecTrace& t = *m.opt.trace;
  if (!t.active || !((op.lanes >> LocalLane(m)) & 1)) return;
  const int l = LocalLane(m);
  // The newest traced issue of that instruction still waiting.
  for (size_t i = t.steps.size(); i-- > 0;) {
    TraceStep& s = t.steps[i];
    if (s.pc != op.instr) continue;
    bool any = false;
    for (TraceWrite& w : s.writes) {
      if (!w.async || w.landed) continue;
      const uint16_t idx = RegIndex(w.reg, w.half);
      w.landed = true;
      w.landed_cycle = m.cycle;
      w.value = m.regs.Values(idx)[l];
      t.write_cycle[idx] = static_cast<int64_t>(m.cycle);
      t.write_pc[idx] = static_cast<int32_t>(op.instr);
      any = true;
    }
    if (any) return;
  }
}

std::string TraceRegName(uint16_t reg, bool half) { return RegName(reg, half); }

std::string FormatStep(const TraceStep& s) {
  std::string out = "cycle " + std::to_string(s.cycle);
  if (s.sync_wait) out += " (waited " + std::to_string(s.sync_wait) + " at " + (s.sy ? "(sy)" : "(ss)") + ")";
  else if (s.ss || s.sy) out += std::string(" ") + (s.ss ? "(ss)" : "") + (s.sy ? "(sy)" : "");
  if (!s.reads.empty()) {
    out += " reads";
    for (const TraceRead& r : s.reads) {
      out += " " + RegName(r.reg, r.half) + "=" + isa_common::HexWord(r.value);
      if (r.written_pc >= 0) {
        out += " (written @" + std::to_string(r.written_cycle) + " by #" + std::to_string(r.written_pc) + ")";
      } else {
        out += " (preloaded)";
      }
      if (r.short_by > 0) out += " STALE: newest write " + std::to_string(r.short_by) + " slot(s) short";
    }
  }
  if (!s.writes.empty()) {
    out += " writes";
    for (const TraceWrite& w : s.writes) {
      out += " " + RegName(w.reg, w.half) + "=";
      if (!w.async) {
        out += isa_common::HexWord(w.value);
      } else if (w.landed) {
        out += isa_common::HexWord(w.value) + " (landed @" + std::to_string(w.landed_cycle) + ")";
      } else {
        out += "(pending, never landed)";
      }
    }
  }
  for (const Hazard& h : s.hazards) out += " HAZARD " + h.ToString();
  return out;
}

}  // namespace shaderdiff::a3xx
