// The hot operand paths, inline in the ALU and mov handlers: register reads
// with their hazard checks, and reads and writes of the operands Prepare
// resolved (ResolvedOperand, machine.h). A resolved operand computes exactly
// what ReadSrc / WriteDst (operands.cc) compute for it, with the same
// hazard checks in the same order; it only skips deciding its kind, index
// and register class per call. kGeneric operands go through ReadSrc /
// WriteDst.
#pragma once

#include <algorithm>

#include "emulator/a3xx/float_block.h"
#include "emulator/a3xx/machine.h"

namespace shaderdiff::a3xx {

// Reads register index `idx` at slot c with delay d (a0/p0 always with the
// non-ALU delay): pending async writes (missing-ss/sy), late ALU writes
// (alu-delay), half values widened per `dom`.
[[gnu::always_inline]] inline const Word* ReadRegInline(Machine& m, uint16_t idx, int64_t c, int d, LaneMask lanes,
                                                        LaneMask hazard_lanes, Dom dom, Word* scratch) {
  if (IsA0OrP0(idx)) d = m.t.non_alu;
  if (m.async.AnyAtAll()) CheckPendingRead(m, idx, hazard_lanes);
  int short_by = 0;
  const Word* v = m.regs.Read(idx, c, d, lanes, hazard_lanes, scratch, &short_by);
  if (short_by) m.Hazard(idx, short_by, "alu-delay");
  if (IsHalfIndex(idx) && dom != Dom::kRaw) {
    ForLanes(lanes, [&](int l) { scratch[l] = Widen16(v[l], dom); });
    return scratch;
  }
  return v;
}

// Const scalar n (0, counted per lane of `lanes` as out of range, beyond
// the const file).
inline Word ReadConstScalar(Machine& m, size_t n, LaneMask lanes) {
  if (n < m.consts.size()) return m.consts[n];
  m.stats.out_of_range_accesses += std::popcount(lanes);
  return 0;
}

// `v` in every lane of `lanes` of scratch.
inline const Word* Broadcast(Word v, LaneMask lanes, Word* scratch) {
  if (DenseLanes(lanes)) {  // a full wave: four lanes a store, then the rest
    // (std::fill_n here was a store per lane: callgrind showed it at about
    // 40 instructions of a 16-lane add.u with an immediate source)
    const int n = DenseCount(lanes);
    const U4 v4 = Splat4(v);
    int l = 0;
    for (; l + 4 <= n; l += 4) Store4(scratch + l, v4);
    for (; l < n; ++l) scratch[l] = v;
    return scratch;
  }
  ForLanes(lanes, [&](int l) { scratch[l] = v; });
  return scratch;
}

// Source slot `s` of `p` for (rpt) iteration k at slot c, as ReadSrc reads
// it (hazards on every lane of `lanes`).
[[gnu::always_inline]] inline const Word* ReadOperand(Machine& m, const Prepared& p, int s, int k, int64_t c,
                                                      LaneMask lanes, Dom dom, Word* scratch) {
  const ResolvedOperand& r = p.src_form[s];
  switch (r.form) {
    case OperandForm::kGpr:
      return ReadRegInline(m, static_cast<uint16_t>(r.idx + r.step * k), c, p.src_delay, lanes, lanes, dom, scratch);
    case OperandForm::kConst: {
      const Word v = ReadConstScalar(m, static_cast<size_t>(r.idx) + r.step * k, lanes);
      return Broadcast(r.half ? Widen16(v, dom) : v, lanes, scratch);
    }
    case OperandForm::kImmediate: {
      const Word v = r.imm + static_cast<Word>(r.step * k);
      return Broadcast(r.half ? Widen16(v, dom) : v, lanes, scratch);
    }
    case OperandForm::kGeneric: break;
  }
  return ReadSrc(m, p.in.src[s], k, c, p.src_delay, lanes, lanes, dom, scratch);
}

// Whether Prepare resolved an operand to a full-precision GPR, const or
// immediate (no widening, no generic path): what the plain handler forms
// (alu.cc, alu3.cc, mov.cc) ask of every source, and of the destination
// together with form kGpr.
inline bool FullResolved(const ResolvedOperand& r) { return r.form != OperandForm::kGeneric && !r.half; }
inline bool FullGprDst(const ResolvedOperand& r) { return r.form == OperandForm::kGpr && !r.half; }

// ALU write of register index `idx` (not r63) at slot c: half values
// narrowed per `dom`, a0.x sign-extended from 16 bits, checked against
// outstanding async ops (waw-async, war-async).
[[gnu::always_inline]] inline void WriteReg(Machine& m, uint16_t idx, int64_t c, LaneMask lanes, const Word* values,
                                            Dom dom) {
  const Word* v = values;
  if (IsHalfIndex(idx)) {
    Word* n = m.scratch[7];
    ForLanes(lanes, [&](int l) { n[l] = Narrow16(values[l], dom); });
    v = n;
  } else if (idx == kRegA0X) {
    Word* n = m.scratch[7];
    ForLanes(lanes, [&](int l) { n[l] = static_cast<Word>(static_cast<int32_t>(static_cast<int16_t>(values[l]))); });
    v = n;
  }
  if (m.async.AnyAtAll()) CheckAsyncWrite(m, idx, lanes, v, true);
  m.regs.Write(idx, c, lanes, v);
}

// The destination of `p` for (rpt) iteration k at slot c, as WriteDst
// writes it.
[[gnu::always_inline]] inline void WriteOperand(Machine& m, const Prepared& p, int k, int64_t c, LaneMask lanes,
                                                const Word* values, Dom dom) {
  const ResolvedOperand& r = p.dst_form;
  if (r.form != OperandForm::kGpr) {
    WriteDst(m, p.in.dst, k, c, lanes, values, dom);
    return;
  }
  WriteReg(m, static_cast<uint16_t>(r.idx + k), c, lanes, values, dom);
}

}  // namespace shaderdiff::a3xx
