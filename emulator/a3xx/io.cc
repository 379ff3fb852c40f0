// Shader I/O per the ShaderState (isa/shader_state.h, docs/isa-a3xx.md §6):
// the const file, the registers the hardware preloads before a wave starts,
// the packed varyings bary.f reads, and the outputs read at `end`.
//
// Conventions (ShaderState followed literally; resolved ambiguities):
// - IN[i] = vector.inputs[i] for VS attributes; system values by semantic
//   name from vector.system_values. A binding whose data the vector lacks
//   (or has for fewer lanes) is an error, as in the reference interpreter.
// - FS inputs follow the shared interpolation model (common/interpolation.h,
//   test_vector.h). Preloaded ones (state.inputs, e.g. POSITION) get what
//   the shader reads, common::FragmentInputWord. The i/j pair at ij_reg,
//   ij_reg + 1 (unless the state says it is not preloaded) is the lane's barycentric pair (+0.0, +0.0 for a vector
//   without barycentrics); the centroid pair at centroid_ij_reg, + 1 (when
//   the state preloads it) the lane's centroid pair, common::CentroidOf
//   (the center's pair where the vector gives none: full coverage). Packed varying component inloc + c of a
//   VaryingBinding is common::VaryingSourceOf(vector, tgsi_index, lane, c,
//   interp): the vertex values of a per-vertex input, which bary.f
//   interpolates with the pair it reads (bary.cc) or, when the binding's
//   interpolation mode is kFlat (VPC_VARYING_INTERP_MODE /
//   SP_FS_FLAT_SHAD_MODE_REG), delivers as the provoking vertex's value
//   whatever the pair; or a per-lane value, delivered as given when the
//   vector has barycentrics (no vertex data to interpolate) and as v0 = v1
//   = v2 otherwise (the older vector form, exactly as before for a correct
//   program). So whether a varying is flat is the program's word, as on
//   hardware. Unbound locations are 0, not flat.
// - Registers follow the spans (shader_state.h): component c of a binding
//   is preloaded into / read from base + c, for the components in its mask
//   (the state was checked against the hardware fields first,
//   state_check.cc). Half spans convert binary32 inputs to binary16 (RNE)
//   on preload and binary16 outputs back to binary32 words.
// - gl_FragCoord and FACE are preloaded in the EmulatorOptions'
//   FragSysvalFormat: binary32 as the vector has them (the default), or
//   the format Mesa's a3xx driver reads (kIr3: xy in 1/16 pixel, FACE a
//   half-register integer 0 / -1).
// - Consts: vector.constants[buffer][index] (missing: 0) at const_vec4, then
//   the ImmediateConst words (so an immediate wins over a binding to the same
//   vec4), then each GlobalConstRange: its address in its const scalar and
//   its constants (missing: 0) in global memory from that address, written
//   before the first wave (state_check.cc refuses a range whose address
//   scalar another binding also sets).
// - Outputs are read with delay 0 at the `end` slot (§4.2: outputs need no
//   ALU delay); an output register with an un-synced async write is a
//   missing-ss/missing-sy hazard and reads the old value. A component
//   outside an output's mask reads 0. The emulator knows nothing about
//   undefined or inexact values: those masks are all false.
#include <algorithm>
#include <array>
#include <cmath>

#include "emulator/a3xx/half.h"
#include "emulator/a3xx/machine.h"
#include "emulator/common/interpolation.h"

namespace shaderdiff::a3xx {

namespace {

using common::ExecStatus;

std::string InName(uint32_t i) { return "IN[" + std::to_string(i) + "]"; }

const common::LaneVec4s* FindInput(Machine& m, uint32_t index) {
  const auto it = m.vec.inputs.find(index);
  if (it == m.vec.inputs.end()) {
    m.Fail(ExecStatus::kError, InName(index) + " is bound by the program but missing from the test vector");
    return nullptr;
  }
  if (it->second.size() < m.vec.lanes) {
    m.Fail(ExecStatus::kError, InName(index) + " has " + std::to_string(it->second.size()) + " lanes, the vector " +
                                   std::to_string(m.vec.lanes));
    return nullptr;
  }
  return &it->second;
}

// IN[index] is in the vector with enough lanes (FS: per lane or per vertex).
bool HaveInput(Machine& m, uint32_t index) {
  if (m.fragment && m.vec.vertex_inputs.count(index)) return true;
  return FindInput(m, index) != nullptr;
}

const common::LaneVec4s* FindSystemValue(Machine& m, const std::string& name) {
  const auto it = m.vec.system_values.find(name);
  if (it == m.vec.system_values.end() || it->second.size() < m.vec.lanes) {
    m.Fail(ExecStatus::kError, "system value " + name + " is bound by the program but missing from the test vector");
    return nullptr;
  }
  return &it->second;
}

// Writes the bound components of `span` in every lane of the wave with
// value(lane in the vector, c).
template <typename Value>
void Preload(Machine& m, const RegisterSpan& span, Value value) {
  Word* v = m.scratch[0];
  for (int c = 0; c < 4; ++c) {
    if (!span.Has(c)) continue;
    ForLanes(m.all, [&](int l) {
      const Word w = value(m.first_lane + l, c);
      v[l] = span.half ? FloatToHalf(F(w)) : w;
    });
    m.regs.WriteNow(RegIndex(static_cast<uint16_t>(span.Reg(c)), span.half), m.all, v, m.slot);
  }
}

// FragSysvalFormat::kIr3 (emulator.h): gl_FragCoord.xy as unsigned 1/16
// pixel fixed point, .zw as given; false (the run failed, naming the value)
// for a position no a3xx preloads.
template <typename Value>
bool PreloadIr3FragCoord(Machine& m, const RegisterSpan& span, Value value) {
  for (int c = 0; c < 4; ++c) {
    if (!span.Has(c)) continue;
    Word* v = m.scratch[0];
    bool ok = true;
    ForLanes(m.all, [&](int l) {
      const uint32_t lane = m.first_lane + static_cast<uint32_t>(l);
      const Word w = value(lane, c);
      if (c >= 2) {
        v[l] = w;
        return;
      }
      const double sixteenths = static_cast<double>(F(w)) * 16.0;
      if (!(sixteenths >= 0.0 && sixteenths <= 4294967295.0 && sixteenths == std::floor(sixteenths))) {
        if (ok) {
          m.Fail(ExecStatus::kError, "test vector: POSITION." + std::string(1, "xyzw"[c]) + " of lane " +
                                         std::to_string(lane) + " = " + std::to_string(F(w)) +
                                         " is no a3xx gl_FragCoord (unsigned 1/16 pixel: --frag-sysvals ir3)");
        }
        ok = false;
        return;
      }
      v[l] = static_cast<Word>(sixteenths);
    });
    if (!ok) return false;
    m.regs.WriteNow(RegIndex(static_cast<uint16_t>(span.Reg(c)), span.half), m.all, v, m.slot);
  }
  return true;
}

// FragSysvalFormat::kIr3: FACE as a 16-bit integer in the half register
// the field names, 0 front (FACE > 0) and -1 back.
template <typename Value>
void PreloadIr3Face(Machine& m, const RegisterSpan& span, Value value) {
  Word* v = m.scratch[0];
  ForLanes(m.all, [&](int l) { v[l] = F(value(m.first_lane + static_cast<uint32_t>(l), 0)) > 0.0f ? 0u : 0xffffu; });
  m.regs.WriteNow(RegIndex(static_cast<uint16_t>(span.Reg(0)), true), m.all, v, m.slot);
}

// Preloads `span` with value(lane in the vector, c), in the format the
// emulator's FragSysvalFormat gives its field; false when the run failed.
template <typename Value>
bool PreloadField(Machine& m, const RegisterSpan& span, Value value) {
  if (m.fragment && m.opt.frag_sysvals == FragSysvalFormat::kIr3) {
    if (span.field == IoField::kFragCoord) return PreloadIr3FragCoord(m, span, value);
    if (span.field == IoField::kFrontFacing) {
      PreloadIr3Face(m, span, value);
      return true;
    }
  }
  Preload(m, span, value);
  return true;
}

// Preloads each lane's pair (`pair_of`: the center's or the centroid's)
// into full registers reg (i) and reg + 1 (j).
void PreloadPair(Machine& m, uint16_t reg, common::Barycentric (*pair_of)(const common::TestVector&, uint32_t)) {
  Word* i = m.scratch[1];
  Word* j = m.scratch[2];
  ForLanes(m.all, [&](int l) {
    const common::Barycentric ij = pair_of(m.vec, m.first_lane + l);
    i[l] = ij.i;
    j[l] = ij.j;
  });
  m.regs.WriteNow(RegIndex(reg, false), m.all, i, m.slot);
  m.regs.WriteNow(RegIndex(static_cast<uint16_t>(reg + 1), false), m.all, j, m.slot);
}

// The driver's UBO upload (ShaderState::global_consts): each range's
// constants (missing from the vector: 0, as in the const file) as 32-bit
// little-endian words from its address, marked written, and the address in
// its const scalar.
void FillGlobalConsts(Machine& m) {
  for (const GlobalConstRange& g : m.state.global_consts) {
    m.consts.Set(g.address_scalar, g.address);
    const auto buf = m.vec.constants.find(g.buffer);
    for (uint32_t i = 0; i < g.count; ++i) {
      common::Vec4 value{};
      if (buf != m.vec.constants.end()) {
        const auto it = buf->second.find(g.first + i);
        if (it != buf->second.end()) value = it->second;
      }
      for (uint32_t c = 0; c < 4; ++c) {
        const uint32_t at = g.address + 16 * i + 4 * c;
        for (uint32_t b = 0; b < 4; ++b) {
          m.global.Store(at + b, static_cast<uint8_t>(value[c] >> (8 * b)));
          m.global.MarkWritten(at + b);
        }
      }
    }
  }
}

}  // namespace

bool SetUpConstants(Machine& m) {
  m.consts.Configure(static_cast<size_t>(m.t.num_const_vec4) * 4);
  for (const ConstBinding& b : m.state.consts) {
    const auto buf = m.vec.constants.find(b.buffer);
    if (buf == m.vec.constants.end()) continue;
    const auto it = buf->second.find(b.index);
    if (it == buf->second.end()) continue;
    for (int c = 0; c < 4; ++c) m.consts.Set(4u * b.const_vec4 + c, it->second[c]);
  }
  for (const ImmediateConst& imm : m.state.immediates) {
    for (int c = 0; c < 4; ++c) m.consts.Set(4u * imm.const_vec4 + c, imm.words[c]);
  }
  FillGlobalConsts(m);
  if (const std::string bad = common::CheckFragmentInputs(m.vec); !bad.empty()) {
    m.Fail(ExecStatus::kError, "test vector: " + bad);
    return false;
  }
  // Every binding's data must be in the vector.
  for (const RegisterBinding& b : m.state.inputs) {
    if (b.span.mask && !HaveInput(m, b.tgsi_index)) return false;
  }
  for (const SystemValueBinding& b : m.state.system_values) {
    if (b.span.mask && !FindSystemValue(m, b.semantic)) return false;
  }
  m.num_varyings = 0;
  for (const VaryingBinding& b : m.state.varyings) {
    if (!HaveInput(m, b.tgsi_index)) return false;
    for (int c = 0; c < 4; ++c) {
      if ((b.mask >> c) & 1) m.num_varyings = std::max(m.num_varyings, b.inloc + c + 1);
    }
  }
  m.varyings.assign(static_cast<size_t>(m.stride) * m.num_varyings, common::VaryingSource{});
  m.local_mem.Configure(static_cast<size_t>(m.t.local_memory_bytes));
  m.pvt_bytes = static_cast<uint32_t>(m.state.pvt_mem_units) * static_cast<uint32_t>(m.t.pvt_mem_unit_bytes);
  m.pvt_mem.assign(static_cast<size_t>(m.stride) * m.pvt_bytes, 0);
  m.pvt_stored.assign(m.pvt_mem.size(), 0);
  return true;
}

void InitResult(Machine& m) {
  const uint32_t n = m.vec.lanes;
  m.result.outputs.reserve(m.state.outputs.size());
  for (const RegisterBinding& b : m.state.outputs) m.result.AddOutput(b.tgsi_index, n, false);
  m.result.killed.assign(n, false);
  m.result.killed_uncertain.assign(n, false);
  m.result.killed_reasons.assign(n, "");
}

bool PreloadWave(Machine& m) {
  for (const RegisterBinding& b : m.state.inputs) {
    if (!b.span.mask) continue;
    if (m.fragment) {
      if (!HaveInput(m, b.tgsi_index)) return false;
      // common::FragmentInputWord, with a per-vertex input's source (the
      // same in every lane) looked up once per component, as for the
      // varyings below.
      const bool per_vertex = m.vec.vertex_inputs.count(b.tgsi_index) != 0;
      std::array<common::VaryingSource, 4> shared{};
      for (int c = 0; c < 4 && per_vertex; ++c) {
        if (b.span.Has(c)) shared[c] = common::VaryingSourceOf(m.vec, b.tgsi_index, m.first_lane, c);
      }
      const auto word = [&](uint32_t lane, int c) {
        const common::Barycentric ij = common::BarycentricOf(m.vec, lane);
        return common::Deliver(per_vertex ? shared[c] : common::VaryingSourceOf(m.vec, b.tgsi_index, lane, c), ij.i,
                               ij.j);
      };
      if (!PreloadField(m, b.span, word)) return false;
      continue;
    }
    const common::LaneVec4s* data = FindInput(m, b.tgsi_index);
    if (!data) return false;
    Preload(m, b.span, [&](uint32_t lane, int c) { return (*data)[lane][c]; });
  }
  for (const SystemValueBinding& b : m.state.system_values) {
    if (!b.span.mask) continue;
    const common::LaneVec4s* data = FindSystemValue(m, b.semantic);
    if (!data) return false;
    if (!PreloadField(m, b.span, [&](uint32_t lane, int c) { return (*data)[lane][c]; })) return false;
  }
  if (m.fragment && m.state.ij_preloaded) PreloadPair(m, m.state.ij_reg, common::BarycentricOf);
  if (m.fragment && m.state.centroid_ij_preloaded) PreloadPair(m, m.state.centroid_ij_reg, common::CentroidOf);
  std::fill(m.varyings.begin(), m.varyings.end(), common::VaryingSource{});
  for (const VaryingBinding& b : m.state.varyings) {
    if (!HaveInput(m, b.tgsi_index)) return false;
    const common::Interp interp = b.interp == VaryingInterp::kFlat ? common::Interp::kFlat : common::Interp::kSmooth;
    // A per-vertex input's source is the same in every lane (its three
    // vertex values): looked up once per component, not per lane.
    const bool per_vertex = m.vec.vertex_inputs.count(b.tgsi_index) != 0;
    for (int c = 0; c < 4; ++c) {
      if (!((b.mask >> c) & 1)) continue;
      common::VaryingSource* const column = &m.varyings[static_cast<size_t>(b.inloc + c)];
      const size_t row = static_cast<size_t>(m.num_varyings);
      if (per_vertex) {
        const common::VaryingSource source = common::VaryingSourceOf(m.vec, b.tgsi_index, m.first_lane, c, interp);
        ForLanes(m.all, [&](int l) { column[static_cast<size_t>(l) * row] = source; });
        continue;
      }
      ForLanes(m.all, [&](int l) {
        column[static_cast<size_t>(l) * row] = common::VaryingSourceOf(m.vec, b.tgsi_index, m.first_lane + l, c, interp);
      });
    }
  }
  m.local_mem.Reset();
  std::fill(m.pvt_stored.begin(), m.pvt_stored.end(), 0);
  return true;
}

void ReadOutputs(Machine& m, LaneMask lanes) {
  for (const RegisterBinding& b : m.state.outputs) {
    common::LaneVec4s& out = m.result.FindOutput(b.tgsi_index)->words;
    for (int c = 0; c < 4; ++c) {
      if (!b.span.Has(c)) continue;
      const uint16_t idx = RegIndex(static_cast<uint16_t>(b.span.Reg(c)), b.span.half);
      if (m.async.AnyAtAll()) {
        for (SyncClass cls : {SyncClass::kSs, SyncClass::kSy}) {
          if (!(m.async.PendingDst(cls, idx) & lanes)) continue;
          const PendingOp* op = m.async.FindWriter(idx, lanes);
          const int left = op && op->complete > m.cycle ? static_cast<int>(op->complete - m.cycle) : 0;
          m.Hazard(idx, left, cls == SyncClass::kSs ? "missing-ss" : "missing-sy");
        }
      }
      if (m.regs.AllVisible(idx, m.slot, 0)) {  // no lane can be short: no hazard to report
        const Word* v = m.regs.Values(idx);
        common::Vec4* const wave_out = &out[m.first_lane];
        if (b.span.half) {
          ForLanes(lanes, [&](int l) { wave_out[l][c] = W(HalfToFloat(static_cast<uint16_t>(v[l]))); });
        } else if (DenseLanes(lanes)) {  // a full wave at its end: a counted copy
          for (int l = 0, n = DenseCount(lanes); l < n; ++l) wave_out[l][c] = v[l];
        } else {
          ForLanes(lanes, [&](int l) { wave_out[l][c] = v[l]; });
        }
        continue;
      }
      ForLanes(lanes, [&](int l) {
        int short_by = 0;
        const Word v = m.regs.ReadLane(idx, l, m.slot, 0, &short_by);
        if (short_by) m.Hazard(idx, short_by, "alu-delay");
        out[m.first_lane + l][c] = b.span.half ? W(HalfToFloat(static_cast<uint16_t>(v))) : v;
      });
    }
  }
  // InitResult made every lane's entry false and a lane ends once: only
  // the killed ones are left to set.
  ForLanes(lanes & m.killed, [&](int l) { m.result.killed[m.first_lane + l] = true; });
}

}  // namespace shaderdiff::a3xx
