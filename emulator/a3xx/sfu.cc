// cat4 SFU opcodes (docs/isa-a3xx.md §2.5, §4.3): asynchronous, ss class.
// At issue the source (per (rptN) iteration; all iterations are read at the
// issue slot, since cat4 takes no ALU slots) is read with the non-ALU delay
// and captured raw; the result is computed and written when a later (ss)
// lands the op (sync.h), from the captured value as possibly replaced by a
// WAR write (lazy source read).
//
// Semantics, binary32 with the host's correctly rounded sqrt and its libm
// for the rest (results the reference treats as inexact):
//   rcp 1.0f / x    rsq 1.0f / sqrtf(x)   sqrt sqrtf(x)
//   log2 log2f(x)   exp2 exp2f(x)         sin sinf(x)   cos cosf(x)
// (neg)/(abs) apply to the source, (sat) and the denormal policy to the
// result; half sources are widened and half destinations rounded to
// binary16. hrsq/hlog2/hexp2 are a6xx opcodes and reported unsupported.
#include <cmath>

#include "emulator/a3xx/alu_common.h"

namespace shaderdiff::a3xx {

namespace {

enum SfuFn : uint32_t { kRcp, kRsq, kLog2, kExp2, kSin, kCos, kSqrt };

float Eval(uint32_t fn, float x) {
  switch (fn) {
    case kRcp: return 1.0f / x;
    case kRsq: return 1.0f / std::sqrt(x);
    case kLog2: return std::log2(x);
    case kExp2: return std::exp2(x);
    case kSin: return std::sin(x);
    case kCos: return std::cos(x);
    case kSqrt: return std::sqrt(x);
  }
  return 0.0f;
}

void ExecSfu(Machine& m, const Prepared& p, LaneMask lanes) {
  const Instr& in = p.in;
  for (int k = 0; k <= in.repeat; ++k) {
    if (!IsR63(static_cast<uint16_t>(in.dst.num + k))) CheckAsyncWrite(m, GprIndex(in.dst, k), lanes, nullptr, true);
  }
  PendingOp& op = m.async.Begin(p.index, SyncClass::kSs, lanes, m.cycle + static_cast<uint64_t>(m.t.sfu_latency));
  for (int k = 0; k <= in.repeat; ++k) {
    const int64_t c = m.slot + (m.t.count_nonalu_as_slots ? k : 0);
    uint16_t reg = kNoReg16;
    const Word* v = ReadSrc(m, in.src[0], k, c, p.src_delay, lanes, lanes, Dom::kRaw, m.scratch[0], &reg);
    m.async.AddSrc(op, reg, v);
    if (!IsR63(static_cast<uint16_t>(in.dst.num + k))) m.async.AddDst(op, GprIndex(in.dst, k));
  }
}

void CompleteSfu(Machine& m, const Prepared& p, const PendingOp& op) {
  const Instr& in = p.in;
  const bool ftz = m.opt.denormals == common::DenormalMode::kFlushToZero;
  const bool sat = in.has_flag(kFlagSat);
  const SrcMod mod = MakeMod(in.src[0], ModKind::kFloat);
  int d = 0;
  for (int k = 0; k <= in.repeat; ++k) {
    const Word* src = m.async.SrcValues(op, k);
    Word* out = m.scratch[3];
    ForLanes(op.lanes, [&](int l) {
      const Word raw = in.src[0].half ? Widen16(src[l], Dom::kFloat) : src[l];
      const Word r = OutFloat(Eval(p.aux, InFloat(raw, mod, ftz)), sat, ftz);
      out[l] = in.dst.half ? Narrow16(r, Dom::kFloat) : r;
    });
    if (IsR63(static_cast<uint16_t>(in.dst.num + k))) continue;
    WriteLanded(m, op.dst_reg[d++], op.lanes, out);
  }
}

}  // namespace

bool PrepareSfu(Prepared& p, std::string* why) {
  switch (p.in.opcode) {
    case Opcode::RCP: p.aux = kRcp; break;
    case Opcode::RSQ: p.aux = kRsq; break;
    case Opcode::LOG2: p.aux = kLog2; break;
    case Opcode::EXP2: p.aux = kExp2; break;
    case Opcode::SIN: p.aux = kSin; break;
    case Opcode::COS: p.aux = kCos; break;
    case Opcode::SQRT: p.aux = kSqrt; break;
    default:
      *why = "opcode " + std::string(OpcodeName(p.in.opcode)) + " is an a6xx SFU opcode (not on a3xx)";
      return false;
  }
  p.exec = ExecSfu;
  p.complete = CompleteSfu;
  return true;
}

}  // namespace shaderdiff::a3xx
