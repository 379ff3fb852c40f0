// The naive translator's instruction selection, for the optimizing build.
//
// SelectA3xx runs the same templates, register map, prologue and flow
// translation as CompileA3xxNaive but without the worst-case waits: the
// result is the sequential meaning of the program (every instruction sees
// the results of all earlier ones), which compiler/opt turns into SSA,
// optimizes, schedules, allocates and legalizes. Sharing the selection keeps
// one definition of what each TGSI opcode means on a3xx; the two builds
// differ in everything after it (timing, registers, rewrites), which is
// where miscompiles live.
//
// Stream invariants: branch offsets are resolved (target - branch); no
// nops except the prologue's leading (sy)(ss)nop; no (jp); `end` is the
// last instruction; relative GPR accesses only touch `relative_ranges`.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "compiler/targets/a3xx/naive/a3xx_naive.h"

namespace shaderdiff::naive {

struct Selection {
  CompileStatus status = CompileStatus::kOk;
  std::string detail;
  a3xx::ShaderState state;          // the naive register layout's bindings
  std::vector<a3xx::Instr> instrs;
  std::vector<int32_t> source_map;  // parallel to instrs
  std::vector<uint8_t> source_comps;  // parallel: final-write masks (provenance.h)
  // Scalar GPR ranges [first, last] that a0-relative accesses may touch.
  std::vector<std::pair<int32_t, int32_t>> relative_ranges;
  bool uses_half_reg = false;
};

Selection SelectA3xx(const tgsi::Shader& shader);

}  // namespace shaderdiff::naive
