// Operand access for every handler: sources (GPR with late visibility,
// const, immediate, float LUT, a0-relative GPR/const) and destinations
// (GPR, a0, p0, r63, a0-relative), with the hazard checks that go with
// them (docs/isa-a3xx.md §1, §4.2, §4.3).
//
// Conventions:
// - Half registers hold 16 bits zero-extended in a Word; Widen16/Narrow16
//   convert to and from the 32-bit value kernels compute on.
// - a0.x holds its 16-bit value sign-extended (relative addressing adds it
//   as a signed scalar index).
// - Writes to r63 are discarded (the static check refuses reads of it).
// - Relative accesses outside the file (GPR: num_full_vec4 * 4 or
//   num_half_vec4 * 4 scalars; const: num_const_vec4 * 4) read 0 and drop
//   writes, counted per lane in CycleStats::out_of_range_accesses.
// - Half consts (hcN.c) are the low 16 bits of the const word.
#include <cmath>

#include "emulator/a3xx/half.h"
#include "emulator/a3xx/operands_inline.h"

namespace shaderdiff::a3xx {

namespace {

// The float LUT immediates in encoding order (docs §1.4), as binary32.
const float kFloatLut[kNumFloatLut] = {
    0.0f, 0.5f, 1.0f, 2.0f,
    2.718281828459045f,                                   // e
    3.141592653589793f,                                   // pi
    0.3183098861837907f,                                  // 1/pi
    0.6931471805599453f,                                  // 1/log2(e)
    1.4426950408889634f,                                  // log2(e)
    0.3010299956639812f,                                  // 1/log2(10)
    3.321928094887362f,                                   // log2(10)
    4.0f,
};

const char* MissingSyncKind(SyncClass cls) { return cls == SyncClass::kSs ? "missing-ss" : "missing-sy"; }

int CyclesUntil(const Machine& m, const PendingOp* op) {
  return op && op->complete > m.cycle ? static_cast<int>(op->complete - m.cycle) : 0;
}

}  // namespace

void CheckPendingRead(Machine& m, uint16_t idx, LaneMask lanes) {
  if (!m.async.AnyAtAll()) return;
  for (SyncClass cls : {SyncClass::kSs, SyncClass::kSy}) {
    if (m.async.PendingDst(cls, idx) & lanes) {
      m.Hazard(idx, CyclesUntil(m, m.async.FindWriter(idx, lanes)), MissingSyncKind(cls));
    }
  }
}

namespace {

// One lane of a0.x (relative addressing reads it with the non-ALU delay).
int32_t ReadA0Lane(Machine& m, int lane, int64_t c) {
  int short_by = 0;
  const Word v = m.regs.ReadLane(kRegA0X, lane, c, m.t.non_alu, &short_by);
  if (short_by) m.Hazard(kRegA0X, short_by, "alu-delay");
  return static_cast<int32_t>(v);
}

int FileScalars(const Machine& m, bool half) { return 4 * (half ? m.t.num_half_vec4 : m.t.num_full_vec4); }

}  // namespace

const Word* ReadReg(Machine& m, uint16_t idx, int64_t c, int d, LaneMask lanes, LaneMask hazard_lanes, Dom dom,
                    Word* scratch) {
  return ReadRegInline(m, idx, c, d, lanes, hazard_lanes, dom, scratch);
}

Word Widen16(Word v, Dom dom) {
  v &= 0xffffu;
  switch (dom) {
    case Dom::kFloat: return W(HalfToFloat(static_cast<uint16_t>(v)));
    case Dom::kSigned: return static_cast<Word>(static_cast<int32_t>(static_cast<int16_t>(v)));
    case Dom::kRaw:
    case Dom::kUnsigned: return v;
  }
  return v;
}

Word Narrow16(Word v, Dom dom) {
  if (dom == Dom::kFloat) return FloatToHalf(F(v));
  return v & 0xffffu;
}

const Word* ReadSrc(Machine& m, const Operand& o, int k, int64_t c, int d, LaneMask lanes, LaneMask hazard_lanes,
                    Dom dom, Word* scratch, uint16_t* reg) {
  const int rk = o.r ? k : 0;
  if (reg) *reg = kNoReg16;
  switch (o.kind) {
    case OperandKind::kGpr: {
      const uint16_t idx = GprIndex(o, rk);
      if (reg) *reg = idx;
      return ReadRegInline(m, idx, c, d, lanes, hazard_lanes, dom, scratch);
    }
    case OperandKind::kConst: {
      const Word v = ReadConstScalar(m, static_cast<size_t>(o.num) + rk, lanes);
      return Broadcast(o.half ? Widen16(v, dom) : v, lanes, scratch);
    }
    case OperandKind::kImmediate: {
      const Word v = o.imm + static_cast<Word>(rk);
      return Broadcast(o.half ? Widen16(v, dom) : v, lanes, scratch);
    }
    case OperandKind::kFloatLut: {
      float f = kFloatLut[o.num < kNumFloatLut ? o.num : 0];
      if (o.half) {
        const uint16_t h = FloatToHalf(f);
        return Broadcast(dom == Dom::kFloat ? W(HalfToFloat(h)) : h, lanes, scratch);
      }
      return Broadcast(W(f), lanes, scratch);
    }
    case OperandKind::kRelGpr: {
      const int limit = FileScalars(m, o.half);
      ForLanes(lanes, [&](int l) {
        const int64_t n = int64_t{ReadA0Lane(m, l, c)} + o.offset + rk;
        if (n < 0 || n >= limit) {
          ++m.stats.out_of_range_accesses;
          scratch[l] = 0;
          return;
        }
        const uint16_t idx = RegIndex(static_cast<uint16_t>(n), o.half);
        CheckPendingRead(m, idx, LaneMask{1} << l & hazard_lanes);
        int short_by = 0;
        const Word v = m.regs.ReadLane(idx, l, c, d, &short_by);
        if (short_by && ((hazard_lanes >> l) & 1)) m.Hazard(idx, short_by, "alu-delay");
        scratch[l] = o.half ? Widen16(v, dom) : v;
      });
      return scratch;
    }
    case OperandKind::kRelConst: {
      const int64_t limit = static_cast<int64_t>(m.consts.size());
      ForLanes(lanes, [&](int l) {
        const int64_t n = int64_t{ReadA0Lane(m, l, c)} + o.offset + rk;
        if (n < 0 || n >= limit) {
          ++m.stats.out_of_range_accesses;
          scratch[l] = 0;
          return;
        }
        const Word v = m.consts[static_cast<size_t>(n)];
        scratch[l] = o.half ? Widen16(v, dom) : v;
      });
      return scratch;
    }
    case OperandKind::kNone: break;
  }
  return Broadcast(0, lanes, scratch);
}

const Word* ReadGprAt(Machine& m, const Operand& o, int i, int64_t c, int d, LaneMask lanes, LaneMask hazard_lanes,
                      Dom dom, Word* scratch, uint16_t* reg) {
  const uint16_t idx = GprIndex(o, i);
  if (reg) *reg = idx;
  return ReadReg(m, idx, c, d, lanes, hazard_lanes, dom, scratch);
}

void CheckAsyncWrite(Machine& m, uint16_t idx, LaneMask lanes, const Word* values, bool report) {
  if (!m.async.AnyAtAll()) return;
  bool patch = false;
  for (SyncClass cls : {SyncClass::kSs, SyncClass::kSy}) {
    if (report && (m.async.PendingDst(cls, idx) & lanes)) {
      m.Hazard(idx, CyclesUntil(m, m.async.FindWriter(idx, lanes)), "waw-async");
    }
    if (m.async.PendingSrc(cls, idx) & lanes) {
      if (report) m.Hazard(idx, CyclesUntil(m, m.async.FindReader(idx, lanes)), "war-async");
      patch = true;
    }
  }
  if (patch && values) m.async.PatchSources(idx, lanes, values, m.cycle);
}

void WriteDst(Machine& m, const Operand& o, int k, int64_t p, LaneMask lanes, const Word* values, Dom dom) {
  if (o.kind == OperandKind::kGpr) {
    const uint16_t num = static_cast<uint16_t>(o.num + k);
    if (IsR63(num)) return;  // the null register
    WriteReg(m, RegIndex(num, o.half), p, lanes, values, dom);
    return;
  }
  if (o.kind == OperandKind::kRelGpr) {
    const int limit = FileScalars(m, o.half);
    ForLanes(lanes, [&](int l) {
      const int64_t n = int64_t{ReadA0Lane(m, l, p)} + o.offset + k;
      if (n < 0 || n >= limit) {
        ++m.stats.out_of_range_accesses;
        return;
      }
      const uint16_t idx = RegIndex(static_cast<uint16_t>(n), o.half);
      const Word v = o.half ? Narrow16(values[l], dom) : values[l];
      Word one[kMaxLanes];
      one[l] = v;
      CheckAsyncWrite(m, idx, LaneMask{1} << l, one, true);
      m.regs.WriteLane(idx, p, l, v);
    });
  }
}

void WriteLanded(Machine& m, uint16_t idx, LaneMask lanes, const Word* values) {
  if (IsR63(idx)) return;
  CheckAsyncWrite(m, idx, lanes, values, false);
  m.regs.WriteNow(idx, lanes, values, m.slot);
}

}  // namespace shaderdiff::a3xx
