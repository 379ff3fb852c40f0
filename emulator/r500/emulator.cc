// Run: the in-order issue loop over one quad. Each step lands the TEX
// results whose time has come, honours TEX_SEM_WAIT (stall until every
// lookup up to the acquiring one has landed; those become waited-on),
// dispatches to alu.cc / tex.cc / flow.cc, and advances the cycle by the
// issue cost and the NOP bit (Params; A.13 item 9's starting model).
#include "emulator/r500/emulator.h"

#include <algorithm>
#include <cstddef>

#include "emulator/r500/machine.h"

namespace shaderdiff::r500 {

void Machine::Hazard(int slot, std::string kind, std::string detail) {
  for (const r500::Hazard& h : out->hazards)
    if (h.slot == slot && h.kind == kind) return;
  out->hazards.push_back({slot, std::move(kind), std::move(detail)});
  if (opt->trap) {
    stop = true;
    if (out->error.empty()) out->error = "hazard (trap): " + out->hazards.back().kind + " at slot " + std::to_string(slot);
  }
}

void Machine::Fail(std::string why) {
  stop = true;
  if (out->error.empty()) out->error = std::move(why);
}

void Machine::LandUpTo(uint64_t now) {
  bool landed_now = false;
  for (PendingTex& t : pending) {
    if (t.landed || t.land_cycle > now) continue;
    for (int c = 0; c < 4; ++c)
      if (t.mask >> c & 1) px[t.pixel].temps[t.temp][c] = t.value[c];
    t.landed = true;
    landed_now = true;
  }
  if (landed_now) DropCoveredLanded();
}

// A landed write whose channels later landed writes to the same pixel and
// temp cover changes no answer: a read or write that matches it matches the
// later one too, and a WAIT that clears the later one (seq <= sem_seq) clears
// it as well. Dropping it keeps `pending` to one entry per (pixel, temp,
// channel) once landed, so a loop of TEX lookups that never waits does not
// grow the scans of ReadTemp and CheckWriteAfterTex with every iteration.
void Machine::DropCoveredLanded() {
  std::array<std::array<uint8_t, kTemps>, kQuadPixels> covered{};
  size_t keep = pending.size();
  for (size_t i = pending.size(); i-- > 0;) {
    const PendingTex& t = pending[i];
    if (!t.landed) {
      pending[--keep] = t;
      continue;
    }
    uint8_t& cov = covered[t.pixel][t.temp];
    if ((t.mask & ~cov) == 0) continue;
    cov |= t.mask;
    pending[--keep] = t;
  }
  pending.erase(pending.begin(), pending.begin() + static_cast<std::ptrdiff_t>(keep));
}

bool Machine::HasHazard(int slot, const char* kind) const {
  for (const r500::Hazard& h : out->hazards)
    if (h.slot == slot && h.kind == kind) return true;
  return false;
}

// Hazard keeps the first detail per (slot, kind), so the scans stop at the
// first match and build no string once the hazard is known.
common::Vec4 Machine::ReadTemp(int slot, int pixel, int temp, uint8_t channels) {
  for (const PendingTex& t : pending)
    if (t.pixel == pixel && t.temp == temp && (t.mask & channels)) {
      if (!HasHazard(slot, "tex-read-before-wait"))
        Hazard(slot, "tex-read-before-wait",
               "reads t" + std::to_string(temp) + ", the destination of the TEX at slot " + std::to_string(t.slot) +
                   ", before a TEX_SEM_WAIT covered it (" +
                   (t.landed ? "landed by the invented latency" : "stale value read") + ")");
      break;
    }
  return px[pixel].temps[temp];
}

void Machine::CheckWriteAfterTex(int slot, int pixel, int temp, uint8_t channels) {
  for (const PendingTex& t : pending)
    if (t.pixel == pixel && t.temp == temp && (t.mask & channels)) {
      if (!HasHazard(slot, "write-before-tex-wait"))
        Hazard(slot, "write-before-tex-wait",
               "writes t" + std::to_string(temp) + ", the destination of the un-waited TEX at slot " +
                   std::to_string(t.slot));
      break;
    }
}

int TempIndex(Machine& m, int addr, bool rel) {
  int t = addr + (rel ? m.al() : 0);
  if (t < 0 || t >= kTemps) {
    m.Fail("temporary t" + std::to_string(t) + " (address + aL) out of range");
    return -1;
  }
  return t;
}

RunResult RunQuad(const State& s, const Quad& q, const RunOptions& opt) {
  std::string why;
  const std::optional<CheckedState> checked = CheckedState::Check(s, &why);
  if (!checked) {
    RunResult out;
    out.error = "refused: " + why;
    return out;
  }
  return RunQuad(*checked, q, opt);
}

RunResult RunQuad(const CheckedState& checked, const Quad& q, const RunOptions& opt) {
  RunResult out;
  if (std::optional<std::string> why = CheckQuadInputs(q)) {
    out.error = "refused: " + *why;
    return out;
  }
  const State& s = checked.state();
  Machine m;
  m.state = &s;
  m.opt = &opt;
  m.out = &out;
  for (int p = 0; p < kQuadPixels; ++p) out.pixels[p].covered = q.covered[p];
  for (const QuadInput& in : q.inputs)
    for (int p = 0; p < kQuadPixels; ++p) m.px[p].temps[in.temp] = in.value[p];

  const int end = s.code_end < 0 ? static_cast<int>(s.code.size()) - 1 : s.code_end;
  int pc = s.code_start;
  while (pc <= end && !m.stop) {
    if (out.instructions >= opt.params.max_steps) {
      m.Fail("stopped after " + std::to_string(out.instructions) + " instructions (max_steps)");
      break;
    }
    const Instr& in = s.code[pc];
    const DecodedInstr& d = checked.decoded()[pc];
    m.LandUpTo(m.cycle);
    if (d.tex_sem_wait && m.sem_held) {
      uint64_t ready = m.cycle;
      for (const PendingTex& t : m.pending)
        if (t.seq <= m.sem_seq) ready = std::max(ready, t.land_cycle);
      out.wait_cycles += ready - m.cycle;
      m.cycle = ready;
      m.LandUpTo(m.cycle);
      std::erase_if(m.pending, [&](const PendingTex& t) { return t.seq <= m.sem_seq; });
      m.sem_held = false;
    }
    int next = pc + 1;
    const bool is_tex = d.type == InstrType::kTex;
    switch (d.type) {
      case InstrType::kAlu:
      case InstrType::kOut: ExecAlu(m, pc, d.alu); break;
      case InstrType::kTex: ExecTex(m, pc, in); break;
      case InstrType::kFc: next = ExecFc(m, pc, in); break;
    }
    const bool nop = d.nop;
    m.prev_is_alu = d.type == InstrType::kAlu || d.type == InstrType::kOut;
    if (!m.prev_is_alu) m.prev_wrote = {-1, -1};
    m.prev_nop = nop;
    if (!is_tex) {
      m.last_nontex_seen = true;
      m.last_nontex_nop = nop;
    }
    ++out.instructions;
    m.cycle += static_cast<uint64_t>(opt.params.issue_cycles);
    if (nop) {
      m.cycle += static_cast<uint64_t>(opt.params.nop_cycles);
      out.nop_cycles += static_cast<uint64_t>(opt.params.nop_cycles);
    }
    pc = next;
  }
  out.cycles = m.cycle;
  return out;
}

}  // namespace shaderdiff::r500
