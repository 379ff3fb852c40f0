// bary.f dst, inloc, ij (docs/isa-a3xx.md §2.3, §6.2): fetches packed
// varying component `inloc` (an immediate or a register value; with (r) it
// advances per (rptN) iteration) and delivers it with the i/j pair read
// from the two consecutive scalars at `ij`, through the shared model
// (common::Deliver: the vertex values interpolated by common::Interpolate,
// or the provoking vertex's value for a varying its binding makes flat).
//
// The driver (io.cc) preloads each lane's barycentric pair from the test
// vector into the ij registers and gives each location its vertex values,
// so an untouched pair reproduces the reference interpreter's inputs bit
// for bit. A program that clobbered the pair first interpolates with the
// wrong weights, as hardware would: a visible difference for any per-vertex
// input. (Older vectors carry final per-lane values only: every vertex value
// is that value and the pair is +0/+0, so there a clobbered pair shows only
// as v + i * 0 + j * 0, i.e. for -0.0, infinities and NaN, or non-finite
// i/j.) Per-lane inputs of a vector with barycentrics are delivered as
// given, and flat varyings too: the pair does not matter.
//
// The interpolation's NaN results are pinned (common/pinned_float.h,
// InterpolatePinned, which common::Interpolate is): which operand's NaN a
// result carries does not depend on the order the host compiler emits the
// operations in, and the reference delivers the same word.
//
// bary.f is an ordinary ALU instruction for timing (§4.2). A varying
// location outside the packed varyings reads 0 (counted as out of range).
// (sat) clamps the result (a3xx hardware is known to get (sat) on bary.f
// wrong; the emulator does not model how); (neg)/(abs) are not applied.
#include "emulator/a3xx/alu_common.h"
#include "emulator/common/interpolation.h"

namespace shaderdiff::a3xx {

namespace {

void ExecBary(Machine& m, const Prepared& p, LaneMask lanes) {
  const Instr& in = p.in;
  const bool sat = in.has_flag(kFlagSat);
  const int n = m.num_varyings;
  for (int k = 0; k <= in.repeat; ++k) {
    const int64_t c = m.slot + k;
    const Word* loc = ReadOperand(m, p, 0, k, c, lanes, Dom::kUnsigned, m.scratch[0]);
    const int rk = in.src[1].r ? k : 0;
    const Word* i = ReadGprAt(m, in.src[1], rk, c, p.src_delay, lanes, lanes, Dom::kFloat, m.scratch[1]);
    const Word* j = ReadGprAt(m, in.src[1], rk + 1, c, p.src_delay, lanes, lanes, Dom::kFloat, m.scratch[2]);
    Word* out = m.scratch[3];
    ForLanes(lanes, [&](int l) {
      static constexpr common::VaryingSource kOutOfRange{};  // 0, interpolated
      const common::VaryingSource* v = &kOutOfRange;
      if (loc[l] < static_cast<Word>(n)) {
        v = &m.varyings[static_cast<size_t>(l) * n + loc[l]];
      } else {
        ++m.stats.out_of_range_accesses;
      }
      const Word r = common::Deliver(*v, i[l], j[l]);
      out[l] = sat ? W(Saturate(F(r))) : r;
    });
    WriteOperand(m, p, k, c, lanes, out, Dom::kFloat);
  }
}

}  // namespace

bool PrepareBary(Prepared& p, std::string*) {
  p.exec = ExecBary;
  p.src_span[1] = static_cast<uint8_t>((p.in.src[1].r ? p.in.repeat + 1 : 1) + 1);
  return true;
}

}  // namespace shaderdiff::a3xx
