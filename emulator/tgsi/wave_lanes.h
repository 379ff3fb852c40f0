// The exact-lanes fast path of ADD, SUB, MUL and MAD as branch-free vector
// loops over a whole wave (wave_lanes.cc): what ops.h's PlainLanes<K>
// computes, word for word and flag for flag, eight lanes per AVX2 step
// where the host has AVX2 and FMA (checked once), PlainLanes<K> itself
// elsewhere.
//
// Contract (the same as PlainLanes<K>): lanes 0..n-1 (1 <= n <= kMaxLanes)
// of every operand are exact; the operands' words of lanes n.. up to the
// end of n's 16-lane block are 0 (StartWave), and may be read; exactly lanes
// 0..n-1 of r are written. Every such lane gets K::Plain's word and exact
// flags, except that a MAD lane whose fused result differs (and whose
// operands, product, result and fused result are finite normals or zeros)
// gets the two-word set {unfused, fused} (value_set.h PairSet, cause
// mad-fusion: lo/hi and s written only there). The returned mask holds the
// lanes the caller must evaluate on the general per-lane path: a denormal
// operand, product (MAD) or result, a NaN result, or a fused word that
// differs and is a denormal, an infinity or a NaN.
// wave_lanes_test compares both versions on millions of random lanes.
#pragma once

#include "emulator/tgsi/machine_types.h"

namespace shaderdiff::tgsi_exec {

// K is float_ops::AddK, SubK, MulK or MadK (explicitly instantiated).
template <class K>
LaneMask WaveLanes(const Lanes* const* s, int n, Lanes& r);

// Whether WaveLanes runs the vector version on this host (AVX2 and FMA).
bool WaveLanesVectorized();

// The vector version alone (requires WaveLanesVectorized()), for the test.
template <class K>
LaneMask WaveLanesAvx2(const Lanes* const* s, int n, Lanes& r);

}  // namespace shaderdiff::tgsi_exec
