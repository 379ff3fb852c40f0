// bary.f dst, inloc, ij (docs/isa-a3xx.md §2.3, §6.2): fetches packed
// varying component `inloc` (an immediate or a register value; with (r) it
// advances per (rptN) iteration) and interpolates it with the i/j pair read
// from the two consecutive scalars at `ij`, through the shared model
// common::Interpolate.
//
// Test vectors carry only the final per-lane value of each fragment input,
// so every vertex value is that value (v0 = v1 = v2) and the driver preloads
// i = j = +0 (io.cc): bary.f then reproduces the input bit for bit, and a
// program that clobbered the ij registers first computes
// v + i * 0 + j * 0 instead (which differs for -0.0, infinities and NaN, or
// non-finite i/j), as hardware would interpolate garbage.
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
    const Word* loc = ReadSrc(m, in.src[0], k, c, p.src_delay, lanes, lanes, Dom::kUnsigned, m.scratch[0]);
    const int rk = in.src[1].r ? k : 0;
    const Word* i = ReadGprAt(m, in.src[1], rk, c, p.src_delay, lanes, lanes, Dom::kFloat, m.scratch[1]);
    const Word* j = ReadGprAt(m, in.src[1], rk + 1, c, p.src_delay, lanes, lanes, Dom::kFloat, m.scratch[2]);
    Word* out = m.scratch[3];
    ForLanes(lanes, [&](int l) {
      Word v = 0;
      if (loc[l] < static_cast<Word>(n)) {
        v = m.varyings[static_cast<size_t>(l) * n + loc[l]];
      } else {
        ++m.stats.out_of_range_accesses;
      }
      const Word r = common::Interpolate(v, v, v, i[l], j[l]);
      out[l] = sat ? W(Saturate(F(r))) : r;
    });
    WriteDst(m, in.dst, k, c, lanes, out, Dom::kFloat);
  }
}

}  // namespace

bool PrepareBary(Prepared& p, std::string*) {
  p.exec = ExecBary;
  p.src_span[1] = static_cast<uint8_t>((p.in.src[1].r ? p.in.repeat + 1 : 1) + 1);
  return true;
}

}  // namespace shaderdiff::a3xx
